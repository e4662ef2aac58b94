// kvc/stateful/sorted_map.hpp - `kvc::detail::sorted_map`: the part of std::map the block-pool
// shadow uses (find, insertion by operator[], erase, iteration in key order) over a vector of
// pairs kept sorted by key. A check's pool holds a few dozen blocks and requests, and <map> is
// among the costliest standard headers for every file that includes the shadow's header
// (docs/performance.md).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace kvc::detail {

/// Values by key, in key order. Unlike std::map, inserting a key moves the entries after it, so a
/// reference or iterator into the map is valid only until the next insertion or erasure.
template <class Key, class Value>
class sorted_map {
  using entries = std::vector<std::pair<Key, Value>>;

 public:
  using iterator = typename entries::iterator;
  using const_iterator = typename entries::const_iterator;

  [[nodiscard]] iterator begin() noexcept { return entries_.begin(); }
  [[nodiscard]] iterator end() noexcept { return entries_.end(); }
  [[nodiscard]] const_iterator begin() const noexcept { return entries_.begin(); }
  [[nodiscard]] const_iterator end() const noexcept { return entries_.end(); }
  [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }
  [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }

  /// The entry of `key`, or `end()`.
  [[nodiscard]] iterator find(const Key& key) noexcept {
    const std::size_t at = lower_bound(key);
    return at < entries_.size() && entries_[at].first == key ? begin() + offset(at) : end();
  }
  [[nodiscard]] const_iterator find(const Key& key) const noexcept {
    const std::size_t at = lower_bound(key);
    return at < entries_.size() && entries_[at].first == key ? begin() + offset(at) : end();
  }
  [[nodiscard]] bool contains(const Key& key) const noexcept { return find(key) != end(); }

  /// The value of `key`, value-initialized first if the map has none.
  Value& operator[](const Key& key) {
    const std::size_t at = lower_bound(key);
    if (at == entries_.size() || !(entries_[at].first == key))
      entries_.insert(begin() + offset(at), {key, Value{}});
    return entries_[at].second;
  }

  /// Removes the entry at `position` (an iterator `find` returned).
  void erase(iterator position) { entries_.erase(position); }

 private:
  [[nodiscard]] static typename entries::difference_type offset(std::size_t at) noexcept {
    return static_cast<typename entries::difference_type>(at);
  }
  /// The index of the first entry whose key is not less than `key`.
  [[nodiscard]] std::size_t lower_bound(const Key& key) const noexcept {
    std::size_t low = 0;
    std::size_t high = entries_.size();
    while (low < high) {
      const std::size_t middle = low + (high - low) / 2;
      if (entries_[middle].first < key)
        low = middle + 1;
      else
        high = middle;
    }
    return low;
  }

  entries entries_{};
};

}  // namespace kvc::detail
