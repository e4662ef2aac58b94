// kvc/suites/prefix_reuse.hpp - fixtures of the prefix-reuse contract (FA-98601).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/join_fixtures.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

/// The six fixtures of FA-98601 in the record's order, for any N as the record writes them.
/// Implementations are called as `impl(cache_namespace, request_namespace, cached_tokens,
/// requested_tokens)` with `std::string_view` namespaces and `std::array<char, K>` tokens.
template <std::size_t N, class Deferred = void>
inline constexpr auto seed_prefix_reuse = boost::hana::make_tuple(
    make_fixture(label<"same namespace prefix", Deferred>,
                 inputs<Deferred>(
                     fixtures::dependent<Deferred, std::string_view>{"m"},
                     fixtures::dependent<Deferred, std::string_view>{"m"}, fixtures::filled<N>('a'),
                     fixtures::join(fixtures::filled<N>('a'), fixtures::array<Deferred>('b'))),
                 std::size_t{N}),
    make_fixture(label<"different model", Deferred>,
                 inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m1"},
                                  fixtures::dependent<Deferred, std::string_view>{"m2"},
                                  fixtures::array<Deferred>('a', 'b'),
                                  fixtures::array<Deferred>('a', 'b')),
                 std::size_t{0}),
    make_fixture(label<"same namespace mismatch", Deferred>,
                 inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                  fixtures::dependent<Deferred, std::string_view>{"x"},
                                  fixtures::array<Deferred>('a', 'b'),
                                  fixtures::array<Deferred>('a', 'c')),
                 std::size_t{1}),
    make_fixture(label<"same namespace empty", Deferred>,
                 inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                  fixtures::dependent<Deferred, std::string_view>{"x"},
                                  fixtures::dependent<Deferred, std::array<char, 0>>{},
                                  fixtures::array<Deferred>('a')),
                 std::size_t{0}),
    make_fixture(label<"different namespace empty", Deferred>,
                 inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                  fixtures::dependent<Deferred, std::string_view>{"y"},
                                  fixtures::array<Deferred>('a'),
                                  fixtures::dependent<Deferred, std::array<char, 0>>{}),
                 std::size_t{0}),
    make_fixture(label<"same namespace full", Deferred>,
                 inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"ad"},
                                  fixtures::dependent<Deferred, std::string_view>{"ad"},
                                  fixtures::array<Deferred>('q'), fixtures::array<Deferred>('q')),
                 std::size_t{1}));

namespace definition {
/// The fixtures of `kvc::suites::extra_prefix_reuse`.
struct extra_prefix_reuse {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"match resumes after mismatch", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::array<Deferred>('a', 'b', 'c'),
                                    fixtures::array<Deferred>('a', 'z', 'c')),
                   std::size_t{1}),
      make_fixture(label<"first token differs", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::array<Deferred>('z', 'a'),
                                    fixtures::array<Deferred>('a', 'a')),
                   std::size_t{0}),
      make_fixture(label<"cached longer than request", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::array<Deferred>('a', 'b', 'c'),
                                    fixtures::array<Deferred>('a', 'b')),
                   std::size_t{2}),
      make_fixture(label<"request longer than cache", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::array<Deferred>('a', 'b'),
                                    fixtures::array<Deferred>('a', 'b', 'c', 'd')),
                   std::size_t{2}),
      make_fixture(label<"namespace is a prefix of the other", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m1"},
                                    fixtures::array<Deferred>('a'), fixtures::array<Deferred>('a')),
                   std::size_t{0}),
      make_fixture(label<"namespaces differ in last character", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"lora-a"},
                                    fixtures::dependent<Deferred, std::string_view>{"lora-b"},
                                    fixtures::array<Deferred>('a', 'b'),
                                    fixtures::array<Deferred>('a', 'b')),
                   std::size_t{0}),
      make_fixture(label<"empty namespaces are equal", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{""},
                                    fixtures::dependent<Deferred, std::string_view>{""},
                                    fixtures::array<Deferred>('a', 'b'),
                                    fixtures::array<Deferred>('a', 'b')),
                   std::size_t{2}),
      make_fixture(label<"empty and named namespace", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{""},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::array<Deferred>('a'), fixtures::array<Deferred>('a')),
                   std::size_t{0}),
      make_fixture(label<"both empty", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::array<char, 0>>{},
                                    fixtures::dependent<Deferred, std::array<char, 0>>{}),
                   std::size_t{0}),
      make_fixture(label<"long shared prefix", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::join(fixtures::filled<40>('t'),
                                                   fixtures::array<Deferred>('u', 'v')),
                                    fixtures::join(fixtures::filled<40>('t'),
                                                   fixtures::array<Deferred>('u', 'w'))),
                   std::size_t{41}),
      // Namespaces of one length that differ before their last character: a comparison of the
      // length and the last character (or of a short hash of them) aliases them. 40 tokens, so
      // that every standard policy would reuse whole blocks of the aliased cache.
      make_fixture(label<"namespaces differ in first character", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"a-lora"},
                                    fixtures::dependent<Deferred, std::string_view>{"b-lora"},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      make_fixture(label<"namespaces differ in a middle character", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"lora-a-v2"},
                                    fixtures::dependent<Deferred, std::string_view>{"lora-b-v2"},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      // Prefixes past 255 and 256 tokens: a length kept in 8 bits reads 300 as 44 and 256 as 0.
      make_fixture(label<"shared prefix of 300 tokens", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, std::string_view>{"x"},
                       fixtures::dependent<Deferred, std::string_view>{"x"},
                       fixtures::join(fixtures::filled<300>('t'), fixtures::array<Deferred>('u')),
                       fixtures::join(fixtures::filled<300>('t'), fixtures::array<Deferred>('v'))),
                   std::size_t{300}),
      make_fixture(label<"shared prefix of exactly 256 tokens", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::dependent<Deferred, std::string_view>{"x"},
                                    fixtures::filled<256>('t'), fixtures::filled<256>('t')),
                   std::size_t{256}),
      // Namespaces compared by a digest, with their case folded, as C strings or trimmed, 40
      // tokens each so that no policy's rounding hides them. (The token-side shapes -- long and
      // chunk-boundary prefixes, permuted or sampled tokens -- are in namespace_isolation: here
      // they would put a user's verify of this suite over its compile-time budget.)
      make_fixture(label<"namespaces are anagrams", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"lora-ab"},
                                    fixtures::dependent<Deferred, std::string_view>{"lora-ba"},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      make_fixture(label<"namespaces with equal position-weighted sums", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"ab"},
                                    fixtures::dependent<Deferred, std::string_view>{"ca"},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      make_fixture(label<"namespaces differ in case", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"Lora"},
                                    fixtures::dependent<Deferred, std::string_view>{"lora"},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      make_fixture(label<"namespaces differ after an embedded NUL", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m\0a", 3},
                                    fixtures::dependent<Deferred, std::string_view>{"m\0b", 3},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      make_fixture(label<"namespace with a trailing space", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m "},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      // A namespace longer than a fixed-size key buffer (64, 80 bytes): 100 characters that differ
      // at the 91st.
      make_fixture(label<"namespaces differ after 90 characters", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, std::string_view>{
                           "org/llama-3-8b-instruct/lora/sql-generation-v2/"
                           "tenant-00000000000000000000000000000000000000000001"},
                       fixtures::dependent<Deferred, std::string_view>{
                           "org/llama-3-8b-instruct/lora/sql-generation-v2/"
                           "tenant-00000000000000000000000000000000000000000002"},
                       fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}),
      // A path-like name with a trailing slash: "org/m/" is not "org/m".
      make_fixture(label<"namespaces differ by a trailing slash", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"org/m/"},
                                    fixtures::dependent<Deferred, std::string_view>{"org/m"},
                                    fixtures::filled<40>('a'), fixtures::filled<40>('a')),
                   std::size_t{0}));
};
}  // namespace definition

/// Fixtures beyond the record's, each there to reject a plausible wrong implementation (see
/// kvc/mutants/prefix_reuse.hpp for the implementations they reject).
inline constexpr lazy_suite<definition::extra_prefix_reuse> extra_prefix_reuse{};

namespace definition {
/// The fixtures of `kvc::suites::prefix_reuse`.
struct prefix_reuse {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = join_fixtures(
      seed_prefix_reuse<1, Deferred>, deferred_fixtures_of<Deferred>(suites::extra_prefix_reuse));
};
}  // namespace definition

/// The prefix-reuse suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr lazy_suite<definition::prefix_reuse> prefix_reuse{};

}  // namespace kvc::suites
