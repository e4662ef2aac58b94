// static_checks/append_blocks_suites.cpp - the blocks an append needs: kvc's contract passes both
// suites, and each suite rejects the known-bad implementations it exists for.
#include <kvc/specs/append_blocks.hpp>
#include <kvc/spec/checks.hpp>

#include <mutants/append_blocks.hpp>

namespace {
namespace bad = kvc::mutants::append_blocks;
using kvc::suites::append_blocks;
using kvc::suites::append_blocks_extremes;

static_assert(kvc::verify(append_blocks, kvc::blocks_for_append));
static_assert(kvc::verify(append_blocks_extremes, kvc::blocks_for_append));

// The block-edge suite alone rejects every wrong rule of the division.
static_assert(!kvc::conforms(append_blocks, bad::ignores_lookahead));
static_assert(!kvc::conforms(append_blocks, bad::partial_block_not_counted));
static_assert(!kvc::conforms(append_blocks, bad::ignores_free_slots));
static_assert(!kvc::conforms(append_blocks, bad::floor_division));
static_assert(!kvc::conforms(append_blocks, bad::ceiling_wraps_at_zero));
static_assert(!kvc::conforms(append_blocks, bad::lookahead_twice));
static_assert(!kvc::conforms(append_blocks, bad::lookahead_only_with_tokens));
static_assert(!kvc::conforms(append_blocks, bad::block_size_clamped));
static_assert(!kvc::conforms(append_blocks, bad::extra_block_at_edge));
static_assert(!kvc::conforms(append_blocks, bad::trusts_signs));
// The extremes reject the ones that are right for small counts.
static_assert(kvc::conforms(append_blocks, bad::sum_wraps));
static_assert(!kvc::conforms(append_blocks_extremes, bad::sum_wraps));
static_assert(kvc::conforms(append_blocks, bad::counts_in_32_bits));
static_assert(!kvc::conforms(append_blocks_extremes, bad::counts_in_32_bits));
}  // namespace
