// kvc::segment_positions (span form, int32 ids and positions) against a plain loop and memcpy (the
// memory-speed limit). Arguments: run length (0: random, mean 16), size.
#include <benchmark/benchmark.h>
#include <kvc/segment_positions.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <vector>

namespace {

std::vector<std::int32_t> make_segments(const benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(1));
  const auto run = state.range(0);
  std::vector<std::int32_t> ids(size);
  std::mt19937 rng(7);
  std::int32_t id = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const bool new_run = run == 0 ? rng() % 16 == 0 : static_cast<std::int64_t>(i) % run == 0;
    if (new_run) id = static_cast<std::int32_t>(rng() % 4);  // ids recur, as in packed batches
    ids[i] = id;
  }
  return ids;
}

void finish(benchmark::State& state) {
  state.SetBytesProcessed(state.iterations() * state.range(1) * 2 *
                          static_cast<std::int64_t>(sizeof(std::int32_t)));
}

void BM_positions_kvc(benchmark::State& state) {
  const auto ids = make_segments(state);
  std::vector<std::int32_t> out(ids.size());
  for (auto _ : state) {
    auto status = kvc::segment_positions(std::span{ids}, std::span{out});
    benchmark::DoNotOptimize(status);
    benchmark::ClobberMemory();
  }
  finish(state);
}

void BM_positions_loop(benchmark::State& state) {
  const auto ids = make_segments(state);
  std::vector<std::int32_t> out(ids.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      out[i] = i > 0 && ids[i] == ids[i - 1] ? out[i - 1] + 1 : 0;
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(state);
}

void BM_positions_memcpy(benchmark::State& state) {
  const auto ids = make_segments(state);
  std::vector<std::int32_t> out(ids.size());
  for (auto _ : state) {
    std::memcpy(out.data(), ids.data(), ids.size() * sizeof(std::int32_t));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(state);
}

void positions_arguments(benchmark::internal::Benchmark* b) {
  for (const std::int64_t run : {1, 16, 512, 0})
    for (const std::int64_t size : {64, 1024, 16384, 65536, 1 << 20, 16 << 20})
      b->Args({run, size});
  b->ArgNames({"run", "tokens"});
}

BENCHMARK(BM_positions_kvc)->Apply(positions_arguments);
BENCHMARK(BM_positions_loop)->Apply(positions_arguments);
BENCHMARK(BM_positions_memcpy)->Apply(positions_arguments);

}  // namespace
