// Throughput of kvc's stateful runner: model-checked operations per minute on one thread, against a
// correct hash-map prefix cache and a correct map-based allocator (no failure, so no shrinking).
// The target is at least 1,000,000 per minute; the counter "ops_per_minute" reports it.
#include <benchmark/benchmark.h>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>

#include "../tests/mutants/prefix_cache.hpp"
#include "../tests/mutants/slot_allocator.hpp"

#include <cstddef>
#include <cstdint>

namespace {

// The correct cache and allocator of the runner's own tests: what is timed is the runner.
using kvc::mutants::prefix_cache::hash_map_cache;
using map_allocator = kvc::mutants::slot_allocator::map_allocator<std::uint64_t, std::size_t>;

template <class Check>
void model_checked_operations(benchmark::State& state, Check check) {
  std::uint64_t seed = 1;
  std::size_t operations = 0;
  for (auto _ : state) {
    const kvc::stateful_report report =
        check(kvc::check_options{.seed = seed++, .sequences = 100});
    if (!report.passed()) state.SkipWithError("a correct implementation failed");
    operations += report.operations_run;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(operations));
  state.counters["ops_per_minute"] =
      benchmark::Counter(60.0 * static_cast<double>(operations), benchmark::Counter::kIsRate);
}

void BM_stateful_prefix_cache(benchmark::State& state) {
  model_checked_operations(state, [](const kvc::check_options& options) {
    return kvc::check_prefix_cache([] { return hash_map_cache{}; }, options);
  });
}
void BM_stateful_slot_allocator(benchmark::State& state) {
  model_checked_operations(state, [](const kvc::check_options& options) {
    return kvc::check_slot_allocator(
        [](std::size_t capacity) { return map_allocator(capacity); }, options);
  });
}

}  // namespace

BENCHMARK(BM_stateful_prefix_cache)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stateful_slot_allocator)->Unit(benchmark::kMillisecond);
