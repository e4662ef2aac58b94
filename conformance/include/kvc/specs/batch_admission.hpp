// kvc/specs/batch_admission.hpp - the spec of all-or-nothing batch admission: a step's requests are
// admitted whole or not at all. `impl(capacity, used, requests)` returns the total of `requests`
// when `0 <= used <= capacity`, every request is `>= 0` and the total fits in `capacity - used`,
// by mathematical value (the sum exact, however large), else 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include <kvc/batch_admission.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/request_sequence_shape.hpp>

namespace kvc::specs {

/// The call shape of batch admission: `impl(capacity, used, requests)`, the admitted total.
struct batch_admission : request_sequence_shape<batch_admission> {
  /// The shape's name.
  static constexpr std::string_view name = "batch_admission";
  /// The contract's result (no policy applies to it).
  template <class In>
  [[nodiscard]] static constexpr auto reference(const In& in, reuse_policy = {}) noexcept {
    return with_requests(in.requests, [&](const auto& requests) {
      return kvc::admitted_batch(in.capacity, in.used, requests);
    });
  }
};

/// A fixture of batch admission: capacity of type C, used of type U, requests of type E; the
/// result has the common type of the capacity and the requests, as the contract's does.
template <class C = int, class U = int, class E = int>
using batch_row =
    fixture_row<batch_admission::inputs<C, U, sequence<E>>, std::common_type_t<C, E>>;

namespace batch_tables {

/// Small `int` values, so that no straightforward implementation overflows on them: a batch
/// admitted in part, each request checked alone, a negative request making room for the others,
/// an inconsistent state, and zero-size requests.
inline constexpr batch_row<> small[] = {
    {"whole batch fits exactly", {10, 4, {2, 4}}, 6},
    {"batch one slot short", {10, 5, {2, 4}}, 0},
    {"each fits alone but not together", {10, 5, {3, 3}}, 0},
    {"first request fills the cache", {10, 0, {10, 1}}, 0},
    {"negative request offsets another", {10, 8, {5, -3}}, 0},
    {"negative request alone", {10, 0, {-1}}, 0},
    {"zero requests", {10, 10, {0, 0}}, 0},
    {"empty batch", {10, 3, {}}, 0},
    {"single request", {8, 0, {8}}, 8},
    {"batch with room to spare", {100, 10, {1, 2, 3}}, 6},
    {"many small requests", {100, 0, repeat(10, 10)}, 100},
    {"used above capacity", {4, 6, {0, 1}}, 0},
    {"negative used", {10, -5, {12}}, 0},
    // A request for 0 tokens is valid (a sequence with nothing new to cache this step): it adds
    // nothing and must not refuse the others.
    {"zero-size request among others", {10, 0, {3, 0, 2}}, 5},
    {"zero-size request first fills the cache", {10, 4, {0, 6}}, 6},
    {"zero-size request alone", {10, 0, {0}}, 0},
};

// The extremes, grouped by the types of the capacity, the used count and the requests. An
// implementation passes only if it decides the bounds by mathematical value.
using std::int64_t;
using std::size_t;
using std::uint64_t;
inline constexpr uint64_t uint64_max = std::numeric_limits<uint64_t>::max();
inline constexpr int64_t int64_max = std::numeric_limits<int64_t>::max();

// Requests at the integer extremes: the sum must be exact (two of INT64_MAX fit in UINT64_MAX, a
// third request wraps a 64-bit sum).
inline constexpr batch_row<uint64_t, uint64_t, int64_t> uint64_uint64_int64[] = {
    {"int64 max requests fill uint64 capacity", {uint64_max, 0, {int64_max, int64_max, 1}}, uint64_max},
    {"int64 max requests overflow the sum", {uint64_max, 0, {int64_max, int64_max, 3}}, 0},
};
inline constexpr batch_row<int64_t, int64_t, int64_t> int64_int64_int64[] = {
    {"int64 max requests into int64 capacity", {int64_max, 0, {int64_max, 1}}, 0},
};
inline constexpr batch_row<size_t, size_t, int64_t> size_size_int64[] = {
    {"negative int64 request into size_t capacity", {std::numeric_limits<size_t>::max(), 0, {-1, 1}}, 0},
};
// Mixed signedness with small values: raw comparisons convert a negative int to unsigned, so a
// capacity of -1 reads as 4294967295 free slots.
inline constexpr batch_row<int, unsigned, int> int_unsigned_int[] = {
    {"int capacity -1 with unsigned used", {-1, 0U, {2, 3}}, 0},
};
inline constexpr batch_row<int, uint64_t, uint64_t> int_uint64_uint64[] = {
    {"int capacity -1 with uint64 used and requests", {-1, 0, {2, 3}}, 0},
};
inline constexpr batch_row<unsigned, int, int> unsigned_int_int[] = {
    {"unsigned capacity with negative int used", {10U, -3, {2, 3}}, 0U},
};
inline constexpr batch_row<unsigned, unsigned, int> unsigned_unsigned_int[] = {
    {"unsigned capacity with a negative int request", {10U, 0U, {4, -1}}, 0U},
};
inline constexpr batch_row<int, int, unsigned> int_int_unsigned[] = {
    {"int capacity with unsigned requests", {10, 2, {3U, 5U}}, 8U},
};
// Counts past 32 bits: a count kept in 32 bits reads 2^32 + k as k.
inline constexpr batch_row<uint64_t, uint64_t, uint64_t> uint64_uint64_uint64[] = {
    {"capacity past 32 bits", {0x1'0000'0005, 0, {6, 4}}, 10},
    {"used 2^32 with one slot left", {0x1'0000'0001, 0x1'0000'0000, {1, 1}}, 0},
    {"used 2^32 above a small capacity", {5, 0x1'0000'0000, {3}}, 0},
};

}  // namespace batch_tables

// The suites' descriptions.
/// The description of kvc::suites::batch_admission.
struct batch_admission_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "batch_admission";
};
/// The description of kvc::suites::batch_admission_extremes.
struct batch_admission_extremes_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "batch_admission_extremes";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// `impl(capacity, used, requests)` with `int` capacity and used and a sequence of `int` requests
/// (offered as spans or vectors of any integer type that holds them). Small values: no
/// straightforward implementation overflows on them.
inline constexpr suite<specs::batch_admission_suite, specs::batch_tables::small> batch_admission{};
/// Requests at the integer extremes (the sum must be exact), mixed signedness with small values,
/// and counts past 32 bits: the bounds are decided by mathematical value.
inline constexpr suite<specs::batch_admission_extremes_suite,
                       specs::batch_tables::uint64_uint64_int64,
                       specs::batch_tables::int64_int64_int64, specs::batch_tables::size_size_int64,
                       specs::batch_tables::int_unsigned_int, specs::batch_tables::int_uint64_uint64,
                       specs::batch_tables::unsigned_int_int,
                       specs::batch_tables::unsigned_unsigned_int,
                       specs::batch_tables::int_int_unsigned,
                       specs::batch_tables::uint64_uint64_uint64>
    batch_admission_extremes{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The batch-admission contract and its suites.
inline constexpr auto batch_admission_contract =
    describe("batch_admission", suites::batch_admission, suites::batch_admission_extremes);
}  // namespace kvc::specs
