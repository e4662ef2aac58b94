// A [B, L] batch of packed rows: positions and cu_seqlens restart at every row start.
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <system_error>
#include <vector>

// [snippet]
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

// Two rows of four tokens, flattened row-major. Id 2 ends row 0 and starts row 1, but those are
// two sequences: positions restart at the row start, and cu_seqlens breaks there.
constexpr std::array<int, 8> batch{1, 1, 2, 2, /* | */ 2, 2, 3, 3};

constexpr auto positions_of(const std::array<int, 8>& ids) {
  std::array<std::int32_t, 8> positions{};
  const std::errc status = kvc::segment_positions(ids, kvc::row_length{4}, positions);
  return status == std::errc{} ? positions : std::array<std::int32_t, 8>{};
}
static_assert(positions_of(batch) == std::array<std::int32_t, 8>{0, 1, 0, 1, 0, 1, 0, 1});

constexpr auto cu_seqlens_of(const std::array<int, 8>& ids) {
  std::array<std::int32_t, 9> cu_seqlens{};  // at most one run per token, plus the total
  const std::errc status = kvc::segment_offsets(ids, kvc::row_length{4}, cu_seqlens);
  return status == std::errc{} ? cu_seqlens : std::array<std::int32_t, 9>{};
}
// Four runs: four starts and the total; the elements past them are left as they were (0).
static_assert(cu_seqlens_of(batch) == std::array<std::int32_t, 9>{0, 2, 4, 6, 8});

// A batch that is not whole rows is refused, and nothing is written.
constexpr bool ragged_batch_is_refused() {
  const std::array<int, 7> ids{1, 1, 2, 2, 2, 2, 3};
  std::array<std::int32_t, 7> out{-1, -1, -1, -1, -1, -1, -1};
  return kvc::segment_positions(ids, kvc::row_length{4}, out) == std::errc::invalid_argument &&
         out[0] == -1;
}
static_assert(ragged_batch_is_refused());
// [snippet]

int main() {
  // A batch of three rows from a collator, at run time: id 3 fills row 1 and continues into row 2.
  const std::vector<std::int32_t> rows{7, 7, 7, 3, 3, 3, 3, 3, 9};
  std::vector<std::int32_t> positions(rows.size());
  std::vector<std::int32_t> cu_seqlens(rows.size() + 1, -1);
  if (kvc::segment_positions(rows, kvc::row_length{3}, std::span{positions}) != std::errc{}) return 1;
  if (kvc::segment_offsets(rows, kvc::row_length{3}, std::span{cu_seqlens}) != std::errc{}) return 1;
  for (const auto position : positions) std::printf("%d ", position);
  std::printf("\n");
  for (const auto offset : cu_seqlens) std::printf("%d ", offset);
  std::printf("\n");
  return positions == std::vector<std::int32_t>{0, 1, 2, 0, 1, 2, 0, 1, 0} &&
                 cu_seqlens == std::vector<std::int32_t>{0, 3, 6, 8, 9, -1, -1, -1, -1, -1}
             ? 0
             : 1;
}
