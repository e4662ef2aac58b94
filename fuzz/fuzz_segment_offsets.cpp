// fuzz/fuzz_segment_offsets.cpp - kvc::segment_offsets (span form), kvc::segment_run_count and
// kvc::max_segment_length against an index-loop oracle, and against kvc::segment_positions.
//
// Input: kvc_fuzz::segments_case (codec.hpp), as for fuzz_segment_positions. The output size is
// runs + 1 + delta or, with the case's base_from_total bit, n + 1 + delta: segment_offsets only
// counts the runs when the output is no longer than n, so both sides of that shortcut are
// exercised. Long runs make totals that overflow 8-bit outputs (result_out_of_range).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <span>
#include <system_error>
#include <vector>

#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::segments_case input = kvc_fuzz::decode_segments(data, size);
  input.visit([&]<class S, class P>(const std::vector<S>& ids, std::type_identity<P>) {
    const std::size_t n = ids.size();

    // Oracle: a run starts at 0 and wherever an id differs from its predecessor; then the total.
    std::vector<std::size_t> offsets;
    for (std::size_t i = 0; i < n; ++i)
      if (i == 0 || !(ids[i] == ids[i - 1])) offsets.push_back(i);
    offsets.push_back(n);
    const std::size_t runs = offsets.size() - 1;
    std::size_t longest = 0;
    for (std::size_t r = 0; r < runs; ++r)
      if (offsets[r + 1] - offsets[r] > longest) longest = offsets[r + 1] - offsets[r];

    check(kvc::segment_run_count(ids) == runs);
    check(kvc::max_segment_length(ids) == longest);

    // Consistency with segment_positions: runs start exactly where positions are 0.
    std::vector<std::size_t> positions(n);
    check(kvc::segment_positions(ids, std::span<std::size_t>(positions)) == std::errc{});
    std::size_t next_run = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (positions[i] == 0) check(next_run < runs && offsets[next_run++] == i);
      check(positions[i] < longest);
    }
    check(next_run == runs);

    // The span form, with an output that may be too short or too narrow.
    const std::size_t out_size = input.out_size(input.base_from_total ? n + 1 : runs + 1);
    std::errc expected{};
    if (out_size < runs + 1)
      expected = std::errc::value_too_large;
    else if (n > static_cast<std::size_t>(std::numeric_limits<P>::max()))
      expected = std::errc::result_out_of_range;

    // As a contiguous vector (which a fast path may take) and as a std::deque (which cannot).
    const auto check_span_form = [&](const auto& segments) {
      // -1 (max for unsigned P) is never an offset that fits, except a total exactly at P's limit.
      const auto sentinel = static_cast<P>(-1);
      std::vector<P> out(out_size, sentinel);
      check(kvc::segment_offsets(segments, std::span<P>(out)) == expected);
      // Exact offsets on success; on error nothing written; past runs + 1 never written.
      for (std::size_t i = 0; i < out_size; ++i) {
        const bool written = expected == std::errc{} && i <= runs;
        check(out[i] == (written ? static_cast<P>(offsets[i]) : sentinel));
      }
    };
    check_span_form(ids);
    check_span_form(std::deque<S>(ids.begin(), ids.end()));
  });
  return 0;
}
