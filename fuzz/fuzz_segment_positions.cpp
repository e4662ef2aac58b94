// fuzz/fuzz_segment_positions.cpp - the span form of kvc::segment_positions against an index-loop
// oracle, including both error paths.
//
// Input: kvc_fuzz::segments_case (codec.hpp): an id type, an output element type among
// int8..uint64 and size_t, an output size of n + a signed delta (too short about half the time),
// and the ids as (id, run length up to 256) pairs, so runs whose positions overflow an 8-bit output
// (result_out_of_range) take one or two pairs.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <span>
#include <system_error>
#include <vector>

#include <kvc/segment_positions.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::segments_case input = kvc_fuzz::decode_segments(data, size);
  input.visit([&]<class S, class P>(const std::vector<S>& ids, std::type_identity<P>) {
    const std::size_t n = ids.size();

    // Oracle: a token continues its predecessor's run iff their ids are equal.
    std::vector<std::size_t> positions(n);
    std::size_t highest = 0;
    for (std::size_t i = 0; i < n; ++i) {
      positions[i] = (i > 0 && ids[i] == ids[i - 1]) ? positions[i - 1] + 1 : 0;
      if (positions[i] > highest) highest = positions[i];
    }
    const std::size_t out_size = input.out_size(n);
    std::errc expected{};
    if (out_size < n)
      expected = std::errc::value_too_large;
    else if (n > 0 && highest > static_cast<std::size_t>(std::numeric_limits<P>::max()))
      expected = std::errc::result_out_of_range;

    // The same ids as a contiguous vector and as a std::deque: implementations may take a fast
    // path for contiguous integers, and the deque keeps the generic path under test too.
    const auto check_span_form = [&](const auto& segments) {
      // -1 (max for unsigned P) is never a position that fits, except exactly at P's limit.
      const auto sentinel = static_cast<P>(-1);
      std::vector<P> out(out_size, sentinel);
      check(kvc::segment_positions(segments, std::span<P>(out)) == expected);
      // Exact positions on success; on error nothing written; past n never written.
      for (std::size_t i = 0; i < out_size; ++i) {
        const bool written = expected == std::errc{} && i < n;
        check(out[i] == (written ? static_cast<P>(positions[i]) : sentinel));
      }
    };
    check_span_form(ids);
    check_span_form(std::deque<S>(ids.begin(), ids.end()));
  });
  return 0;
}
