// kvc/stateful/sorted_map.hpp - kvc::detail::sorted_map, the ordered maps of the block-pool shadow:
// key-value pairs in a std::vector, sorted by key.
//
// Why not std::map: on libstdc++ 12, <map> costs every file that includes kvc/conformance.hpp about
// 0.11 G of g++'s instructions (3% of all it costs), for two maps that hold a pool's block ids and
// live requests (a few thousand at most) and are looked up far more often than they grow. What the
// shadow needs of std::map is here, with the same order of iteration (by key); unlike std::map, an
// insertion or an erasure moves the entries after it, so no reference or iterator into the map
// survives one.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace kvc::detail {

/// An ordered map of unique keys over a sorted std::vector of pairs (see the top of this header).
template <class Key, class Value>
class sorted_map {
 public:
  using value_type = std::pair<Key, Value>;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  [[nodiscard]] iterator begin() noexcept { return entries_.begin(); }
  [[nodiscard]] iterator end() noexcept { return entries_.end(); }
  [[nodiscard]] const_iterator begin() const noexcept { return entries_.begin(); }
  [[nodiscard]] const_iterator end() const noexcept { return entries_.end(); }
  [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }

  /// The entry of `key`, or `end()`.
  [[nodiscard]] iterator find(const Key& key) {
    const auto at = first_not_below(entries_.begin(), entries_.end(), key);
    return at != entries_.end() && at->first == key ? at : entries_.end();
  }
  [[nodiscard]] const_iterator find(const Key& key) const {
    const auto at = first_not_below(entries_.begin(), entries_.end(), key);
    return at != entries_.end() && at->first == key ? at : entries_.end();
  }
  [[nodiscard]] bool contains(const Key& key) const { return find(key) != end(); }

  /// The value of `key`, inserted value-initialized where there is none.
  Value& operator[](const Key& key) {
    auto at = first_not_below(entries_.begin(), entries_.end(), key);
    if (at == entries_.end() || at->first != key)
      at = entries_.insert(at, value_type(key, Value{}));
    return at->second;
  }

  /// Removes the entry at `at`; returns the entry after it.
  iterator erase(const_iterator at) { return entries_.erase(at); }

 private:
  template <class Iterator>
  static Iterator first_not_below(Iterator first, Iterator last, const Key& key) {
    // Binary search: the first entry whose key is not below `key`.
    auto count = last - first;
    while (count > 0) {
      const auto half = count / 2;
      const Iterator middle = first + half;
      if (middle->first < key) {
        first = middle + 1;
        count -= half + 1;
      } else {
        count = half;
      }
    }
    return first;
  }

  std::vector<value_type> entries_;
};

}  // namespace kvc::detail
