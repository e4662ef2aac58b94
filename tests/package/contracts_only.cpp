// A consumer of kvc::kvc alone (no Boost): the contracts at compile time and at run time, and the
// version macros. Built by every way in: add_subdirectory, FetchContent, the installed package and
// pkg-config.
#include <kvc/kvc.hpp>

#include <array>
#include <cstdio>
#include <string_view>
#include <vector>

static_assert(KVC_VERSION ==
              KVC_VERSION_MAJOR * 10000 + KVC_VERSION_MINOR * 100 + KVC_VERSION_PATCH);
static_assert(kvc::admitted_append(16, 13, 4) == 0);

int main() {
  const std::vector<int> cached{1, 2, 3, 4};
  const std::vector<int> requested{1, 2, 3, 9};
  const auto reused = kvc::reusable_prefix_length(std::string_view{"llama"},
                                                  std::string_view{"llama"}, cached, requested);
  std::vector<int> positions(4, -1);
  const auto status = kvc::segment_positions(std::array{7, 7, 8, 7}, positions);
  const bool ok = reused == 3 && status == std::errc{} && positions == std::vector<int>{0, 1, 0, 0};
  std::printf("kvc %d.%d.%d, contracts only: %s\n", KVC_VERSION_MAJOR, KVC_VERSION_MINOR,
              KVC_VERSION_PATCH, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
