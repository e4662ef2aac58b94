// fuzz/fuzz_multimodal_prefix.cpp - kvc::multimodal_prefix_length, exact and policy forms, against
// a token-by-token oracle.
//
// Input: kvc_fuzz::multimodal_case (codec.hpp). As in fuzz_prefix_reuse, the requested tokens start
// with a copy of some cached ones and "stretch" makes long equal prefixes, so the memcmp fast path
// runs at its block boundaries; the requested items start with a copy of some cached ones, so
// identical items are common, and items whose offsets count from the previous item's end make
// valid lists common, while the raw offsets, lengths and 8-byte values still reach unsorted,
// overlapping, out-of-range and overflowing lists. Each call also runs on a std::deque of tokens
// and a std::list of items (the generic paths), with the sides swapped, and through spans.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/multimodal_prefix.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

namespace {

using kvc_fuzz::i128;
using kvc_fuzz::item_fields;

// Oracle, step 1: namespaces equal byte by byte.
bool same_namespace(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Oracle, step 2: a list is valid when every item ends within the tokens and starts at or after
// the end of the item before it, the sums taken in 128 bits.
bool valid(const std::vector<item_fields>& items, std::size_t tokens) {
  for (std::size_t k = 0; k < items.size(); ++k) {
    const i128 end = static_cast<i128>(items[k].offset) + static_cast<i128>(items[k].length);
    if (end > static_cast<i128>(tokens)) return false;
    if (k > 0 && static_cast<i128>(items[k].offset) < static_cast<i128>(items[k - 1].offset) +
                                                          static_cast<i128>(items[k - 1].length))
      return false;
  }
  return true;
}

// The item holding token i, if any (in a valid list, at most one does).
const item_fields* holding(const std::vector<item_fields>& items, std::size_t i) {
  for (const auto& item : items)
    if (i >= item.offset && i - item.offset < item.length) return &item;
  return nullptr;
}

// Oracle, step 3: token by token, the rule as the contract states it -- equal ids, and both
// outside every item or both in items with equal hashes, at the same distance from their starts,
// of the same length.
template <class C, class R>
std::size_t agreeing_prefix(const std::vector<C>& cached,
                            const std::vector<item_fields>& cached_items,
                            const std::vector<R>& requested,
                            const std::vector<item_fields>& requested_items) {
  std::size_t i = 0;
  for (; i < cached.size() && i < requested.size(); ++i) {
    if (static_cast<i128>(cached[i]) != static_cast<i128>(requested[i])) break;
    const item_fields* a = holding(cached_items, i);
    const item_fields* b = holding(requested_items, i);
    if ((a == nullptr) != (b == nullptr)) break;
    if (a != nullptr &&
        (a->hash != b->hash || i - a->offset != i - b->offset || a->length != b->length))
      break;
  }
  return i;
}

// Oracle, policy: the longest length at most the prefix that is whole blocks and, when the last
// token is recomputed, shorter than the request.
std::size_t under_policy(std::size_t prefix, std::size_t requested, std::size_t block,
                         bool recompute_last) {
  if (block == 0) return 0;
  for (std::size_t length = prefix; length > 0; --length)
    if (length % block == 0 && (!recompute_last || length < requested)) return length;
  return 0;
}

std::vector<kvc::multimodal_item> as_items(const std::vector<item_fields>& fields) {
  std::vector<kvc::multimodal_item> items;
  for (const auto& f : fields) items.push_back({f.offset, f.length, f.hash});
  return items;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::multimodal_case input = kvc_fuzz::decode_multimodal(data, size);
  const auto cached_items = as_items(input.cached_items);
  const auto requested_items = as_items(input.requested_items);
  input.visit([&](const auto& cache_ns, const auto& request_ns, const auto& cached,
                  const auto& requested, auto policy) {
    const bool reusable = same_namespace(input.cache_ns, input.request_ns) &&
                          valid(input.cached_items, cached.size()) &&
                          valid(input.requested_items, requested.size());
    const std::size_t expected =
        reusable ? agreeing_prefix(cached, input.cached_items, requested, input.requested_items)
                 : 0;

    const auto got = kvc::multimodal_prefix_length(cache_ns, request_ns, cached, cached_items,
                                                   requested, requested_items);
    static_assert(std::is_same_v<decltype(got), const std::size_t>);
    check(got == expected);
    // Symmetric: swapping the namespaces, the tokens and the items changes nothing.
    check(kvc::multimodal_prefix_length(request_ns, cache_ns, requested, requested_items, cached,
                                        cached_items) == expected);

    if constexpr (std::is_same_v<decltype(policy), kvc_fuzz::no_policy>) {
      // The generic paths: tokens in a std::deque (no memcmp), items in a std::list; and spans.
      const std::deque cached_deque(cached.begin(), cached.end());
      const std::list cached_list(cached_items.begin(), cached_items.end());
      check(kvc::multimodal_prefix_length(cache_ns, request_ns, cached_deque, cached_list,
                                          requested, requested_items) == expected);
      using C = typename std::remove_cvref_t<decltype(cached)>::value_type;
      using R = typename std::remove_cvref_t<decltype(requested)>::value_type;
      check(kvc::multimodal_prefix_length(
                cache_ns, request_ns, std::span<const C>(cached),
                std::span<const kvc::multimodal_item>(cached_items), std::span<const R>(requested),
                std::span<const kvc::multimodal_item>(requested_items)) == expected);
    } else {
      const kvc::reuse_policy p{policy.first, policy.second};
      const auto reused = kvc::multimodal_prefix_length(cache_ns, request_ns, cached, cached_items,
                                                        requested, requested_items, p);
      static_assert(std::is_same_v<decltype(reused), const std::size_t>);
      check(reused == under_policy(expected, requested.size(), policy.first, policy.second));
    }
  });
  return 0;
}
