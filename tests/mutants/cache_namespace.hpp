// tests/mutants/cache_namespace.hpp - known-bad implementations of namespace isolation with
// structured namespaces (`kvc::cache_namespace`): namespace comparisons that alias fields, drop
// them, fold, trim or truncate them, and token comparisons that narrow ids or lengths, each as a
// prefix-reuse implementation. static_checks/cache_namespace_suites.cpp proves every one rejected
// by the fixtures, and tests/cache_namespace_conformance.cpp by kvc::check and by kvc::explore.
// Test material: not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/prefix_reuse.hpp>

#include "prefix_reuse.hpp"

namespace kvc::mutants::cache_namespace {

namespace detail {

using kvc::mutants::prefix_reuse::detail::common_prefix;

/// Whether two sequences of string pieces spell the same text once concatenated.
template <std::size_t N>
constexpr bool same_concatenation(const std::string_view (&a)[N],
                                  const std::string_view (&b)[N]) noexcept {
  std::size_t ai = 0, ao = 0, bi = 0, bo = 0;
  while (true) {
    while (ai < N && ao == a[ai].size()) ++ai, ao = 0;
    while (bi < N && bo == b[bi].size()) ++bi, bo = 0;
    if (ai == N || bi == N) return ai == N && bi == N;
    if (a[ai][ao++] != b[bi][bo++]) return false;
  }
}

/// The mutant that reuses the common prefix where `equal(cache_ns, request_ns)`, and nothing
/// elsewhere: every namespace mutant below is one, `equal` its namespace comparison.
template <class Equal>
struct reuse_if {
  Equal equal;

  constexpr reuse_if() = default;
  /// `reuse_if(equal)` (not an aggregate: clang 14 has no parenthesized aggregate initialization).
  constexpr reuse_if(Equal compared) noexcept : equal(compared) {}  // NOLINT: implicit by design

  template <class Cached, class Requested>
  constexpr std::size_t operator()(const kvc::cache_namespace& c, const kvc::cache_namespace& r,
                                   const Cached& cached, const Requested& requested) const {
    return equal(c, r) ? common_prefix(cached, requested) : std::size_t{0};
  }
};
template <class Equal>
reuse_if(Equal) -> reuse_if<Equal>;

}  // namespace detail

/// The key is model + adapter + salt concatenated with no separator: fields alias.
inline constexpr auto concatenated_key = detail::reuse_if([](const auto& c, const auto& r) {
  const std::string_view a[] = {c.model, c.adapter, c.salt};
  const std::string_view b[] = {r.model, r.adapter, r.salt};
  return c.adapter_revision == r.adapter_revision && detail::same_concatenation(a, b);
});

/// The adapter is identified by name alone: revisions share KV entries.
inline constexpr auto adapter_name_only = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter && c.salt == r.salt;
});

/// The salt is left out of the key: tenants share KV entries.
inline constexpr auto ignores_salt = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter && c.adapter_revision == r.adapter_revision;
});

/// The adapter is left out of the key: a LoRA request reuses the base model's cache.
inline constexpr auto ignores_adapter = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.salt == r.salt;
});

/// Salts compared as prefixes of each other (a truncated or length-unchecked compare).
inline constexpr auto salt_prefix_match = detail::reuse_if([](const auto& c, const auto& r) {
  const auto shorter = c.salt.size() < r.salt.size() ? c.salt.size() : r.salt.size();
  return c.model == r.model && c.adapter == r.adapter &&
         c.adapter_revision == r.adapter_revision &&
         c.salt.substr(0, shorter) == r.salt.substr(0, shorter);
});

/// The key is model, adapter and salt joined with '/' (a path-like key): "org/a" + "b" aliases
/// "org" + "a/b".
inline constexpr auto slash_joined_key = detail::reuse_if([](const auto& c, const auto& r) {
  const std::string_view a[] = {c.model, "/", c.adapter, "/", c.salt};
  const std::string_view b[] = {r.model, "/", r.adapter, "/", r.salt};
  return c.adapter_revision == r.adapter_revision && detail::same_concatenation(a, b);
});

/// The key is the tuple of whichever of adapter and salt are set, untagged (vLLM's extra keys hold
/// the LoRA name and the cache salt this way): adapter "X" alone equals salt "X" alone.
inline constexpr auto untagged_tuple = detail::reuse_if([](const auto& c, const auto& r) {
  std::string_view a[2]{}, b[2]{};
  std::size_t na = 0, nb = 0;
  for (const std::string_view field : {c.adapter, c.salt})
    if (!field.empty()) a[na++] = field;
  for (const std::string_view field : {r.adapter, r.salt})
    if (!field.empty()) b[nb++] = field;
  return c.model == r.model && c.adapter_revision == r.adapter_revision && na == nb &&
         a[0] == b[0] && a[1] == b[1];
});

/// The key is the salt then the adapter concatenated (SGLang's cache key): salt "ab" + adapter "c"
/// aliases salt "a" + adapter "bc".
inline constexpr auto salt_then_adapter_key = detail::reuse_if([](const auto& c, const auto& r) {
  const std::string_view a[] = {c.salt, c.adapter};
  const std::string_view b[] = {r.salt, r.adapter};
  return c.model == r.model && c.adapter_revision == r.adapter_revision &&
         detail::same_concatenation(a, b);
});

/// Checks the adapter only when the cached entry has one, so a base-model cache serves adapter
/// requests (llama.cpp reused a prompt cache made without a LoRA for requests with one).
inline constexpr auto base_cache_serves_adapters = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && (c.adapter.empty() || c.adapter == r.adapter) &&
         c.adapter_revision == r.adapter_revision && c.salt == r.salt;
});

/// Stores the adapter revision in a `std::uint32_t`: revision 2^32 + 1 aliases revision 1.
inline constexpr auto revision_as_uint32 = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter && c.salt == r.salt &&
         static_cast<std::uint32_t>(c.adapter_revision) ==
             static_cast<std::uint32_t>(r.adapter_revision);
});

namespace detail {
// The comparisons several mutants share.

/// Every name `same`, and the revisions equal.
template <class Same>
struct names_equal {
  Same same;
  constexpr bool operator()(const kvc::cache_namespace& c, const kvc::cache_namespace& r) const {
    return same(c.model, r.model) && same(c.adapter, r.adapter) &&
           c.adapter_revision == r.adapter_revision && same(c.salt, r.salt);
  }
};

/// Reuses where every name is `same` and the revisions are equal.
template <class Same>
constexpr reuse_if<names_equal<Same>> names_compared(Same same) noexcept {
  return {{same}};
}

/// The name `Field` `same`, and every other field equal.
template <auto Field, class Same>
struct field_equal {
  Same same;
  constexpr bool operator()(const kvc::cache_namespace& c, const kvc::cache_namespace& r) const {
    kvc::cache_namespace c_rest = c, r_rest = r;
    c_rest.*Field = r_rest.*Field = std::string_view{};
    return c_rest == r_rest && same(std::string_view{c.*Field}, std::string_view{r.*Field});
  }
};

/// Reuses where the name `Field` is `same` and every other field is equal.
template <auto Field, class Same>
constexpr reuse_if<field_equal<Field, Same>> field_compared(Same same) noexcept {
  return {{same}};
}

/// The revisions equal once mapped by `revision`, and every other field equal.
template <class Revision>
struct revision_equal {
  Revision revision;
  constexpr bool operator()(const kvc::cache_namespace& c, const kvc::cache_namespace& r) const {
    return c.model == r.model && c.adapter == r.adapter && c.salt == r.salt &&
           revision(c.adapter_revision) == revision(r.adapter_revision);
  }
};

/// Reuses where the revisions are equal once mapped by `revision` and every other field is equal.
template <class Revision>
constexpr reuse_if<revision_equal<Revision>> revision_compared(Revision revision) noexcept {
  return {{revision}};
}

namespace strings = kvc::mutants::prefix_reuse::detail;
}  // namespace detail

/// Compares names case-insensitively (as a lower-cased model name or a case-insensitive map
/// does): "Llama" is "llama".
inline constexpr auto case_insensitive = detail::names_compared(detail::strings::same_ignoring_case);

/// Compares names as C strings (`strcmp` on `c_str()`): everything after an embedded NUL is ignored.
inline constexpr auto c_string_compare = detail::names_compared(detail::strings::same_as_c_strings);

/// Trims surrounding whitespace from names (as a configuration loader does): "llama " is "llama".
inline constexpr auto trims_whitespace = detail::names_compared(detail::strings::same_trimmed);

/// Compares each name by its length and the sum of its characters: model "ab" is model "ba".
inline constexpr auto character_sum_names = detail::names_compared(
    detail::strings::same_digest(detail::strings::plus, detail::strings::unweighted));

/// Compares each name by its length and a position-weighted sum of its characters (1, 2, ...):
/// model "ab" is model "ca".
inline constexpr auto weighted_sum_names = detail::names_compared(
    detail::strings::same_digest(detail::strings::plus, detail::strings::by_position));

/// Folds the case of the adapter name only (adapters looked up case-insensitively): "SQL" is "sql".
inline constexpr auto adapter_case_insensitive =
    detail::field_compared<&kvc::cache_namespace::adapter>(detail::strings::same_ignoring_case);

/// Compares the adapter name as a C string: "a\0x" is "a\0y".
inline constexpr auto adapter_c_string_compare =
    detail::field_compared<&kvc::cache_namespace::adapter>(detail::strings::same_as_c_strings);

/// Compares the salt as a C string: "t\0x" is "t\0y".
inline constexpr auto salt_c_string_compare =
    detail::field_compared<&kvc::cache_namespace::salt>(detail::strings::same_as_c_strings);

/// Trims the salt only (a salt read from a header): "t " is "t".
inline constexpr auto salt_trims_whitespace =
    detail::field_compared<&kvc::cache_namespace::salt>(detail::strings::same_trimmed);

/// Folds the 64-bit revision into 32 bits as `r ^ (r >> 32)` (a common hash combine): 2^32 + 1
/// is 0.
inline constexpr auto revision_folded_to_32_bits = detail::revision_compared([](auto revision) {
  const auto r = static_cast<std::uint64_t>(revision);
  return static_cast<std::uint32_t>(r ^ (r >> 32));
});

/// Keeps the revision in a `double` (a JSON number): 2^53 + 1 is 2^53.
inline constexpr auto revision_as_double =
    detail::revision_compared([](auto revision) { return static_cast<double>(revision); });

namespace detail {
/// The decimal digits of `value`, most significant first, in `out`; returns how many.
constexpr std::size_t decimal(std::uint64_t value, char (&out)[20]) noexcept {
  char reversed[20]{};
  std::size_t n = 0;
  do {
    reversed[n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  for (std::size_t i = 0; i < n; ++i) out[i] = reversed[n - 1 - i];
  return n;
}
}  // namespace detail

/// Checks the salt only when the request has one: a request without a salt reads a tenant's
/// salted entries.
inline constexpr auto salt_only_when_requested = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter &&
         c.adapter_revision == r.adapter_revision && (r.salt.empty() || c.salt == r.salt);
});

/// Compares the salt by its first 8 bytes only (a fixed-size salt field).
inline constexpr auto salt_first_8_bytes = detail::field_compared<&kvc::cache_namespace::salt>(
    [](std::string_view x, std::string_view y) { return x.substr(0, 8) == y.substr(0, 8); });

/// Compares every name by its first 64 bytes only (fixed-size key buffers).
inline constexpr auto names_first_64_bytes = detail::names_compared(detail::strings::same_first_64);

/// Appends the revision's digits to the adapter name ("sql" + 12): adapter "sql1" at revision 2 is
/// "sql" at revision 12.
inline constexpr auto revision_appended_to_adapter = detail::reuse_if([](const auto& c,
                                                                         const auto& r) {
  char cd[20]{}, rd[20]{};
  const std::string_view a[] = {c.adapter, {cd, detail::decimal(static_cast<std::uint64_t>(c.adapter_revision), cd)}};
  const std::string_view b[] = {r.adapter, {rd, detail::decimal(static_cast<std::uint64_t>(r.adapter_revision), rd)}};
  return c.model == r.model && c.salt == r.salt && detail::same_concatenation(a, b);
});

/// Compares each name by its length and last character only (a cheap key, or a hash of them):
/// "a-llama" is "b-llama".
inline constexpr auto compares_length_and_last_character =
    detail::reuse_if([](const auto& c, const auto& r) {
      const auto same = [](std::string_view x, std::string_view y) {
        return x.size() == y.size() && (x.empty() || x.back() == y.back());
      };
      return same(c.model, r.model) && same(c.adapter, r.adapter) &&
             c.adapter_revision == r.adapter_revision && same(c.salt, r.salt);
    });

/// Keys the revision only together with an adapter name: a base model's revisions share KV
/// entries.
inline constexpr auto revision_only_with_adapter = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter && c.salt == r.salt &&
         (c.adapter.empty() || c.adapter_revision == r.adapter_revision);
});

namespace detail {
template <char Separator>
inline constexpr char separator[1] = {Separator};

/// The namespaces are equal when model, adapter and salt joined with `Separator` are, and the
/// revisions are.
template <char Separator>
struct joined_key_equal {
  constexpr bool operator()(const kvc::cache_namespace& c,
                            const kvc::cache_namespace& r) const noexcept {
    constexpr std::string_view sep{separator<Separator>, 1};
    const std::string_view a[] = {c.model, sep, c.adapter, sep, c.salt};
    const std::string_view b[] = {r.model, sep, r.adapter, sep, r.salt};
    return c.adapter_revision == r.adapter_revision && same_concatenation(a, b);
  }
};

/// The key is model, adapter and salt joined with `Separator`, then the revision.
template <char Separator>
inline constexpr reuse_if<joined_key_equal<Separator>> joined_key{};
}  // namespace detail

/// The key is model, adapter and salt joined with the ASCII unit separator (0x1F).
inline constexpr auto unit_separator_key = detail::joined_key<'\x1f'>;
/// The key is model, adapter and salt joined with ':'.
inline constexpr auto colon_joined_key = detail::joined_key<':'>;
/// The key is model, adapter and salt joined with '|'.
inline constexpr auto bar_joined_key = detail::joined_key<'|'>;
/// The key is model, adapter and salt joined with NUL (C strings laid end to end).
inline constexpr auto nul_joined_key = detail::joined_key<'\0'>;
namespace detail {
/// The key is model, adapter, the revision's digits and salt joined with `Separator`, unescaped.
template <char Separator>
struct joined_with_revision_equal {
  constexpr bool operator()(const kvc::cache_namespace& c,
                            const kvc::cache_namespace& r) const noexcept {
    constexpr std::string_view sep{separator<Separator>, 1};
    char cd[20]{}, rd[20]{};
    const std::string_view cr{cd, decimal(static_cast<std::uint64_t>(c.adapter_revision), cd)};
    const std::string_view rr{rd, decimal(static_cast<std::uint64_t>(r.adapter_revision), rd)};
    const std::string_view a[] = {c.model, sep, c.adapter, sep, cr, sep, c.salt};
    const std::string_view b[] = {r.model, sep, r.adapter, sep, rr, sep, r.salt};
    return same_concatenation(a, b);
  }
};
template <char Separator>
inline constexpr reuse_if<joined_with_revision_equal<Separator>> joined_with_revision{};
}  // namespace detail

/// The key is model, adapter, revision and salt joined with '|', unescaped.
inline constexpr auto bar_joined_with_revision = detail::joined_with_revision<'|'>;
/// The key is model, adapter, revision and salt joined with NUL.
inline constexpr auto nul_joined_with_revision = detail::joined_with_revision<'\0'>;

/// The key is model, adapter and salt joined with ','.
inline constexpr auto comma_joined_key = detail::joined_key<','>;
/// The key is model, adapter and salt joined with '@' (as in "model@adapter").
inline constexpr auto at_joined_key = detail::joined_key<'@'>;
/// The key is model, adapter and salt joined with a newline (one field per line).
inline constexpr auto newline_joined_key = detail::joined_key<'\n'>;
/// The key is model, adapter and salt joined with '-'.
inline constexpr auto dash_joined_key = detail::joined_key<'-'>;
/// The key is model, adapter and salt joined with '_'.
inline constexpr auto underscore_joined_key = detail::joined_key<'_'>;

namespace detail {
/// Compares token ids narrowed to `Narrow` (an id store narrower than the ids).
template <class Narrow>
struct tokens_narrowed {
  template <class Cached, class Requested>
  constexpr std::size_t operator()(const kvc::cache_namespace& c, const kvc::cache_namespace& r,
                                   const Cached& cached, const Requested& requested) const {
    if (!(c == r)) return std::size_t{0};
    std::size_t i = 0;
    while (i < std::ranges::size(cached) && i < std::ranges::size(requested) &&
           static_cast<Narrow>(cached[i]) == static_cast<Narrow>(requested[i]))
      ++i;
    return i;
  }
};
template <class Narrow>
inline constexpr tokens_narrowed<Narrow> tokens_narrowed_to{};
}  // namespace detail

/// Compares token ids narrowed to `std::uint8_t` (a byte-wide id store): 258 is 2.
inline constexpr auto tokens_in_8_bits = detail::tokens_narrowed_to<std::uint8_t>;
/// Compares token ids narrowed to `std::uint16_t`: 65538 is 2.
inline constexpr auto tokens_in_16_bits = detail::tokens_narrowed_to<std::uint16_t>;

/// Keeps the matched length in a `std::uint8_t`: 300 reads as 44.
inline constexpr auto length_in_8_bits = [](const kvc::cache_namespace& c,
                                            const kvc::cache_namespace& r, const auto& cached,
                                            const auto& requested) {
  return c == r ? static_cast<std::size_t>(
                      static_cast<std::uint8_t>(detail::common_prefix(cached, requested)))
                : std::size_t{0};
};

}  // namespace kvc::mutants::cache_namespace
