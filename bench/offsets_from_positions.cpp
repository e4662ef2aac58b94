// kvc::offsets_from_positions (span form, int64 position ids, int32 cu_seqlens) and
// kvc::max_sequence_length_from_positions against the definition loop (what the contract runs
// without its run-time path) and a plain loop. Arguments: mean sequence length, padding (percent of
// runs that are padding), size.
#include <benchmark/benchmark.h>
#include <kvc/offsets_from_positions.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace {

/// Packed rows: sequences counting from 0 with geometric lengths, some runs padding (-1).
std::vector<std::int64_t> make_positions(const benchmark::State& state) {
  const auto mean = static_cast<double>(state.range(0));
  const auto padding = static_cast<double>(state.range(1)) / 100.0;
  const auto size = static_cast<std::size_t>(state.range(2));
  std::mt19937_64 rng(11);
  std::geometric_distribution<std::size_t> length(1.0 / mean);
  std::bernoulli_distribution pad(padding);
  std::vector<std::int64_t> positions;
  while (positions.size() < size) {
    const std::size_t run = std::min(length(rng) + 1, size - positions.size());
    const bool is_padding = pad(rng);
    for (std::size_t i = 0; i < run; ++i)
      positions.push_back(is_padding ? -1 : static_cast<std::int64_t>(i));
  }
  return positions;
}

void finish(benchmark::State& state) {
  state.SetBytesProcessed(state.iterations() * state.range(2) *
                          static_cast<std::int64_t>(sizeof(std::int64_t)));
}

void BM_cuseqlens_kvc(benchmark::State& state) {
  const auto positions = make_positions(state);
  std::vector<std::int32_t> out(positions.size() + 1);
  for (auto _ : state) {
    auto status = kvc::offsets_from_positions(std::span{positions}, std::span{out});
    benchmark::DoNotOptimize(status);
    benchmark::ClobberMemory();
  }
  finish(state);
}

void BM_cuseqlens_definition(benchmark::State& state) {
  const auto positions = make_positions(state);
  std::vector<std::int32_t> out(positions.size() + 1);
  for (auto _ : state) {
    const auto walk = kvc::detail::walk_sequences(
        positions, positions.size(), kvc::detail::run_start_writer<std::int32_t*>{out.data()});
    *walk.out.next = static_cast<std::int32_t>(walk.tokens);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(state);
}

void BM_cuseqlens_loop(benchmark::State& state) {
  const auto positions = make_positions(state);
  std::vector<std::int32_t> out(positions.size() + 1);
  for (auto _ : state) {
    std::size_t n = 0;
    std::int32_t kept = 0;
    for (const std::int64_t position : positions) {
      if (position < 0) continue;
      if (position == 0 || kept == 0) out[n++] = kept;
      ++kept;
    }
    out[n] = kept;
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish(state);
}

void BM_maxseqlen_kvc(benchmark::State& state) {
  const auto positions = make_positions(state);
  for (auto _ : state) {
    auto longest = kvc::max_sequence_length_from_positions(std::span{positions});
    benchmark::DoNotOptimize(longest);
  }
  finish(state);
}

void BM_maxseqlen_definition(benchmark::State& state) {
  const auto positions = make_positions(state);
  for (auto _ : state) {
    auto walk = kvc::detail::walk_sequences(positions, positions.size(), kvc::detail::run_summary{});
    benchmark::DoNotOptimize(walk);
  }
  finish(state);
}

void position_arguments(benchmark::internal::Benchmark* b) {
  for (const std::int64_t mean : {2, 16, 512})
    for (const std::int64_t padding : {0, 20})
      for (const std::int64_t size : {65536, 4 << 20}) b->Args({mean, padding, size});
  b->ArgNames({"mean", "padding", "tokens"});
}

BENCHMARK(BM_cuseqlens_kvc)->Apply(position_arguments);
BENCHMARK(BM_cuseqlens_definition)->Apply(position_arguments);
BENCHMARK(BM_cuseqlens_loop)->Apply(position_arguments);
BENCHMARK(BM_maxseqlen_kvc)->Apply(position_arguments);
BENCHMARK(BM_maxseqlen_definition)->Apply(position_arguments);

}  // namespace
