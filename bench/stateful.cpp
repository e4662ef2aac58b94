// Throughput of kvc's stateful runner: model-checked operations per minute on one thread, against a
// correct hash-map prefix cache and a correct map-based allocator (no failure, so no shrinking).
// The issue asks for at least 1,000,000 per minute; the counter "ops_per_minute" reports it.
#include <benchmark/benchmark.h>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <unordered_map>
#include <vector>

namespace {

class hash_map_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) {
    auto found = entries_.find(ns);
    if (found == entries_.end()) found = entries_.emplace(kvc::owning_cache_namespace::from(ns), rows{}).first;
    found->second.emplace_back(tokens.begin(), tokens.end());
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) const {
    const auto found = entries_.find(ns);
    if (found == entries_.end()) return 0;
    std::size_t longest = 0;
    for (const auto& row : found->second) {
      std::size_t n = 0;
      while (n < row.size() && n < tokens.size() && row[n] == tokens[n]) ++n;
      longest = std::max(longest, n);
    }
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) { return entries_.erase(kvc::owning_cache_namespace::from(ns)); }

 private:
  using rows = std::vector<std::vector<std::int32_t>>;
  std::unordered_map<kvc::owning_cache_namespace, rows, kvc::cache_namespace_hash, std::equal_to<>> entries_;
};

class map_allocator {
 public:
  explicit map_allocator(std::size_t capacity) : free_(capacity) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n == 0 || n > free_) return false;
    free_ -= n;
    held_[request] += n;
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    const std::size_t freed = found->second;
    free_ += freed;
    held_.erase(found);
    return freed;
  }
  std::size_t available() const { return free_; }

 private:
  std::size_t free_;
  std::map<std::uint64_t, std::size_t> held_;
};

template <class Check>
void model_checked_operations(benchmark::State& state, Check check) {
  std::uint64_t seed = 1;
  std::size_t operations = 0;
  for (auto _ : state) {
    const kvc::stateful_report report = check(kvc::check_options{.seed = seed++, .sequences = 100});
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
    return kvc::check_slot_allocator([](std::size_t capacity) { return map_allocator(capacity); }, options);
  });
}

}  // namespace

BENCHMARK(BM_stateful_prefix_cache)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_stateful_slot_allocator)->Unit(benchmark::kMillisecond);
