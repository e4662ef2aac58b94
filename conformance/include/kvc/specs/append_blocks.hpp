// kvc/specs/append_blocks.hpp - the spec of the blocks an append needs: `impl(held, appended,
// lookahead, block_size)` returns how many new blocks a request holding `held` tokens allocates to
// append `appended` tokens with `lookahead` slots reserved:
// ceil((held + appended + lookahead) / block_size) - ceil(held / block_size), exactly, for any mix
// of integer types; 0 for a negative count or a block size of 0 or below.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

#include <kvc/append_blocks.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/suite.hpp>

namespace kvc::specs {

/// The call shape: `impl(held, appended, lookahead, block_size)`.
struct append_blocks : direct_call_shape<append_blocks> {
  /// The shape's name.
  static constexpr std::string_view name = "append_blocks";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"held", field_kind::used},
                                     {"appended", field_kind::count},
                                     {"lookahead", field_kind::lookahead},
                                     {"block_size", field_kind::block_size}};

  /// One call's inputs, each of its own integer type.
  template <class H = int, class A = int, class L = int, class B = int>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = append_blocks;
    H held;        ///< the tokens the request already holds
    A appended;    ///< the tokens appended
    L lookahead;   ///< the slots reserved past them
    B block_size;  ///< the tokens per block
  };

  /// `f(held, appended, lookahead, block_size)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.held, in.appended, in.lookahead, in.block_size);
  }
  /// The contract's result (no reuse policy applies to it).
  template <class In>
  [[nodiscard]] static constexpr std::uintmax_t reference(const In& in, reuse_policy = {}) noexcept {
    return kvc::blocks_for_append(in.held, in.appended, in.lookahead, in.block_size);
  }
};

/// A fixture of the blocks an append needs.
template <class H = int, class A = int, class L = int, class B = int>
using append_blocks_row = fixture_row<append_blocks::inputs<H, A, L, B>, std::uintmax_t>;

/// Block edges: a request holding one token less than, exactly, or one more than whole blocks;
/// appends that end one short of, at, and one past a block's end; lookahead that crosses an edge
/// alone or after the appended tokens; empty appends; block sizes of 1, 3 (not a power of two),
/// 16 and 32; and what is not a request.
inline constexpr append_blocks_row<> append_blocks_fixtures[] = {
    // The first block: an empty request allocates for its first token, not before.
    {"empty append to an empty request", {0, 0, 0, 16}, 0},
    {"first token of an empty request", {0, 1, 0, 16}, 1},
    {"a whole block into an empty request", {0, 16, 0, 16}, 1},
    {"one past a block into an empty request", {0, 17, 0, 16}, 2},
    // The partly filled last block's free slots come first.
    {"fits in the last block's free slots", {10, 5, 0, 16}, 0},
    {"fills the last block exactly", {10, 6, 0, 16}, 0},
    {"one past the last block's free slots", {10, 7, 0, 16}, 1},
    {"held one short of a block, one more token", {15, 1, 0, 16}, 0},
    {"held one short of a block, two more tokens", {15, 2, 0, 16}, 1},
    // A full last block has no free slot: the next token starts a block.
    {"held whole blocks, one more token", {32, 1, 0, 16}, 1},
    {"held whole blocks, empty append", {32, 0, 0, 16}, 0},
    {"held one past whole blocks, fills the block", {33, 15, 0, 16}, 0},
    {"held one past whole blocks, one more", {33, 16, 0, 16}, 1},
    // Many blocks at once.
    {"three blocks and a token", {0, 49, 0, 16}, 4},
    {"from mid block across two edges", {20, 30, 0, 16}, 2},
    // Lookahead: reserved slots count as tokens, after the appended ones.
    {"lookahead alone into a full block", {16, 0, 1, 16}, 1},
    {"lookahead alone in the free slots", {17, 0, 15, 16}, 0},
    {"lookahead crosses the edge", {17, 0, 16, 16}, 1},
    {"append fills the block, lookahead starts one", {10, 6, 1, 16}, 1},
    {"append and lookahead share the free slots", {10, 3, 3, 16}, 0},
    {"append and lookahead one past the free slots", {10, 3, 4, 16}, 1},
    {"lookahead of whole blocks", {0, 1, 32, 16}, 3},
    {"empty append, lookahead of a block", {0, 0, 16, 16}, 1},
    // Blocks of one token: one block per token; blocks of a size that is not a power of two.
    {"blocks of one", {5, 3, 2, 1}, 5},
    {"blocks of one, empty append", {5, 0, 0, 1}, 0},
    {"blocks of three, partial last block", {4, 2, 0, 3}, 0},
    {"blocks of three, across an edge", {4, 3, 0, 3}, 1},
    {"blocks of three with lookahead", {4, 3, 3, 3}, 2},
    {"blocks of 32 from mid block", {40, 24, 1, 32}, 1},
    // Not a request: nothing to allocate.
    {"block size zero", {0, 16, 0, 0}, 0},
    {"negative block size", {0, 16, 0, -16}, 0},
    {"negative held", {-1, 16, 0, 16}, 0},
    {"negative append", {16, -1, 0, 16}, 0},
    {"negative lookahead", {16, 1, -1, 16}, 0},
    // Negative counts that, converted to unsigned and summed, would wrap back to a small total.
    {"negative append with lookahead", {0, -1, 16, 16}, 0},
    {"negative lookahead with an append", {0, 16, -1, 16}, 0},
};

// The extremes: counts at the limits of their types, where `held + appended + lookahead` wraps, a
// count kept in 32 bits loses its high bits, and mixed signedness makes -1 a huge count. One table
// per type signature.
namespace append_blocks_extremes_tables {
using std::int64_t;
using std::uint64_t;
inline constexpr uint64_t uint64_max = std::numeric_limits<uint64_t>::max();
inline constexpr int64_t int64_max = std::numeric_limits<int64_t>::max();

inline constexpr append_blocks_row<uint64_t, uint64_t, uint64_t, uint64_t> all_uint64[] = {
    // The sum wraps in 64 bits: held + appended + lookahead past 2^64.
    {"sum past 2^64, blocks of 16", {uint64_max - 15, 16, 16, 16}, 2},
    {"held near the top, one more token", {uint64_max - 1, 1, 0, 16}, 0},
    {"held whole blocks near 2^64, one more token", {uint64_max - 15, 1, 0, 16}, 1},
    {"appended near 2^64 into a partial block", {8, uint64_max - 7, 0, 16}, 1152921504606846975},
    {"blocks of one, counts past half of 2^64", {0, uint64_max, 1, 1}, uint64_max},
    {"blocks of 2^63 + 1", {1, 1, 1, (uint64_t{1} << 63U) + 1}, 0},
    {"blocks of 2^64 - 1, one past the first", {0, uint64_max, 1, uint64_max}, 2},
    // Counts past 32 bits: kept in 32 bits, 2^32 + 3 reads as 3.
    {"appended 2^32 + 3 in blocks of 16", {0, (uint64_t{1} << 32U) + 3, 0, 16}, 268435457},
    {"held 2^32 + 15 with one token", {(uint64_t{1} << 32U) + 15, 1, 0, 16}, 0},
};
inline constexpr append_blocks_row<int64_t, int64_t, int64_t, int64_t> all_int64[] = {
    {"int64 sum wraps to negative", {int64_max, int64_max, 1, 16}, 576460752303423488},
    {"int64 held at the top, empty append", {int64_max, 0, 0, 16}, 0},
    {"int64 lookahead past the top", {16, 0, int64_max, 1}, 9223372036854775807},
};
// Mixed signedness: compared raw, -1 converts to a huge unsigned count.
inline constexpr append_blocks_row<int, unsigned, unsigned, unsigned> int_unsigned[] = {
    {"int held -1 with unsigned counts", {-1, 1U, 0U, 16U}, 0},
};
inline constexpr append_blocks_row<unsigned, int, int, unsigned> unsigned_int[] = {
    {"negative int append to an unsigned request", {16U, -1, 0, 16U}, 0},
    {"negative int lookahead to an unsigned request", {16U, 1, -1, 16U}, 0},
};
inline constexpr append_blocks_row<std::size_t, std::size_t, std::size_t, int> size_int[] = {
    {"size_t counts with int block size -1", {0, 16, 0, -1}, 0},
    {"size_t counts with int block size 16", {15, 1, 1, 16}, 1},
};
}  // namespace append_blocks_extremes_tables

// The suites' descriptions.
/// The description of kvc::suites::append_blocks.
struct append_blocks_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "append_blocks";
};
/// The description of kvc::suites::append_blocks_extremes.
struct append_blocks_extremes_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "append_blocks_extremes";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// The blocks an append needs: `impl(held, appended, lookahead, block_size)`, `int` arguments.
inline constexpr suite<specs::append_blocks_suite, specs::append_blocks_fixtures> append_blocks{};
/// The same at the integer types' limits and with mixed signedness: an implementation passes only
/// if no sum wraps and every bound is decided by mathematical value.
inline constexpr suite<specs::append_blocks_extremes_suite,
                       specs::append_blocks_extremes_tables::all_uint64,
                       specs::append_blocks_extremes_tables::all_int64,
                       specs::append_blocks_extremes_tables::int_unsigned,
                       specs::append_blocks_extremes_tables::unsigned_int,
                       specs::append_blocks_extremes_tables::size_int>
    append_blocks_extremes{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The contract of the blocks an append needs, and its suites.
inline constexpr auto append_blocks_contract =
    describe("append_blocks", suites::append_blocks, suites::append_blocks_extremes);
}  // namespace kvc::specs
