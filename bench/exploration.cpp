// bench/exploration.cpp - kvc::explore's speed: one default exploration (10,000 cases) of a suite
// against kvc's own contract, per suite family, as cases per second. The budget: a suite decided
// within a second on one core for an implementation as fast as kvc's.
#include <benchmark/benchmark.h>

#include <cstddef>

#include <kvc/append_admission.hpp>
#include <kvc/explore.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/request_admission.hpp>
#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/specs/request_admission.hpp>

namespace {

template <class Suite, class Impl>
void explore_suite(benchmark::State& state, const Suite& suite, const Impl& impl) {
  std::size_t cases = 0;
  for (auto _ : state) {
    const auto report = kvc::explore(suite, impl);
    if (!report.passed()) state.SkipWithError("kvc's own contract failed its suite");
    cases += report.cases_run + report.not_covered;
    benchmark::DoNotOptimize(cases);
  }
  state.counters["cases_per_second"] =
      benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
}

constexpr kvc::reuse_policy vllm{.block_size = 16, .recompute_last_token = true};

void BM_explore_prefix_reuse(benchmark::State& state) {
  explore_suite(state, kvc::suites::prefix_reuse, kvc::reusable_prefix_length);
}
void BM_explore_namespace_isolation_under_vllm(benchmark::State& state) {
  explore_suite(state, kvc::suites::namespace_isolation_under<vllm>,
                kvc::verification::reusable_prefix_length_under<vllm>);
}
void BM_explore_block_prefix_reuse_under_vllm(benchmark::State& state) {
  explore_suite(state, kvc::suites::block_prefix_reuse_under<vllm>,
                kvc::verification::block_reuse_under<vllm>);
}
void BM_explore_append_admission_extremes(benchmark::State& state) {
  explore_suite(state, kvc::suites::append_admission_extremes, kvc::admitted_append);
}
void BM_explore_request_admission(benchmark::State& state) {
  explore_suite(state, kvc::suites::request_admission, kvc::admitted_requests);
}

}  // namespace

BENCHMARK(BM_explore_prefix_reuse)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_explore_namespace_isolation_under_vllm)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_explore_block_prefix_reuse_under_vllm)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_explore_append_admission_extremes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_explore_request_admission)->Unit(benchmark::kMillisecond);
