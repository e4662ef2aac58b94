// kvc/suites/request_admission_extremes.hpp - in-order request admission at the integer extremes,
// with mixed signedness, and with more requests than a narrow counter holds.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace request_admission_detail {
inline constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();
inline constexpr std::int64_t i64_max = std::numeric_limits<std::int64_t>::max();
inline constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
}  // namespace request_admission_detail

namespace definition {
/// The fixtures of `kvc::suites::request_admission_extremes`.
struct request_admission_extremes {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = [] {
    using namespace request_admission_detail;
    return boost::hana::make_tuple(
        // INT64_MAX + INT64_MAX = UINT64_MAX - 1; a third would wrap to INT64_MAX - 2 in 64 bits.
        make_fixture(label<"int64 max requests would wrap the sum", Deferred>,
                     inputs<Deferred>(u64_max, std::uint64_t{0},
                                      fixtures::dependent<Deferred, std::array<std::int64_t, 4>>{
                                          i64_max, i64_max, i64_max, 0}),
                     std::size_t{2}),
        make_fixture(label<"int64 max requests fill uint64 capacity", Deferred>,
                     inputs<Deferred>(u64_max, std::uint64_t{0},
                                      fixtures::dependent<Deferred, std::array<std::int64_t, 4>>{
                                          i64_max, i64_max, 1, 1}),
                     std::size_t{3}),
        make_fixture(label<"int64 max requests into int64 capacity", Deferred>,
                     inputs<Deferred>(i64_max, std::int64_t{1},
                                      fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{
                                          i64_max - 1, 0, 1}),
                     std::size_t{2}),
        make_fixture(label<"int8 requests fill size_t capacity", Deferred>,
                     inputs<Deferred>(std::size_t{300}, std::size_t{44},
                                      fixtures::dependent<Deferred, std::array<std::int8_t, 6>>{
                                          127, 127, 0, 1, 1, 0}),
                     std::size_t{6}),
        make_fixture(label<"int8 requests one slot short", Deferred>,
                     inputs<Deferred>(
                         std::size_t{300}, std::size_t{44},
                         fixtures::dependent<Deferred, std::array<std::int8_t, 3>>{127, 127, 3}),
                     std::size_t{2}),
        make_fixture(
            label<"negative int8 request into size_t max", Deferred>,
            inputs<Deferred>(size_max, std::size_t{0},
                             fixtures::dependent<Deferred, std::array<std::int8_t, 2>>{-1, 1}),
            std::size_t{0}),
        make_fixture(label<"negative int64 request after fitting ones", Deferred>,
                     inputs<Deferred>(u64_max, std::uint64_t{0},
                                      fixtures::dependent<Deferred, std::array<std::int64_t, 4>>{
                                          5, i64_max, -1, 0}),
                     std::size_t{2}),
        make_fixture(label<"used near capacity in uint64", Deferred>,
                     inputs<Deferred>(u64_max, u64_max - 3, fixtures::array<Deferred>(1, 2, 1)),
                     std::size_t{2}),
        make_fixture(label<"uint64 requests into int8 capacity", Deferred>,
                     inputs<Deferred>(
                         std::int8_t{127}, std::int8_t{0},
                         fixtures::dependent<Deferred, std::array<std::uint64_t, 3>>{100, 27, 1}),
                     std::size_t{2}),
        make_fixture(label<"uint64 request above int capacity", Deferred>,
                     inputs<Deferred>(10, 0,
                                      fixtures::dependent<Deferred, std::array<std::uint64_t, 2>>{
                                          std::uint64_t{1} << 63, 1}),
                     std::size_t{0}),
        // Both signs of the 64-bit widths at each argument, so that every mix of them is a form
        // the suite offers (and kvc::explore draws): a signed capacity below 0 against unsigned
        // used slots, unsigned requests past INT64_MAX, unsigned used past a signed capacity.
        make_fixture(
            label<"int64 capacity -1 with uint64 used 0", Deferred>,
            inputs<Deferred>(std::int64_t{-1}, std::uint64_t{0},
                             fixtures::dependent<Deferred, std::array<std::uint64_t, 1>>{1}),
            std::size_t{0}),
        make_fixture(label<"uint64 requests past INT64_MAX", Deferred>,
                     inputs<Deferred>(u64_max, std::uint64_t{0},
                                      fixtures::dependent<Deferred, std::array<std::uint64_t, 2>>{
                                          std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1}),
                     std::size_t{2}),
        make_fixture(
            label<"uint64 used past an int64 capacity", Deferred>,
            inputs<Deferred>(i64_max, static_cast<std::uint64_t>(i64_max) + 1,
                             fixtures::dependent<Deferred, std::array<std::int64_t, 1>>{0}),
            std::size_t{0}),
        make_fixture(
            label<"300 zero-size requests", Deferred>,
            inputs<Deferred>(
                std::size_t{0}, std::size_t{0},
                fixtures::join(fixtures::filled<300>(std::int8_t{0}),
                               fixtures::dependent<Deferred, std::array<std::int8_t, 1>>{1})),
            std::size_t{300}),
        make_fixture(label<"300 one-slot requests", Deferred>,
                     inputs<Deferred>(std::uint16_t{300}, std::uint16_t{0},
                                      fixtures::filled<301>(std::uint8_t{1})),
                     std::size_t{300}));
  }();
};
}  // namespace definition

/// The running sum must be exact, mixed types compared by value, and the count wide enough. The
/// counts go past 256 but not past 65,536: one call on 70,000 requests alone exceeds clang's
/// default constant-evaluation budget (1,048,576 steps), and every suite check of every contract
/// shares one evaluation in static_checks/contracts.cpp; tests/request_admission.cpp counts past
/// 65,536 at run time.
inline constexpr lazy_suite<definition::request_admission_extremes> request_admission_extremes{};

}  // namespace kvc::suites
