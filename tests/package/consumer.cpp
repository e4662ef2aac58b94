// Built against the installed kvc package: the contracts at compile time and at run time, and one
// suite run by kvc::check, which the installed kvc_conformance library compiles.
#include <kvc/conformance.hpp>
#include <kvc/kvc.hpp>

#include <array>
#include <cstdio>
#include <string_view>
#include <vector>

static_assert(kvc::verify(kvc::suites::prefix_reuse, kvc::reusable_prefix_length));
static_assert(kvc::verify(kvc::suites::append_admission, kvc::admitted_append));
static_assert(kvc::verify(kvc::suites::segment_positions, kvc::segment_positions));

int main() {
  const std::vector<int> cached{1, 2, 3, 4};
  const std::vector<int> requested{1, 2, 3, 9};
  const auto reused = kvc::reusable_prefix_length(std::string_view{"llama"},
                                                  std::string_view{"llama"}, cached, requested);
  const auto admitted = kvc::admitted_append(16, 12, 4);
  std::vector<int> positions(4, -1);
  const auto status = kvc::segment_positions(std::array{7, 7, 8, 7}, positions);
  const auto report = kvc::check(kvc::suites::append_admission, kvc::admitted_append);
  const bool ok = reused == 3 && admitted == 4 && status == std::errc{} &&
                  positions == std::vector<int>{0, 1, 0, 0} && report.passed() &&
                  !report.fixtures.empty();
  std::puts(ok ? "kvc package: ok" : "kvc package: FAILED");
  return ok ? 0 : 1;
}
