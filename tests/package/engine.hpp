// Engine-shaped functions for the test-framework consumers (tests/package/gtest, catch2): the
// engine's own key type and token spans, not constexpr, one right and one wrong of each.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <kvc/cache_namespace.hpp>

namespace my_engine {

// The engine's own cache key: owning strings, so nothing here is constexpr.
struct cache_key {
  std::string model, lora;
  std::uint64_t lora_version = 0;
  std::string salt;
  friend bool operator==(const cache_key&, const cache_key&) = default;
};

// vLLM-like: whole blocks of 16, the last prompt token always recomputed.
inline std::size_t computed_tokens(const cache_key& cached_key, const cache_key& request_key,
                                   std::span<const std::int32_t> cached,
                                   std::span<const std::int32_t> prompt) {
  if (!(cached_key == request_key)) return 0;
  const std::vector<std::int32_t> held(cached.begin(), cached.end());
  const auto hit = static_cast<std::size_t>(
      std::mismatch(held.begin(), held.end(), prompt.begin(), prompt.end()).first - held.begin());
  const std::size_t max_hit = prompt.empty() ? 0 : prompt.size() - 1;
  return std::min(hit, max_hit) / 16 * 16;
}

// Wrong: the key forgets the adapter's revision (a reloaded LoRA reuses the old one's KV).
inline std::size_t computed_tokens_without_revision(const cache_key& cached_key,
                                                    const cache_key& request_key,
                                                    std::span<const std::int32_t> cached,
                                                    std::span<const std::int32_t> prompt) {
  cache_key a = cached_key, b = request_key;
  a.lora_version = b.lora_version = 0;
  return computed_tokens(a, b, cached, prompt);
}

// The three-line adapter from kvc's namespace to the engine's key, in the test file.
inline cache_key key_of(const kvc::cache_namespace& ns) {
  return {std::string{ns.model}, std::string{ns.adapter}, ns.adapter_revision, std::string{ns.salt}};
}

inline int admit(int capacity, int used, int requested) {
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested <= capacity - used ? requested : 0;
}

// Wrong: a request that fills the cache exactly is refused.
inline int admit_strictly(int capacity, int used, int requested) {
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested < capacity - used ? requested : 0;
}

// Slots held per request. With `forget_release`, a release frees the slots but keeps the holding,
// so a second release frees them again (wrong: a double free grows the pool).
class slot_allocator {
 public:
  explicit slot_allocator(int capacity, bool forget_release = false)
      : free_(capacity), forget_release_(forget_release) {}
  bool try_reserve(int request, int n) {
    if (n <= 0 || n > free_) return false;
    free_ -= n;
    held_[request] += n;
    return true;
  }
  void release(int request) {
    if (const auto found = held_.find(request); found != held_.end()) {
      free_ += found->second;
      if (!forget_release_) held_.erase(found);
    }
  }
  int available() const { return free_; }

 private:
  int free_;
  bool forget_release_;
  std::map<int, int> held_;
};

}  // namespace my_engine
