// conformance/src/specs/lookups.hpp - the generator of the prefix lookups (string and structured
// namespaces, and the block form): namespaces equal or one field apart, or in the shapes a joined,
// trimmed or folded key cannot tell apart; token sequences sharing a prefix that ends around the
// edges of the policy's blocks, the call's blocks and the usual engine block sizes, then diverging
// (by a token equal to the cached one in its low bits, or anything) and perhaps agreeing again.
//
// Every draw keeps the choice-0-is-simplest rule, and a lower choice gives a smaller value with the
// choices after it drawn as before where it can: equal namespaces, no adapter and no salt, short
// sequences of token 0 first; lengths picked by one choice whose lower values are the shorter kinds
// (a few tokens, block edges, then where 8-, 12- and 16-bit counters wrap), so that the shrinker
// turns a failure found with thousands of tokens into one with as few as it needs.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <kvc/cache_namespace.hpp>
#include <kvc/specs/lookup_shapes.hpp>

#include "../generators.hpp"

namespace kvc::library {

/// Draws a pair of text namespaces: equal (the simplest), or close to each other.
inline void draw_text_pair(gen::domain& g, std::string& a, std::string& b) {
  a = g.text();
  b = g.percent(60) ? g.other_text(a) : a;
  if (g.percent(50)) std::swap(a, b);
}

/// Draws a pair of structured namespaces: equal, one field apart, or the aliasing shapes a joined
/// key cannot tell apart ("org_1" + "2345" and "org_12345" + "", an adapter named like a salt).
inline void draw_namespace_pair(gen::domain& g, owning_cache_namespace& a,
                                owning_cache_namespace& b) {
  // The simplest: model "m", no adapter, revision 0, no salt.
  a.model = g.percent(50) ? std::string("llama") : g.text();
  a.adapter = g.percent(60) ? g.text() : std::string();
  a.adapter_revision = g.percent(50) ? g.integer<std::uint64_t>() : g.below(4);
  a.salt = g.percent(60) ? g.text() : std::string();
  b = a;
  switch (g.below(13)) {
    case 0:
    case 1:
    case 2: break;  // equal
    case 12: {
      // The adapter's last digit moved into the revision: "x1" at r and "x" at 1r read alike
      // once the revision's digits follow the adapter's name.
      std::string name = a.adapter.empty() ? std::string("x") : a.adapter;
      const char digit = static_cast<char>('1' + g.below(9));
      std::uint64_t r = g.below(100);
      std::uint64_t scale = 10;
      while (scale <= r) scale *= 10;
      a.adapter = name + digit;
      a.adapter_revision = r;
      b.adapter = name;
      b.adapter_revision = static_cast<std::uint64_t>(digit - '0') * scale + r;
      break;
    }
    case 3: b.model = g.other_text(a.model); break;
    case 4: b.adapter = g.other_text(a.adapter); break;
    case 5: b.adapter_revision = g.percent(50) ? a.adapter_revision + 1 : g.colliding(a.adapter_revision); break;
    case 6: b.salt = g.other_text(a.salt); break;
    case 7:
    case 10:
    case 11: {
      // Text moved across a field boundary: equal when the fields are joined.
      const std::size_t field = g.below(3);
      std::string* left[] = {&b.model, &b.adapter, &b.adapter};
      std::string* right[] = {&b.adapter, &b.salt, &b.model};
      std::string& l = *left[field];
      std::string& r = *right[field];
      if (g.percent(45)) {
        // A separator moved across the field boundary: ("x", "y/z") and ("x/y", "z") read alike
        // once joined with "/". The separators engines join keys with: path and URL marks,
        // the ASCII unit and record separators, NUL, list punctuation, line and field breaks,
        // the marks of identifiers and of query strings.
        static constexpr std::array<char, 20> separators{'/', ':', '|', '\0', '\x1f', '\x1e',
                                                         ',', ';', '#', '@', '.', ' ', '\n',
                                                         '\t', '-', '_', '=', '+', '&', '~'};
        std::string* a_left[] = {&a.model, &a.adapter, &a.adapter};
        std::string* a_right[] = {&a.adapter, &a.salt, &a.model};
        const char sep = separators[g.below(separators.size())];
        const std::string x = l.empty() ? std::string("x") : l;
        const std::string y = g.percent(50) ? std::string("y") : g.text();
        const std::string z = r.empty() ? std::string("z") : r;
        *a_left[field] = x;
        *a_right[field] = y + sep + z;
        l = x + sep + y;
        r = z;
      } else if (g.percent(50) && !l.empty()) {
        r.insert(r.begin(), l.back());
        l.pop_back();
      } else if (!r.empty()) {
        l.push_back(r.front());
        r.erase(r.begin());
      } else {
        l += "x";
      }
      break;
    }
    case 8: {
      // One text in another field: an adapter named like a tenant's salt.
      const std::string text = a.adapter.empty() ? (a.salt.empty() ? std::string("X") : a.salt) : a.adapter;
      if (g.percent(50)) {
        a.adapter = text;
        a.salt.clear();
        b.adapter.clear();
        b.salt = text;
      } else {
        b.adapter = a.salt;
        b.salt = a.adapter;
      }
      break;
    }
    default:
      b.model = g.other_text(a.model);
      b.salt = g.other_text(a.salt);
      break;
  }
  if (g.percent(50)) std::swap(a, b);
}

/// A sequence length: a few tokens, or one below, at or one past a multiple of one of `blocks`;
/// with `long_ones`, now and then where a counter of 8 bits wraps, past 512, or where a counter of
/// 12 or 16 bits wraps. One choice picks the kind, its lower values the shorter kinds, and the
/// choices that size it are drawn whatever the kind: lowering the kind gives a shorter length and
/// leaves the draws after it in place.
template <std::size_t N>
std::size_t lookup_length(gen::domain& g, const std::array<std::size_t, N>& blocks, bool long_ones) {
  const std::size_t kind = g.below(1000);
  const std::size_t few = g.below(6);
  const std::size_t multiple = g.below(5);
  const std::size_t block = blocks[g.below(N)];
  const std::size_t offset = g.below(3);  // one below, at, one past; the simplest at
  const std::size_t past_512 = g.below(100);
  const std::size_t near = offset == 0 ? 1 : offset == 1 ? 0 : 2;
  if (kind < 250) return few;
  if (!long_ones || kind < 900) {
    const std::size_t edge = block * multiple + near;
    return edge == 0 ? 0 : edge - 1;
  }
  if (kind < 960) return 255 + near;
  // Past 512: two sequences of one such length, which a shortcut takes for equal.
  if (kind < 985) return 513 + past_512;
  // Past the wrap, sometimes by a whole block more: a block count kept in 16 bits.
  const std::size_t wrap = kind < 995 ? 4096 : 65536;
  return wrap - 1 + near + (multiple >= 3 ? block : 0);
}

/// A token of type T: 0 to 3 mostly, so that sequences drawn apart still agree for a while (0 the
/// simplest), or (`extremes`, or now and then) any value of T, its limits and those of narrower
/// widths among them.
template <class T>
T lookup_token(gen::domain& g, bool extremes) {
  if (extremes || g.percent(15)) return g.integer<T>();
  return static_cast<T>(g.below(4));
}

/// Past this many tokens, a drawn sequence repeats its last `repeated_tokens` (the diverging
/// token of a requested sequence excepted): the bugs of long sequences are in their lengths, and
/// one draw per token would make a case of 2^16 tokens cost more than the rest of an exploration.
inline constexpr std::size_t drawn_tokens = 512;
inline constexpr std::size_t repeated_tokens = 64;

/// Draws a cached and a requested token sequence sharing a prefix whose length sits around the
/// edges of `blocks`, then diverging (by a token equal to the cached one in its low bits, or
/// anything) and agreeing again, or not.
template <class Cached, class Requested, std::size_t N>
void draw_token_pair(gen::domain& g, std::vector<Cached>& cached,
                     std::vector<Requested>& requested, const std::array<std::size_t, N>& blocks,
                     bool long_sequences) {
  const std::size_t cached_length = lookup_length(g, blocks, long_sequences);
  const std::size_t how_long = g.below(4);
  const std::size_t other_length = lookup_length(g, blocks, long_sequences);
  const std::size_t step = g.below(3);
  std::size_t requested_length = 0;
  switch (how_long) {
    case 0: requested_length = cached_length; break;
    case 1: requested_length = cached_length + step; break;
    case 2: requested_length = cached_length > 2 ? cached_length - step : cached_length; break;
    default: requested_length = other_length; break;
  }
  const std::size_t shorter = cached_length < requested_length ? cached_length : requested_length;
  const std::size_t how_shared = g.below(5);
  const std::size_t at_an_edge = lookup_length(g, blocks, false);
  const std::size_t anywhere = g.below(shorter + 1);
  std::size_t shared = shorter;
  switch (how_shared) {
    case 1: shared = at_an_edge; break;
    case 2: shared = shorter == 0 ? 0 : shorter - 1; break;
    case 3: shared = anywhere; break;
    default: shared = shorter; break;
  }
  if (shared > shorter) shared = shorter;
  // Tokens in the range both element types hold, so that a shared prefix is one in both. Past
  // `drawn_tokens`, and along the shared prefix, the loops copy through pointers: a case of 2^16
  // tokens then costs a few copies per token, not a bounds-checked call per access.
  const bool extremes = g.percent(15);
  cached.resize(cached_length);
  Cached* const c = cached.data();
  const std::size_t cached_drawn = cached_length < drawn_tokens ? cached_length : drawn_tokens;
  for (std::size_t i = 0; i < cached_drawn; ++i) {
    c[i] = lookup_token<Cached>(g, extremes);
    if (!gen::holds<Requested>(static_cast<gen::wide_integer>(kvc::detail::integer_value(c[i]))))
      c[i] = static_cast<Cached>(g.below(4));
  }
  for (std::size_t i = cached_drawn; i < cached_length; ++i) c[i] = c[i - repeated_tokens];
  requested.resize(requested_length);
  Requested* const r = requested.data();
  const bool agree_again = g.percent(40);
  const auto as_requested = [](Cached token) {
    return static_cast<Requested>(kvc::detail::integer_value(token));
  };
  // The shared prefix (never longer than either sequence), then the diverging token.
  for (std::size_t i = 0; i < shared; ++i) r[i] = as_requested(c[i]);
  if (shared < requested_length) {
    if (shared < cached_length) {
      const bool zero = kvc::detail::integer_value(c[shared]) == 0;
      r[shared] = g.percent(60) ? g.colliding(as_requested(c[shared]))
                                : static_cast<Requested>(zero ? 1 : 0);
    } else {
      r[shared] = lookup_token<Requested>(g, extremes);
    }
  }
  // After it: agreeing again or drawn, up to `drawn_tokens`; repeated past them.
  for (std::size_t i = shared + 1; i < requested_length; ++i) {
    if (i >= drawn_tokens)
      r[i] = r[i - repeated_tokens];
    else if (i < cached_length && agree_again)
      r[i] = as_requested(c[i]);
    else
      r[i] = lookup_token<Requested>(g, extremes);
  }
  // Two tokens of one block swapped: the same multiset, another sequence.
  if (g.percent(10) && requested_length >= 2) {
    const std::size_t i = g.below(requested_length - 1);
    std::swap(requested[i], requested[i + 1]);
  }
}

/// The generator of the lookup shapes.
template <class Shape>
struct lookup_generator {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    if constexpr (std::is_same_v<decltype(in.cache_namespace), owning_cache_namespace>)
      draw_namespace_pair(g, in.cache_namespace, in.request_namespace);
    else
      draw_text_pair(g, in.cache_namespace, in.request_namespace);
    std::size_t block = 16;
    if constexpr (requires { in.block_size; }) {
      using block_t = decltype(in.block_size);
      static constexpr std::array<long long, 14> sizes{1, 2, 3, 4, 5, 7, 8, 12, 15, 16, 17, 32, 0, -1};
      const std::size_t choice = g.below(10);
      const long long usual = sizes[g.below(sizes.size())];
      const long long wanted = choice < 8    ? usual
                               : choice == 8 ? -16
                                             : static_cast<long long>(g.integer<block_t>());
      in.block_size = gen::holds<block_t>(wanted) ? static_cast<block_t>(wanted) : g.integer<block_t>();
      const auto value = kvc::detail::integer_value(in.block_size);
      block = value > 0 && value < 4096 ? static_cast<std::size_t>(value) : 16;
    }
    const reuse_policy policy = context.policy;
    const std::size_t policy_block =
        policy.block_size > 0 && policy.block_size < 4096 ? policy.block_size : 16;
    // Block sizes engines run (1 to 128 tokens: vLLM's choices, SGLang's and TensorRT-LLM's pages),
    // which are also the widths of chunked comparison loops, the policy's and the suite's own.
    const std::array<std::size_t, 10> blocks{1, 3, 8, 16, 32, 64, 128, policy_block, block,
                                             policy_block * block < 4096 ? policy_block * block : 64};
    using cached_t = typename decltype(in.cached)::value_type;
    using requested_t = typename decltype(in.requested)::value_type;
    draw_token_pair<cached_t, requested_t>(g, in.cached, in.requested, blocks,
                                           context.options.long_sequences);
    return in;
  }
};

template <field_kind Namespace>
struct generator<specs::basic_prefix_lookup<Namespace>>
    : lookup_generator<specs::basic_prefix_lookup<Namespace>> {};
template <>
struct generator<specs::block_lookup> : lookup_generator<specs::block_lookup> {};

}  // namespace kvc::library
