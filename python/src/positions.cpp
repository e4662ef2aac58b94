// python/src/positions.cpp - kvc's segment and position-id contracts as Python functions, on
// NumPy arrays: segment positions and offsets, and cu_seqlens and max_seqlen from position ids.
//
// As in contracts.cpp, every function converts its arguments (integer_arguments.hpp), calls the C++
// contract itself with the GIL released, and turns the contract's error values into Python
// exceptions. Apart from contracts.cpp because NumPy's pybind11 header and these contracts' kernels
// together made the largest unit of the extension.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <system_error>
#include <variant>
#include <vector>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include "bindings.hpp"
#include "integer_arguments.hpp"
#include "kvc/detail/position_runs.hpp"
#include "kvc/offsets_from_positions.hpp"
#include "kvc/position_components.hpp"
#include "kvc/segment_offsets.hpp"
#include "kvc/segment_positions.hpp"

namespace py = pybind11;

namespace {

using kvc_python::integer_sequence;

// ---- segments and positions -----------------------------------------------------------------

std::string dtype_text(const py::array& array) {
  return py::str(static_cast<py::handle>(array.dtype())).cast<std::string>();
}

/// Raises the Python exception for a contract's error value: OverflowError when a result does not
/// fit the output dtype, ValueError for malformed input; nothing for success.
void raise_on_error(std::errc error, const std::string& function, const std::string& overflow) {
  if (error == std::errc{}) return;
  const std::string cause =
      " (std::errc::" +
      std::string(error == std::errc::result_out_of_range ? "result_out_of_range"
                  : error == std::errc::invalid_argument  ? "invalid_argument"
                                                          : "value_too_large") +
      ": " + std::make_error_code(error).message() + ")";
  if (error == std::errc::result_out_of_range)
    throw kvc_python::overflow_error(function + ": " + overflow + cause);
  if (error == std::errc::invalid_argument)
    throw py::value_error(function + ": the input is not whole rows" + cause);
  // value_too_large: the count and the write disagreed, which a snapshot of the input rules out.
  throw std::runtime_error(function + ": the input changed while it was read" + cause);
}

/// The positions' dtype when none is asked for: int32 holds every position of a sequence shorter
/// than 2**31 tokens and writes half the bytes of int64 (the write is most of the cost), and
/// 4-byte ids with 4-byte positions take the AVX2 kernel.
py::dtype default_position_dtype(std::size_t count) {
  constexpr auto int32_max = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());
  return count == 0 || count - 1 <= int32_max ? py::dtype::of<std::int32_t>()
                                                : py::dtype::of<std::int64_t>();
}

py::dtype output_dtype(py::handle dtype, py::dtype fallback) {
  return dtype.is_none() ? fallback : kvc_python::integer_dtype_from(dtype, "dtype");
}

/// A new uninitialized 1-D array of `count` elements of `dtype`.
py::array new_array(const py::dtype& dtype, std::size_t count) {
  return py::array(dtype, std::vector<py::ssize_t>{static_cast<py::ssize_t>(count)});
}

/// `write(ids, out)` on the views of `ids` and of the writable `out`, without the GIL.
template <class Write>
std::errc write_into(const integer_sequence& ids, py::array& out, Write write) {
  return std::visit(
      [&](const auto& in) {
        return kvc_python::visit_writable(out, [&](auto out_span) {
          py::gil_scoped_release release;
          return write(in, out_span);
        });
      },
      ids.view());
}

py::array segment_positions(py::handle ids, py::handle dtype) {
  const auto segments = integer_sequence::from(ids, "ids");
  py::array out = new_array(output_dtype(dtype, default_position_dtype(segments.size())),
                            segments.size());
  const std::errc error = write_into(segments, out, [](const auto& in, auto out_span) {
    return kvc::segment_positions(in, out_span);
  });
  raise_on_error(error, "segment_positions",
                 "a position does not fit dtype " + dtype_text(out) + "; pass dtype=numpy.int64");
  return out;
}

template <class Summary>
std::size_t summarize(const integer_sequence& ids, Summary summary) {
  return std::visit(
      [&](const auto& in) {
        py::gil_scoped_release release;
        return summary(in);
      },
      ids.view());
}

std::size_t segment_run_count(py::handle ids) {
  return summarize(integer_sequence::from(ids, "ids"),
                   [](const auto& in) { return kvc::segment_run_count(in); });
}

std::size_t max_segment_length(py::handle ids) {
  return summarize(integer_sequence::from(ids, "ids"),
                   [](const auto& in) { return kvc::max_segment_length(in); });
}

py::array segment_offsets(py::handle ids, py::handle dtype) {
  const auto segments = integer_sequence::snapshot(ids, "ids");
  // Counted, then written: on a snapshot of the input, so that the count holds for the write.
  const std::size_t runs =
      summarize(segments, [](const auto& in) { return kvc::segment_run_count(in); });
  py::array out = new_array(output_dtype(dtype, py::dtype::of<std::int32_t>()), runs + 1);
  const std::errc error = write_into(segments, out, [](const auto& in, auto out_span) {
    return kvc::segment_offsets(in, out_span);
  });
  raise_on_error(error, "segment_offsets",
                 "the total " + std::to_string(segments.size()) + " does not fit dtype " +
                     dtype_text(out) + "; pass dtype=numpy.int64");
  return out;
}

/// The number of tokens of C = `components` rows of position ids (`values` in all); ValueError
/// when they are not whole rows, as the C++ contract's `std::errc::invalid_argument`.
std::size_t tokens_of_rows(std::size_t values, std::size_t components, const char* function) {
  if (values == 0) return 0;
  if (components == 0 || values % components != 0)
    throw py::value_error(std::string(function) + ": " + std::to_string(values) +
                          " position ids are not whole rows of components=" +
                          std::to_string(components) + " (std::errc::invalid_argument)");
  return values / components;
}

py::array offsets_from_positions(py::handle positions, py::handle components, py::handle dtype) {
  const auto ids = integer_sequence::snapshot(positions, "positions");
  const std::size_t rows = kvc_python::size_from(components, "components");
  const std::size_t tokens = tokens_of_rows(ids.size(), rows, "offsets_from_positions");
  // The contract writes sequences + 1 offsets; the array is made that long, so it is counted first.
  // Counted, then written: on a snapshot of the input, so that the count holds for the write.
  const std::size_t sequences = summarize(ids, [tokens](const auto& in) {
    return kvc::detail::summarize_sequences(in, tokens).sequences;
  });
  py::array out = new_array(output_dtype(dtype, py::dtype::of<std::int32_t>()), sequences + 1);
  const std::errc error = write_into(ids, out, [rows](const auto& in, auto out_span) {
    return kvc::offsets_from_positions(in, kvc::position_components{rows}, out_span);
  });
  raise_on_error(error, "offsets_from_positions",
                 "the token total does not fit dtype " + dtype_text(out) +
                     "; pass dtype=numpy.int64");
  return out;
}

std::size_t max_sequence_length_from_positions(py::handle positions, py::handle components) {
  const auto ids = integer_sequence::from(positions, "positions");
  const std::size_t rows = kvc_python::size_from(components, "components");
  tokens_of_rows(ids.size(), rows, "max_sequence_length_from_positions");
  return summarize(ids, [rows](const auto& in) {
    return kvc::max_sequence_length_from_positions(in, kvc::position_components{rows});
  });
}
// ---- docstrings -----------------------------------------------------------------------------

constexpr const char* segment_positions_doc = R"(The position of every token within its run of equal segment ids: kvc::segment_positions.

A run is a contiguous stretch of equal ids; a later run that reuses an id starts again at 0.

Args:
    ids: one segment id per token: a 1-D NumPy integer array (viewed without a copy) or a list.
    dtype: the positions' integer dtype. By default int32 (int64 for 2**31 tokens or more): it
        holds every position and writes half the bytes of int64; int32 ids then take kvc's AVX2
        kernel, at the speed of copying the array.

Returns:
    numpy.ndarray: the positions, as long as `ids`.

Raises:
    OverflowError: a position does not fit `dtype` (std::errc::result_out_of_range).
    TypeError, ValueError: as for token arguments (see reusable_prefix_length).
)";

constexpr const char* segment_offsets_doc = R"(The start of every run of equal segment ids, then the total: kvc::segment_offsets.

This is flash-attn's varlen `cu_seqlens`: runs + 1 entries, [0] for no ids.

Args:
    ids: one segment id per token: a 1-D NumPy integer array (viewed without a copy) or a list.
    dtype: the offsets' integer dtype; int32 by default, as flash-attn's varlen API takes them.

Returns:
    numpy.ndarray: the offsets.

Raises:
    OverflowError: the total does not fit `dtype` (std::errc::result_out_of_range), for example
        2**31 tokens or more in int32.
    TypeError, ValueError: as for token arguments (see reusable_prefix_length).
)";

constexpr const char* segment_run_count_doc =
    R"(The number of runs of equal segment ids (0 for none): kvc::segment_run_count.)";

constexpr const char* max_segment_length_doc =
    R"(The length of the longest run of equal segment ids (varlen attention's `max_seqlen`; 0 for
none): kvc::max_segment_length.)";

constexpr const char* offsets_from_positions_doc = R"(`cu_seqlens` from position ids: kvc::offsets_from_positions.

A sequence starts at the first token and at every position equal to 0. A negative position is a
padding token: removed, it forms no sequence, and the offsets index the tokens that remain.

Args:
    positions: position ids, 1-D: a NumPy integer array or a list. With `components` = C, C rows of
        N ids each, flattened component-major (M-RoPE's [3, N] tensor, reshaped to 1-D); row 0
        decides.
    components: C, the number of rows; 1 by default.
    dtype: the offsets' integer dtype; int32 by default.

Returns:
    numpy.ndarray: the start of every sequence, then the number of tokens that are not padding.

Raises:
    ValueError: `positions` is not whole rows of `components` (std::errc::invalid_argument).
    OverflowError: the total does not fit `dtype` (std::errc::result_out_of_range).
)";

constexpr const char* max_sequence_length_from_positions_doc = R"(`max_seqlen` from position ids: kvc::max_sequence_length_from_positions.

The longest sequence counted in tokens, padding excluded (never max(position) + 1, which repeated
M-RoPE positions make too small); 0 for no tokens.

Args:
    positions: position ids, as for offsets_from_positions.
    components: C, the number of rows; 1 by default.

Raises:
    ValueError: `positions` is not whole rows of `components`.
)";

}  // namespace

void bind_positions(py::module_& m) {
  m.def("segment_positions", &segment_positions, segment_positions_doc, py::arg("ids"),
        py::kw_only(), py::arg("dtype") = py::none());
  m.def("segment_offsets", &segment_offsets, segment_offsets_doc, py::arg("ids"), py::kw_only(),
        py::arg("dtype") = py::none());
  m.def("segment_run_count", &segment_run_count, segment_run_count_doc, py::arg("ids"));
  m.def("max_segment_length", &max_segment_length, max_segment_length_doc, py::arg("ids"));
  m.def("offsets_from_positions", &offsets_from_positions, offsets_from_positions_doc,
        py::arg("positions"), py::kw_only(), py::arg("components") = 1,
        py::arg("dtype") = py::none());
  m.def("max_sequence_length_from_positions", &max_sequence_length_from_positions,
        max_sequence_length_from_positions_doc, py::arg("positions"), py::kw_only(),
        py::arg("components") = 1);
}
