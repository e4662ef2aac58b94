// conformance/src/specs/multimodal_prefix.hpp - the generator of the multimodal lookups:
// `impl(cache_ns, request_ns, cached_tokens, cached_items, requested_tokens, requested_items)`.
//
// A case draws a few contents (a content hash with the item length and the placeholder ids it
// comes with: one id repeated, ids derived from the hash, 0 for prompt embeddings, ids that count
// up or look like text; later contents often of an earlier one's length and ids, their hashes
// often equal to an earlier one's in their low 32, 30, 16 or 8 bits, apart only in the high bit
// or the lowest, or equal modulo a vocabulary), lays items of them over runs of text tokens (items
// adjacent, first, at the blocks' edges, after text that repeats their ids), and derives the
// request from the cached sequence by changes that each vary one thing: cut (through an item too)
// or extended, a token changed, the tokens diverging at an item's edges, inside an item or at a
// block edge, an item given another content, moved, removed or added over text, a token inserted
// or removed before items, two tokens swapped; either side may be the one changed. The shape's
// item domain decides the rest:
//  - `hashed_content` (the engine bugs' suites and their policy form) holds what content hashes
//    produce: valid lists, no zero-length item, and one hash always at one length over the same
//    placeholder ids. Every case is made one (`make_hashed_content`), so an engine that keys item
//    tokens by content hash and place in the item is judged on what it can meet;
//  - `any_items` (the edges suite) holds everything: also one hash at two lengths or over other
//    ids, zero-length items anywhere, and unsorted, overlapping or out-of-range lists (ends that
//    overflow included), on one side or both.
// Choice 0 draws the simplest case: one namespace, no item, no token, no change.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <kvc/detail/equal.hpp>
#include <kvc/detail/items.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/specs/multimodal_prefix.hpp>

#include "../generators.hpp"
#include "lookups.hpp"

namespace kvc::library {

namespace multimodal {

using gen::wide_integer;

/// Whether two token sequences and their items are what content hashes produce: both lists valid
/// (kvc::detail::valid_items), no zero-length item, and every two items of one hash, on either
/// side, of one length over equal placeholder ids.
template <class CachedTokens, class RequestedTokens>
[[nodiscard]] bool is_hashed_content(const CachedTokens& cached,
                                     const std::vector<multimodal_item>& cached_items,
                                     const RequestedTokens& requested,
                                     const std::vector<multimodal_item>& requested_items) {
  if (!kvc::detail::valid_items(cached_items, cached.size()) ||
      !kvc::detail::valid_items(requested_items, requested.size()))
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
        if (token(earlier.cached, earlier.item.offset + k) !=
            token(later.cached, later.item.offset + k))
          return false;
      break;  // the earlier one was checked against those before it
    }
  }
  return true;
}

/// A drawn token sequence and its items, before its tokens take the case's element types.
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
class drawer {
 public:
  /// A drawer of cases with lengths around `blocks`, some past 2^16 when `long_sequences`, their
  /// item lists from `domain`.
  drawer(gen::domain& g, const std::array<std::size_t, 8>& blocks, bool long_sequences,
         specs::item_domain domain)
      : g_(g), blocks_(blocks), long_one_in_(long_sequences ? 400 : 0), domain_(domain) {}

  /// Draws the two sequences.
  void draw(drawn_sequence& cached, drawn_sequence& requested) {
    extremes_ = g_.percent(10);
    draw_contents();
    cached = drawn_sequence{};
    append_layout(cached, item_count());
    append_text(cached, trailing_length());
    if (any_items() && g_.percent(35)) break_items(cached);  // on both sides
    requested = cached;
    const std::size_t changes = g_.percent(85) ? 1 + g_.below(3) : 0;
    for (std::size_t i = 0; i < changes; ++i) change(g_.percent(25) ? cached : requested);
    if (any_items() && g_.percent(40)) break_items(g_.percent(50) ? cached : requested);
    if (g_.percent(50)) std::swap(cached, requested);
    if (!any_items() || g_.percent(30)) {
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

  [[nodiscard]] bool any_items() const noexcept { return domain_ == specs::item_domain::any_items; }

  /// `v` if both element types hold it, else a small token.
  [[nodiscard]] static wide_integer fit(wide_integer v) noexcept {
    return gen::holds<Cached>(v) && gen::holds<Requested>(v) ? v : (v & 3);
  }

  /// A text token: mostly a small alphabet (so that sequences agree for a while and text equals
  /// placeholder ids), in some cases the limits of the element types.
  [[nodiscard]] wide_integer token() {
    const Cached t = extremes_ && g_.percent(50) ? g_.integer<Cached>() : g_.token<Cached>();
    return fit(static_cast<wide_integer>(kvc::detail::integer_value(t)));
  }

  /// A token other than `v`: equal to it in its low bits, or any other.
  [[nodiscard]] wide_integer other_token(wide_integer v) {
    wide_integer other = v == 0 ? 1 : 0;
    if (g_.percent(60) && gen::holds<Requested>(v))
      other = fit(static_cast<wide_integer>(
          kvc::detail::integer_value(g_.colliding(static_cast<Requested>(v)))));
    else if (g_.percent(50))
      other = token();
    return other != v ? other : (v == 0 ? 1 : 0);
  }

  /// A length of at least 1 around the block edges (capped so that cases stay quick).
  [[nodiscard]] std::size_t block_length() {
    const std::size_t n = g_.length(blocks_, 0);
    return n == 0 ? 1 : n;
  }

  /// A fresh content hash: anything, small (equal to a text token or a derived id), at a width's
  /// limit, or only high bits.
  [[nodiscard]] std::uint64_t fresh_hash() {
    switch (g_.below(6)) {
      case 0:
      case 1:
        return g_.bits();
      case 2:
        return g_.below(17);
      case 3:
        return g_.integer<std::uint64_t>();
      case 4:
        return g_.bits() << 32;
      default:
        return g_.bits() | bit(63);
    }
  }

  /// A hash close to `h` in its bits: the same low 32 (or 30, 16, 8) bits, apart only in the high
  /// bit or the lowest, equal modulo a vocabulary, or its complement.
  [[nodiscard]] std::uint64_t other_hash(std::uint64_t h) {
    switch (g_.below(10)) {
      case 0:
        return h + bit(32);
      case 1:
        return h - bit(32);
      case 2:
        return h ^ bit(63);
      case 3:
        return h ^ 1;
      case 4:
        return h ^ bit(31);
      case 5:
        return h + bit(30);
      case 6:
        return h + bit(16);
      case 7:
        return h + bit(8);
      case 8:
        return h + 32000;
      default:
        return ~h;
    }
  }

  [[nodiscard]] bool hash_used(std::uint64_t h) const noexcept {
    return std::any_of(contents_.begin(), contents_.end(),
                       [h](const drawn_content& c) { return c.hash == h; });
  }

  /// Placeholder ids for an item of `length` tokens with content hash `h`.
  [[nodiscard]] std::vector<wide_integer> draw_ids(std::size_t length, std::uint64_t h) {
    std::vector<wide_integer> ids(length);
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
      drawn_content c;
      c.hash = i != 0 && g_.percent(50) ? other_hash(contents_[g_.below(contents_.size())].hash)
                                        : fresh_hash();
      for (int attempt = 0; attempt < 8 && hash_used(c.hash); ++attempt)
        c.hash = other_hash(c.hash);
      if (hash_used(c.hash)) c.hash = g_.bits();
      if (hash_used(c.hash)) continue;
      if (i != 0 && g_.percent(40)) {
        const drawn_content& earlier = contents_[g_.below(contents_.size())];
        c.ids = g_.percent(60) ? earlier.ids : draw_ids(earlier.ids.size(), c.hash);
      } else {
        std::size_t length = 1;
        switch (g_.below(10)) {
          case 0:
          case 1:
          case 2:
          case 3:
            length = 1 + g_.below(4);
            break;
          case 4:
          case 5:
          case 6:
            length = block_length();
            break;
          case 7:
            length = 1;
            break;
          default:
            length = 1 + g_.below(64);
            break;
        }
        c.ids = draw_ids(length, c.hash);
      }
      contents_.push_back(std::move(c));
    }
  }

  [[nodiscard]] std::size_t item_count() {
    const std::size_t kind = g_.below(20);
    if (kind < 3) return 0;
    if (kind < 10) return 1;
    if (kind < 16) return 2 + g_.below(2);
    if (kind < 19) return 4 + g_.below(5);
    return 9 + g_.below(32);
  }

  [[nodiscard]] std::size_t trailing_length() {
    switch (g_.below(4)) {
      case 0:
        return 0;
      case 1:
      case 2:
        return 1 + g_.below(4);
      default:
        return g_.length(blocks_, long_one_in_);
    }
  }

  void append_text(drawn_sequence& s, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) s.tokens.push_back(token());
  }

  /// Appends `count` items of the contents, each after a run of text: none (adjacent items, an
  /// item first), a few tokens, up to a block edge, a length around the blocks, or text that
  /// repeats the item's placeholder id.
  void append_layout(drawn_sequence& s, std::size_t count) {
    std::size_t previous = contents_.size();
    for (std::size_t j = 0; j < count; ++j) {
      const std::size_t which =
          previous < contents_.size() && g_.percent(20) ? previous : g_.below(contents_.size());
      const drawn_content& c = contents_[which];
      previous = which;
      const std::size_t at = s.tokens.size();
      switch (g_.below(6)) {
        case 0:
          break;
        case 1:
        case 2:
          append_text(s, 1 + g_.below(3));
          break;
        case 3: {
          const std::size_t b = blocks_[g_.below(blocks_.size())];
          const std::size_t target = (at / b + 1) * b + g_.below(3);
          append_text(s, target > at + 1 ? target - at - 1 : 0);
          break;
        }
        case 4:
          append_text(s, g_.length(blocks_, 0));
          break;
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
  [[nodiscard]] std::size_t point(const drawn_sequence& s) {
    const std::size_t size = s.tokens.size();
    std::size_t p = 0;
    switch (g_.below(6)) {
      case 0:
      case 1:
        if (!s.items.empty()) {
          const multimodal_item& item = s.items[g_.below(s.items.size())];
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
      case 2:
        p = g_.length(blocks_, 0);
        break;
      case 3:
        p = size == 0 || g_.percent(50) ? size : size - 1;
        break;
      default:
        p = g_.below(size + 1);
        break;
    }
    return p < size ? p : size;
  }

  /// The index in `s.items` of an item (0 when there is none).
  [[nodiscard]] std::size_t any_item(const drawn_sequence& s) {
    return s.items.empty() ? 0 : g_.below(s.items.size());
  }

  /// One change of the kinds an engine meets.
  void change(drawn_sequence& s) {
    const std::size_t size = s.tokens.size();
    switch (g_.below(11)) {
      case 0: {  // cut: the items it cuts through dropped, kept (reaching past the end) or cut too
        const std::size_t p = point(s);
        s.tokens.resize(p);
        const std::size_t straddling = g_.below(3);
        std::vector<multimodal_item> kept;
        for (multimodal_item item : s.items) {
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
        std::erase_if(s.items, [p](const multimodal_item& item) { return item.offset >= p; });
        drawn_sequence rest;
        append_layout(rest, g_.below(3));
        append_text(rest, 1 + g_.below(3));
        if (p < size && !rest.tokens.empty() && rest.tokens.front() == was)
          rest.tokens.front() = other_token(was);
        for (multimodal_item item : rest.items) {
          item.offset += p;
          s.items.push_back(item);
        }
        s.tokens.insert(s.tokens.end(), rest.tokens.begin(), rest.tokens.end());
        break;
      }
      case 4:  // an item of another content: one with its ids, or a hash close to its own
        if (!s.items.empty()) {
          multimodal_item& item = s.items[any_item(s)];
          std::uint64_t h = other_hash(item.content_hash);
          for (const drawn_content& c : contents_)
            if (c.hash != item.content_hash && c.ids.size() == item.length && g_.percent(50))
              h = c.hash;
          item.content_hash = h;
        }
        break;
      case 5:  // an item moved by a token (its ids with it, or the tokens left as they are)
        if (!s.items.empty()) {
          multimodal_item& item = s.items[any_item(s)];
          const bool later = g_.percent(50);
          if (!later && item.offset == 0) break;
          const std::size_t start = item.offset < size ? item.offset : size;
          const std::size_t inside =
              item.offset < size ? std::min(item.length, size - item.offset) : 0;
          const std::vector<wide_integer> ids(
              s.tokens.begin() + static_cast<std::ptrdiff_t>(start),
              s.tokens.begin() + static_cast<std::ptrdiff_t>(start + inside));
          item.offset = later ? item.offset + 1 : item.offset - 1;
          if (g_.percent(50) && item.offset < size)
            for (std::size_t k = 0; k < ids.size() && k < size - item.offset; ++k)
              s.tokens[item.offset + k] = ids[k];
        }
        break;
      case 6:  // an item removed, its placeholder ids left as text
        if (!s.items.empty())
          s.items.erase(s.items.begin() + static_cast<std::ptrdiff_t>(any_item(s)));
        break;
      case 7:  // an item added over text: a content's ids written there, or the text kept
        if (size != 0) {
          const std::size_t p = point(s) % size;
          const drawn_content& c = contents_[g_.below(contents_.size())];
          const std::size_t length = g_.percent(60) ? c.ids.size() : 1 + g_.below(4);
          if (p + length > size) break;
          const bool write = g_.percent(60) && length == c.ids.size();
          if (write)
            for (std::size_t k = 0; k < length; ++k) s.tokens[p + k] = c.ids[k];
          const std::uint64_t h = write || g_.percent(30) ? c.hash : other_hash(c.hash);
          auto at = s.items.begin();
          while (at != s.items.end() && at->offset < p) ++at;
          s.items.insert(at, multimodal_item{p, length, h});
        }
        break;
      case 8:
      case 9: {  // a token inserted or removed: the items after it move, one around it grows or
                 // shrinks
        const bool insert = g_.percent(50) || size == 0;
        const std::size_t p = insert ? point(s) : point(s) % size;
        if (insert)
          s.tokens.insert(s.tokens.begin() + static_cast<std::ptrdiff_t>(p), token());
        else
          s.tokens.erase(s.tokens.begin() + static_cast<std::ptrdiff_t>(p));
        for (multimodal_item& item : s.items) {
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
  void break_items(drawn_sequence& s) {
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
                       multimodal_item{p, 0, g_.percent(50) ? fresh_hash() : contents_[0].hash});
        break;
      }
      case 1: {  // a zero-length item where none may be: inside an item, past the end
        multimodal_item zero{size + 1 + g_.below(3), 0, fresh_hash()};
        std::size_t at = s.items.size();
        if (!s.items.empty() && g_.percent(50)) {
          at = any_item(s);
          if (s.items[at].length >= 2)
            zero.offset = s.items[at].offset + 1 + g_.below(s.items[at].length - 1);
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
          multimodal_item& item = s.items[g_.percent(60) ? s.items.size() - 1 : any_item(s)];
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
          multimodal_item& item = s.items[any_item(s)];
          switch (g_.below(3)) {
            case 0:
              item.length = most - item.offset + 1 + g_.below(3);
              break;
            case 1:
              item.length = most - g_.below(2);
              break;
            default:
              item.offset = most - g_.below(3);
              break;
          }
        } else {
          s.items.push_back({most - g_.below(3), 1 + g_.below(3), fresh_hash()});
        }
        break;
      case 6:  // one hash at another length: grown or shrunk, or split into two copies
        if (!s.items.empty()) {
          const std::size_t i = any_item(s);
          multimodal_item& item = s.items[i];
          if (item.length >= 2 && g_.percent(40)) {
            const multimodal_item second{item.offset + item.length / 2,
                                         item.length - item.length / 2, item.content_hash};
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
          const multimodal_item& item = s.items[any_item(s)];
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
  void make_hashed_content(drawn_sequence& a, drawn_sequence& b) {
    for (drawn_sequence* s : {&a, &b}) {
      std::vector<multimodal_item> kept;
      std::size_t end = 0;
      const std::size_t size = s->tokens.size();
      for (const multimodal_item& item : s->items) {
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
      const drawn_sequence* side;
      multimodal_item item;
    };
    std::vector<known> seen;
    const auto same_content = [](const known& k, const drawn_sequence& side,
                                 const multimodal_item& item) {
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
    for (drawn_sequence* s : {&a, &b}) {
      for (multimodal_item& item : s->items) {
        const known* k = find(item.content_hash);
        if (k != nullptr && !same_content(*k, *s, item)) {
          std::uint64_t h = other_hash(item.content_hash);
          for (int attempt = 0; attempt < 16 && find(h) != nullptr; ++attempt)
            h = other_hash(h) + 1;
          for (int attempt = 0; attempt < 4 && find(h) != nullptr; ++attempt) h = g_.bits();
          // A replayed case may draw only zeros: the least hash no item has, then.
          for (h = find(h) != nullptr ? 0 : h; find(h) != nullptr;) ++h;
          item.content_hash = h;
          k = nullptr;
        }
        if (k == nullptr) seen.push_back({item.content_hash, s, item});
      }
    }
  }

  gen::domain& g_;
  std::array<std::size_t, 8> blocks_;
  std::size_t long_one_in_;
  specs::item_domain domain_;
  bool extremes_ = false;
  std::vector<drawn_content> contents_;
};

}  // namespace multimodal

/// The generator of the multimodal lookups: string namespaces (mostly one, so that the items
/// decide), then the two sequences and their items from the shape's item domain, with lengths
/// around the usual block sizes and the policy's.
template <specs::item_domain Domain>
struct generator<specs::basic_multimodal_lookup<Domain>> {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    draw_text_pair(g, in.cache_namespace, in.request_namespace);
    if (!g.percent(50)) in.request_namespace = in.cache_namespace;
    const reuse_policy policy = context.policy;
    const std::size_t policy_block =
        policy.block_size > 0 && policy.block_size <= 64 ? policy.block_size : 16;
    const std::array<std::size_t, 8> blocks{1, 2, 3, 8, 16, 32, policy_block, 2 * policy_block};
    using cached_t = typename decltype(in.cached_tokens)::value_type;
    using requested_t = typename decltype(in.requested_tokens)::value_type;
    multimodal::drawn_sequence cached;
    multimodal::drawn_sequence requested;
    multimodal::drawer<cached_t, requested_t>(g, blocks, context.options.long_sequences, Domain)
        .draw(cached, requested);
    const auto tokens_of = [](const multimodal::drawn_sequence& from, auto& out) {
      using E = typename std::remove_cvref_t<decltype(out)>::value_type;
      out.resize(from.tokens.size());
      for (std::size_t i = 0; i < from.tokens.size(); ++i) out[i] = static_cast<E>(from.tokens[i]);
    };
    tokens_of(cached, in.cached_tokens);
    in.cached_items = std::move(cached.items);
    tokens_of(requested, in.requested_tokens);
    in.requested_items = std::move(requested.items);
    return in;
  }
};

}  // namespace kvc::library
