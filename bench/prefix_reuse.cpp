// kvc::reusable_prefix_length against a plain loop, std::mismatch and memcmp (the memory-speed
// limit), on int32 tokens. Arguments: distribution (0: full match, 1: mismatch at token 8), size.
#include <benchmark/benchmark.h>
#include <kvc/prefix_reuse.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <vector>

namespace {

struct prefix_data {
  std::vector<std::int32_t> cached, requested;
};

prefix_data make_prefix_data(const benchmark::State& state) {
  const auto size = static_cast<std::size_t>(state.range(1));
  prefix_data data{std::vector<std::int32_t>(size), {}};
  std::mt19937 rng(42);
  for (auto& token : data.cached) token = static_cast<std::int32_t>(rng() % 128000);
  data.requested = data.cached;
  if (state.range(0) == 1 && size > 8) data.requested[8] += 1;
  return data;
}

void finish(benchmark::State& state) {
  state.SetBytesProcessed(state.iterations() * state.range(1) * 2 *
                          static_cast<std::int64_t>(sizeof(std::int32_t)));
}

void BM_prefix_kvc(benchmark::State& state) {
  const auto data = make_prefix_data(state);
  for (auto _ : state) {
    auto reused = kvc::reusable_prefix_length(1, 1, std::span{data.cached}, std::span{data.requested});
    benchmark::DoNotOptimize(reused);
  }
  finish(state);
}

void BM_prefix_loop(benchmark::State& state) {
  const auto data = make_prefix_data(state);
  for (auto _ : state) {
    std::size_t i = 0;
    const std::size_t n = std::min(data.cached.size(), data.requested.size());
    while (i < n && data.cached[i] == data.requested[i]) ++i;
    benchmark::DoNotOptimize(i);
  }
  finish(state);
}

void BM_prefix_mismatch(benchmark::State& state) {
  const auto data = make_prefix_data(state);
  for (auto _ : state) {
    auto where = std::mismatch(data.cached.begin(), data.cached.end(), data.requested.begin(),
                               data.requested.end());
    benchmark::DoNotOptimize(where);
  }
  finish(state);
}

void BM_prefix_memcmp(benchmark::State& state) {
  const auto data = make_prefix_data(state);
  for (auto _ : state) {
    int order = std::memcmp(data.cached.data(), data.requested.data(),
                            data.cached.size() * sizeof(std::int32_t));
    benchmark::DoNotOptimize(order);
  }
  finish(state);
}

void prefix_arguments(benchmark::internal::Benchmark* b) {
  for (const std::int64_t distribution : {0, 1})
    for (const std::int64_t size : {64, 1024, 16384, 65536, 1 << 20, 16 << 20})
      b->Args({distribution, size});
  b->ArgNames({"early_mismatch", "tokens"});
}

BENCHMARK(BM_prefix_kvc)->Apply(prefix_arguments);
BENCHMARK(BM_prefix_loop)->Apply(prefix_arguments);
BENCHMARK(BM_prefix_mismatch)->Apply(prefix_arguments);
BENCHMARK(BM_prefix_memcmp)->Apply(prefix_arguments);

}  // namespace
