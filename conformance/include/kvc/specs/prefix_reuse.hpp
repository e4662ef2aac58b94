// kvc/specs/prefix_reuse.hpp - the spec of prefix reuse (FA-98601): reuse stays inside its
// namespace. `impl(cache_ns, request_ns, cached, requested)` returns the length of the common
// token prefix when the namespaces are equal, 0 otherwise; under a `kvc::reuse_policy`, whole
// blocks within the policy's cap. Its shapes (kvc/specs/lookup_shapes.hpp): a lookup with string
// namespaces, and the same with a block size (block-granular reuse).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <kvc/reuse_policy.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/lookup_shapes.hpp>

namespace kvc::specs {

namespace prefix_tables {
using prefix_row = fixture_row<prefix_lookup::inputs<fixture_text, chars>, std::size_t>;
using int_prefix_row = fixture_row<prefix_lookup::inputs<fixture_text, tokens>, std::size_t>;
using block_row = fixture_row<block_lookup::inputs<fixture_text, tokens>, std::size_t>;

}  // namespace prefix_tables

/// The six fixtures of FA-98601 in the record's order, for any N as the record writes them.
template <std::size_t N>
inline constexpr prefix_tables::prefix_row seed_prefix_reuse[] = {
    {"same namespace prefix", {"m", "m", repeat<char>('a', N), repeat<char>('a', N) + sequence<char>{'b'}}, N},
    {"different model", {"m1", "m2", {'a', 'b'}, {'a', 'b'}}, 0},
    {"same namespace mismatch", {"x", "x", {'a', 'b'}, {'a', 'c'}}, 1},
    {"same namespace empty", {"x", "x", {}, {'a'}}, 0},
    {"different namespace empty", {"x", "y", {'a'}, {}}, 0},
    {"same namespace full", {"ad", "ad", {'q'}, {'q'}}, 1},
};

/// Fixtures beyond the record's, each there so that a plausible wrong implementation fails:
/// namespaces that are anagrams, differ in case, after a NUL, by a trailing space or slash, or after
/// 90 characters; prefixes past 8-bit counters.
inline constexpr prefix_tables::prefix_row extra_prefix_reuse[] = {
    {"match resumes after mismatch", {"x", "x", {'a', 'b', 'c'}, {'a', 'z', 'c'}}, 1},
    {"first token differs", {"x", "x", {'z', 'a'}, {'a', 'a'}}, 0},
    {"cached longer than request", {"x", "x", {'a', 'b', 'c'}, {'a', 'b'}}, 2},
    {"request longer than cache", {"x", "x", {'a', 'b'}, {'a', 'b', 'c', 'd'}}, 2},
    {"namespace is a prefix of the other", {"m", "m1", {'a'}, {'a'}}, 0},
    {"namespaces differ in last character", {"lora-a", "lora-b", {'a', 'b'}, {'a', 'b'}}, 0},
    {"empty namespaces are equal", {"", "", {'a', 'b'}, {'a', 'b'}}, 2},
    {"empty and named namespace", {"", "m", {'a'}, {'a'}}, 0},
    {"both empty", {"x", "x", {}, {}}, 0},
    {"long shared prefix", {"x", "x", repeat<char>('t', 40) + chars{'u', 'v'}, repeat<char>('t', 40) + chars{'u', 'w'}}, 41},
    {"namespaces differ in first character", {"a-lora", "b-lora", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespaces differ in a middle character", {"lora-a-v2", "lora-b-v2", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"shared prefix of 300 tokens", {"x", "x", repeat<char>('t', 300) + chars{'u'}, repeat<char>('t', 300) + chars{'v'}}, 300},
    {"shared prefix of exactly 256 tokens", {"x", "x", repeat<char>('t', 256), repeat<char>('t', 256)}, 256},
    {"namespaces are anagrams", {"lora-ab", "lora-ba", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespaces with equal position-weighted sums", {"ab", "ca", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespaces differ in case", {"Lora", "lora", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespaces differ after an embedded NUL", {"m\x00" "a", "m\x00" "b", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespace with a trailing space", {"m", "m ", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespaces differ after 90 characters", {"org/llama-3-8b-instruct/lora/sql-generation-v2/tenant-00000000000000000000000000000000000000000001", "org/llama-3-8b-instruct/lora/sql-generation-v2/tenant-00000000000000000000000000000000000000000002", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
    {"namespaces differ by a trailing slash", {"org/m/", "org/m", repeat<char>('a', 40), repeat<char>('a', 40)}, 0},
};

/// Block-granular reuse at block boundaries, with block sizes 0, negative, 1 and larger than
/// either sequence.
inline constexpr prefix_tables::block_row block_prefix_reuse[] = {
    {"prefix below one block", {"m", "m", repeat(1, 15) + tokens{2}, repeat(1, 15) + tokens{3}, 16}, 0},
    {"exactly one block", {"m", "m", repeat(1, 16), repeat(1, 16), 16}, 16},
    {"one block and a partial one", {"m", "m", repeat(1, 20), repeat(1, 24), 16}, 16},
    {"two whole blocks", {"m", "m", repeat(1, 32), repeat(1, 32) + tokens{5}, 16}, 32},
    {"mismatch inside the second block", {"m", "m", repeat(1, 19) + tokens{7, 7}, repeat(1, 19) + tokens{8, 8}, 16}, 16},
    {"block size zero", {"m", "m", {1, 2, 3}, {1, 2, 3}, 0}, 0},
    {"negative block size", {"m", "m", {1, 2, 3}, {1, 2, 3}, -2}, 0},
    {"block size one", {"m", "m", {1, 2, 3}, {1, 2, 4}, 1}, 2},
    {"block larger than both sequences", {"m", "m", {1, 2, 3, 4}, {1, 2, 3, 4}, 16}, 0},
    {"whole blocks in another namespace", {"m", "m-lora", repeat(1, 32), repeat(1, 32), 16}, 0},
    {"cached shorter than the request", {"m", "m", {1, 1, 1, 1, 1}, repeat(1, 8), 2}, 4},
    {"three blocks of four", {"m", "m", repeat(4, 13) + tokens{0}, repeat(4, 13) + tokens{9}, 4}, 12},
};

namespace prefix_tables {
/// Fixtures of the policy suite whose reused length is not 0 under any standard policy: block
/// boundaries, requests ending at the common prefix, whole-request and whole-cache hits, and every
/// namespace shape over whole blocks of equal tokens (the expected values are exact prefixes; the
/// suite applies its policy to them).
inline constexpr int_prefix_row prefix_reuse_at_block_edges[] = {
    // Block boundaries, the request running on past the common prefix.
    {"prefix of 15, request goes on", {"m", "m", shared_then(15, 1, 2), shared_then(15, 2, 3)}, 15},
    {"prefix of 16, request goes on", {"m", "m", shared_then(16, 1, 2), shared_then(16, 2, 3)}, 16},
    {"prefix of 17, request goes on", {"m", "m", shared_then(17, 1, 2), shared_then(17, 2, 3)}, 17},
    {"prefix of 31, request goes on", {"m", "m", shared_then(31, 1, 2), shared_then(31, 2, 3)}, 31},
    {"prefix of 32, request goes on", {"m", "m", shared_then(32, 1, 2), shared_then(32, 2, 3)}, 32},
    {"prefix of 33, request goes on", {"m", "m", shared_then(33, 1, 2), shared_then(33, 2, 3)}, 33},
    {"prefix of 48, request goes on", {"m", "m", shared_then(48, 1, 2), shared_then(48, 2, 3)}, 48},
    // Requests that end exactly at the common prefix (the cache holds more).
    {"request of 16 ends at the prefix", {"m", "m", repeat(1, 20), repeat(1, 16)}, 16},
    {"request of 17 ends at the prefix", {"m", "m", repeat(1, 20), repeat(1, 17)}, 17},
    {"request of 32 ends at the prefix", {"m", "m", repeat(1, 40), repeat(1, 32)}, 32},
    {"request of 33 ends at the prefix", {"m", "m", repeat(1, 40), repeat(1, 33)}, 33},
    // The whole request cached, nothing more.
    {"whole request of 16 cached", {"m", "m", repeat(1, 16), repeat(1, 16)}, 16},
    {"whole request of 1 cached", {"m", "m", repeat(1, 1), repeat(1, 1)}, 1},
    // The whole cache inside a longer request: the recomputed last token is the request's, so
    // nothing of a cache shorter than the request is given up.
    {"whole cache of 32 inside a request of 40", {"m", "m", repeat(1, 32), repeat(1, 40)}, 32},
    {"whole cache of 17 inside a request of 18", {"m", "m", repeat(1, 17), repeat(1, 18)}, 17},
    // Whole blocks of equal tokens: every namespace shape of the exact suite, so that a policy's
    // rounding cannot hide a namespace compared wrongly, and a match that resumes after a
    // mismatch, so that it cannot hide tokens counted past the first mismatch.
    {"whole blocks in another namespace", {"m", "m-lora", repeat(1, 33), repeat(1, 33)}, 0},
    {"whole blocks, different model", {"m1", "m2", repeat(1, 33), repeat(1, 33)}, 0},
    {"whole blocks, namespace is a prefix of the other", {"m", "m1", repeat(1, 33), repeat(1, 33)}, 0},
    {"whole blocks, namespaces differ in last character", {"lora-a", "lora-b", repeat(1, 33), repeat(1, 33)}, 0},
    {"whole blocks, empty and named namespace", {"", "m", repeat(1, 33), repeat(1, 33)}, 0},
    {"whole blocks, empty namespaces are equal", {"", "", repeat(1, 33), repeat(1, 34)}, 33},
    {"equal tokens resume after a mismatch",
     {"m", "m", repeat(1, 16) + tokens{2} + repeat(1, 16), repeat(1, 16) + tokens{3} + repeat(1, 16)},
     16},
};

/// Fixtures of the block policy suite: block sizes of 16 and 4 at block boundaries, requests
/// ending at the prefix, another namespace, and block sizes that do not divide the policy's.
inline constexpr block_row block_reuse_at_block_edges[] = {
    {"blocks of 16, prefix of 16", {"m", "m", shared_then(16, 1, 2), shared_then(16, 2, 3), 16}, 16},
    {"blocks of 16, prefix of 17", {"m", "m", shared_then(17, 1, 2), shared_then(17, 2, 3), 16}, 17},
    {"blocks of 16, prefix of 31", {"m", "m", shared_then(31, 1, 2), shared_then(31, 2, 3), 16}, 31},
    {"blocks of 16, prefix of 33", {"m", "m", shared_then(33, 1, 2), shared_then(33, 2, 3), 16}, 33},
    {"blocks of 16, request of 32 ends at the prefix", {"m", "m", repeat(1, 40), repeat(1, 32), 16}, 32},
    {"blocks of 16, request of 33 ends at the prefix", {"m", "m", repeat(1, 40), repeat(1, 33), 16}, 33},
    {"blocks of 16, request of 17 ends at the prefix", {"m", "m", repeat(1, 20), repeat(1, 17), 16}, 17},
    {"blocks of 4, request of 13 ends at the prefix", {"m", "m", repeat(1, 20), repeat(1, 13), 4}, 13},
    {"blocks of 16 in another namespace", {"m", "m-lora", repeat(1, 33), repeat(1, 33), 16}, 0},
    // Block sizes that do not divide 16: whole blocks of both at once, not one rounding after the
    // other (under blocks of 16, a prefix of 40 in blocks of 5 reuses 0, not 30).
    {"blocks of 5, prefix of 40", {"m", "m", shared_then(40, 1, 2), shared_then(40, 2, 3), 5}, 40},
    {"blocks of 3, prefix of 33", {"m", "m", shared_then(33, 1, 2), shared_then(33, 2, 3), 3}, 33},
    {"block size zero, whole blocks of equal tokens", {"m", "m", repeat(1, 33), repeat(1, 33), 0}, 33},
    {"negative block size, whole blocks of equal tokens", {"m", "m", repeat(1, 33), repeat(1, 33), -16}, 33},
};
}  // namespace prefix_tables

/// The record's fixtures of `prefix_reuse` under P.
template <reuse_policy P>
inline constexpr auto prefix_reuse_under_exact = all_under(P, seed_prefix_reuse<1>);
/// `prefix_reuse`'s extra fixtures under P.
template <reuse_policy P>
inline constexpr auto prefix_reuse_under_extra = all_under(P, extra_prefix_reuse);
/// The fixtures at block edges under P.
template <reuse_policy P>
inline constexpr auto prefix_reuse_under_edges = all_under(P, prefix_tables::prefix_reuse_at_block_edges);
/// `block_prefix_reuse`'s fixtures under P.
template <reuse_policy P>
inline constexpr auto block_prefix_reuse_under_exact = all_under(P, block_prefix_reuse);
/// The block form's fixtures at block edges under P.
template <reuse_policy P>
inline constexpr auto block_prefix_reuse_under_edges = all_under(P, prefix_tables::block_reuse_at_block_edges);

// The suites' descriptions: names, where each table's fixtures come from (`sources`, "kvc" when
// not given), the suites that are parts of another, and a policy suite's policy and the same
// suite under another policy (`under<Q>`).
/// The description of kvc::suites::prefix_reuse.
struct prefix_reuse_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "prefix_reuse";
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98601", "kvc"};
};
/// The description of kvc::suites::extra_prefix_reuse.
struct extra_prefix_reuse_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "extra_prefix_reuse";
  /// A part of another suite: in the suite table, in no vector file of its own.
  static constexpr bool part = true;
};
/// The description of kvc::suites::seed_prefix_reuse<N>.
template <std::size_t N>
struct seed_prefix_reuse_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "seed_prefix_reuse";
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98601"};
  /// A part of another suite: in the suite table, in no vector file of its own.
  static constexpr bool part = true;
};
/// The description of kvc::suites::block_prefix_reuse.
struct block_prefix_reuse_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "block_prefix_reuse";
};
/// The description of kvc::suites::prefix_reuse_under<P>.
template <reuse_policy P>
struct prefix_reuse_under_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "prefix_reuse_under";
  /// The reuse policy the suite's expected results are computed under.
  static constexpr reuse_policy policy = P;
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98601", "kvc", "kvc"};
  /// The same suite under policy Q.
  template <reuse_policy Q>
  using under = suite<prefix_reuse_under_suite<Q>, prefix_reuse_under_exact<Q>,
                      prefix_reuse_under_extra<Q>, prefix_reuse_under_edges<Q>>;
};
/// The description of kvc::suites::block_prefix_reuse_under<P>.
template <reuse_policy P>
struct block_prefix_reuse_under_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "block_prefix_reuse_under";
  /// The reuse policy the suite's expected results are computed under.
  static constexpr reuse_policy policy = P;
  /// The same suite under policy Q.
  template <reuse_policy Q>
  using under = suite<block_prefix_reuse_under_suite<Q>, block_prefix_reuse_under_exact<Q>,
                      block_prefix_reuse_under_edges<Q>>;
};

}  // namespace kvc::specs

namespace kvc::suites {

/// The six fixtures of FA-98601 for any N: `impl(cache_namespace, request_namespace,
/// cached_tokens, requested_tokens)` with `std::string_view` namespaces and `char` tokens.
template <std::size_t N>
inline constexpr suite<specs::seed_prefix_reuse_suite<N>, specs::seed_prefix_reuse<N>> seed_prefix_reuse{};
/// Fixtures beyond the record's.
inline constexpr suite<specs::extra_prefix_reuse_suite, specs::extra_prefix_reuse> extra_prefix_reuse{};
/// The prefix-reuse suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr suite<specs::prefix_reuse_suite, specs::seed_prefix_reuse<1>, specs::extra_prefix_reuse>
    prefix_reuse{};
/// Block-granular reuse: `impl(cache_ns, request_ns, cached, requested, block_size)`.
inline constexpr suite<specs::block_prefix_reuse_suite, specs::block_prefix_reuse> block_prefix_reuse{};

/// Prefix reuse as an engine with policy P implements it, the policy built in: every fixture of
/// `prefix_reuse` under P, then lengths on both sides of block boundaries (15, 16, 17, 31, 32,
/// 33, 48), requests that end at the common prefix, and whole-request and whole-cache hits, so that
/// each policy's rounding and cap are pinned.
template <reuse_policy P>
inline constexpr typename specs::prefix_reuse_under_suite<P>::template under<P> prefix_reuse_under{};
/// Block-granular reuse under policy P: every fixture of `block_prefix_reuse` under P, then block
/// sizes of 16, 4, 5 and 3 at block boundaries and in another namespace.
template <reuse_policy P>
inline constexpr typename specs::block_prefix_reuse_under_suite<P>::template under<P>
    block_prefix_reuse_under{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The prefix-reuse contract and its suites.
inline constexpr auto prefix_reuse_contract =
    describe("prefix_reuse", suites::prefix_reuse, suites::extra_prefix_reuse,
             suites::seed_prefix_reuse<1>, suites::block_prefix_reuse,
             policy_suites<prefix_reuse_under_suite>{},
             policy_suites<block_prefix_reuse_under_suite>{});
}  // namespace kvc::specs
