// A paged KV block pool checked by kvc: the engine's pool behind the adapter kvc drives, the
// compile-time scenarios on kvc's reference pool, and the model-based check with its KV-content
// shadow on the engine's pool (here kvc::model::block_pool stands in for it).
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <span>
#include <vector>

#include <kvc/model/block_pool.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/suites/block_pool_scenarios.hpp>
#include <kvc/verification/checks.hpp>

// [snippet]
// The engine's pool, behind the adapter kvc drives (kvc/stateful/block_pool_operations.hpp).
class my_pool {
 public:
  my_pool(std::size_t num_blocks, std::size_t block_size) : pool_(num_blocks, block_size) {}

  // Cached tokens served, or nullopt: refused, nothing changed.
  std::optional<std::size_t> allocate(std::uint64_t request, std::uint64_t ns,
                                      std::span<const std::int32_t> tokens) {
    const kvc::model::block_allocation done = pool_.allocate(request, ns, tokens);
    if (!done) return std::nullopt;
    return done.cached_tokens;
  }
  bool append(std::uint64_t request, std::span<const std::int32_t> tokens) {
    return pool_.append(request, tokens);
  }
  void free(std::uint64_t request) { pool_.free(request); }
  bool fork(std::uint64_t parent, std::uint64_t child) { return pool_.fork(parent, child); }
  bool reset_prefix_cache() { return pool_.reset_prefix_cache(); }
  std::size_t free_blocks() const { return pool_.free_blocks(); }
  std::vector<std::size_t> block_table(std::uint64_t request) const {
    const auto table = pool_.block_table(request);
    return {table.begin(), table.end()};
  }

 private:
  kvc::model::block_pool pool_;  // an engine keeps its own free queue and block-hash index here
};

// Fixed scenarios at compile time, on a pool usable in constant expressions.
static_assert(kvc::verify(kvc::suites::block_pool_scenarios,
                          [](std::size_t blocks, std::size_t size) {
                            return kvc::model::basic_block_pool<8, 4, 16>(blocks, size);
                          }));

int main() {
  // Generated sequences on the engine's pool, every step judged against the KV content each block
  // must hold; .exact = true for a pool that evicts only when it needs a block.
  const kvc::block_pool_report report = kvc::check_block_pool(
      [](std::size_t blocks, std::size_t size) { return my_pool(blocks, size); },
      kvc::check_options{.exact = true});
  std::cout << report;
  return report.passed() ? 0 : 1;
}
// [snippet]
