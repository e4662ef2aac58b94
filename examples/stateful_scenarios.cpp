// Stateful scenarios at compile time: an engine's own constexpr prefix cache checked against
// kvc::suites::prefix_cache_scenarios, a factory per scenario.
#include <array>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <span>

// [snippet]
#include <kvc/model/slot_allocator.hpp>
#include <kvc/specs/prefix_cache.hpp>
#include <kvc/specs/slot_allocator.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/verification/report.hpp>

// An engine's prefix cache, in fixed storage so that it works in a constant expression.
class my_cache {
 public:
  constexpr bool insert(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) {
    if (count_ == entries_.size() || tokens.size() > 32) return false;
    entry& added = entries_[count_++];
    added.ns = ns;
    added.length = tokens.size();
    for (std::size_t i = 0; i < tokens.size(); ++i) added.tokens[i] = tokens[i];
    return true;
  }

  constexpr std::size_t lookup(const kvc::cache_namespace& ns,
                               std::span<const std::int32_t> tokens) const {
    std::size_t longest = 0;
    for (std::size_t e = 0; e < count_; ++e) {
      if (entries_[e].ns != ns) continue;  // the namespace is part of the key
      std::size_t n = 0;
      while (n < entries_[e].length && n < tokens.size() && entries_[e].tokens[n] == tokens[n]) ++n;
      if (n > longest) longest = n;
    }
    return longest;
  }

  constexpr std::size_t erase(const kvc::cache_namespace& ns) {
    std::size_t kept = 0;
    for (std::size_t e = 0; e < count_; ++e)
      if (entries_[e].ns != ns) entries_[kept++] = entries_[e];
    const std::size_t erased = count_ - kept;
    count_ = kept;
    return erased;
  }

 private:
  struct entry {
    kvc::cache_namespace ns{};
    std::array<std::int32_t, 32> tokens{};
    std::size_t length = 0;
  };
  std::array<entry, 8> entries_{};
  std::size_t count_ = 0;
};

// A fresh cache per scenario. If the cache drifts, the build fails and names the scenario.
static_assert(kvc::verify(kvc::suites::prefix_cache_scenarios, [] { return my_cache{}; }));

// An allocator's factory takes the scenario's capacity.
static_assert(kvc::verify(kvc::suites::slot_allocator_scenarios, [](std::size_t capacity) {
  return kvc::model::slot_allocator(capacity);
}));
// [snippet]

// The same cache keyed by tokens alone (as a prompt cache restored from host memory) is rejected.
class tokens_only_cache : public my_cache {
 public:
  constexpr bool insert(const kvc::cache_namespace&, std::span<const std::int32_t> tokens) {
    return my_cache::insert({}, tokens);
  }
  constexpr std::size_t lookup(const kvc::cache_namespace&, std::span<const std::int32_t> tokens) const {
    return my_cache::lookup({}, tokens);
  }
};
static_assert(!kvc::conforms(kvc::suites::prefix_cache_scenarios, [] { return tokens_only_cache{}; }));

int main() {
  // At run time, kvc::check reports every scenario: the operations and each observation.
  const auto report = kvc::check(kvc::suites::prefix_cache_scenarios, [] { return my_cache{}; });
  std::cout << report;
  return report.passed() ? 0 : 1;
}
