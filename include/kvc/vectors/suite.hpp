// kvc/vectors/suite.hpp - one of kvc's fixture suites read from its JSON vector file
// (share/kvc/vectors/<suite>.json, format "kvc-vectors" version 1; docs/vectors.md), with the
// standard library alone.
//
//   const kvc::vectors::suite_load loaded =
//       kvc::vectors::load_suite(KVC_VECTORS_DIR "/append_admission.json");
//   if (!loaded.ok) std::puts(loaded.error.c_str());
//
// A file that cannot be read, is not JSON, is not kvc-vectors of a version this header reads, or
// breaks its schema (a fixture without its fields, an unknown call shape or profile field, an
// expected value that is not an integer or a list of them, a repeated label, no fixtures, a block
// size of 0) gives `ok == false` and an error that names the file and the reason; nothing throws.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <kvc/reuse_policy.hpp>
#include <kvc/vectors/json.hpp>

namespace kvc::vectors {

/// The format version this header reads.
inline constexpr int format_version = 1;

/// One fixture: `impl(inputs...)` (in the form `call` names) must give `expected`.
struct fixture {
  std::string label;  ///< unique in its suite
  /// How the inputs reach an implementation: "direct", "positions", "offsets", "row_positions",
  /// "row_offsets", "position_offsets", "component_offsets", "position_length",
  /// "component_length" (docs/vectors.md).
  std::string call;
  std::vector<json_value> inputs;  ///< the call's arguments, in order
  json_value expected;             ///< the result the contract demands
  /// The kvc::engine_profile fields a profile needs to cover the fixture.
  std::vector<std::string> needs;
  /// The named profiles of kvc::profiles that do not cover it.
  std::vector<std::string> not_covered_by;
  /// Under a profile with reuse = bound, any integer from 0 to `expected` passes.
  bool bound_when_reuse_is_bound = false;
  /// The failure record it is verbatim from ("FA-98601"), or "kvc".
  std::string source;
};

/// One suite: its fixtures, its contract, and the reuse policy an implementation has built in.
struct suite {
  std::string name;         ///< the C++ suite's name
  std::string contract;     ///< the contract it checks
  std::string kvc_version;  ///< the kvc that wrote the file
  std::optional<kvc::reuse_policy> policy;  ///< the policy built into the implementation, if any
  std::vector<fixture> fixtures;  ///< in the suite's order
};

/// A suite, or why it could not be read (`ok == false`, `error` set, `value` empty).
struct suite_load {
  suite value;        ///< the suite, when `ok`
  bool ok = false;    ///< whether the file was read
  std::string error;  ///< the file and the reason, when not `ok`
};

namespace detail::vector_file {

inline bool text_field(const json_value& object, std::string_view key, std::string& out) {
  const json_value* field = object.find(key);
  if (field == nullptr || field->form != json_value::kind::string) return false;
  out = field->string;
  return true;
}

inline bool text_list(const json_value* field, std::vector<std::string>& out) {
  if (field == nullptr || field->form != json_value::kind::array) return false;
  for (const json_value& element : field->elements) {
    if (element.form != json_value::kind::string) return false;
    out.push_back(element.string);
  }
  return true;
}

inline bool fixture_of(const json_value& object, fixture& out) {
  if (!text_field(object, "label", out.label) || !text_field(object, "call", out.call) ||
      !text_field(object, "source", out.source))
    return false;
  const json_value* inputs = object.find("inputs");
  const json_value* expected = object.find("expected");
  const json_value* profiles = object.find("profiles");
  if (inputs == nullptr || inputs->form != json_value::kind::array || expected == nullptr ||
      profiles == nullptr)
    return false;
  out.inputs = inputs->elements;
  out.expected = *expected;
  const json_value* bound = profiles->find("bound_when_reuse_is_bound");
  if (bound == nullptr || bound->form != json_value::kind::boolean) return false;
  out.bound_when_reuse_is_bound = bound->boolean;
  return text_list(profiles->find("needs"), out.needs) &&
         text_list(profiles->find("not_covered_by"), out.not_covered_by);
}

inline constexpr std::string_view call_shapes[] = {
    "direct",           "positions",         "offsets",
    "row_positions",    "row_offsets",       "position_offsets",
    "component_offsets", "position_length",  "component_length"};
inline constexpr std::string_view profile_fields[] = {
    "keys_model",       "keys_adapter",  "keys_adapter_revision",        "keys_salt",
    "position_padding", "empty_inputs",  "inconsistent_admission_states"};

template <std::size_t N>
bool one_of(std::string_view value, const std::string_view (&known)[N]) noexcept {
  for (const std::string_view k : known)
    if (k == value) return true;
  return false;
}

/// Whether `v` is what a fixture may expect: an integer, or a list of integers.
inline bool expected_value(const json_value& v) noexcept {
  if (v.form == json_value::kind::integer) return true;
  if (v.form != json_value::kind::array) return false;
  for (const json_value& element : v.elements)
    if (element.form != json_value::kind::integer) return false;
  return true;
}

/// Why `f` breaks the schema (schema.json) beyond its fields' types, or empty.
inline std::string schema_violation(const fixture& f) {
  if (!one_of(f.call, call_shapes)) return "an unknown call shape \"" + f.call + "\"";
  if (!expected_value(f.expected)) return "an expected value that is neither an integer nor a list of integers";
  if (f.call != "direct" && (f.inputs.empty() || f.inputs.front().form != json_value::kind::array))
    return "a \"" + f.call + "\" fixture whose first input is not a list";
  for (const std::string& field : f.needs)
    if (!one_of(field, profile_fields)) return "an unknown engine_profile field \"" + field + "\"";
  return {};
}

inline suite_load failed(std::string_view where, std::string why) {
  suite_load out;
  out.error = std::string(where) + ": " + std::move(why);
  return out;
}

}  // namespace detail::vector_file

/// The suite in `text`, a kvc-vectors document; `where` names it in an error.
[[nodiscard]] inline suite_load parse_suite(std::string_view text,
                                            std::string_view where = "kvc-vectors") {
  namespace file = detail::vector_file;
  const json_document document = parse_json(text);
  if (!document.ok)
    return file::failed(where, "not JSON at byte " + std::to_string(document.error_offset) +
                                   ": " + document.error);
  const json_value& root = document.root;
  std::string format;
  if (!file::text_field(root, "format", format) || format != "kvc-vectors")
    return file::failed(where, "not a kvc-vectors file (no \"format\": \"kvc-vectors\")");
  const json_value* version = root.find("format_version");
  if (version == nullptr || version->form != json_value::kind::integer || version->negative ||
      version->magnitude != static_cast<unsigned>(format_version))
    return file::failed(where, "a format_version this kvc does not read (it reads " +
                                   std::to_string(format_version) + ")");
  suite_load out;
  suite& s = out.value;
  if (!file::text_field(root, "suite", s.name) || !file::text_field(root, "contract", s.contract) ||
      !file::text_field(root, "kvc_version", s.kvc_version))
    return file::failed(where, "\"suite\", \"contract\" or \"kvc_version\" missing");
  const json_value* policy = root.find("policy");
  if (policy != nullptr && policy->form == json_value::kind::object) {
    const json_value* block = policy->find("block_size");
    const json_value* recompute = policy->find("recompute_last_token");
    if (block == nullptr || block->form != json_value::kind::integer || block->negative ||
        recompute == nullptr || recompute->form != json_value::kind::boolean)
      return file::failed(where, "a policy without block_size or recompute_last_token");
    if (block->magnitude == 0 || block->magnitude > std::numeric_limits<std::size_t>::max())
      return file::failed(where, "a policy whose block_size is not at least 1");
    s.policy = kvc::reuse_policy{.block_size = static_cast<std::size_t>(block->magnitude),
                                 .recompute_last_token = recompute->boolean};
  } else if (policy == nullptr || policy->form != json_value::kind::null) {
    return file::failed(where, "\"policy\" is neither an object nor null");
  }
  const json_value* fixtures = root.find("fixtures");
  if (fixtures == nullptr || fixtures->form != json_value::kind::array)
    return file::failed(where, "no \"fixtures\" array");
  if (fixtures->elements.empty()) return file::failed(where, "a suite without fixtures");
  for (const json_value& element : fixtures->elements) {
    fixture f;
    const std::string index = "fixture " + std::to_string(s.fixtures.size());
    if (!file::fixture_of(element, f))
      return file::failed(where, index + " lacks a field or has one of the wrong type");
    if (std::string why = file::schema_violation(f); !why.empty())
      return file::failed(where, index + " has " + why);
    s.fixtures.push_back(std::move(f));
  }
  std::vector<std::string_view> labels;
  for (const fixture& f : s.fixtures) labels.emplace_back(f.label);
  std::sort(labels.begin(), labels.end());
  if (const auto twice = std::adjacent_find(labels.begin(), labels.end()); twice != labels.end())
    return file::failed(where, "two fixtures labelled \"" + std::string(*twice) + "\"");
  out.ok = true;
  return out;
}

/// The suite in the file at `path` (for example `share/kvc/vectors/append_admission.json`).
[[nodiscard]] inline suite_load load_suite(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return detail::vector_file::failed(path, "cannot be opened");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return detail::vector_file::failed(path, "cannot be read");
  return parse_suite(text, path);
}

}  // namespace kvc::vectors
