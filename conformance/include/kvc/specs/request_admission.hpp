// kvc/specs/request_admission.hpp - the spec of in-order request admission: a queue of requests is
// admitted front to back, each whole, up to the first that does not fit.
// `impl(capacity, used, requests)` returns how many leading requests are admitted when
// `0 <= used <= capacity`: each while `0 <= request <= capacity - used - (those before it)`, by
// mathematical value; 0 for an inconsistent state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

#include <kvc/reuse_policy.hpp>
#include <kvc/request_admission.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/request_sequence_shape.hpp>

namespace kvc::specs {

/// The call shape of in-order request admission: `impl(capacity, used, requests)`, how many
/// leading requests are admitted.
struct request_admission : request_sequence_shape<request_admission> {
  /// The shape's name.
  static constexpr std::string_view name = "request_admission";
  /// The contract's result (no policy applies to it).
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy = {}) noexcept {
    return with_requests(in.requests, [&](const auto& requests) {
      return kvc::admitted_requests(in.capacity, in.used, requests);
    });
  }
};

/// A fixture of request admission: capacity of type C, used of type U, requests of type E; the
/// result is a count.
template <class C = int, class U = int, class E = int>
using request_row = fixture_row<request_admission::inputs<C, U, sequence<E>>, std::size_t>;

namespace request_tables {

/// Small `int` values, so that no straightforward implementation overflows on them: skipping
/// ahead past a request that does not fit, zero-size and negative requests, a partial grant, the
/// slots counted instead of the requests, an inconsistent state.
inline constexpr request_row<> small[] = {
    {"prefix admitted then stop", {10, 4, {2, 3, 4}}, 2},
    {"stop at first that does not fit", {10, 4, {2, 5, 1}}, 1},
    {"large head blocks the queue", {10, 0, {11, 1, 1}}, 0},
    {"zero-size request admitted", {10, 10, {0, 0}}, 2},
    {"admission continues past zero", {10, 4, {2, 0, 3, 2}}, 3},
    {"negative request stops", {10, 0, {2, -1, 3}}, 1},
    {"negative request first", {10, 0, {-1, 0}}, 0},
    {"empty queue", {10, 3, {}}, 0},
    {"exactly filling", {10, 4, {2, 4}}, 2},
    {"one slot short", {10, 5, {3, 3}}, 1},
    {"full cache admits zero-size only", {8, 8, {0, 1, 0}}, 1},
    {"many requests", {100, 0, repeat(3, 40)}, 33},
    {"used above capacity", {4, 6, {0, 1}}, 0},
    {"negative used", {10, -5, {12, 1}}, 0},
    {"negative capacity", {-1, -3, {0, 1}}, 0},
};

// The extremes, grouped by the types of the capacity, the used count and the requests: the
// running sum must be exact, mixed types compared by value, and the count wide enough.
using std::int64_t;
using std::int8_t;
using std::size_t;
using std::uint16_t;
using std::uint64_t;
using std::uint8_t;
inline constexpr uint64_t uint64_max = std::numeric_limits<uint64_t>::max();
inline constexpr int64_t int64_max = std::numeric_limits<int64_t>::max();
inline constexpr uint64_t two_to_63 = uint64_t{1} << 63U;

inline constexpr request_row<uint64_t, uint64_t, int64_t> uint64_uint64_int64[] = {
    // INT64_MAX + INT64_MAX = UINT64_MAX - 1; a third would wrap to INT64_MAX - 2 in 64 bits.
    {"int64 max requests would wrap the sum", {uint64_max, 0, {int64_max, int64_max, int64_max, 0}}, 2},
    {"int64 max requests fill uint64 capacity", {uint64_max, 0, {int64_max, int64_max, 1, 1}}, 3},
    {"negative int64 request after fitting ones", {uint64_max, 0, {5, int64_max, -1, 0}}, 2},
};
inline constexpr request_row<int64_t, int64_t, int64_t> int64_int64_int64[] = {
    {"int64 max requests into int64 capacity", {int64_max, 1, {int64_max - 1, 0, 1}}, 2},
};
inline constexpr request_row<size_t, size_t, int8_t> size_size_int8[] = {
    {"int8 requests fill size_t capacity", {300, 44, {127, 127, 0, 1, 1, 0}}, 6},
    {"int8 requests one slot short", {300, 44, {127, 127, 3}}, 2},
    {"negative int8 request into size_t max", {std::numeric_limits<size_t>::max(), 0, {-1, 1}}, 0},
    // More zero-size requests than an 8-bit counter holds, then one that does not fit.
    {"300 zero-size requests", {0, 0, repeat<int8_t>(0, 300) + sequence<int8_t>{1}}, 300},
};
inline constexpr request_row<uint64_t, uint64_t, int> uint64_uint64_int[] = {
    {"used near capacity in uint64", {uint64_max, uint64_max - 3, {1, 2, 1}}, 2},
};
inline constexpr request_row<int8_t, int8_t, uint64_t> int8_int8_uint64[] = {
    {"uint64 requests into int8 capacity", {127, 0, {100, 27, 1}}, 2},
};
inline constexpr request_row<int, int, uint64_t> int_int_uint64[] = {
    {"uint64 request above int capacity", {10, 0, {two_to_63, uint64_t{1}}}, 0},
};
// Both signs of the 64-bit widths at each argument, so that every mix of them is a form the suite
// offers (and kvc::explore draws): a signed capacity below 0 against unsigned used slots, unsigned
// requests past INT64_MAX, unsigned used past a signed capacity.
inline constexpr request_row<int64_t, uint64_t, uint64_t> int64_uint64_uint64[] = {
    {"int64 capacity -1 with uint64 used 0", {-1, 0, {1}}, 0},
};
inline constexpr request_row<uint64_t, uint64_t, uint64_t> uint64_uint64_uint64[] = {
    {"uint64 requests past INT64_MAX", {uint64_max, 0, {two_to_63, two_to_63 - 1}}, 2},
};
inline constexpr request_row<int64_t, uint64_t, int64_t> int64_uint64_int64[] = {
    {"uint64 used past an int64 capacity", {int64_max, uint64_t{int64_max} + 1, {0}}, 0},
};
// More one-slot requests than an 8-bit counter holds, all admitted but the last.
inline constexpr request_row<uint16_t, uint16_t, uint8_t> uint16_uint16_uint8[] = {
    {"300 one-slot requests", {300, 0, repeat<uint8_t>(1, 301)}, 300},
};

}  // namespace request_tables

// The suites' descriptions.
/// The description of kvc::suites::request_admission.
struct request_admission_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "request_admission";
};
/// The description of kvc::suites::request_admission_extremes.
struct request_admission_extremes_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "request_admission_extremes";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// `impl(capacity, used, requests)` with `int` capacity and used and a sequence of `int` requests
/// (offered as spans or vectors of any integer type that holds them); the expected value is how
/// many leading requests are admitted. Small values: no straightforward implementation overflows
/// on them.
inline constexpr suite<specs::request_admission_suite, specs::request_tables::small>
    request_admission{};
/// The running sum must be exact, mixed types compared by value, and the count wide enough: the
/// counts go past 256 (an 8-bit counter); counts past 65,536 are the run-time tests' and
/// kvc::explore's.
inline constexpr suite<specs::request_admission_extremes_suite,
                       specs::request_tables::uint64_uint64_int64,
                       specs::request_tables::int64_int64_int64,
                       specs::request_tables::size_size_int8,
                       specs::request_tables::uint64_uint64_int,
                       specs::request_tables::int8_int8_uint64, specs::request_tables::int_int_uint64,
                       specs::request_tables::int64_uint64_uint64,
                       specs::request_tables::uint64_uint64_uint64,
                       specs::request_tables::int64_uint64_int64,
                       specs::request_tables::uint16_uint16_uint8>
    request_admission_extremes{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The request-admission contract and its suites.
inline constexpr auto request_admission_contract = describe(
    "request_admission", suites::request_admission, suites::request_admission_extremes);
}  // namespace kvc::specs
