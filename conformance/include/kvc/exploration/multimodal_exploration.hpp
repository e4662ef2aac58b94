// kvc/exploration/multimodal_exploration.hpp - exploring the identity-aware prefix-reuse suites:
// multimodal_prefix_reuse, multimodal_prefix_reuse_edges and multimodal_prefix_reuse_under<P>.
//
// A case is a lookup `impl(cache_ns, request_ns, cached_tokens, cached_items, requested_tokens,
// requested_items)`. The generator draws a few contents (a content hash with the item length and
// the placeholder ids it comes with: one id repeated, ids derived from the hash, 0 for prompt
// embeddings, ids that look like text; different contents often sharing length and ids, their
// hashes often equal in their low 32 bits or apart only in the high ones), lays items of them over
// runs of text tokens (items adjacent, at the policy's block edges, repeated at other offsets), and
// derives the request from the cached sequence by changes that each vary one thing: cut (through an
// item too) or extended, a token changed or the tokens diverging at an item's edges, inside an item
// or at a block edge, an item given another content, moved, removed or added over text, a token
// inserted or removed before items; either side may be the one changed. The suite's domain decides
// the rest:
//  - `multimodal_prefix_reuse` and its policy form hold what content hashes produce: valid lists,
//    no zero-length item, and one hash always at one length over the same placeholder ids. Cases
//    are drawn (and shrunk) inside that domain, so an engine that keys item tokens by content hash
//    and place in the item is judged on what it can meet;
//  - `multimodal_prefix_reuse_edges` holds everything: also one hash at two lengths or over other
//    ids, zero-length items anywhere, and unsorted, overlapping or out-of-range lists (ends that
//    overflow included), on one side or both.
// The contract is its own oracle: kvc::multimodal_prefix_length under the suite's policy.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/unpack.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/deferred.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/detail/items.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/exploration/exploration_loop.hpp>
#include <kvc/exploration/prefix_exploration.hpp>
#include <kvc/exploration/profile_rules.hpp>
#include <kvc/exploration/suite_traits.hpp>
#include <kvc/exploration/value_generators.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/multimodal_prefix.hpp>
#include <kvc/reuse_policy.hpp>

namespace kvc::exploration {

/// The inputs a multimodal suite's cases are drawn from.
enum class multimodal_domain {
  /// What content hashes produce: valid item lists without zero-length items, and one hash always
  /// at one item length over the same placeholder ids (`multimodal_prefix_reuse`, `_under<P>`).
  hashed_content,
  /// Any item lists at all (`multimodal_prefix_reuse_edges`).
  any_items,
};

/// Whether two token sequences and their items are what content hashes produce: both lists valid
/// (kvc::detail::valid_items), no zero-length item, and every two items of one hash, on either
/// side, of one length over equal placeholder ids.
template <class CachedTokens, class CachedItems, class RequestedTokens, class RequestedItems>
[[nodiscard]] bool is_hashed_content(const CachedTokens& cached, const CachedItems& cached_items,
                                     const RequestedTokens& requested,
                                     const RequestedItems& requested_items) {
  if (!kvc::detail::valid_items(cached_items, std::ranges::size(cached)) ||
      !kvc::detail::valid_items(requested_items, std::ranges::size(requested)))
    return false;
  struct placed {
    multimodal_item item;
    bool cached;
  };
  std::vector<placed> all;
  for (const multimodal_item& item : cached_items) all.push_back({item, true});
  for (const multimodal_item& item : requested_items) all.push_back({item, false});
  const auto token = [&cached, &requested](bool in_cached, std::size_t index) -> wide_integer {
    return in_cached ? static_cast<wide_integer>(kvc::detail::integer_value(cached[index]))
                     : static_cast<wide_integer>(kvc::detail::integer_value(requested[index]));
  };
  for (std::size_t i = 0; i < all.size(); ++i) {
    const placed& later = all[i];
    if (later.item.length == 0) return false;
    for (std::size_t j = 0; j < i; ++j) {
      const placed& earlier = all[j];
      if (earlier.item.content_hash != later.item.content_hash) continue;
      if (earlier.item.length != later.item.length) return false;
      for (std::size_t k = 0; k < later.item.length; ++k)
        if (token(earlier.cached, earlier.item.offset + k) != token(later.cached, later.item.offset + k))
          return false;
      break;  // the earlier one was checked against those before it
    }
  }
  return true;
}

/// A drawn token sequence and its items, before its tokens take the suite's element types.
struct drawn_sequence {
  /// The token values (each one both element types hold).
  std::vector<wide_integer> tokens;
  /// The items, in list order.
  std::vector<multimodal_item> items;
};

/// What an engine derives from one image, clip or embedding span: its content hash, and the
/// placeholder ids it stands at (as many as the item's tokens).
struct drawn_content {
  /// The content hash.
  std::uint64_t hash = 0;
  /// The placeholder ids, one per token of the item.
  std::vector<wide_integer> ids;
};

/// Draws one multimodal case: a cached sequence and a request, with tokens both element types
/// (Cached, Requested) hold.
template <class Cached, class Requested>
class multimodal_drawer {
  // Dependent spellings of the types below, so that their members are compiled where a drawer is
  // used, not in every file that includes this header (kvc/detail/deferred.hpp).
  using sequence = kvc::detail::dependent_t<Cached, drawn_sequence>;
  using content = kvc::detail::dependent_t<Cached, drawn_content>;
  using item_type = kvc::detail::dependent_t<Cached, multimodal_item>;
  using wide = kvc::detail::dependent_t<Cached, wide_integer>;

 public:
  /// A drawer of cases with lengths around `blocks`, some past 2^16 when `long_sequences`.
  multimodal_drawer(case_generator& g, const std::array<std::size_t, 8>& blocks,
                    bool long_sequences, multimodal_domain domain)
      : g_(g), blocks_(blocks), long_one_in_(long_sequences ? 400 : 0), domain_(domain) {}

  /// Draws the two sequences.
  void draw(sequence& cached, sequence& requested) {
    extremes_ = g_.percent(10);
    draw_contents();
    cached = sequence{};
    append_layout(cached, item_count());
    append_text(cached, trailing_length());
    if (domain_ == multimodal_domain::any_items && g_.percent(35)) break_items(cached);  // both sides
    requested = cached;
    const std::size_t changes = g_.percent(15) ? 0 : 1 + g_.below(3);
    for (std::size_t i = 0; i < changes; ++i) change(g_.percent(25) ? cached : requested);
    if (domain_ == multimodal_domain::any_items && g_.percent(40))
      break_items(g_.percent(50) ? cached : requested);
    if (g_.percent(50)) std::swap(cached, requested);
    if (domain_ == multimodal_domain::hashed_content || g_.percent(30)) {
      make_hashed_content(cached, requested);
      if (!is_hashed_content(cached.tokens, cached.items, requested.tokens, requested.items)) {
        cached.items.clear();  // cannot happen; a case without items is in every domain
        requested.items.clear();
      }
    }
  }

 private:
  static constexpr std::size_t most = std::numeric_limits<std::size_t>::max();
  static constexpr std::uint64_t bit(int n) noexcept { return std::uint64_t{1} << n; }

  /// `v` if both element types hold it, else a small token.
  [[nodiscard]] static wide_integer fit(wide_integer v) noexcept {
    return holds<Cached>(v) && holds<Requested>(v) ? v : (v & 3);
  }

  /// A text token: mostly a small alphabet (so that sequences agree for a while and text equals
  /// placeholder ids), in some cases the limits of the element types.
  [[nodiscard]] wide_integer token() noexcept {
    const auto t = extremes_ && g_.percent(50) ? g_.integer<Cached>() : g_.token<Cached>();
    return fit(static_cast<wide_integer>(kvc::detail::integer_value(t)));
  }

  /// A token other than `v`: equal to it in its low bits, or any other.
  [[nodiscard]] wide_integer other_token(wide_integer v) noexcept {
    wide_integer other = v == 0 ? 1 : 0;
    if (g_.percent(60) && holds<Requested>(v))
      other = fit(static_cast<wide_integer>(
          kvc::detail::integer_value(g_.colliding(static_cast<Requested>(v)))));
    else if (g_.percent(50))
      other = token();
    return other != v ? other : (v == 0 ? 1 : 0);
  }

  /// A length of at least 1 around the block edges (capped so that cases stay quick).
  [[nodiscard]] std::size_t block_length() noexcept {
    const std::size_t n = g_.length(blocks_, 0);
    return n == 0 ? 1 : n;
  }

  /// A fresh content hash: anything, small (equal to a text token or a derived id), at a width's
  /// limit, or only high bits.
  [[nodiscard]] std::uint64_t fresh_hash() noexcept {
    switch (g_.below(6)) {
      case 0:
      case 1: return g_.bits();
      case 2: return g_.below(17);
      case 3: return g_.integer<std::uint64_t>();
      case 4: return g_.bits() << 32;
      default: return g_.bits() | bit(63);
    }
  }

  /// A hash close to `h` in its bits: the same low 32 (or 30, 16, 8) bits, apart only in the high
  /// bit or the lowest, equal modulo a vocabulary, or its complement.
  [[nodiscard]] std::uint64_t other_hash(std::uint64_t h) noexcept {
    switch (g_.below(10)) {
      case 0: return h + bit(32);
      case 1: return h - bit(32);
      case 2: return h ^ bit(63);
      case 3: return h ^ 1;
      case 4: return h ^ bit(31);
      case 5: return h + bit(30);
      case 6: return h + bit(16);
      case 7: return h + bit(8);
      case 8: return h + 32000;
      default: return ~h;
    }
  }

  [[nodiscard]] bool hash_used(std::uint64_t h) const noexcept {
    for (const content& c : contents_)
      if (c.hash == h) return true;
    return false;
  }

  /// Placeholder ids for an item of `length` tokens with content hash `h`.
  [[nodiscard]] std::vector<wide> draw_ids(std::size_t length, std::uint64_t h) {
    std::vector<wide> ids(length);
    switch (g_.below(6)) {
      case 0:
      case 1: {  // one image token id repeated
        const wide_integer id = g_.percent(60) ? 9 : token();
        for (auto& id_k : ids) id_k = id;
        break;
      }
      case 2:  // prompt embeddings stand at id 0
        break;
      case 3: {  // the hash reduced modulo a vocabulary (SGLang #2151)
        const wide_integer id = fit(static_cast<wide_integer>(h % 32000));
        for (auto& id_k : ids) id_k = id;
        break;
      }
      case 4: {  // ids that count up
        const wide_integer base = g_.percent(50) ? 100 : token();
        for (std::size_t k = 0; k < length; ++k) ids[k] = fit(base + static_cast<wide_integer>(k));
        break;
      }
      default:
        for (auto& id_k : ids) id_k = token();
        break;
    }
    return ids;
  }

  /// One to four contents; later ones often of an earlier one's length and ids (another image of
  /// the same size), with a hash close to an earlier one's.
  void draw_contents() {
    contents_.clear();
    const std::size_t count = 1 + g_.below(4);
    for (std::size_t i = 0; i < count; ++i) {
      content c;
      c.hash = i != 0 && g_.percent(50) ? other_hash(contents_[g_.below(i)].hash) : fresh_hash();
      for (int attempt = 0; attempt < 8 && hash_used(c.hash); ++attempt) c.hash = other_hash(c.hash);
      if (hash_used(c.hash)) c.hash = g_.bits();
      if (hash_used(c.hash)) continue;
      if (i != 0 && g_.percent(40)) {
        const content& earlier = contents_[g_.below(i)];
        c.ids = g_.percent(60) ? earlier.ids : draw_ids(earlier.ids.size(), c.hash);
      } else {
        std::size_t length = 1;
        switch (g_.below(10)) {
          case 0:
          case 1:
          case 2:
          case 3: length = 1 + g_.below(4); break;
          case 4:
          case 5:
          case 6: length = block_length(); break;
          case 7: length = 1; break;
          default: length = 1 + g_.below(64); break;
        }
        c.ids = draw_ids(length, c.hash);
      }
      contents_.push_back(std::move(c));
    }
  }

  [[nodiscard]] std::size_t item_count() noexcept {
    const std::size_t kind = g_.below(20);
    if (kind < 3) return 0;
    if (kind < 10) return 1;
    if (kind < 16) return 2 + g_.below(2);
    if (kind < 19) return 4 + g_.below(5);
    return 9 + g_.below(32);
  }

  [[nodiscard]] std::size_t trailing_length() noexcept {
    switch (g_.below(4)) {
      case 0: return 0;
      case 1:
      case 2: return 1 + g_.below(4);
      default: return g_.length(blocks_, long_one_in_);
    }
  }

  void append_text(sequence& s, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) s.tokens.push_back(token());
  }

  /// Appends `count` items of the contents, each after a run of text: none (adjacent items, an
  /// item first), a few tokens, up to a block edge, a length around the blocks, or text that
  /// repeats the item's placeholder id.
  void append_layout(sequence& s, std::size_t count) {
    std::size_t previous = contents_.size();
    for (std::size_t j = 0; j < count; ++j) {
      const std::size_t which =
          previous < contents_.size() && g_.percent(20) ? previous : g_.below(contents_.size());
      const content& c = contents_[which];
      previous = which;
      const std::size_t at = s.tokens.size();
      switch (g_.below(6)) {
        case 0: break;
        case 1:
        case 2: append_text(s, 1 + g_.below(3)); break;
        case 3: {
          const std::size_t b = blocks_[g_.below(blocks_.size())];
          const std::size_t target = (at / b + 1) * b + g_.below(3);
          append_text(s, target > at + 1 ? target - at - 1 : 0);
          break;
        }
        case 4: append_text(s, g_.length(blocks_, 0)); break;
        default:
          for (std::size_t k = 1 + g_.below(2); k > 0; --k) s.tokens.push_back(c.ids.front());
          break;
      }
      s.items.push_back({s.tokens.size(), c.ids.size(), c.hash});
      s.tokens.insert(s.tokens.end(), c.ids.begin(), c.ids.end());
      if (g_.percent(15)) s.tokens.push_back(c.ids.back());  // text after it that looks like it
    }
  }

  /// A position of `s` where implementations go wrong: at, before and after an item's start and
  /// end, inside an item, at a block edge, at the end, anywhere.
  [[nodiscard]] std::size_t point(const sequence& s) noexcept {
    const std::size_t size = s.tokens.size();
    std::size_t p = 0;
    switch (g_.below(6)) {
      case 0:
      case 1:
        if (!s.items.empty()) {
          const item_type& item = s.items[g_.below(s.items.size())];
          const std::size_t end = item.offset + item.length;
          const std::array<std::size_t, 7> near{item.offset == 0 ? 0 : item.offset - 1,
                                                item.offset,
                                                item.offset + 1,
                                                end == 0 ? 0 : end - 1,
                                                end,
                                                end + 1,
                                                item.offset + g_.below(item.length + 1)};
          p = near[g_.below(near.size())];
        } else {
          p = g_.below(size + 1);
        }
        break;
      case 2: p = g_.length(blocks_, 0); break;
      case 3: p = size == 0 || g_.percent(50) ? size : size - 1; break;
      default: p = g_.below(size + 1); break;
    }
    return p < size ? p : size;
  }

  /// The index in `s.items` of an item, or `s.items.size()` when there is none.
  [[nodiscard]] std::size_t any_item(const sequence& s) noexcept {
    return s.items.empty() ? 0 : g_.below(s.items.size());
  }

  /// One change of the kinds an engine meets.
  void change(sequence& s) {
    const std::size_t size = s.tokens.size();
    switch (g_.below(11)) {
      case 0: {  // cut: the items it cuts through dropped, kept (reaching past the end) or cut too
        const std::size_t p = point(s);
        s.tokens.resize(p);
        const std::size_t straddling = g_.below(3);
        std::vector<item_type> kept;
        for (item_type item : s.items) {
          if (item.offset >= p) continue;
          if (item.offset + item.length > p) {
            if (straddling == 0) continue;
            if (straddling == 2) item.length = p - item.offset;
          }
          kept.push_back(item);
        }
        s.items = std::move(kept);
        break;
      }
      case 1:  // extended by more text and items
        append_layout(s, g_.below(3));
        append_text(s, g_.below(3));
        break;
      case 2:  // one token changed
        if (size != 0) {
          const std::size_t p = point(s) % size;
          s.tokens[p] = other_token(s.tokens[p]);
        }
        break;
      case 3: {  // the tokens diverge from a point on: another continuation
        const std::size_t p = point(s);
        const wide_integer was = p < size ? s.tokens[p] : 0;
        s.tokens.resize(p);
        std::erase_if(s.items, [p](const item_type& item) { return item.offset >= p; });
        sequence rest;
        append_layout(rest, g_.below(3));
        append_text(rest, 1 + g_.below(3));
        if (p < size && !rest.tokens.empty() && rest.tokens.front() == was)
          rest.tokens.front() = other_token(was);
        for (item_type item : rest.items) {
          item.offset += p;
          s.items.push_back(item);
        }
        s.tokens.insert(s.tokens.end(), rest.tokens.begin(), rest.tokens.end());
        break;
      }
      case 4:  // an item of another content: one with its ids, or a hash close to its own
        if (!s.items.empty()) {
          item_type& item = s.items[any_item(s)];
          std::uint64_t h = other_hash(item.content_hash);
          for (const content& c : contents_)
            if (c.hash != item.content_hash && c.ids.size() == item.length && g_.percent(50))
              h = c.hash;
          item.content_hash = h;
        }
        break;
      case 5:  // an item moved by a token (its ids with it, or the tokens left as they are)
        if (!s.items.empty()) {
          item_type& item = s.items[any_item(s)];
          const bool later = g_.percent(50);
          if (!later && item.offset == 0) break;
          const std::size_t inside =
              item.offset < size ? std::min(item.length, size - item.offset) : 0;
          const std::vector<wide> ids(
              s.tokens.begin() + static_cast<std::ptrdiff_t>(item.offset < size ? item.offset : size),
              s.tokens.begin() + static_cast<std::ptrdiff_t>((item.offset < size ? item.offset : size) + inside));
          item.offset = later ? item.offset + 1 : item.offset - 1;
          if (g_.percent(50) && item.offset < size)
            for (std::size_t k = 0; k < ids.size() && k < size - item.offset; ++k)
              s.tokens[item.offset + k] = ids[k];
        }
        break;
      case 6:  // an item removed, its placeholder ids left as text
        if (!s.items.empty()) s.items.erase(s.items.begin() + static_cast<std::ptrdiff_t>(any_item(s)));
        break;
      case 7:  // an item added over text: a content's ids written there, or the text kept
        if (size != 0) {
          const std::size_t p = point(s) % size;
          const content& c = contents_[g_.below(contents_.size())];
          const std::size_t length = g_.percent(60) ? c.ids.size() : 1 + g_.below(4);
          if (p + length > size) break;
          const bool write = g_.percent(60) && length == c.ids.size();
          if (write)
            for (std::size_t k = 0; k < length; ++k) s.tokens[p + k] = c.ids[k];
          const std::uint64_t h = write || g_.percent(30) ? c.hash : other_hash(c.hash);
          const item_type added{p, length, h};
          auto at = s.items.begin();
          while (at != s.items.end() && at->offset < p) ++at;
          s.items.insert(at, added);
        }
        break;
      case 8:
      case 9: {  // a token inserted or removed: the items after it move, one around it grows or shrinks
        const bool insert = g_.percent(50) || size == 0;
        const std::size_t p = insert ? point(s) : point(s) % size;
        if (insert)
          s.tokens.insert(s.tokens.begin() + static_cast<std::ptrdiff_t>(p), token());
        else
          s.tokens.erase(s.tokens.begin() + static_cast<std::ptrdiff_t>(p));
        for (item_type& item : s.items) {
          if (item.offset >= p + (insert ? 0 : 1))
            item.offset = insert ? item.offset + 1 : item.offset - 1;
          else if (item.offset + item.length > p && (insert || item.length > 0))
            item.length = insert ? item.length + 1 : item.length - 1;
        }
        break;
      }
      default:  // two neighbouring tokens swapped
        if (size >= 2) {
          const std::size_t p = point(s) % (size - 1);
          std::swap(s.tokens[p], s.tokens[p + 1]);
        }
        break;
    }
  }

  /// One change no content hash makes: a zero-length item (where an item may start, or where it
  /// may not), items out of order or overlapping, an item past the end (its end overflowing too),
  /// one hash at another length, a placeholder id changed inside an item.
  void break_items(sequence& s) {
    const std::size_t size = s.tokens.size();
    switch (g_.below(8)) {
      case 0: {  // a zero-length item where an item may start
        std::size_t p = size;
        std::size_t at = s.items.size();
        if (!s.items.empty() && g_.percent(70)) {
          at = any_item(s);
          p = g_.percent(50) ? s.items[at].offset : s.items[at].offset + s.items[at].length;
          if (p != s.items[at].offset) ++at;
        }
        s.items.insert(s.items.begin() + static_cast<std::ptrdiff_t>(at),
                       item_type{p, 0, g_.percent(50) ? fresh_hash() : contents_[0].hash});
        break;
      }
      case 1: {  // a zero-length item where none may be: inside an item, past the end
        item_type zero{size + 1 + g_.below(3), 0, fresh_hash()};
        std::size_t at = s.items.size();
        if (!s.items.empty() && g_.percent(50)) {
          at = any_item(s);
          if (s.items[at].length >= 2) zero.offset = s.items[at].offset + 1 + g_.below(s.items[at].length - 1);
          ++at;
        } else if (g_.percent(30)) {
          zero.offset = most - g_.below(2);
        }
        s.items.insert(s.items.begin() + static_cast<std::ptrdiff_t>(at), zero);
        break;
      }
      case 2:  // out of order: two items swapped, or the last put first
        if (s.items.size() >= 2) {
          const std::size_t i = g_.below(s.items.size() - 1);
          if (g_.percent(70))
            std::swap(s.items[i], s.items[i + 1]);
          else
            std::rotate(s.items.begin(), s.items.end() - 1, s.items.end());
        }
        break;
      case 3:  // overlapping: an item grown into the next, or an item repeated
        if (!s.items.empty()) {
          const std::size_t i = any_item(s);
          if (g_.percent(50) && i + 1 < s.items.size())
            s.items[i].length = s.items[i + 1].offset - s.items[i].offset + 1 + g_.below(2);
          else
            s.items.insert(s.items.begin() + static_cast<std::ptrdiff_t>(i), s.items[i]);
        }
        break;
      case 4:  // past the end of the tokens
        if (!s.items.empty()) {
          item_type& item = s.items[g_.percent(60) ? s.items.size() - 1 : any_item(s)];
          if (g_.percent(50))
            item.length = size - item.offset + 1 + g_.below(2);
          else
            item.offset = size - item.length + 1 + g_.below(2);
        } else {
          s.items.push_back({size, 1 + g_.below(2), fresh_hash()});
        }
        break;
      case 5:  // an end that overflows: offset + length wraps around to a small value
        if (!s.items.empty()) {
          item_type& item = s.items[any_item(s)];
          switch (g_.below(3)) {
            case 0: item.length = most - item.offset + 1 + g_.below(3); break;
            case 1: item.length = most - g_.below(2); break;
            default: item.offset = most - g_.below(3); break;
          }
        } else {
          s.items.push_back({most - g_.below(3), 1 + g_.below(3), fresh_hash()});
        }
        break;
      case 6:  // one hash at another length: grown or shrunk, or split into two copies
        if (!s.items.empty()) {
          const std::size_t i = any_item(s);
          item_type& item = s.items[i];
          if (item.length >= 2 && g_.percent(40)) {
            const item_type second{item.offset + item.length / 2, item.length - item.length / 2,
                                         item.content_hash};
            item.length /= 2;
            s.items.insert(s.items.begin() + static_cast<std::ptrdiff_t>(i + 1), second);
          } else if (item.length >= 2 && g_.percent(50)) {
            --item.length;
          } else {
            ++item.length;
          }
        }
        break;
      default:  // a placeholder id changed inside an item
        if (!s.items.empty()) {
          const item_type& item = s.items[any_item(s)];
          if (item.length != 0 && item.offset < size) {
            const std::size_t p = item.offset + g_.below(item.length);
            if (p < size) s.tokens[p] = other_token(s.tokens[p]);
          }
        }
        break;
    }
  }

  /// Makes the case one content hashes produce: drops the items a valid list cannot hold (empty,
  /// out of order, overlapping, past the end) and gives an item whose length or ids differ from
  /// an earlier item of its hash a hash of its own (close to the old one in its bits).
  void make_hashed_content(sequence& a, sequence& b) {
    for (sequence* s : {&a, &b}) {
      std::vector<item_type> kept;
      std::size_t end = 0;
      const std::size_t size = s->tokens.size();
      for (const item_type& item : s->items) {
        if (item.length == 0 || item.length > size || item.offset > size - item.length ||
            item.offset < end)
          continue;
        kept.push_back(item);
        end = item.offset + item.length;
      }
      s->items = std::move(kept);
    }
    struct known {
      std::uint64_t hash;
      const sequence* side;
      item_type item;
    };
    std::vector<known> seen;
    const auto same_content = [](const known& k, const sequence& side,
                                 const item_type& item) {
      if (k.item.length != item.length) return false;
      for (std::size_t i = 0; i < item.length; ++i)
        if (k.side->tokens[k.item.offset + i] != side.tokens[item.offset + i]) return false;
      return true;
    };
    const auto find = [&seen](std::uint64_t h) -> const known* {
      for (const known& k : seen)
        if (k.hash == h) return &k;
      return nullptr;
    };
    for (sequence* s : {&a, &b}) {
      for (item_type& item : s->items) {
        const known* k = find(item.content_hash);
        if (k != nullptr && !same_content(*k, *s, item)) {
          std::uint64_t h = other_hash(item.content_hash);
          for (int attempt = 0; attempt < 16 && find(h) != nullptr; ++attempt) h = other_hash(h) + 1;
          while (find(h) != nullptr) h = g_.bits();
          item.content_hash = h;
          k = nullptr;
        }
        if (k == nullptr) seen.push_back({item.content_hash, s, item});
      }
    }
  }

  case_generator& g_;
  std::array<std::size_t, 8> blocks_;
  std::size_t long_one_in_;
  multimodal_domain domain_;
  bool extremes_ = false;
  std::vector<content> contents_;
};

/// Removes tokens `[at, at + count)` of a sequence and keeps its items on the tokens they marked:
/// those after move back, one around the removed tokens shortens, one inside them goes. Ends
/// that overflow (an invalid list's) are taken as the largest end.
template <class Tokens>
void erase_positions(Tokens& tokens,
                     std::vector<kvc::detail::dependent_t<Tokens, multimodal_item>>& items,
                     std::size_t at, std::size_t count) {
  if (at >= tokens.size()) return;
  if (count > tokens.size() - at) count = tokens.size() - at;
  tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(at),
               tokens.begin() + static_cast<std::ptrdiff_t>(at + count));
  const std::size_t gone = at + count;
  std::vector<kvc::detail::dependent_t<Tokens, multimodal_item>> kept;
  for (multimodal_item item : items) {
    const std::size_t end = item.length > std::numeric_limits<std::size_t>::max() - item.offset
                                ? std::numeric_limits<std::size_t>::max()
                                : item.offset + item.length;
    const std::size_t last = end < gone ? end : gone;
    if (item.offset >= gone) {
      item.offset -= count;
    } else if (item.offset >= at) {  // starts among the removed tokens
      if (item.length != 0) {
        item.length -= last - item.offset;
        if (item.length == 0) continue;
      }
      item.offset = at;
    } else if (end > at) {  // reaches into them
      item.length -= last - at;
    }
    kept.push_back(item);
  }
  items = std::move(kept);
}

/// The multimodal suites' exploration, for a suite of type Suite whose cases come from Domain.
template <multimodal_domain Domain, class Suite>
struct multimodal_family : direct_family {
  static constexpr reuse_policy policy = suite_policy<Suite>;
  static constexpr engine_profile profile = suite_profile<Suite>;
  using forms = suite_forms<Suite>;

  template <class Call, class Owned>
  static void generate(case_generator& g, Owned& owned, const explore_options& options) {
    auto& cache_ns = std::get<0>(owned);
    auto& request_ns = std::get<1>(owned);
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(cache_ns)>, owning_cache_namespace>)
      draw_namespace_pair(g, cache_ns, request_ns);
    else
      draw_text_pair(g, cache_ns, request_ns);
    // Mostly one namespace: the items decide, not the namespaces.
    if (g.percent(50)) request_ns = cache_ns;
    const std::size_t policy_block =
        policy.block_size > 0 && policy.block_size <= 64 ? policy.block_size : 16;
    const std::array<std::size_t, 8> blocks{1, 2, 3, 8, 16, 32, policy_block, 2 * policy_block};
    using cached_t = typename std::remove_cvref_t<decltype(std::get<2>(owned))>::value_type;
    using requested_t = typename std::remove_cvref_t<decltype(std::get<4>(owned))>::value_type;
    kvc::detail::dependent_t<Owned, drawn_sequence> cached;
    kvc::detail::dependent_t<Owned, drawn_sequence> requested;
    multimodal_drawer<cached_t, requested_t>(g, blocks, options.long_sequences, Domain)
        .draw(cached, requested);
    const auto tokens_of = [](const auto& s, auto& out) {
      using E = typename std::remove_cvref_t<decltype(out)>::value_type;
      out.resize(s.tokens.size());
      for (std::size_t i = 0; i < s.tokens.size(); ++i) out[i] = static_cast<E>(s.tokens[i]);
    };
    tokens_of(cached, std::get<2>(owned));
    std::get<3>(owned) = std::move(cached.items);
    tokens_of(requested, std::get<4>(owned));
    std::get<5>(owned) = std::move(requested.items);
  }

  /// Smaller cases that keep what relates the two sides (kvc/exploration/exploration_loop.hpp tries
  /// them before the generic ones, which change one value at a time and cut tokens from under
  /// their items). Long cases first lose runs of tokens; short ones first have their values made
  /// simpler, since each accepted candidate starts the search over.
  template <class Owned>
  [[nodiscard]] static std::vector<Owned> shrink_candidates(const Owned& owned) {
    std::vector<Owned> out;
    const bool long_case = longest_side(owned) > 64;
    if (long_case) token_runs_removed(owned, out);
    namespaces_shrunk(owned, out);
    token_values_replaced(owned, out);
    hashes_renamed(owned, out);
    overflowing_ends_shortened(owned, out);
    items_removed(owned, out);
    contents_shortened(owned, out);
    if (!long_case) token_runs_removed(owned, out);
    return out;
  }

 private:
  template <class Owned>
  [[nodiscard]] static std::size_t longest_side(const Owned& owned) {
    return std::max(std::get<2>(owned).size(), std::get<4>(owned).size());
  }

  /// Runs of tokens removed from both sides at once, then from either side, halving in length, the
  /// items kept on their tokens (at most 48 a side, fewer for long sequences: each is a copy).
  template <class Owned>
  static void token_runs_removed(const Owned& owned, std::vector<Owned>& out) {
    const std::size_t longest = longest_side(owned);
    const std::size_t most = std::min<std::size_t>(48, 8 + (std::size_t{1} << 22) / (longest + 1));
    for (int sides = 0; sides < 3; ++sides) {
      std::size_t made = 0;
      for (std::size_t chunk = longest / 2 == 0 ? 1 : longest / 2; longest != 0; chunk /= 2) {
        for (std::size_t at = 0; at < longest && made < most; at += chunk) {
          Owned smaller = owned;
          if (sides != 2) erase_positions(std::get<2>(smaller), std::get<3>(smaller), at, chunk);
          if (sides != 1) erase_positions(std::get<4>(smaller), std::get<5>(smaller), at, chunk);
          if (smaller == owned) continue;
          out.push_back(std::move(smaller));
          ++made;
        }
        if (chunk <= 1 || made >= most) break;
      }
    }
  }

  /// One namespace on both sides, shrunk on both.
  template <class Owned>
  static void namespaces_shrunk(const Owned& owned, std::vector<Owned>& out) {
    if (!(std::get<0>(owned) == std::get<1>(owned))) return;
    for (auto& smaller : smaller_values(std::get<0>(owned))) {
      Owned both = owned;
      std::get<0>(both) = smaller;
      std::get<1>(both) = std::move(smaller);
      out.push_back(std::move(both));
    }
  }

  /// A token value replaced by 0, 1 or the least value not there, wherever it stands on either
  /// side (so that the ids of one hash's items stay alike); only ever by a smaller magnitude.
  template <class Owned>
  static void token_values_replaced(const Owned& owned, std::vector<Owned>& out) {
    std::vector<kvc::detail::dependent_t<Owned, wide_integer>> values;
    const auto collect = [&values](const auto& tokens) {
      for (const auto t : tokens) {
        const auto v = static_cast<wide_integer>(kvc::detail::integer_value(t));
        if (values.size() < 32 && std::find(values.begin(), values.end(), v) == values.end())
          values.push_back(v);
      }
    };
    collect(std::get<2>(owned));
    collect(std::get<4>(owned));
    wide_integer unused = 0;
    while (std::find(values.begin(), values.end(), unused) != values.end()) ++unused;
    const auto magnitude = [](wide_integer v) { return v < 0 ? -v : v; };
    for (const wide_integer v : values)
      for (const wide_integer to : {wide_integer{0}, wide_integer{1}, unused}) {
        if (magnitude(to) >= magnitude(v)) continue;
        Owned replaced = owned;
        const auto replace = [v, to](auto& tokens) {
          using E = typename std::remove_cvref_t<decltype(tokens)>::value_type;
          for (auto& t : tokens)
            if (static_cast<wide_integer>(kvc::detail::integer_value(t)) == v) t = static_cast<E>(to);
        };
        replace(std::get<2>(replaced));
        replace(std::get<4>(replaced));
        out.push_back(std::move(replaced));
      }
  }

  /// Content hashes renamed to small numbers, on both sides: all at once (1, 2, ... in order of
  /// appearance), or one to the least number no item has; only ever to smaller numbers.
  template <class Owned>
  static void hashes_renamed(const Owned& owned, std::vector<Owned>& out) {
    std::vector<kvc::detail::dependent_t<Owned, std::uint64_t>> hashes;
    for (const auto* items : {&std::get<3>(owned), &std::get<5>(owned)})
      for (const multimodal_item& item : *items)
        if (std::find(hashes.begin(), hashes.end(), item.content_hash) == hashes.end())
          hashes.push_back(item.content_hash);
    const auto renamed = [&owned](const auto& rename) {
      Owned copy = owned;
      for (auto* items : {&std::get<3>(copy), &std::get<5>(copy)})
        for (multimodal_item& item : *items) item.content_hash = rename(item.content_hash);
      return copy;
    };
    const auto name_of = [&hashes](std::uint64_t h) {
      return static_cast<std::uint64_t>(std::find(hashes.begin(), hashes.end(), h) - hashes.begin()) + 1;
    };
    if (std::all_of(hashes.begin(), hashes.end(), [&](std::uint64_t h) { return name_of(h) <= h; }) &&
        std::any_of(hashes.begin(), hashes.end(), [&](std::uint64_t h) { return name_of(h) < h; }))
      out.push_back(renamed(name_of));
    std::uint64_t least = 0;
    while (std::find(hashes.begin(), hashes.end(), least) != hashes.end()) ++least;
    for (const std::uint64_t h : hashes)
      if (least < h) out.push_back(renamed([h, least](std::uint64_t x) { return x == h ? least : x; }));
  }

  /// An item whose end overflows, at the least length that overflows.
  template <class Owned>
  static void overflowing_ends_shortened(const Owned& owned, std::vector<Owned>& out) {
    constexpr std::size_t largest = std::numeric_limits<std::size_t>::max();
    for (const bool cached : {true, false}) {
      const auto& items = cached ? std::get<3>(owned) : std::get<5>(owned);
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i].offset == 0 || items[i].length <= largest - items[i].offset + 1) continue;
        Owned least = owned;
        (cached ? std::get<3>(least) : std::get<5>(least))[i].length = largest - items[i].offset + 1;
        out.push_back(std::move(least));
      }
    }
  }

  /// Whole items: one both lists hold at the same place in the list removed from both (its tokens
  /// kept), or the tokens of an item removed from both sides.
  template <class Owned>
  static void items_removed(const Owned& owned, std::vector<Owned>& out) {
    const auto& cached_items = std::get<3>(owned);
    const auto& requested_items = std::get<5>(owned);
    for (std::size_t i = 0; i < cached_items.size() && i < requested_items.size() && i < 64; ++i)
      if (cached_items[i] == requested_items[i]) {
        Owned fewer = owned;
        std::get<3>(fewer).erase(std::get<3>(fewer).begin() + static_cast<std::ptrdiff_t>(i));
        std::get<5>(fewer).erase(std::get<5>(fewer).begin() + static_cast<std::ptrdiff_t>(i));
        out.push_back(std::move(fewer));
      }
    const std::size_t longest = longest_side(owned);
    for (const auto* items : {&cached_items, &requested_items})
      for (std::size_t i = 0; i < items->size() && i < 64; ++i) {
        const multimodal_item& item = (*items)[i];
        if (item.length == 0 || item.offset >= longest) continue;
        Owned without = owned;
        erase_positions(std::get<2>(without), std::get<3>(without), item.offset, item.length);
        erase_positions(std::get<4>(without), std::get<5>(without), item.offset, item.length);
        if (!(without == owned)) out.push_back(std::move(without));
      }
  }

  /// Every item of one hash made shorter on both sides, by half of its tokens or by its last.
  template <class Owned>
  static void contents_shortened(const Owned& owned, std::vector<Owned>& out) {
    std::vector<kvc::detail::dependent_t<Owned, std::uint64_t>> hashes;
    for (const auto* items : {&std::get<3>(owned), &std::get<5>(owned)})
      for (const multimodal_item& item : *items)
        if (item.length >= 2 && hashes.size() < 16 &&
            std::find(hashes.begin(), hashes.end(), item.content_hash) == hashes.end())
          hashes.push_back(item.content_hash);
    for (const std::uint64_t h : hashes)
      for (const bool half : {true, false}) {
        Owned shorter = owned;
        const auto cut = [h, half](auto& tokens, auto& items) {
          for (std::size_t i = items.size(); i-- > 0;) {  // from the last: earlier offsets hold
            const multimodal_item item = items[i];
            if (item.content_hash != h || item.length < 2 || item.offset >= tokens.size() ||
                item.length > tokens.size() - item.offset)
              continue;
            const std::size_t removed = half ? item.length / 2 : 1;
            erase_positions(tokens, items, item.offset + item.length - removed, removed);
          }
        };
        cut(std::get<2>(shorter), std::get<3>(shorter));
        cut(std::get<4>(shorter), std::get<5>(shorter));
        if (!(shorter == owned)) out.push_back(std::move(shorter));
      }
  }

 public:
  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    if (!covered_by<Call>(profile, inputs)) return false;
    if constexpr (Domain == multimodal_domain::any_items) {
      return true;
    } else {
      return boost::hana::unpack(inputs, [](const auto&, const auto&, const auto& cached,
                                            const auto& cached_items, const auto& requested,
                                            const auto& requested_items) {
        return is_hashed_content(cached, cached_items, requested, requested_items);
      });
    }
  }

  template <class Call, class Inputs>
  [[nodiscard]] static std::size_t expected(const Inputs& inputs) {
    return boost::hana::unpack(inputs, [](const auto&... input) -> std::size_t {
      return kvc::multimodal_prefix_length(input..., policy);
    });
  }

  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return agrees_under<Inputs>(profile, actual, expected);
  }
};

}  // namespace kvc::exploration
