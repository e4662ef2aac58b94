// A user's own prefix cache and slot allocator, wired into kvc's model-based stateful checks.
// Exits 0 when both pass.
#include <kvc/cache_namespace.hpp>
#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>
#include <kvc/stateful/stateful_report.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <map>
#include <span>
#include <unordered_map>
#include <vector>

namespace my_engine {

// Sequences per namespace; the namespace is owned, and found by its view.
class prompt_cache {
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
      const auto [cached_end, asked_end] = std::ranges::mismatch(row, tokens);
      longest = std::max(longest, static_cast<std::size_t>(cached_end - row.begin()));
    }
    return longest;
  }
  void erase(const kvc::cache_namespace& ns) { entries_.erase(kvc::owning_cache_namespace::from(ns)); }

 private:
  using rows = std::vector<std::vector<std::int32_t>>;
  std::unordered_map<kvc::owning_cache_namespace, rows, kvc::cache_namespace_hash, std::equal_to<>> entries_;
};

// Slots per request, all or nothing; int parameters, as in many engines.
class slot_allocator {
 public:
  explicit slot_allocator(int capacity) : free_(capacity) {}
  bool try_reserve(int request, int n) {
    if (n <= 0 || n > free_) return false;
    free_ -= n;
    held_[request] += n;
    return true;
  }
  void release(int request) {
    if (const auto found = held_.find(request); found != held_.end()) {
      free_ += found->second;
      held_.erase(found);
    }
  }
  int available() const { return free_; }

 private:
  int free_;
  std::map<int, int> held_;
};

}  // namespace my_engine

// [snippet]
int main() {
  // The cache never evicts, so its lookups must equal the model's.
  const kvc::stateful_report cache = kvc::check_prefix_cache(
      [] { return my_engine::prompt_cache{}; }, kvc::check_options{.seed = 7, .sequences = 1000, .exact = true});
  // The allocator factory takes the capacity: options.capacity (16 by default).
  const kvc::stateful_report allocator =
      kvc::check_slot_allocator([](int capacity) { return my_engine::slot_allocator(capacity); });
  std::cout << cache << allocator;  // one line each; a failure prints its shrunk replay
  return cache.passed() && allocator.passed() ? 0 : 1;
}
// [snippet]
