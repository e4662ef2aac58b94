// Throughput of kvc::check_block_pool: model-checked operations per second on one thread, against
// a correct vLLM-style pool (a doubly linked free queue and a chained-hash index) and against
// kvc::model::block_pool itself (no failure, so no shrinking). Every operation is applied to the
// pool, its block tables and free-block count are read back, and the KV-content shadow judges them;
// the counter "ops_per_second" reports it.
#include <benchmark/benchmark.h>
#include <kvc/model/block_pool.hpp>
#include <kvc/stateful/block_pool_check.hpp>

#include "../tests/block_pool_engines.hpp"

#include <cstddef>
#include <cstdint>

namespace {

template <class MakePool>
void block_pool_checked_operations(benchmark::State& state, MakePool make_pool) {
  std::uint64_t seed = 1;
  std::size_t operations = 0;
  for (auto _ : state) {
    const kvc::block_pool_report report =
        kvc::check_block_pool(make_pool, kvc::check_options{.seed = seed++, .sequences = 100});
    if (!report.passed()) state.SkipWithError("a correct pool failed");
    operations += report.operations_run;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(operations));
  state.counters["ops_per_second"] =
      benchmark::Counter(static_cast<double>(operations), benchmark::Counter::kIsRate);
}

void BM_block_pool_check_lru_list_pool(benchmark::State& state) {
  block_pool_checked_operations(state, [](std::size_t blocks, std::size_t block_size) {
    return kvc_test::pools::lru_list_pool<>(blocks, block_size);
  });
}
void BM_block_pool_check_model(benchmark::State& state) {
  block_pool_checked_operations(state, [](std::size_t blocks, std::size_t block_size) {
    return kvc::model::block_pool(blocks, block_size);
  });
}

}  // namespace

BENCHMARK(BM_block_pool_check_lru_list_pool)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_block_pool_check_model)->Unit(benchmark::kMillisecond);
