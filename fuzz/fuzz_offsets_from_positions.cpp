// fuzz/fuzz_offsets_from_positions.cpp - kvc::offsets_from_positions (span forms) and
// kvc::max_sequence_length_from_positions against an index-loop oracle that removes the padding
// first, over one row or C rows of position ids.
//
// Input: kvc_fuzz::positions_case (codec.hpp). The ops make sequences (0, 1, 2, ...), repeated
// positions, zeros and padding cheap, in every position type (in an unsigned type -1 is its
// maximum, a position). The output is sequences + 1 + delta or, with the case's base_from_total
// bit, size + 1 + delta elements of any integer type: both sides of the shortcut that skips the
// counting pass, value_too_large and result_out_of_range (long rows, 8-bit outputs). Sizes that
// are not whole rows give invalid_argument. Contiguous inputs take the run-time fast path, a
// std::deque the generic loop.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <span>
#include <system_error>
#include <utility>
#include <vector>

#include <kvc/offsets_from_positions.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::positions_case input = kvc_fuzz::decode_positions(data, size);
  input.visit([&]<class T, class P>(const std::vector<T>& positions, std::type_identity<P>) {
    const std::size_t values = positions.size();
    const bool whole = !input.with_components || values == 0 ||
                       (input.components != 0 && values % input.components == 0);
    const std::size_t tokens =
        !input.with_components || values == 0 || !whole ? values : values / input.components;

    // Oracle: row 0 without its padding (negative positions); a sequence starts at its first token
    // and at every 0; then the total.
    std::vector<std::size_t> offsets;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < tokens; ++i) {
      if (std::cmp_less(positions[i], 0)) continue;
      if (kept == 0 || positions[i] == 0) offsets.push_back(kept);
      ++kept;
    }
    offsets.push_back(kept);
    const std::size_t sequences = offsets.size() - 1;
    std::size_t longest = 0;
    for (std::size_t k = 0; k < sequences; ++k)
      if (offsets[k + 1] - offsets[k] > longest) longest = offsets[k + 1] - offsets[k];

    const kvc::position_components components{input.components};
    if (input.with_components) {
      check(kvc::max_sequence_length_from_positions(positions, components) == (whole ? longest : 0));
    } else {
      check(kvc::max_sequence_length_from_positions(positions) == longest);
    }

    const std::size_t out_size = input.out_size(input.base_from_total ? values + 1 : sequences + 1);
    std::errc expected{};
    if (!whole)
      expected = std::errc::invalid_argument;
    else if (out_size < sequences + 1)
      expected = std::errc::value_too_large;
    else if (kept > static_cast<std::size_t>(std::numeric_limits<P>::max()))
      expected = std::errc::result_out_of_range;

    const auto check_span_form = [&](const auto& ids) {
      const auto sentinel = static_cast<P>(-1);  // never an offset that fits, but a total at P's limit
      std::vector<P> out(out_size, sentinel);
      const std::errc status = input.with_components
                                   ? kvc::offsets_from_positions(ids, components, std::span<P>(out))
                                   : kvc::offsets_from_positions(ids, std::span<P>(out));
      check(status == expected);
      // Exact offsets on success; on error nothing written; past sequences + 1 never written.
      for (std::size_t i = 0; i < out_size; ++i) {
        const bool written = expected == std::errc{} && i <= sequences;
        check(out[i] == (written ? static_cast<P>(offsets[i]) : sentinel));
      }
      if (!input.with_components) check(kvc::max_sequence_length_from_positions(ids) == longest);
    };
    check_span_form(positions);
    check_span_form(std::deque<T>(positions.begin(), positions.end()));
  });
  return 0;
}
