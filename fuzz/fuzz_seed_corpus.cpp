// fuzz/fuzz_seed_corpus.cpp - writes kvc's fixture tables as seed inputs for the fuzz targets.
//
//   fuzz_seed_corpus <dir>    writes <dir>/<target>/<suite>-<NN>-<label>
//
// Which fixtures seed which target comes from the specs (kvc/specs/all.hpp): target
// fuzz_<contract> takes every table of that contract's suites whose call shape has the field kinds
// of the target's byte format (the policy suites repeat the exact suites' inputs and are left out).
// This file only knows each target's codec and the field kinds it encodes.
//
// Every fixture's inputs are encoded with the target's own codec (codec.hpp), and each seed is
// decoded again and must give back exactly those inputs, types included: an encoder that drifted
// from its decoder, or a fixture the format cannot express, fails here instead of seeding the
// fuzzer with some other case.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/runtime.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/all.hpp>

#include "codec.hpp"

namespace {

namespace fs = std::filesystem;
using kvc_fuzz::i128;
using bytes = std::vector<std::uint8_t>;

// Round-trip checks: does a decoded case hold exactly these inputs -- same types, same values?
i128 value_of(const kvc_fuzz::int_value& v) {
  i128 value = 0;
  v.visit([&](auto x) { value = static_cast<i128>(x); });
  return value;
}
template <class T>
bool same_int(const kvc_fuzz::int_value& v, T x) {
  return v.type == kvc_fuzz::int_tag<T> && value_of(v) == static_cast<i128>(x);
}
template <class Seq>
bool same_ids(std::uint8_t type, const std::vector<std::uint8_t>& bytes, const Seq& ids) {
  using T = std::remove_cvref_t<decltype(*std::begin(ids))>;
  if (type != kvc_fuzz::id_tag<T> || bytes.size() != std::size(ids)) return false;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (!(kvc_fuzz::id_from_byte<T>(bytes[i]) == ids[i])) return false;
  return true;
}

const auto prefix_matches = [](const kvc_fuzz::prefix_case& c, std::string_view cache_ns,
                               std::string_view request_ns, const auto& cached,
                               const auto& requested, auto... block) {
  return (c.flags & 1U) == sizeof...(block) && c.cache_ns == cache_ns &&
         c.request_ns == request_ns && same_ids(c.cached_type, c.cached, cached) &&
         same_ids(c.requested_type, c.requested, requested) && (same_int(c.block, block) && ...);
};
const auto admission_matches = [](const kvc_fuzz::admission_case& c, auto capacity, auto used,
                                  auto requested) {
  return same_int(c.capacity, capacity) && same_int(c.used, used) &&
         same_int(c.requested, requested) && c.ops.empty();
};
const auto segments_matches = [](const kvc_fuzz::segments_case& c, const auto& ids) {
  return same_ids(c.id_type, c.ids, ids) && c.out_type == 8 && !c.base_from_total && c.delta == 0;
};
const auto batch_matches = [](const kvc_fuzz::batch_case& c, auto capacity, auto used,
                              const auto& requests) {
  using T = std::remove_cvref_t<decltype(requests[0])>;
  if (!same_int(c.capacity, capacity) || !same_int(c.used, used)) return false;
  if (c.request_type != kvc_fuzz::int_tag<T> || c.requests.size() != requests.size()) return false;
  for (std::size_t i = 0; i < requests.size(); ++i)
    if (static_cast<T>(c.requests[i]) != requests[i]) return false;
  return true;
};
const auto namespaces_matches = [](const kvc_fuzz::namespace_case& c, const auto& a, const auto& b,
                                   const auto& cached, const auto& requested) {
  const auto same = [](const kvc_fuzz::namespace_fields& f, const auto& ns) {
    return f.model == ns.model && f.adapter == ns.adapter && f.revision == ns.adapter_revision &&
           f.salt == ns.salt;
  };
  return same(c.a, a) && same(c.b, b) && std::ranges::equal(c.cached, cached) &&
         std::ranges::equal(c.requested, requested);
};
const auto positions_matches = [](const kvc_fuzz::positions_case& c, const auto& positions,
                                  auto... components) {
  using T = std::remove_cvref_t<decltype(positions[0])>;
  if (c.type != kvc_fuzz::int_tag<T> || c.with_components != (sizeof...(components) == 1) ||
      c.extra != 0 || c.out_type != 8 || c.base_from_total || c.delta != 0 ||
      c.values.size() != positions.size())
    return false;
  if (((c.components != components) || ...)) return false;
  for (std::size_t i = 0; i < positions.size(); ++i)
    if (static_cast<T>(c.values[i]) != positions[i]) return false;
  return true;
};

const auto multimodal_matches = [](const kvc_fuzz::multimodal_case& c, std::string_view cache_ns,
                                   std::string_view request_ns, const auto& cached,
                                   const auto& cached_items, const auto& requested,
                                   const auto& requested_items) {
  const auto same_items = [](const std::vector<kvc_fuzz::item_fields>& decoded, const auto& items) {
    if (decoded.size() != std::size(items)) return false;
    std::size_t i = 0;
    for (const auto& item : items) {
      const kvc_fuzz::item_fields expected{item.offset, item.length, item.content_hash};
      if (!(decoded[i++] == expected)) return false;
    }
    return true;
  };
  return !c.policy_form() && c.cache_ns == cache_ns && c.request_ns == request_ns &&
         same_ids(c.cached_type, c.cached, cached) &&
         same_ids(c.requested_type, c.requested, requested) &&
         same_items(c.cached_items, cached_items) && same_items(c.requested_items, requested_items);
};

std::string file_name(std::string_view suite, std::size_t index, std::string_view label) {
  std::string name =
      std::string(suite) + "-" + (index < 10 ? "0" : "") + std::to_string(index) + "-";
  for (const char c : label) name += (c == ' ' || c == '/') ? '-' : c;
  return name;
}

using kind = kvc::field_kind;

/// Whether `Shape`'s fields are of the kinds `kinds`, in order.
template <class Shape, std::size_t N>
constexpr bool has_fields(const std::array<kind, N>& kinds) {
  if (std::size(Shape::fields) != N) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (Shape::fields[i].kind != kinds[i]) return false;
  return true;
}

/// The field kinds of one call shape, in order.
template <kind... Kinds>
struct signature {
  static constexpr std::array<kind, sizeof...(Kinds)> kinds{Kinds...};
};
/// A codec's `takes`: `takes(static_cast<const Shape*>(nullptr))` is true for a shape whose fields
/// are of the kinds of one of `Signature...`.
template <class... Signature>
struct fields_of {
  template <class Shape>
  constexpr bool operator()(const Shape*) const {
    return (has_fields<Shape>(Signature::kinds) || ...);
  }
};

using lookup_fields = signature<kind::namespace_text, kind::namespace_text, kind::tokens, kind::tokens>;
using block_lookup_fields =
    signature<kind::namespace_text, kind::namespace_text, kind::tokens, kind::tokens,
              kind::block_size>;
using namespace_lookup_fields =
    signature<kind::cache_namespace, kind::cache_namespace, kind::tokens, kind::tokens>;
using multimodal_fields = signature<kind::namespace_text, kind::namespace_text, kind::tokens,
                                    kind::multimodal_items, kind::tokens, kind::multimodal_items>;
using admission_fields = signature<kind::capacity, kind::used, kind::count>;
using batch_fields = signature<kind::capacity, kind::used, kind::counts>;
using segment_fields = signature<kind::segment_ids>;
using position_fields = signature<kind::position_ids>;
using component_fields = signature<kind::position_ids, kind::components>;

/// A fuzz target's byte format: its name, the call shapes it encodes (`takes`),
/// `encode(inputs...)`, `decode(data, size)`, and `matches(decoded, inputs...)`, which says
/// whether a decoded case holds exactly those inputs.
template <class Takes, class Encode, class Decode, class Matches>
struct codec {
  std::string_view target;
  Takes takes;
  Encode encode;
  Decode decode;
  Matches matches;
};
template <class Takes, class Encode, class Decode, class Matches>
codec(std::string_view, Takes, Encode, Decode, Matches) -> codec<Takes, Encode, Decode, Matches>;

struct corpus {
  fs::path root;
  int written = 0, failed = 0, beyond_format = 0;

  // Encodes every fixture of `table` with the codec, checks that `decode` gives the inputs back
  // (`matches(decoded, inputs...)`), and writes the seed.
  template <class Codec, class Table>
  void add(const Codec& c, std::string_view suite_name, std::size_t& index, const Table& table) {
    fs::create_directories(root / c.target);
    for (const auto& row : table) {
      const std::string name = file_name(suite_name, index++, row.label.view());
      try {
        const auto inputs = kvc::detail::to_runtime(row.inputs);
        std::remove_cvref_t<decltype(row.inputs)>::shape::visit(inputs, [&](const auto&... in) {
          const bytes seed = c.encode(in...);
          if (!c.matches(c.decode(seed.data(), seed.size()), in...))
            throw std::runtime_error("the seed does not decode to the fixture's inputs");
          std::ofstream(root / c.target / name, std::ios::binary)
              .write(reinterpret_cast<const char*>(seed.data()),
                     static_cast<std::streamsize>(seed.size()));
        });
        ++written;
      } catch (const std::invalid_argument& e) {
        // Beyond the fuzz input format's limits (a sequence of 256 or more, an id past one byte):
        // the fixture stays in the suites, it just cannot seed this target.
        std::fprintf(stderr, "%.*s/%s: not a seed (%s)\n", static_cast<int>(c.target.size()),
                     c.target.data(), name.c_str(), e.what());
        ++beyond_format;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%.*s/%s: %s\n", static_cast<int>(c.target.size()), c.target.data(),
                     name.c_str(), e.what());
        ++failed;
      }
    }
  }

  // Every table of `suite` whose call shape the codec takes.
  template <class Codec, class Info, const auto&... Tables>
  void add_suite(const Codec& c, const kvc::suite<Info, Tables...>&) {
    std::size_t index = 0;
    const auto add_table = [&](const auto& table) {
      using shape = typename std::remove_cvref_t<decltype(table[0])>::inputs_type::shape;
      if constexpr (std::remove_cvref_t<decltype(c.takes)>{}(static_cast<const shape*>(nullptr)))
        add(c, Info::name, index, table);
    };
    (add_table(Tables), ...);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus-dir>\n", argv[0]);
    return 2;
  }
  corpus out{argv[1]};
  namespace f = kvc_fuzz;
  const auto prefix = [](const auto&... in) { return f::encode_prefix(in...); };
  const auto admission = [](auto... in) { return f::encode_admission(in...); };
  const auto segments = [](const auto& ids) { return f::encode_segments(ids); };
  const auto batch = [](const auto&... in) { return f::encode_batch(in...); };
  const auto requests = [](const auto&... in) { return f::encode_requests(in...); };
  const auto names = [](const auto&... in) { return f::encode_namespaces(in...); };
  const auto multimodal = [](const auto&... in) { return f::encode_multimodal(in...); };
  const auto positions = [](const auto&... in) { return f::encode_positions(in...); };
  // Each fuzz target's codec, and the field kinds of the call shapes it encodes.
  const auto codecs = boost::hana::make_tuple(
      codec{"fuzz_prefix_reuse", fields_of<lookup_fields, block_lookup_fields>{}, prefix,
            f::decode_prefix, prefix_matches},
      codec{"fuzz_append_admission", fields_of<admission_fields>{}, admission, f::decode_admission,
            admission_matches},
      codec{"fuzz_segment_positions", fields_of<segment_fields>{}, segments, f::decode_segments,
            segments_matches},
      codec{"fuzz_segment_offsets", fields_of<segment_fields>{}, segments, f::decode_segments,
            segments_matches},
      codec{"fuzz_batch_admission", fields_of<batch_fields>{}, batch, f::decode_batch,
            batch_matches},
      codec{"fuzz_request_admission", fields_of<batch_fields>{}, requests, f::decode_requests,
            batch_matches},
      codec{"fuzz_cache_namespace", fields_of<namespace_lookup_fields>{}, names,
            f::decode_namespaces, namespaces_matches},
      codec{"fuzz_multimodal_prefix", fields_of<multimodal_fields>{}, multimodal,
            f::decode_multimodal, multimodal_matches},
      codec{"fuzz_offsets_from_positions", fields_of<position_fields, component_fields>{},
            positions, f::decode_positions, positions_matches});

  // Target fuzz_<contract> is seeded by the suites of that contract.
  boost::hana::for_each(kvc::specs::all, [&](const auto& contract) {
    boost::hana::for_each(codecs, [&](const auto& c) {
      if (c.target != "fuzz_" + std::string(contract.name)) return;
      contract.for_each_suite([&](const auto& suite) {
        if constexpr (kvc::is_suite_v<std::remove_cvref_t<decltype(suite)>>) out.add_suite(c, suite);
      });
    });
  });

  std::printf("fuzz_seed_corpus: %d seeds written to %s, %d beyond the format, %d failed\n",
              out.written, argv[1], out.beyond_format, out.failed);
  return out.failed == 0 && out.written > 0 ? 0 : 1;
}
