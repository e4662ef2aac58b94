// kvc/suites/prefix_reuse_under.hpp - prefix reuse under a reuse policy: block rounding and the
// recomputed last prompt token (vLLM, SGLang, llama.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/reuse_policy.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/expected_under_policy.hpp>
#include <kvc/verification/fixture.hpp>

namespace kvc::fixtures {

/// A prefix fixture under policy P: the inputs, and the exact common prefix written out (0 across
/// namespaces); the expected result is what P makes of it.
template <reuse_policy P, class Label, class Cached, class Requested>
[[nodiscard]] constexpr auto under(Label label, std::string_view cache_ns,
                                   std::string_view request_ns, const Cached& cached,
                                   const Requested& requested, std::size_t exact_prefix) noexcept {
  return make_fixture(label, inputs(cache_ns, request_ns, cached, requested),
                      expected_under(P, exact_prefix, requested.size()));
}

/// `prefix` equal tokens, then `tail` tokens of its own: two sequences sharing exactly `prefix`.
template <std::size_t Prefix, std::size_t Tail>
[[nodiscard]] constexpr auto shared_then(int own) noexcept {
  return join(filled<Prefix>(1), filled<Tail>(own));
}

}  // namespace kvc::fixtures

namespace kvc::suites {

/// Prefix reuse as an engine with policy P implements it: `impl(cache_namespace,
/// request_namespace, cached_tokens, requested_tokens)`, the policy built in, with
/// `std::string_view` namespaces and `std::array` tokens (or spans, see
/// kvc/verification/offered_arguments.hpp). The fixtures are the exact suite's, with their exact
/// common prefix written out, and lengths on both sides of block boundaries (15, 16, 17, 31, 32,
/// 33, 48), requests that end exactly at the common prefix, and whole-cache hits, so that each
/// policy's rounding and cap are pinned. The expected values are `kvc::fixtures::expected_under`
/// of the written-out exact prefix.
template <reuse_policy P>
inline constexpr auto prefix_reuse_under = [] {
  using fixtures::shared_then;
  using fixtures::under;
  using fixtures::filled;
  using fixtures::join;
  constexpr std::string_view m{"m"};
  return boost::hana::make_tuple(
      // The exact suite's fixtures.
      under<P>(label<"same namespace prefix">, m, m, std::array{'a'}, std::array{'a', 'b'}, 1),
      under<P>(label<"different model">, "m1", "m2", std::array{'a', 'b'}, std::array{'a', 'b'}, 0),
      under<P>(label<"same namespace mismatch">, "x", "x", std::array{'a', 'b'},
               std::array{'a', 'c'}, 1),
      under<P>(label<"same namespace empty">, "x", "x", std::array<char, 0>{}, std::array{'a'}, 0),
      under<P>(label<"different namespace empty">, "x", "y", std::array{'a'},
               std::array<char, 0>{}, 0),
      under<P>(label<"same namespace full">, "ad", "ad", std::array{'q'}, std::array{'q'}, 1),
      under<P>(label<"match resumes after mismatch">, "x", "x", std::array{'a', 'b', 'c'},
               std::array{'a', 'z', 'c'}, 1),
      under<P>(label<"first token differs">, "x", "x", std::array{'z', 'a'}, std::array{'a', 'a'},
               0),
      under<P>(label<"cached longer than request">, "x", "x", std::array{'a', 'b', 'c'},
               std::array{'a', 'b'}, 2),
      under<P>(label<"request longer than cache">, "x", "x", std::array{'a', 'b'},
               std::array{'a', 'b', 'c', 'd'}, 2),
      under<P>(label<"namespace is a prefix of the other">, "m", "m1", std::array{'a'},
               std::array{'a'}, 0),
      under<P>(label<"namespaces differ in last character">, "lora-a", "lora-b",
               std::array{'a', 'b'}, std::array{'a', 'b'}, 0),
      under<P>(label<"empty namespaces are equal">, "", "", std::array{'a', 'b'},
               std::array{'a', 'b'}, 2),
      under<P>(label<"empty and named namespace">, "", "m", std::array{'a'}, std::array{'a'}, 0),
      under<P>(label<"both empty">, "x", "x", std::array<char, 0>{}, std::array<char, 0>{}, 0),
      under<P>(label<"long shared prefix">, "x", "x",
               join(filled<40>('t'), std::array{'u', 'v'}),
               join(filled<40>('t'), std::array{'u', 'w'}), 41),
      // Block boundaries, the request running on past the common prefix.
      under<P>(label<"prefix of 15, request goes on">, m, m, shared_then<15, 1>(2),
               shared_then<15, 2>(3), 15),
      under<P>(label<"prefix of 16, request goes on">, m, m, shared_then<16, 1>(2),
               shared_then<16, 2>(3), 16),
      under<P>(label<"prefix of 17, request goes on">, m, m, shared_then<17, 1>(2),
               shared_then<17, 2>(3), 17),
      under<P>(label<"prefix of 31, request goes on">, m, m, shared_then<31, 1>(2),
               shared_then<31, 2>(3), 31),
      under<P>(label<"prefix of 32, request goes on">, m, m, shared_then<32, 1>(2),
               shared_then<32, 2>(3), 32),
      under<P>(label<"prefix of 33, request goes on">, m, m, shared_then<33, 1>(2),
               shared_then<33, 2>(3), 33),
      under<P>(label<"prefix of 48, request goes on">, m, m, shared_then<48, 1>(2),
               shared_then<48, 2>(3), 48),
      // Requests that end exactly at the common prefix (the cache holds more).
      under<P>(label<"request of 16 ends at the prefix">, m, m, filled<20>(1), filled<16>(1), 16),
      under<P>(label<"request of 17 ends at the prefix">, m, m, filled<20>(1), filled<17>(1), 17),
      under<P>(label<"request of 32 ends at the prefix">, m, m, filled<40>(1), filled<32>(1), 32),
      under<P>(label<"request of 33 ends at the prefix">, m, m, filled<40>(1), filled<33>(1), 33),
      // The whole request cached, nothing more.
      under<P>(label<"whole request of 16 cached">, m, m, filled<16>(1), filled<16>(1), 16),
      under<P>(label<"whole request of 1 cached">, m, m, filled<1>(1), filled<1>(1), 1),
      // Whole blocks in another namespace.
      under<P>(label<"whole blocks in another namespace">, m, "m-lora", filled<33>(1),
               filled<33>(1), 0));
}();

}  // namespace kvc::suites
