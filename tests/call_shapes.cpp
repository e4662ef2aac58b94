// Runtime tests of how suites call implementations: engine signatures that only work at run time
// (std::vector tokens, std::string namespaces, state), and fixture values that do not fit the
// implementation's integer type.
#include <kvc/conformance.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace {

/// An engine's prefix match as engines write it at run time.
std::size_t vector_prefix(const std::string& cache_ns, const std::string& request_ns,
                          const std::vector<std::int32_t>& cached,
                          const std::vector<std::int32_t>& requested) {
  if (cache_ns != request_ns) return 0;
  std::size_t i = 0;
  while (i < cached.size() && i < requested.size() && cached[i] == requested[i]) ++i;
  return i;
}

/// The same, one token short of the truth after a mismatch.
std::size_t vector_prefix_off_by_one(const std::string& cache_ns, const std::string& request_ns,
                                     const std::vector<std::int64_t>& cached,
                                     const std::vector<std::int64_t>& requested) {
  if (cache_ns != request_ns) return 0;
  std::size_t i = 0;
  while (i < cached.size() && i < requested.size() && cached[i] == requested[i]) ++i;
  return i < cached.size() && i < requested.size() ? i + 1 : i;
}

}  // namespace

TEST_CASE("call shapes: vector tokens and std::string namespaces at run time") {
  CHECK(kvc::conforms(kvc::suites::prefix_reuse, vector_prefix));
  CHECK(kvc::conforms(kvc::suites::block_prefix_reuse,
                      [](const std::string& a, const std::string& b,
                         const std::vector<std::uint64_t>& c, const std::vector<std::uint64_t>& r,
                         int block) {
                        return kvc::reusable_prefix_length(a, b, c, r, block);
                      }));
  CHECK_FALSE(kvc::conforms(kvc::suites::prefix_reuse, vector_prefix_off_by_one));
  const auto row = kvc::outcomes(kvc::suites::prefix_reuse, vector_prefix_off_by_one);
  CHECK(row[2] == false);  // same namespace mismatch: 2 where 1 is due
  CHECK(row[0] == true);
}

TEST_CASE("call shapes: an implementation with state is called once per fixture") {
  int calls = 0;
  const auto counting = [&calls](std::span<const std::int32_t> segments, std::span<std::size_t> out) {
    ++calls;
    return kvc::segment_positions(segments, out);
  };
  CHECK(kvc::conforms(kvc::suites::segment_positions, counting));
  CHECK(calls == static_cast<int>(kvc::suite_size<decltype(kvc::suites::segment_positions)>));
}

TEST_CASE("call shapes: a fixture value that does not fit the implementation's type is refused") {
  const auto suite = boost::hana::make_tuple(kvc::make_fixture(
      kvc::label<"id past 32 bits">,
      kvc::inputs(std::array<std::int64_t, 2>{(std::int64_t{1} << 32) + 1, 1}), std::size_t{2}));
  // Narrowed to int32, 2^32 + 1 would read as 1 and the ids would look equal: never offered.
  const auto narrow = [](std::span<const std::int32_t> ids) { return ids.size(); };
  CHECK_FALSE(kvc::conforms(suite, narrow));
  // The same implementation over int64 ids is offered the values as they are.
  const auto wide = [](std::span<const std::int64_t> ids) { return ids.size(); };
  CHECK(kvc::conforms(suite, wide));
}

TEST_CASE("call shapes: segment ids that do not fit an int implementation are refused, not narrowed") {
  const auto suite = boost::hana::make_tuple(kvc::make_positions_fixture(
      kvc::label<"id past 32 bits">,
      std::array<std::int64_t, 2>{(std::int64_t{1} << 32) + 1, 1}, {0, 0}));
  // Narrowed to int, the ids would read 1, 1: one run, positions {0, 1}, and the implementation
  // would be judged wrong for the wrong reason (or right, for a wrong implementation). Refused.
  const auto narrow = [](std::span<const int> ids, std::span<std::size_t> out) {
    return kvc::segment_positions(ids, out);
  };
  CHECK_FALSE(kvc::conforms(suite, narrow));
  const kvc::conformance_report report = kvc::check(suite, narrow);
  REQUIRE(report.fixtures.size() == 1);
  CHECK_FALSE(report.fixtures[0].passed);
  // Written for int64 ids, the same implementation is offered the values as they are.
  const auto wide = [](std::span<const std::int64_t> ids, std::span<std::size_t> out) {
    return kvc::segment_positions(ids, out);
  };
  CHECK(kvc::conforms(suite, wide));
  // Ids that fit are converted for the int implementation.
  const auto small = boost::hana::make_tuple(kvc::make_positions_fixture(
      kvc::label<"small ids">, std::array<std::int64_t, 3>{7, 7, 1}, {0, 1, 0}));
  CHECK(kvc::conforms(small, narrow));
}
