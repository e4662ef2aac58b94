// conformance/src/vectors.cpp - kvc's suites as JSON documents, from the spec list.
#include "vectors.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <kvc/spec/engine_profile.hpp>
#include <kvc/specs/all.hpp>
#include <kvc/verification/standard_policies.hpp>
#include <kvc/version.hpp>

#include <boost/hana/for_each.hpp>

namespace kvc::library {
namespace {

/// `text` as a JSON string, ASCII only.
void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
      static constexpr std::string_view letters = "btnvfr";  // \b \t \n \v \f \r: 8 to 13
      out += '\\';
      out += letters[static_cast<std::size_t>(byte - 8)];
    } else if (byte < 0x20 || byte >= 0x7f) {
      out += "\\u00";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  out += '"';
}

template <class T>
void append_json(std::string& out, const T& value);

template <class T>
void append_json_integer(std::string& out, T value) {
  if constexpr (std::is_same_v<T, bool>) {
    out += value ? "true" : "false";
  } else {
    const auto v = kvc::detail::integer_value(value);
    if constexpr (std::is_signed_v<decltype(v)>) {
      if (v < 0) {
        out += '-';
        out += std::to_string(0ULL - static_cast<unsigned long long>(v));
        return;
      }
    }
    out += std::to_string(static_cast<unsigned long long>(v));
  }
}

template <class T>
void append_json(std::string& out, const T& value) {
  if constexpr (std::is_integral_v<T>) {
    append_json_integer(out, value);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    append_json_string(out, std::string_view(value));
  } else if constexpr (requires { value.adapter_revision; }) {
    out += "{\"cache_namespace\": {\"model\": ";
    append_json_string(out, std::string_view(value.model));
    out += ", \"adapter\": ";
    append_json_string(out, std::string_view(value.adapter));
    out += ", \"adapter_revision\": ";
    append_json_integer(out, value.adapter_revision);
    out += ", \"salt\": ";
    append_json_string(out, std::string_view(value.salt));
    out += "}}";
  } else if constexpr (requires { value.content_hash; }) {
    out += "{\"multimodal_item\": {\"offset\": ";
    append_json_integer(out, value.offset);
    out += ", \"length\": ";
    append_json_integer(out, value.length);
    out += ", \"content_hash\": ";
    append_json_integer(out, value.content_hash);
    out += "}}";
  } else if constexpr (requires { value.size(); value[0]; }) {
    out += '[';
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i) out += ", ";
      append_json(out, value[i]);
    }
    out += ']';
  } else {
    static_assert(sizeof(T) == 0, "kvc: a fixture value without a JSON form");
  }
}

/// `name` with every run of characters other than letters, digits and `_` replaced by `_`.
std::string file_name(std::string_view name) {
  std::string out;
  bool gap = false;
  for (const char c : name) {
    const bool word = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!word) {
      gap = true;
      continue;
    }
    if (gap && !out.empty()) out += '_';
    gap = false;
    out += c;
  }
  return out + ".json";
}

/// The contracts and call shapes the documents name, in the order they first appear: the schema's
/// enumerations.
struct vocabulary {
  std::vector<std::string> contracts;
  std::vector<std::string> calls;

  static void add(std::vector<std::string>& words, std::string_view word) {
    for (const std::string& w : words)
      if (w == word) return;
    words.emplace_back(word);
  }
};

template <class Row>
std::string fixture_json(const Row& row, std::string_view source, vocabulary& words) {
  using shape = typename Row::inputs_type::shape;
  std::string out = "{\"label\": ";
  append_json_string(out, row.label.view());
  out += ", \"call\": \"";
  out += shape::call_name;
  vocabulary::add(words.calls, shape::call_name);
  out += "\", \"inputs\": [";
  shape::visit(row.inputs, [&out](const auto&... field) {
    bool first = true;
    const auto one = [&](const auto& value) {
      if (!first) out += ", ";
      first = false;
      append_json(out, value);
    };
    (one(field), ...);
  });
  out += "], \"expected\": ";
  append_json(out, row.expected);
  // The profile rules' answers: the fields without which a profile does not cover the fixture,
  // and the named profiles that do not cover it.
  out += ", \"profiles\": {\"needs\": [";
  bool first = true;
  for (const profile_field& f : profile_fields) {
    engine_profile without{};
    without.*f.member = false;
    if (covered_by(without, row.inputs)) continue;
    if (!first) out += ", ";
    first = false;
    append_json_string(out, f.name);
  }
  out += "], \"not_covered_by\": [";
  first = true;
  for (const profiles::named_profile& p : profiles::named) {
    if (covered_by(p.profile, row.inputs)) continue;
    if (!first) out += ", ";
    first = false;
    append_json_string(out, p.name);
  }
  out += "], \"bound_when_reuse_is_bound\": ";
  out += requires { shape::reuse_result; } ? "true" : "false";
  out += "}, \"source\": ";
  append_json_string(out, source);
  return out + "}";
}

template <class Info>
constexpr std::string_view source_of(std::size_t table) noexcept {
  if constexpr (requires { Info::sources; }) {
    if (table < std::size(Info::sources)) return Info::sources[table];
  }
  return "kvc";
}

template <class Info, const auto&... Tables>
std::string document(const suite<Info, Tables...>&, std::string_view contract, std::string_view name,
                     const reuse_policy* policy, vocabulary& words) {
  vocabulary::add(words.contracts, contract);
  std::string out = "{\n \"format\": \"kvc-vectors\",\n \"format_version\": 1,\n \"kvc_version\": ";
  append_json_string(out, std::to_string(KVC_VERSION_MAJOR) + "." + std::to_string(KVC_VERSION_MINOR) +
                              "." + std::to_string(KVC_VERSION_PATCH));
  out += ",\n \"suite\": ";
  append_json_string(out, name);
  out += ",\n \"contract\": ";
  append_json_string(out, contract);
  out += ",\n \"policy\": ";
  if (policy == nullptr) {
    out += "null";
  } else {
    out += "{\"block_size\": " + std::to_string(policy->block_size) + ", \"recompute_last_token\": " +
           (policy->recompute_last_token ? "true" : "false") + "}";
  }
  out += ",\n \"fixtures\": [\n";
  std::size_t table = 0;
  bool first = true;
  const auto rows = [&](const auto& t) {
    for (const auto& row : t) {
      if (!first) out += ",\n";
      first = false;
      out += "  " + fixture_json(row, source_of<Info>(table), words);
    }
    ++table;
  };
  (rows(Tables), ...);
  return out + "\n ]\n}\n";
}

/// The document of a suite that is not a policy suite: none for a part of another suite (seed_*,
/// extra_*) or a stateful scenario suite (its operation sequences have no JSON form).
template <class Info, const auto&... Tables>
void add_document(std::map<std::string, std::string>& documents, const suite<Info, Tables...>& s,
                  std::string_view contract, vocabulary& words) {
  if constexpr (requires { Info::part; }) {
    return;
  } else if constexpr ((requires {
                         std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape::stateful;
                       } || ...)) {
    return;
  } else {
    documents[file_name(Info::name)] = document(s, contract, Info::name, nullptr, words);
  }
}

/// `words` as a JSON array of strings.
std::string json_strings(const std::vector<std::string>& words) {
  std::string out = "[";
  for (const std::string& w : words) {
    if (out.size() > 1) out += ", ";
    append_json_string(out, w);
  }
  return out + "]";
}

/// The JSON schema of every document: its enumerations (contracts, call shapes, profile fields)
/// from what the documents hold.
std::string schema(const vocabulary& words) {
  std::vector<std::string> fields;
  for (const profile_field& f : profile_fields) fields.emplace_back(f.name);
  return R"json({
 "$schema": "https://json-schema.org/draft/2020-12/schema",
 "$id": "kvc-vectors/1/schema.json",
 "title": "kvc fixture suite (kvc-vectors, format_version 1)",
 "description": "One suite of kvc's contract specs: each fixture calls an implementation with its inputs and names the result it must return. docs/vectors.md describes the call shapes and how to run them. Written by kvc-vectors from kvc/specs/all.hpp.",
 "type": "object",
 "required": ["format", "format_version", "kvc_version", "suite", "contract", "policy", "fixtures"],
 "additionalProperties": false,
 "properties": {
  "format": {"const": "kvc-vectors"},
  "format_version": {"const": 1},
  "kvc_version": {"type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+$"},
  "suite": {"type": "string", "description": "The C++ suite's name (kvc::suites::<name>), with the standard policy's name for a policy suite."},
  "contract": {"enum": )json" + json_strings(words.contracts) + R"json(},
  "policy": {
   "description": "The reuse policy the implementation under test has built in (kvc::reuse_policy); null for a suite without one.",
   "oneOf": [
    {"type": "null"},
    {"type": "object", "required": ["block_size", "recompute_last_token"], "additionalProperties": false,
     "properties": {"block_size": {"type": "integer", "minimum": 1}, "recompute_last_token": {"type": "boolean"}}}
   ]
  },
  "fixtures": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/fixture"}}
 },
 "$defs": {
  "fixture": {
   "type": "object",
   "required": ["label", "call", "inputs", "expected", "profiles", "source"],
   "additionalProperties": false,
   "properties": {
    "label": {"type": "string", "description": "Unique in its suite."},
    "call": {"enum": )json" + json_strings(words.calls) + R"json(},
    "inputs": {"type": "array", "items": {"$ref": "#/$defs/value"}},
    "expected": {"$ref": "#/$defs/value"},
    "profiles": {
     "type": "object",
     "required": ["needs", "not_covered_by", "bound_when_reuse_is_bound"],
     "additionalProperties": false,
     "properties": {
      "needs": {"type": "array", "items": {"enum": )json" + json_strings(fields) + R"json(}, "description": "The kvc::engine_profile fields that must be true for a profile to cover the fixture: an engine without one of them legitimately does not run it."},
      "not_covered_by": {"type": "array", "items": {"type": "string"}, "description": "The named profiles of kvc::profiles that do not cover the fixture."},
      "bound_when_reuse_is_bound": {"type": "boolean", "description": "Under a profile with reuse = bound, any integer from 0 to expected passes."}
     }
    },
    "source": {"type": "string", "description": "The failure record the fixture is verbatim from (FA-98601, FA-98626, FA-98576), or \"kvc\" for a fixture kvc added."}
   }
  },
  "value": {
   "oneOf": [
    {"type": "integer", "description": "An exact integer in [-2^63, 2^64): segment ids are character codes."},
    {"type": "boolean"},
    {"type": "string"},
    {"type": "array", "items": {"$ref": "#/$defs/value"}},
    {"type": "object", "required": ["cache_namespace"], "additionalProperties": false,
     "properties": {"cache_namespace": {"type": "object", "required": ["model", "adapter", "adapter_revision", "salt"], "additionalProperties": false,
      "properties": {"model": {"type": "string"}, "adapter": {"type": "string"}, "adapter_revision": {"type": "integer", "minimum": 0}, "salt": {"type": "string"}}}}},
    {"type": "object", "required": ["multimodal_item"], "additionalProperties": false,
     "properties": {"multimodal_item": {"type": "object", "required": ["offset", "length", "content_hash"], "additionalProperties": false,
      "properties": {"offset": {"type": "integer", "minimum": 0}, "length": {"type": "integer", "minimum": 0}, "content_hash": {"type": "integer", "minimum": 0}}}}}
   ]
  }
 }
}
)json";
}

}  // namespace

std::map<std::string, std::string> vector_documents() {
  std::map<std::string, std::string> documents;
  vocabulary words;
  boost::hana::for_each(specs::all, [&](const auto& c) {
    c.for_each_suite([&]<class S>(const S& s) {
      if constexpr (is_policy_suites_v<S>) {
        // A policy suite: one document per standard policy.
        [&]<std::size_t... I>(std::index_sequence<I...>) {
          const auto one = [&]<std::size_t P>(std::integral_constant<std::size_t, P>) {
            constexpr verification::named_policy named = verification::standard_policies[P];
            using under = typename S::template under<named.policy>;
            const std::string name = std::string(under::info::name) + " " + std::string(named.name);
            const reuse_policy policy = named.policy;
            documents[file_name(name)] = document(under{}, c.name, name, &policy, words);
          };
          (one(std::integral_constant<std::size_t, I>{}), ...);
        }(std::make_index_sequence<std::size(verification::standard_policies)>{});
      } else {
        add_document(documents, s, c.name, words);
      }
    });
  });
  documents["schema.json"] = schema(words);
  return documents;
}

namespace {

/// The call shapes of a suite's tables, comma-separated, each once.
template <const auto&... Tables>
std::string call_shapes() {
  std::vector<std::string> calls;
  (vocabulary::add(calls, std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape::call_name),
   ...);
  std::string out;
  for (const std::string& c : calls) out += (out.empty() ? "`" : ", `") + c + "`";
  return out;
}

/// One row of the suite table: the suite's C++ name, its fixtures and call shapes, what it is.
template <class Info, const auto&... Tables>
std::string table_row(const suite<Info, Tables...>&, std::string_view contract, bool policy) {
  std::string kind = policy ? "policy suite: one per `kvc::reuse_policy`" : "";
  if constexpr (requires { Info::part; })
    kind = "a part of another suite";
  else if constexpr ((requires {
                       std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape::stateful;
                     } || ...))
    kind = "scenarios of a stateful check";
  return "| `" + std::string(contract) + "` | `kvc::suites::" + std::string(Info::name) +
         (policy ? "<P>" : "") + "` | " + std::to_string(suite<Info, Tables...>::size) + " | " +
         call_shapes<Tables...>() + " | " + kind + " |\n";
}

}  // namespace

std::string suite_table() {
  std::string out =
      "# kvc's suites\n\n"
      "Every suite of every contract, as `kvc::specs::all` (`kvc/specs/all.hpp`) lists them. "
      "`kvc-vectors` writes this page; the `vectors.current` test fails when it is out of date. "
      "A policy suite's fixture count is under the exact policy (`kvc::reuse_policy{}`); its "
      "vectors hold one file per standard policy.\n\n"
      "| Contract | Suite | Fixtures | Call shapes | Kind |\n|---|---|---|---|---|\n";
  boost::hana::for_each(specs::all, [&](const auto& c) {
    c.for_each_suite([&]<class S>(const S& s) {
      if constexpr (is_policy_suites_v<S>)
        out += table_row(typename S::template under<reuse_policy{}>{}, c.name, true);
      else
        out += table_row(s, c.name, false);
    });
  });
  return out;
}

}  // namespace kvc::library
