// kvc/specs/append_admission.hpp - the spec of append admission (FA-98626): a multi-token append is
// admitted whole or not at all. `impl(capacity, used, requested)` returns `requested` when
// `0 <= used <= capacity` and `0 <= requested <= capacity - used`, by mathematical value, else 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

#include <kvc/append_admission.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/suite.hpp>

namespace kvc::specs {

/// The call shape of the admission contracts: `impl(capacity, used, requested)`.
struct append_admission : direct_call_shape<append_admission> {
  /// The shape's name.
  static constexpr std::string_view name = "append_admission";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"capacity", field_kind::capacity},
                                     {"used", field_kind::used},
                                     {"requested", field_kind::count}};

  /// One call's inputs, each of its own integer type.
  template <class C = int, class U = int, class R = int>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = append_admission;
    C capacity;   ///< the slots there are
    U used;       ///< the slots already taken
    R requested;  ///< the slots the append asks for
  };

  /// `f(capacity, used, requested)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.capacity, in.used, in.requested);
  }
  /// The contract's result (no policy applies to it).
  template <class In>
  [[nodiscard]] static constexpr auto reference(const In& in, reuse_policy = {}) noexcept {
    return kvc::admitted_append(in.capacity, in.used, in.requested);
  }
};

/// A fixture of append admission: the result is `requested`'s type.
template <class C = int, class U = int, class R = int>
using append_row = fixture_row<append_admission::inputs<C, U, R>, R>;

/// The seven fixtures of FA-98626 in the record's order, for any N as the record writes them.
template <int N>
inline constexpr append_row<> seed_append_admission[] = {
    {"fits exactly", {N + 3, N, 3}, 3},
    {"one free short", {N + 3, N + 1, 3}, 0},
    {"partial would fit", {5, 3, 4}, 0},
    {"empty append", {5, 3, 0}, 0},
    {"empty cache", {N, 0, N}, N},
    {"full cache", {N, N, 1}, 0},
    {"negative request", {5, 0, -1}, 0},
};

/// Fixtures beyond the record's, each there to reject a plausible wrong implementation. All are
/// `int` and small, so that no straightforward implementation overflows on them; the integer
/// extremes have a suite of their own.
inline constexpr append_row<> extra_append_admission[] = {
    {"fits with room to spare", {10, 2, 5}, 5},
    {"one slot left", {10, 9, 1}, 1},
    {"large request into empty cache", {1000, 0, 1000}, 1000},
    {"one over capacity", {1000, 0, 1001}, 0},
    {"zero capacity", {0, 0, 1}, 0},
    {"zero capacity empty append", {0, 0, 0}, 0},
    {"large negative request", {5, 0, -5}, 0},
    {"used above capacity", {3, 5, 1}, 0},
    {"negative used", {5, -2, 3}, 0},
    {"negative used would fit", {5, -2, 6}, 0},
    {"negative capacity", {-2, -4, 1}, 0},
    {"request equals capacity with slots used", {8, 1, 8}, 0},
    // A capacity of 1,024 filled exactly: a ring of a power-of-two size that keeps one slot free
    // to tell full from empty has 1,023.
    {"fills a capacity of 1024 exactly", {1024, 1000, 24}, 24},
};

// The extremes: mixed integer types at their limits, grouped by the types of the three arguments.
// An implementation passes only if it decides the bounds by mathematical value.
namespace extremes {
using std::int64_t;
using std::int8_t;
using std::size_t;
using std::uint64_t;
using std::uint8_t;
inline constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
inline constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();

inline constexpr append_row<size_t, size_t, int64_t> size_size_int64[] = {
    {"size_t capacity with int64 negative request", {size_max, 0, -1}, 0},
};
inline constexpr append_row<size_t, size_t, size_t> size_size_size[] = {
    {"full size_t capacity", {size_max, 0, size_max}, size_max},
    {"sum wraps in size_t", {size_max, 1, size_max}, 0},
};
inline constexpr append_row<int64_t, int64_t, uint64_t> int64_int64_uint64[] = {
    {"size_t request above int64 capacity", {int64_max, 0, uint64_t{1} << 63U}, 0},
};
inline constexpr append_row<int64_t, int64_t, int64_t> int64_int64_int64[] = {
    {"int64 extremes", {int64_max, std::numeric_limits<int64_t>::min(), 1}, 0},
    // Every value non-negative, so that an implementation with int64 or uint64 parameters is
    // called with every one: a sum that wraps to a negative int64, and counts past 2^53, where a
    // comparison in double rounds one slot away.
    {"int64 sum wraps to negative", {int64_max, 1, int64_max}, 0},
    {"int64 used and request sum past capacity",
     {int64_t{1} << 62U, int64_t{1} << 62U, int64_t{1} << 62U},
     0},
    {"one slot short past 2^53", {int64_t{1} << 53U, 1, int64_t{1} << 53U}, 0},
    {"request one above capacity near int64 max", {int64_max - 1, 0, int64_max}, 0},
    {"fits exactly past 2^53", {(int64_t{1} << 53U) + 1, 1, int64_t{1} << 53U}, int64_t{1} << 53U},
};
inline constexpr append_row<int8_t, int8_t, uint64_t> int8_int8_uint64[] = {
    {"int8 capacity with uint64 request", {127, 0, 128}, 0},
};
inline constexpr append_row<uint8_t, uint8_t, uint8_t> uint8_uint8_uint8[] = {
    {"uint8 fits exactly", {255, 5, 250}, 250},
};
inline constexpr append_row<uint8_t, int8_t, uint8_t> uint8_int8_uint8[] = {
    {"negative int8 used with uint8 capacity", {200, -128, 100}, 0},
};
inline constexpr append_row<int64_t, uint64_t, int64_t> int64_uint64_int64[] = {
    {"uint64 used above int64 capacity", {5, std::numeric_limits<uint64_t>::max(), 0}, 0},
    {"int64 capacity -1 with uint64 used", {-1, 0, 5}, 0},
};
// Mixed signedness with small values, in every argument position. Raw `<`, `<=` and `-` convert a
// negative int to unsigned: -1 becomes 4294967295 free slots.
inline constexpr append_row<int, unsigned, int> int_unsigned_int[] = {
    {"int capacity -1 with unsigned used", {-1, 0U, 5}, 0},
};
inline constexpr append_row<int, unsigned, unsigned> int_unsigned_unsigned[] = {
    {"int capacity -1 with unsigned used and request", {-1, 0U, 5U}, 0U},
};
inline constexpr append_row<unsigned, int, int> unsigned_int_int[] = {
    {"unsigned capacity with negative int used", {10U, -3, 5}, 0},
    {"unsigned capacity with int used and request", {10U, 2, 8}, 8},
};
inline constexpr append_row<unsigned, int, unsigned> unsigned_int_unsigned[] = {
    {"unsigned capacity and request with negative int used", {10U, -3, 5U}, 0U},
};
inline constexpr append_row<unsigned, unsigned, int> unsigned_unsigned_int[] = {
    {"unsigned capacity and used with negative int request", {10U, 2U, -1}, 0},
};
inline constexpr append_row<int, int, unsigned> int_int_unsigned[] = {
    {"int capacity and used with unsigned request that fits", {10, 2, 8U}, 8U},
    {"int capacity and used with unsigned request one too many", {10, 2, 9U}, 0U},
};
// Counts past 32 bits: a count kept in 32 bits reads 2^32 + k as k.
inline constexpr append_row<uint64_t, uint64_t, uint64_t> uint64_uint64_uint64[] = {
    {"capacity past 32 bits", {0x1'0000'0005, 0, 10}, 10},
    {"used 2^32 with one slot left", {0x1'0000'0001, 0x1'0000'0000, 1}, 1},
    {"used 2^32 with two requested and one slot left", {0x1'0000'0001, 0x1'0000'0000, 2}, 0},
    {"used 2^32 above a small capacity", {5, 0x1'0000'0000, 3}, 0},
};
// A negative used count refused whatever the arithmetic: -2 is not 2^64 - 2 used slots.
inline constexpr append_row<uint64_t, int64_t, uint64_t> uint64_int64_uint64[] = {
    {"used -2 below a full uint64 capacity", {std::numeric_limits<uint64_t>::max(), -2, 1}, 0},
};
}  // namespace extremes

// The suites' descriptions: names, where each table's fixtures come from (`sources`, "kvc" when
// not given), and the suites that are parts of another (not exported on their own).
/// The description of kvc::suites::append_admission.
struct append_admission_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "append_admission";
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98626", "kvc"};
};
/// The description of kvc::suites::extra_append_admission.
struct extra_append_admission_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "extra_append_admission";
  /// A part of another suite: in the suite table, in no vector file of its own.
  static constexpr bool part = true;
};
/// The description of kvc::suites::append_admission_extremes.
struct append_admission_extremes_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "append_admission_extremes";
};
/// The description of kvc::suites::seed_append_admission<N>.
template <int N>
struct seed_append_admission_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "seed_append_admission";
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98626"};
  /// A part of another suite: in the suite table, in no vector file of its own.
  static constexpr bool part = true;
};

}  // namespace kvc::specs

namespace kvc::suites {

/// The seven fixtures of FA-98626 for any N. Implementations are called as
/// `impl(capacity, used, requested)` with `int` arguments.
template <int N>
inline constexpr suite<specs::seed_append_admission_suite<N>, specs::seed_append_admission<N>>
    seed_append_admission{};
/// Fixtures beyond the record's, each there to reject a plausible wrong implementation.
inline constexpr suite<specs::extra_append_admission_suite, specs::extra_append_admission>
    extra_append_admission{};
/// The append-admission suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr suite<specs::append_admission_suite, specs::seed_append_admission<1>,
                       specs::extra_append_admission>
    append_admission{};
/// Mixed integer types at their extremes, mixed signedness with small values, and counts past 32
/// bits. An implementation passes only if it decides the bounds by mathematical value: computing
/// in the arguments' own types overflows, wraps or converts a negative value to a huge unsigned
/// one here, and a count kept in 32 bits loses its high bits.
inline constexpr suite<
    specs::append_admission_extremes_suite, specs::extremes::size_size_int64,
    specs::extremes::size_size_size, specs::extremes::int64_int64_uint64,
    specs::extremes::int64_int64_int64, specs::extremes::int8_int8_uint64,
    specs::extremes::uint8_uint8_uint8, specs::extremes::uint8_int8_uint8,
    specs::extremes::int64_uint64_int64, specs::extremes::int_unsigned_int,
    specs::extremes::int_unsigned_unsigned, specs::extremes::unsigned_int_int,
    specs::extremes::unsigned_int_unsigned, specs::extremes::unsigned_unsigned_int,
    specs::extremes::int_int_unsigned, specs::extremes::uint64_uint64_uint64,
    specs::extremes::uint64_int64_uint64>
    append_admission_extremes{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The append-admission contract and its suites.
inline constexpr auto append_admission_contract =
    describe("append_admission", suites::append_admission, suites::extra_append_admission,
             suites::seed_append_admission<1>, suites::append_admission_extremes);
}  // namespace kvc::specs
