// fuzz/fuzz_seed_corpus.cpp - writes kvc's fixture suites as seed inputs for the fuzz targets.
//
//   fuzz_seed_corpus <dir>    writes <dir>/<target>/<suite>-<NN>-<label>
//
// Which suites seed which target comes from the contract descriptors (each suite check names its
// fuzz target); this file only knows each target's codec.
//
// Every fixture's inputs are encoded with the target's own codec (codec.hpp), and each seed is
// decoded again and must give back exactly those inputs, types included: an encoder that drifted
// from its decoder, or a fixture the format cannot express, fails here instead of seeding the
// fuzzer with some other case.
#include <algorithm>
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
#include <boost/hana/at_key.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/map.hpp>
#include <boost/hana/pair.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/conformance.hpp>
#include <kvc/verification/contracts.hpp>

#include "codec.hpp"

namespace {

namespace fs = std::filesystem;
namespace hana = boost::hana;
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
  const auto same = [](const kvc_fuzz::namespace_fields& f, const kvc::cache_namespace& ns) {
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

std::string file_name(const char* suite, std::size_t index, const char* label) {
  std::string name =
      std::string(suite) + "-" + (index < 10 ? "0" : "") + std::to_string(index) + "-";
  for (const char* p = label; *p != '\0'; ++p) name += (*p == ' ' || *p == '/') ? '-' : *p;
  return name;
}

/// A fuzz target's byte format: `encode(inputs...)`, `decode(data, size)`, and
/// `matches(decoded, inputs...)`, which says whether a decoded case holds exactly those inputs.
template <class Encode, class Decode, class Matches>
struct codec {
  Encode encode;
  Decode decode;
  Matches matches;
};
template <class Encode, class Decode, class Matches>
codec(Encode, Decode, Matches) -> codec<Encode, Decode, Matches>;

struct corpus {
  fs::path root;
  int written = 0, failed = 0, beyond_format = 0;

  // Encodes every fixture of `suite` with `encode(inputs...)`, checks that `decode` gives the
  // inputs back (`matches(decoded, inputs...)`), and writes the seed.
  template <class Suite, class Encode, class Decode, class Matches>
  void add(const char* target, const char* suite_name, const Suite& suite, Encode encode,
           Decode decode, Matches matches) {
    fs::create_directories(root / target);
    std::size_t index = 0;
    hana::for_each(kvc::fixtures_of(suite), [&](const auto& fixture) {
      const std::string name = file_name(suite_name, index++, hana::to<const char*>(fixture.label));
      try {
        hana::unpack(fixture.inputs, [&](const auto&... inputs) {
          const bytes seed = encode(inputs...);
          if (!matches(decode(seed.data(), seed.size()), inputs...))
            throw std::runtime_error("the seed does not decode to the fixture's inputs");
          std::ofstream(root / target / name, std::ios::binary)
              .write(reinterpret_cast<const char*>(seed.data()),
                     static_cast<std::streamsize>(seed.size()));
        });
        ++written;
      } catch (const std::invalid_argument& e) {
        // Beyond the fuzz input format's limits (a sequence of 256 or more, an id past one byte):
        // the fixture stays in the suites, it just cannot seed this target.
        std::fprintf(stderr, "%s/%s: not a seed (%s)\n", target, name.c_str(), e.what());
        ++beyond_format;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%s/%s: %s\n", target, name.c_str(), e.what());
        ++failed;
      }
    });
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
  // Each fuzz target's codec. A descriptor naming a target missing here does not compile.
  const auto codecs = hana::make_map(
      hana::make_pair(kvc::label<"fuzz_prefix_reuse">, codec{prefix, f::decode_prefix, prefix_matches}),
      hana::make_pair(kvc::label<"fuzz_append_admission">,
                      codec{admission, f::decode_admission, admission_matches}),
      hana::make_pair(kvc::label<"fuzz_segment_positions">,
                      codec{segments, f::decode_segments, segments_matches}),
      hana::make_pair(kvc::label<"fuzz_segment_offsets">,
                      codec{segments, f::decode_segments, segments_matches}),
      hana::make_pair(kvc::label<"fuzz_batch_admission">, codec{batch, f::decode_batch, batch_matches}),
      hana::make_pair(kvc::label<"fuzz_request_admission">,
                      codec{requests, f::decode_requests, batch_matches}),
      hana::make_pair(kvc::label<"fuzz_cache_namespace">,
                      codec{names, f::decode_namespaces, namespaces_matches}),
      hana::make_pair(kvc::label<"fuzz_multimodal_prefix">,
                      codec{multimodal, f::decode_multimodal, multimodal_matches}),
      hana::make_pair(kvc::label<"fuzz_offsets_from_positions">,
                      codec{positions, f::decode_positions, positions_matches}));

  hana::for_each(kvc::verification::contracts, [&](const auto& contract) {
    hana::for_each(contract.checks, [&](const auto& check) {
      if constexpr (decltype(hana::length(check.fuzz_target))::value > 0) {
        const auto& target = hana::at_key(codecs, check.fuzz_target);
        out.add(hana::to<const char*>(check.fuzz_target), hana::to<const char*>(check.name),
                check.suite, target.encode, target.decode, target.matches);
      }
    });
  });

  std::printf("fuzz_seed_corpus: %d seeds written to %s, %d beyond the format, %d failed\n",
              out.written, argv[1], out.beyond_format, out.failed);
  return out.failed == 0 && out.written > 0 ? 0 : 1;
}
