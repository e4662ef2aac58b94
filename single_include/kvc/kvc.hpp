// kvc 0.1.0 - compile-time verified contracts for KV-cache address logic, as one header.
//
// Generated from include/kvc by cmake/single_header.cmake: do not edit; regenerate with
// `cmake -P cmake/single_header.cmake`. Every contract of kvc/kvc.hpp, needing only the standard
// library. (The fixture suites and kvc::verify, which need Boost.Hana, are not in it.)
//
// Distributed under the Boost Software License, Version 1.0. (See the LICENSE file of the kvc
// repository, or https://www.boost.org/LICENSE_1_0.txt.)
#pragma once

// ---- begin kvc/kvc.hpp
// kvc/kvc.hpp - every kvc contract. Does not require Boost.Hana; see kvc/conformance.hpp for the
// compile-time verification machinery that does.


// ---- begin kvc/append_admission.hpp
// kvc/append_admission.hpp - FA-98626: a multi-token append is admitted atomically.
//
// Contract: a request for `requested` slots in a cache of `capacity` slots, `used` of them taken, is
// granted whole (`requested`) when it fits in `capacity - used`, and otherwise refused (0). Admitting
// token by token (the recorded failure) grants a partial count; comparing against the total capacity
// (the recorded unsuccessful fix) ignores the slots already taken.

#include <cstdint>
#include <utility>


// ---- begin kvc/concepts.hpp
// kvc/concepts.hpp - the named requirements of kvc's contracts.
//
// Every contract constrains its parameters with one of these concepts, so a call with a wrong type
// fails with "the constraint 'kvc::integer<double>' was not satisfied" rather than deep inside an
// algorithm.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>


// ---- begin kvc/detail/ranges.hpp
// kvc/detail/ranges.hpp - std::ranges' concepts (range, sized_range, contiguous_range,
// range_value_t, ...), customization points (begin, end, size, data, distance) and iterator
// traits (iter_value_t) for kvc's headers, from the lightest standard header that declares them.
//
// The standard declares the concepts in <ranges> only, and <ranges> brings every view with it: on
// libstdc++ 12 it alone costs about as much to compile as <vector>, <span> and <algorithm>
// together. The two libraries kvc is built with declare all of these names, in full, behind
// lighter headers, because their own components need them: libstdc++ in bits/ranges_base.h, which
// <span> includes (span's range constructor); libc++ in __ranges/concepts.h, which <iterator>
// includes (the range overload of ranges::distance). (libc++'s <span> would do too, but in C++20
// mode it carries some 70,000 lines of legacy transitive includes; its <iterator> a third of that.)
// With any other standard library, <ranges>. The names are the same std::ranges ones either way.

#include <version>  // identifies the standard library

#include <cstddef>
#include <type_traits>


// ---- begin kvc/host_device.hpp
// kvc/host_device.hpp - what makes a contract callable from CUDA device code.
//
// nvcc compiles a function for the GPU only when it is marked `__device__`; a `constexpr` function
// without the mark is host-only unless the whole translation unit is built with
// `--expt-relaxed-constexpr`. Every contract that allocates nothing is marked with KVC_HOST_DEVICE,
// as are the detail helpers it calls. With any other compiler the mark is nothing, so host builds
// see exactly the code they saw before.
//
// The contracts are function objects, and an object is data: device code cannot name a host
// variable of class type ("identifier ... is undefined in device code"), and nvcc has no variable
// that lives on both sides. A namespace-scope `__device__ constexpr` variable is the form nvcc
// accepts in both host and device code, so under nvcc the function objects are declared that way
// (KVC_INLINE_VARIABLE), and `inline constexpr` everywhere else. (`__device__` variables may not
// be `inline` without relocatable device code; a `constexpr` one has internal linkage instead,
// which costs nothing for an empty object.)

#if defined(__CUDACC__)
#define KVC_HOST_DEVICE __host__ __device__
#define KVC_INLINE_VARIABLE __device__
#else
#define KVC_HOST_DEVICE
#define KVC_INLINE_VARIABLE inline
#endif
// ---- end kvc/host_device.hpp

#if defined(_LIBCPP_VERSION)
#include <iterator>
#elif defined(_GLIBCXX_RELEASE)
#include <span>
#else
#include <ranges>
#endif

namespace kvc::detail {

// std::ranges::begin, end, size, data and distance are objects, which CUDA device code cannot name
// ("identifier std::ranges::__cust::size is undefined in device code"). kvc's headers call them
// through these functions: in host code they are exactly the std::ranges ones; in device code
// (__CUDA_ARCH__) they take what those find for the ranges device code holds: a C array or a
// range's own members (std::span, a user's contiguous view).

template <class R>
KVC_HOST_DEVICE constexpr auto range_begin(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return r + 0;
  else
    return r.begin();
#else
  return std::ranges::begin(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_end(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return r + std::extent_v<R>;
  else
    return r.end();
#else
  return std::ranges::end(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_size(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return std::extent_v<R>;
  else if constexpr (requires { r.size(); })
    return r.size();
  else
    return static_cast<std::size_t>(r.end() - r.begin());
#else
  return std::ranges::size(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_data(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return r + 0;
  else
    return r.data();
#else
  return std::ranges::data(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_distance(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  using difference = std::ranges::range_difference_t<R>;
  if constexpr (std::ranges::sized_range<R>) {
    return static_cast<difference>(range_size(r));
  } else {
    difference count = 0;
    for (auto it = range_begin(r), last = range_end(r); it != last; ++it) ++count;
    return count;
  }
#else
  return std::ranges::distance(r);
#endif
}

}  // namespace kvc::detail
// ---- end kvc/detail/ranges.hpp

namespace kvc {

namespace detail {
template <class T>
concept character_type =
    std::same_as<T, char> || std::same_as<T, wchar_t> || std::same_as<T, char8_t> ||
    std::same_as<T, char16_t> || std::same_as<T, char32_t>;

/// An integral type no wider than `std::uintmax_t`. Extended integer types (`__int128` and
/// `unsigned __int128`, integral with g++'s GNU modes and with libc++) are wider: kvc computes
/// bounds in `std::uintmax_t`, which would truncate them, so they are refused rather than narrowed.
template <class T>
concept fits_in_uintmax = sizeof(T) <= sizeof(std::uintmax_t);
}  // namespace detail

/// A slot count or position: a standard signed or unsigned integer type (`int`, `std::size_t`,
/// `std::int8_t`, ...). `bool` and the character types are not counts and are rejected; these are
/// exactly the types that `std::cmp_less` and friends accept, so mixed comparisons are exact.
/// Extended integer types wider than `std::uintmax_t` (`__int128`) are rejected too: a capacity of
/// 2^64 + 5 must not be read as 5 (`detail::fits_in_uintmax`).
template <class T>
concept integer = std::integral<T> && !std::same_as<std::remove_cv_t<T>, bool> &&
                  !detail::character_type<std::remove_cv_t<T>> && detail::fits_in_uintmax<T>;

/// Two values whose equality kvc can decide: `a == b` is well-formed and yields something
/// convertible to `bool`. Namespaces, tokens and segment ids are compared through this.
template <class A, class B>
concept comparable_with = requires(const A& a, const B& b) {
  { a == b } -> std::convertible_to<bool>;
};

/// A token or segment-id sequence: anything iterable that knows its size -- `std::array`,
/// `std::span`, `std::vector`, C arrays, `std::string_view`, ...
template <class R>
concept id_sequence = std::ranges::forward_range<const R> && std::ranges::sized_range<const R>;

/// Two token sequences whose elements can be compared with each other.
template <class R1, class R2>
concept comparable_sequences =
    id_sequence<R1> && id_sequence<R2> &&
    comparable_with<std::ranges::range_value_t<const R1>, std::ranges::range_value_t<const R2>>;

/// A segment-id sequence: its ids can be compared with each other.
template <class R>
concept segment_sequence =
    id_sequence<R> &&
    comparable_with<std::ranges::range_value_t<const R>, std::ranges::range_value_t<const R>>;

/// A writable span of integers: where the span forms of the contracts put their results.
template <class O>
concept position_output =
    std::ranges::contiguous_range<O> && std::ranges::sized_range<O> &&
    integer<std::ranges::range_value_t<O>> &&
    !std::is_const_v<std::remove_reference_t<std::ranges::range_reference_t<O>>>;

/// A sequence of position ids: a sized range of integers (`std::span<const std::int64_t>`, a
/// `std::vector<int>`, ...). In a signed type a negative position marks a padding token.
template <class R>
concept position_sequence = id_sequence<R> && integer<std::ranges::range_value_t<const R>>;

}  // namespace kvc
// ---- end kvc/concepts.hpp

namespace kvc {

/// Function object type of `kvc::admitted_append`.
struct admitted_append_fn {
  /// `requested` when `0 <= used <= capacity` and `0 <= requested <= capacity - used`, else 0.
  ///
  /// The three integers may have any mix of types and signedness; the bounds are decided by
  /// mathematical value, so no combination overflows or wraps. An inconsistent state (negative
  /// capacity or used, used above capacity) admits nothing.
  template <integer Capacity, integer Used, integer Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr Requested operator()(Capacity capacity, Used used,
                                                               Requested requested) const noexcept {
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity) || std::cmp_less(requested, 0))
      return Requested{0};
    // 0 <= used <= capacity, so both are non-negative and their difference fits in uintmax_t.
    const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
    return std::cmp_less_equal(requested, free_slots) ? requested : Requested{0};
  }
};

/// All-or-nothing admission of a multi-slot append; see `admitted_append_fn::operator()`.
KVC_INLINE_VARIABLE constexpr admitted_append_fn admitted_append{};

}  // namespace kvc
// ---- end kvc/append_admission.hpp

// ---- begin kvc/append_blocks.hpp
// kvc/append_blocks.hpp - the blocks an append needs.
//
// Contract: a request that holds `held` tokens in a paged KV cache of blocks of `block_size`
// tokens holds ceil(held / block_size) blocks, the last one perhaps partly filled. Appending
// `appended` tokens, with `lookahead` more slots reserved (speculative decoding's draft tokens),
// needs ceil((held + appended + lookahead) / block_size) blocks in all: the difference is how many
// new blocks to allocate. It is 0 when the tokens fit in the last block's free slots (an empty
// append with no lookahead never allocates), and it counts a block that the append fills exactly
// but no block past it. Engines get this ceiling division wrong at block edges (a partly filled
// last block counted as full, or as free), with lookahead (forgotten, or added twice), for an empty
// append (`(n - 1) / size + 1` of 0), and for counts near the top of their integer type (the sum
// wraps).

#include <cstdint>
#include <utility>


namespace kvc {

/// Function object type of `kvc::blocks_for_append`.
struct blocks_for_append_fn {
  /// How many new blocks a request holding `held` tokens needs to append `appended` tokens with
  /// `lookahead` slots reserved: `ceil((held + appended + lookahead) / block_size) -
  /// ceil(held / block_size)`.
  ///
  /// The four integers may have any mix of types and signedness; the result is exact for every
  /// value (no sum is formed that could wrap). A negative count or a block size of 0 or below is not
  /// a request: 0. A result past `std::uintmax_t` (only for counts past half of it, in blocks of 1)
  /// is `UINTMAX_MAX`, more blocks than any pool holds.
  template <integer Held, integer Appended, integer Lookahead, integer BlockSize>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::uintmax_t operator()(
      Held held, Appended appended, Lookahead lookahead, BlockSize block_size) const noexcept {
    if (std::cmp_less(held, 0) || std::cmp_less(appended, 0) || std::cmp_less(lookahead, 0) ||
        std::cmp_less_equal(block_size, 0))
      return 0;
    const auto size = static_cast<std::uintmax_t>(block_size);
    const auto used_in_last = static_cast<std::uintmax_t>(held) % size;
    const std::uintmax_t free_in_last = used_in_last == 0 ? 0 : size - used_in_last;
    // The slots wanted, as whole blocks and a rest each, so that no sum can wrap.
    const auto wanted_a = static_cast<std::uintmax_t>(appended);
    const auto wanted_b = static_cast<std::uintmax_t>(lookahead);
    // Fill the last block's free slots first, from the appended tokens, then from the lookahead.
    const std::uintmax_t from_a = wanted_a < free_in_last ? wanted_a : free_in_last;
    const std::uintmax_t left_free = free_in_last - from_a;
    const std::uintmax_t from_b = wanted_b < left_free ? wanted_b : left_free;
    const std::uintmax_t a = wanted_a - from_a;
    const std::uintmax_t b = wanted_b - from_b;
    // Whole blocks of each, then one or two blocks for the two rests (two when they add up to
    // more than a block).
    const std::uintmax_t ra = a % size;
    const std::uintmax_t rb = b % size;
    const std::uintmax_t partial = ra == 0 && rb == 0 ? 0 : rb <= size - ra ? 1 : 2;
    if (a / size > UINTMAX_MAX - b / size) return UINTMAX_MAX;
    const std::uintmax_t whole = a / size + b / size;
    return whole > UINTMAX_MAX - partial ? UINTMAX_MAX : whole + partial;
  }
};

/// The new blocks an append needs; see `blocks_for_append_fn::operator()`.
KVC_INLINE_VARIABLE constexpr blocks_for_append_fn blocks_for_append{};

}  // namespace kvc
// ---- end kvc/append_blocks.hpp

// ---- begin kvc/batch_admission.hpp
// kvc/batch_admission.hpp - a batch of appends is admitted whole or not at all.
//
// The batch form of kvc::admitted_append: a scheduler that admits a step's requests one by one and
// then fails part-way has already handed out slots it must roll back (kvcached leaked blocks that
// way); vLLM's allocate_slots checks the whole step first and returns before allocating anything.

#include <cstdint>
#include <type_traits>
#include <utility>


namespace kvc {

/// A range of slot requests: a sized range of integers (`std::vector<int>`, `std::span<const
/// std::int64_t>`, `std::array<std::size_t, N>`, a C array...).
template <class R>
concept request_sequence =
    std::ranges::input_range<const R> && integer<std::ranges::range_value_t<const R>>;

/// Function object type of `kvc::admitted_batch`.
struct admitted_batch_fn {
  /// The total of `requests` when `0 <= used <= capacity`, every request is `>= 0` and the total
  /// fits in `capacity - used`; otherwise 0. The sum is exact: no overflow, even for requests of
  /// `INT64_MAX`. The result has the common type of `capacity` and the requests, which always holds
  /// an admitted total (it is at most `capacity`).
  template <integer Capacity, integer Used, request_sequence R>
  [[nodiscard]] constexpr std::common_type_t<Capacity, std::ranges::range_value_t<const R>>
  operator()(Capacity capacity, Used used, const R& requests) const noexcept {
    using result = std::common_type_t<Capacity, std::ranges::range_value_t<const R>>;
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return result{0};
    const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
    std::uintmax_t total = 0;  // invariant: total <= free_slots, so it never overflows
    for (const auto request : requests) {
      if (std::cmp_less(request, 0) || std::cmp_greater(request, free_slots - total))
        return result{0};
      total += static_cast<std::uintmax_t>(request);
    }
    return static_cast<result>(total);
  }
};

/// All-or-nothing admission of a batch of appends; see `admitted_batch_fn::operator()`.
KVC_INLINE_VARIABLE constexpr admitted_batch_fn admitted_batch{};

}  // namespace kvc
// ---- end kvc/batch_admission.hpp

// ---- begin kvc/cache_namespace.hpp
// kvc/cache_namespace.hpp - a structured KV-cache namespace (model, adapter, adapter revision,
// salt): kvc::cache_namespace, which views its strings (kvc/cache_namespace_view.hpp), and
// kvc::owning_cache_namespace, which owns them, with the hashes that make both keys of unordered
// containers.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>


// ---- begin kvc/cache_namespace_view.hpp
// kvc/cache_namespace_view.hpp - the non-owning structured KV-cache namespace, kvc::cache_namespace
// (model, adapter, adapter revision, salt), its hash, and nothing that needs <string>.
//
// kvc/cache_namespace.hpp includes it and adds the owning counterpart, kvc::owning_cache_namespace,
// whose std::string members need <string>: on libstdc++ 12 that header alone costs a translation
// unit about a quarter of what <vector>, <span>, <algorithm> and <string_view> cost together. The
// verification headers that only view namespaces include this one.
//
// Why a struct rather than a string key: a key made by concatenating fields aliases
// ("org_1" + "2345" == "org_12345" + ""), and an adapter identified by name alone shares KV entries
// across adapter versions. Comparing field by field, and hashing every field with its length, makes
// both impossible.

#include <version>  // identifies the standard library

#include <cstddef>
#include <cstdint>
#include <string_view>  // also declares std::hash, specialized below
#include <type_traits>

// std::string only needs to be declared here (namespace_text refuses std::string rvalues). Both
// standard libraries kvc is built with declare it, in full, in <iosfwd>; with any other, <string>.
#if defined(_GLIBCXX_RELEASE) || defined(_LIBCPP_VERSION)
#include <iosfwd>
#else
#include <string>
#endif

namespace kvc {

/// A text field of `kvc::cache_namespace`: a `std::string_view` (it is one, publicly, and reads
/// as one everywhere) that refuses to view a temporary `std::string`.
///
/// It is made, implicitly, from string literals, `const char*`, `std::string_view`, anything else
/// convertible to `std::string_view`, and lvalue `std::string`s. A `std::string` rvalue is refused
/// at compile time: `kvc::cache_namespace{.model = load_model_name()}` would view a string
/// destroyed at the end of the full-expression. Build such a namespace through
/// `kvc::owning_cache_namespace`, which owns its strings, and its `view()`.
struct namespace_text : std::string_view {
  /// The empty text.
  constexpr namespace_text() noexcept = default;

  /// Views `text`: a string literal, a `const char*`, a `std::string_view`, an lvalue
  /// `std::string`, or any other type convertible to `std::string_view` but a `std::string`
  /// rvalue.
  template <class Text>
    requires(std::is_convertible_v<Text, std::string_view> &&
             !std::is_same_v<std::remove_cvref_t<Text>, namespace_text> &&
             !(std::is_rvalue_reference_v<Text&&> &&
               std::is_same_v<std::remove_cvref_t<Text>, std::string>))
  constexpr namespace_text(Text&& text) noexcept(
      std::is_nothrow_convertible_v<Text, std::string_view>)
      : std::string_view(static_cast<Text&&>(text)) {}

  /// Views the `size` characters at `data`, as `std::string_view{data, size}` does.
  constexpr namespace_text(const char* data, std::size_t size) noexcept
      : std::string_view(data, size) {}

  /// Refused: the namespace would outlive the string (use `kvc::owning_cache_namespace`).
  namespace_text(std::string&&) = delete;
  /// Refused: the namespace would outlive the string (use `kvc::owning_cache_namespace`).
  namespace_text(const std::string&&) = delete;
};

/// The identity a KV-cache entry belongs to. Two namespaces are equal only when every field is.
/// Non-owning: the viewed strings must outlive it (see `kvc::owning_cache_namespace`); a field
/// cannot be made from a temporary `std::string`.
struct cache_namespace {
  /// The model (base weights) name, for example `"llama-3-8b"`.
  namespace_text model{};
  /// The adapter (LoRA) name; empty for the base model.
  namespace_text adapter{};
  /// The adapter's version: a reloaded adapter under the same name is another namespace.
  std::uint64_t adapter_revision = 0;
  /// The tenant's or request's cache salt; empty when none.
  namespace_text salt{};

  /// Equal when every field is equal (text fields by content).
  friend constexpr bool operator==(const cache_namespace&, const cache_namespace&) = default;
};

namespace detail {

/// FNV-1a, 64 bits: simple, constexpr, and good enough to spread namespaces over hash buckets.
/// (Not a defence against adversarial collisions; equality, not the hash, is the boundary.)
struct fnv1a {
  std::uint64_t state = 14695981039346656037ULL;

  constexpr void byte(std::uint8_t b) noexcept {
    state ^= b;
    state *= 1099511628211ULL;
  }
  constexpr void u64(std::uint64_t value) noexcept {
    for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  /// The length first, then the bytes: ("ab", "c") and ("a", "bc") feed different streams.
  constexpr void field(std::string_view text) noexcept {
    u64(text.size());
    for (const char c : text) byte(static_cast<std::uint8_t>(c));
  }
};

}  // namespace detail

/// The hash of a namespace: every field, each with its length.
[[nodiscard]] constexpr std::size_t hash_value(const cache_namespace& ns) noexcept {
  detail::fnv1a h;
  h.field(ns.model);
  h.field(ns.adapter);
  h.u64(ns.adapter_revision);
  h.field(ns.salt);
  return static_cast<std::size_t>(h.state);
}

}  // namespace kvc

/// Hashes a `kvc::cache_namespace` as `kvc::hash_value` does, so it can key unordered containers.
template <>
struct std::hash<kvc::cache_namespace> {
  /// `kvc::hash_value(ns)`.
  [[nodiscard]] std::size_t operator()(const kvc::cache_namespace& ns) const noexcept {
    return kvc::hash_value(ns);
  }
};
// ---- end kvc/cache_namespace_view.hpp

// clang's lifetime annotation: a namespace viewing a temporary owning namespace is diagnosed
// (-Wdangling). Other compilers have no such attribute, and would warn about an unknown one.
#if __has_cpp_attribute(clang::lifetimebound)
#define KVC_LIFETIMEBOUND [[clang::lifetimebound]]
#else
#define KVC_LIFETIMEBOUND
#endif

namespace kvc {

/// The owning counterpart, for long-lived cache entries: equal to, and hashing the same as, the
/// `kvc::cache_namespace` that views it.
struct owning_cache_namespace {
  /// The model (base weights) name, owned.
  std::string model{};
  /// The adapter (LoRA) name, owned; empty for the base model.
  std::string adapter{};
  /// The adapter's version.
  std::uint64_t adapter_revision = 0;
  /// The cache salt, owned; empty when none.
  std::string salt{};

  /// An owning copy of `ns`: its strings are copied, so the result outlives them.
  [[nodiscard]] static owning_cache_namespace from(const cache_namespace& ns) {
    return {std::string(ns.model), std::string(ns.adapter), ns.adapter_revision,
            std::string(ns.salt)};
  }

  /// The non-owning view of this namespace (valid while this object is alive and unchanged; clang
  /// diagnoses a view kept past the end of a temporary owning namespace).
  [[nodiscard]] cache_namespace view() const noexcept KVC_LIFETIMEBOUND {
    return {model, adapter, adapter_revision, salt};
  }

  /// Equal when every field is equal (strings by content).
  friend bool operator==(const owning_cache_namespace& a, const owning_cache_namespace& b) noexcept {
    return a.view() == b.view();
  }
  /// Equal to a view when every field is equal (strings by content), whatever the view views.
  friend bool operator==(const owning_cache_namespace& a, const cache_namespace& b) noexcept {
    return a.view() == b;
  }
};

/// The hash of an owning namespace: that of its view, so equal namespaces hash equal across types.
[[nodiscard]] inline std::size_t hash_value(const owning_cache_namespace& ns) noexcept {
  return hash_value(ns.view());
}

/// A transparent hash: an `std::unordered_map<kvc::owning_cache_namespace, V,
/// kvc::cache_namespace_hash, std::equal_to<>>` can be searched with a `kvc::cache_namespace`.
struct cache_namespace_hash {
  /// Marks the hash transparent: unordered containers accept any key type it hashes in `find`.
  using is_transparent = void;
  /// `kvc::hash_value(ns)`.
  [[nodiscard]] std::size_t operator()(const cache_namespace& ns) const noexcept {
    return hash_value(ns);
  }
  /// `kvc::hash_value(ns)`: the same value as for the namespace's view.
  [[nodiscard]] std::size_t operator()(const owning_cache_namespace& ns) const noexcept {
    return hash_value(ns);
  }
};

}  // namespace kvc

/// Hashes a `kvc::owning_cache_namespace` as `kvc::hash_value` does: the same value as its view.
template <>
struct std::hash<kvc::owning_cache_namespace> {
  /// `kvc::hash_value(ns)`.
  [[nodiscard]] std::size_t operator()(const kvc::owning_cache_namespace& ns) const noexcept {
    return kvc::hash_value(ns);
  }
};
// ---- end kvc/cache_namespace.hpp

// ---- begin kvc/multimodal_item.hpp
// kvc/multimodal_item.hpp - an image, audio clip or embedding span inside a token sequence.
//
// Engines hold a multimodal prompt as token ids, where each item's tokens are placeholders (one
// image token id repeated, a hash-derived id, or 0 where prompt embeddings stand), plus a side list
// of items: where each starts, how many tokens it covers and a hash of its content. The placeholder
// ids alone do not identify the tokens; the item list does.

#include <concepts>
#include <cstddef>
#include <cstdint>


namespace kvc {

/// Tokens `[offset, offset + length)` of a sequence are one multimodal item whose content hashes
/// to `content_hash`. An aggregate: `kvc::multimodal_item{.offset = 2, .length = 576,
/// .content_hash = h}`. A zero-length item marks no token.
struct multimodal_item {
  /// The index of the item's first token in its sequence.
  std::size_t offset = 0;
  /// How many tokens the item covers.
  std::size_t length = 0;
  /// A hash of the item's content (pixels, audio, embeddings), not of its placeholder ids.
  std::uint64_t content_hash = 0;

  /// Equal when offset, length and content hash all are.
  friend constexpr bool operator==(const multimodal_item&, const multimodal_item&) = default;
};

/// The items of one token sequence: any forward range of `kvc::multimodal_item` (`std::array`,
/// `std::span<const kvc::multimodal_item>`, `std::vector`, ...), in the order they occur.
template <class R>
concept multimodal_item_sequence =
    std::ranges::forward_range<const R> &&
    std::same_as<std::ranges::range_value_t<const R>, multimodal_item>;

}  // namespace kvc
// ---- end kvc/multimodal_item.hpp

// ---- begin kvc/multimodal_prefix.hpp
// kvc/multimodal_prefix.hpp - prefix reuse that knows which tokens are images, audio or embeddings.
//
// Contract: a request may take from a cached sequence the longest prefix on which the two agree,
// token by token. Two tokens agree when their ids are equal and either both lie outside every
// multimodal item, or both lie in items with equal content hashes, at the same distance from their
// items' starts and in items of the same length. Nothing is reused across namespaces, or when
// either item list is invalid (unsorted, overlapping or reaching past its tokens).
//
// Equal placeholder ids do not make equal tokens. Engines have reused one image's KV entries for
// another because the key held the ids and not the content (TensorRT-LLM #14125, LMDeploy #4933),
// because the content was folded into ids that collide with text (SGLang #2151), or because it did
// not say which positions the embeddings stand at (vLLM #56655).

#include <cstddef>


// ---- begin kvc/detail/equal.hpp
// kvc/detail/equal.hpp - exact equality of two ids: the one place kvc decides `a == b`.
//
// Raw `==` is wrong for three kinds of ids, and each has its own rule here:
//  - integers of different types: the usual arithmetic conversions turn `-1 == UINT_MAX` true (and
//    raise -Wsign-compare in kvc's headers); they compare by mathematical value;
//  - character types (and unscoped enumerations) against integers or other character types: the
//    same conversions make `char(-1) == 0xFFFFFFFFu` true; a character compares as its integer
//    value (`char` with `char`'s signedness, `char8_t` as unsigned, ...);
//  - C strings (pointers to, or arrays of, a character type): `==` compares addresses, so equal
//    text in two buffers would differ, and clang cannot compare two literals' addresses in a
//    constant expression at all; they compare by content.

#include <cstddef>
#include <type_traits>
#include <utility>


namespace kvc::detail {

/// Signedness and unsigned counterpart of an integer type, for the extended integer types too
/// (`__int128` is not `std::integral` in libstdc++'s strict modes, and `std::make_unsigned` and
/// `std::cmp_equal` then refuse it).
template <class T>
struct integer_traits {
  static constexpr bool is_signed = std::is_signed_v<T>;
  using unsigned_type = std::make_unsigned_t<T>;
};
#if defined(__SIZEOF_INT128__)
__extension__ typedef __int128 int128_type;
__extension__ typedef unsigned __int128 uint128_type;
template <>
struct integer_traits<int128_type> {
  static constexpr bool is_signed = true;
  using unsigned_type = uint128_type;
};
template <>
struct integer_traits<uint128_type> {
  static constexpr bool is_signed = false;
  using unsigned_type = uint128_type;
};
#endif

/// The integer type that holds a value of an integral type T (not `bool`) or of an unscoped
/// enumeration: T itself for integers, the integer of the same width and signedness for characters
/// (`char` -> `signed char` or `unsigned char`, `char8_t` -> `unsigned char`, `char32_t` ->
/// `unsigned int`, ...), and that of the underlying type for enumerations.
template <class T>
struct integer_value_type {};
template <class T>
  requires std::integral<T> && (!std::same_as<T, bool>)
struct integer_value_type<T> {
  using type = std::conditional_t<std::is_signed_v<T>, std::make_signed_t<T>, std::make_unsigned_t<T>>;
};
template <class T>
  requires std::is_enum_v<T> && std::is_convertible_v<T, std::underlying_type_t<T>>
struct integer_value_type<T> : integer_value_type<std::underlying_type_t<T>> {};
#if defined(__SIZEOF_INT128__)
template <>
struct integer_value_type<int128_type> {
  using type = int128_type;
};
template <>
struct integer_value_type<uint128_type> {
  using type = uint128_type;
};
#endif

/// A type whose values are integers: an integral type but `bool` (characters included), an
/// extended integer type, or an unscoped enumeration.
template <class T>
concept integer_valued = requires { typename integer_value_type<std::remove_cv_t<T>>::type; };

/// The mathematical value of `x`, in the integer type `integer_value_type` names. (For the standard
/// types among them, `std::cmp_equal` and `std::in_range` accept it.)
template <integer_valued T>
[[nodiscard]] KVC_HOST_DEVICE constexpr auto integer_value(const T& x) noexcept {
  return static_cast<typename integer_value_type<std::remove_cv_t<T>>::type>(x);
}

/// Whether two integers of any integer types, extended ones included, have the same mathematical
/// value. (`std::cmp_equal`, but for every type `integer_value` yields.) No operand is ever
/// converted to a type that changes its value, so no -Wsign-compare either.
template <class A, class B>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_values(const A a, const B b) noexcept {
  constexpr bool a_signed = integer_traits<A>::is_signed;
  constexpr bool b_signed = integer_traits<B>::is_signed;
  if constexpr (a_signed == b_signed) {
    using wider = std::conditional_t<(sizeof(A) < sizeof(B)), B, A>;  // holds both values
    return static_cast<wider>(a) == static_cast<wider>(b);
  } else if constexpr (a_signed) {
    return a >= A{0} && equal_values(static_cast<typename integer_traits<A>::unsigned_type>(a), b);
  } else {
    return b >= B{0} && equal_values(a, static_cast<typename integer_traits<B>::unsigned_type>(b));
  }
}

/// The character type of a C string type, when T is one: a pointer to, or a one-dimensional array
/// of, a (non-volatile) character type.
template <class T>
struct c_string_character {};
template <class C>
  requires character_type<std::remove_const_t<C>>
struct c_string_character<C*> {
  using type = std::remove_const_t<C>;
};
template <class C>
struct c_string_character<C* const> : c_string_character<C*> {};
template <class C, std::size_t N>
  requires character_type<std::remove_const_t<C>>
struct c_string_character<C[N]> {
  using type = std::remove_const_t<C>;
};

/// A C string: `const char*`, `char*`, `const char[N]` (a string literal), `char8_t*`, ...
template <class T>
concept c_string = requires { typename c_string_character<T>::type; };

/// A C string's text: where it starts (null for a null pointer) and the most characters it can
/// have (an array's extent; unbounded for a pointer). The text ends at the first NUL or there.
template <class C>
struct c_string_text {
  const C* first;
  std::size_t bound;
};
template <c_string T>
[[nodiscard]] KVC_HOST_DEVICE constexpr auto text_of(const T& s) noexcept {
  using C = typename c_string_character<T>::type;
  if constexpr (std::is_array_v<T>)
    return c_string_text<C>{s, std::extent_v<T>};
  else
    return c_string_text<C>{s, static_cast<std::size_t>(-1)};
}

/// Two C strings of one character type are equal when their texts are; a null pointer equals only
/// another null pointer. Reads nothing past a NUL or an array's end.
template <class C>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_texts(const c_string_text<C> a,
                                                         const c_string_text<C> b) noexcept {
  if (a.first == nullptr || b.first == nullptr) return a.first == nullptr && b.first == nullptr;
  for (std::size_t i = 0;; ++i) {
    const bool a_ended = i == a.bound || a.first[i] == C{};
    const bool b_ended = i == b.bound || b.first[i] == C{};
    if (a_ended || b_ended) return a_ended && b_ended;
    if (a.first[i] != b.first[i]) return false;
  }
}

/// A string object of character type C (`std::string_view`, `std::string`, ...).
template <class S, class C>
concept string_of = requires(const S& s) {
  typename S::traits_type;
  { s.data() } -> std::convertible_to<const C*>;
  { s.size() } -> std::convertible_to<std::size_t>;
};

/// A C string and a string object of its character type.
template <class T, class S>
concept c_string_and_string = c_string<T> && string_of<S, typename c_string_character<T>::type>;

/// A C string against a string object: equal when the texts are, embedded NULs of the string
/// included; a null pointer equals no string (raw `==` would build a `string_view` from it).
template <class C, class S>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_text_and_string(const c_string_text<C> a,
                                                                   const S& s) noexcept {
  if (a.first == nullptr) return false;
  const C* const b = s.data();
  const std::size_t size = static_cast<std::size_t>(s.size());
  std::size_t i = 0;
  for (; i < size; ++i)
    if (i == a.bound || a.first[i] == C{} || a.first[i] != b[i]) return false;
  return i == a.bound || a.first[i] == C{};
}

/// `a == b`, except that ids whose values are integers (integers, characters, unscoped
/// enumerations) compare by mathematical value -- `-1` never equals `UINT_MAX`, `char(-1)` never
/// equals `0xFFFFFFFFu`, and mixing signedness is exact and warning-free -- and C strings compare
/// by content, with each other and with string objects of their character type.
template <class A, class B>
  requires comparable_with<A, B>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_ids(const A& a, const B& b) noexcept {
  if constexpr (integer_valued<A> && integer_valued<B>) {
    return equal_values(integer_value(a), integer_value(b));
  } else if constexpr (c_string<A> && c_string<B>) {
    return equal_texts(text_of(a), text_of(b));
  } else if constexpr (c_string_and_string<A, B>) {
    return equal_text_and_string(text_of(a), b);
  } else if constexpr (c_string_and_string<B, A>) {
    return equal_text_and_string(text_of(b), a);
  } else {
    return static_cast<bool>(a == b);
  }
}

/// Two ids of one type: `==` is exact, for integers and characters too. (The common case, chosen by
/// overload resolution rather than by a branch, so constant evaluation spends one statement on it.)
/// C strings of one type take the general form: by content.
template <class A>
  requires comparable_with<A, A> && (!c_string<A>)
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_ids(const A& a, const A& b) noexcept {
  return static_cast<bool>(a == b);
}

}  // namespace kvc::detail
// ---- end kvc/detail/equal.hpp

// ---- begin kvc/detail/items.hpp
// kvc/detail/items.hpp - the multimodal items of two token sequences: whether each list is valid,
// and how far the two lists mark the tokens alike.
//
// Both walk the item lists once, without allocating, and index no token: the token comparison is
// `common_prefix_length`'s (detail/prefix.hpp), which these cut.

#include <cstddef>


namespace kvc::detail {

/// Whether `items` may describe a sequence of `token_count` tokens: every item ends within the
/// sequence (`offset + length <= token_count`, decided without computing a sum that could wrap),
/// and every item starts at or after the end of the one before it (the list is sorted by offset
/// and no two items overlap). Zero-length items follow the same rules.
template <class Items>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool valid_items(const Items& items,
                                                         std::size_t token_count) noexcept {
  std::size_t previous_end = 0;
  for (const multimodal_item& item : items) {
    if (item.length > token_count || item.offset > token_count - item.length) return false;
    if (item.offset < previous_end) return false;
    previous_end = item.offset + item.length;
  }
  return true;
}

/// The first of the non-empty items at or after `it`.
template <class I, class S>
[[nodiscard]] KVC_HOST_DEVICE constexpr I skip_empty_items(I it, const S end) noexcept {
  while (it != end && multimodal_item(*it).length == 0) ++it;
  return it;
}

/// How many leading tokens two valid item lists mark alike, at most `limit`: tokens agree while
/// both lie outside every item, or both lie in equal items (same offset, length and hash; equal
/// offsets are what puts two tokens at the same distance from their items' starts). Identical items
/// are walked in pairs; the first pair that differs, or an item with no partner, ends the agreement
/// at the earlier of the two starts, since every token before it lies outside all items on both
/// sides.
template <class CachedItems, class RequestedItems>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t items_agree_up_to(
    const CachedItems& cached, const RequestedItems& requested, std::size_t limit) noexcept {
  auto c = detail::range_begin(cached);
  const auto c_end = detail::range_end(cached);
  auto r = detail::range_begin(requested);
  const auto r_end = detail::range_end(requested);
  const auto at_most_limit = [limit](std::size_t index) { return index < limit ? index : limit; };
  for (;; ++c, ++r) {
    c = skip_empty_items(c, c_end);
    r = skip_empty_items(r, r_end);
    if (c == c_end && r == r_end) return limit;
    if (c == c_end) return at_most_limit(multimodal_item(*r).offset);
    if (r == r_end) return at_most_limit(multimodal_item(*c).offset);
    const multimodal_item a = *c;
    const multimodal_item b = *r;
    if (a != b) return at_most_limit(a.offset < b.offset ? a.offset : b.offset);
    if (a.offset >= limit) return limit;  // every later item starts past the limit too
  }
}

}  // namespace kvc::detail
// ---- end kvc/detail/items.hpp

// ---- begin kvc/detail/prefix.hpp
// kvc/detail/prefix.hpp - the common prefix of two token sequences: the definition, and its
// run-time fast path for contiguous integers.
//
// `common_prefix_length` is the one place that chooses: during constant evaluation, and for every
// sequence the fast path does not take, the loop `common_prefix` (the definition); at run time,
// for contiguous integers of one width and signedness, a byte comparison that returns the same
// length. The fast path uses no type punning (bytes are compared with memcmp and copied with
// memcpy) and reads nothing past either end.

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>


namespace kvc::detail {

/// The definition: the number of leading positions where both sequences have equal tokens.
template <class I1, class S1, class I2, class S2>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t common_prefix(I1 c, const S1 c_end, I2 r,
                                                                  const S2 r_end) noexcept {
  std::size_t length = 0;
  for (; c != c_end && r != r_end && equal_ids(*c, *r); ++c, ++r) ++length;
  return length;
}

/// `common_prefix` over two whole sequences: through pointers when both are contiguous (no call
/// per token but the comparison in constant evaluation), through their iterators otherwise.
template <class R1, class R2>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t common_prefix_of(const R1& cached,
                                                                     const R2& requested) noexcept {
  if constexpr (std::ranges::contiguous_range<const R1> && std::ranges::contiguous_range<const R2>) {
    const auto* const c = detail::range_data(cached);
    const auto* const r = detail::range_data(requested);
    return common_prefix(c, c + detail::range_size(cached), r, r + detail::range_size(requested));
  } else {
    return common_prefix(detail::range_begin(cached), detail::range_end(cached),
                         detail::range_begin(requested), detail::range_end(requested));
  }
}

/// Two integer types whose values are equal exactly when their object representations are: same
/// size, same signedness, no padding bits (so not `bool`).
template <class A, class B>
concept bytewise_equal_integers =
    std::integral<A> && std::integral<B> && !std::same_as<A, bool> && !std::same_as<B, bool> &&
    sizeof(A) == sizeof(B) && std::is_signed_v<A> == std::is_signed_v<B> &&
    std::has_unique_object_representations_v<A> && std::has_unique_object_representations_v<B>;

/// The element type a contiguous sequence's data pointer points to, cv-qualifiers included
/// (`range_value_t` drops them: it is `int` for a `std::span<volatile int>`).
template <class R>
using contiguous_element_t = std::remove_reference_t<std::ranges::range_reference_t<const R>>;

/// Two token sequences the prefix fast path can compare as bytes. Volatile elements are excluded:
/// every read of them must happen as written (and their bytes cannot be viewed as `const unsigned
/// char` without casting the qualifier away), so they take the loop.
template <class R1, class R2>
concept fast_prefix_sequences =
    std::ranges::contiguous_range<const R1> && std::ranges::contiguous_range<const R2> &&
    std::ranges::sized_range<const R1> && std::ranges::sized_range<const R2> &&
    !std::is_volatile_v<contiguous_element_t<R1>> && !std::is_volatile_v<contiguous_element_t<R2>> &&
    bytewise_equal_integers<std::remove_cv_t<std::ranges::range_value_t<const R1>>,
                            std::remove_cv_t<std::ranges::range_value_t<const R2>>>;

/// Index of the first differing byte of `a` and `b`, at or after `i` and before `end`, comparing
/// 8-byte words (copied, never type-punned) and then bytes.
inline std::size_t first_difference_in_words(const unsigned char* a, const unsigned char* b,
                                             std::size_t i, std::size_t end) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    for (; end - i >= 8; i += 8) {
      std::uint64_t x = 0, y = 0;
      std::memcpy(&x, a + i, 8);
      std::memcpy(&y, b + i, 8);
      if (x != y) return i + static_cast<std::size_t>(std::countr_zero(x ^ y)) / 8;
    }
  }
  while (i < end && a[i] == b[i]) ++i;
  return i;
}

/// Index of the first differing byte of `a` and `b` (both `size` bytes), or `size`.
///
/// memcmp says only whether (not where) two blocks differ, but it is the fastest comparison the
/// platform has (libc dispatches it to the widest vectors the CPU offers). So: look at the first
/// 64 bytes directly (prompts often diverge early), then skip equal blocks with memcmp, narrowing
/// the block size when one differs, and finish on words.
inline std::size_t first_difference(const unsigned char* a, const unsigned char* b,
                                    std::size_t size) noexcept {
  const std::size_t head = size < 64 ? size : 64;
  std::size_t i = first_difference_in_words(a, b, 0, head);
  if (i < head || head == size) return i;
  // A short rest is one memcmp call when it matches whole (the common case of a cached prompt).
  if (size - i <= 16384 && std::memcmp(a + i, b + i, size - i) == 0) return size;
  constexpr std::size_t blocks[] = {262144, 16384, 1024, 64};
  for (const std::size_t block : blocks) {
    while (size - i >= block && std::memcmp(a + i, b + i, block) == 0) i += block;
  }
  return first_difference_in_words(a, b, i, size);
}

/// The common prefix of two contiguous integer sequences of the same width and signedness.
template <class R1, class R2>
[[nodiscard]] std::size_t common_prefix_at_run_time(const R1& cached,
                                                    const R2& requested) noexcept {
  using T = std::ranges::range_value_t<const R1>;
  const std::size_t count = detail::range_size(cached) < detail::range_size(requested)
                                ? detail::range_size(cached)
                                : detail::range_size(requested);
  if (count == 0) return 0;
  const auto* a = reinterpret_cast<const unsigned char*>(detail::range_data(cached));
  const auto* b = reinterpret_cast<const unsigned char*>(detail::range_data(requested));
  return first_difference(a, b, count * sizeof(T)) / sizeof(T);
}

/// Length of the common prefix of two token sequences: the one place that chooses between the
/// definition and the run-time fast path.
template <class R1, class R2>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t common_prefix_length(
    const R1& cached, const R2& requested) noexcept {
#if !defined(__CUDA_ARCH__)  // the fast path is host code (memcmp); device code takes the loop
  if constexpr (fast_prefix_sequences<R1, R2>) {
    if (!std::is_constant_evaluated()) return common_prefix_at_run_time(cached, requested);
  }
#endif
  return common_prefix_of(cached, requested);
}

}  // namespace kvc::detail
// ---- end kvc/detail/prefix.hpp

// ---- begin kvc/reuse_policy.hpp
// kvc/reuse_policy.hpp - how an engine rounds and caps the prefix it reuses.
//
// Engines do not reuse the exact common prefix. Paged caches reuse whole blocks (vLLM: 16 tokens,
// TensorRT-LLM: tokens_per_block), and vLLM, SGLang and llama.cpp keep the last prompt token out
// of the reused prefix, so that the forward pass that produces the first output token's logits has
// at least one token to compute. A policy states both, so that a correct engine can be checked
// against exactly the rule it implements.

#include <cstddef>


namespace kvc {

/// A prefix-reuse policy. The reused length is the longest `n <= p` that is a whole number of
/// `block_size` blocks and, when `recompute_last_token`, shorter than the request -- unless
/// `keep_logits_at_cache_end` and the cached sequence, the request and `p` all end at the same
/// token (the cache kept that token's logits, so nothing needs recomputing). Here `p` is the exact
/// common prefix (0 across namespaces). A `block_size` of 0 reuses nothing. For the block form (a
/// call's own `block_size` b), `n` is also a whole number of blocks of b: one rule, every limit at
/// once. A structural type: usable as a template argument (`kvc::suites::prefix_reuse_under<P>`).
struct reuse_policy {
  /// The reused length is a multiple of this (1: any length; 16: vLLM's blocks; 0: nothing).
  std::size_t block_size = 1;
  /// Whether the last requested token is kept out of the reused prefix, to be recomputed.
  bool recompute_last_token = false;
  /// Whether a request that ends exactly where the cached sequence ends is reused whole even when
  /// `recompute_last_token`: the cache kept the last token's logits (llama.cpp's session files,
  /// issue #1585 and PR #1609). A longer cached sequence still has its matched last token
  /// recomputed.
  bool keep_logits_at_cache_end = false;

  /// Equal when every field is.
  friend constexpr bool operator==(const reuse_policy&, const reuse_policy&) = default;
};

namespace detail {

/// The most `policy` lets a request of `requested_length` tokens reuse of a cached sequence of
/// `cached_length` tokens sharing `exact_prefix` with it, before rounding to blocks.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t capped_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length,
    std::size_t cached_length) noexcept {
  if (!policy.recompute_last_token) return exact_prefix;
  const bool logits_kept = policy.keep_logits_at_cache_end && exact_prefix == requested_length &&
                           cached_length == requested_length;
  if (logits_kept) return exact_prefix;
  const std::size_t cap = requested_length == 0 ? 0 : requested_length - 1;
  return cap < exact_prefix ? cap : exact_prefix;
}

/// The reused length under `policy`, given the exact common prefix and both lengths.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length,
    std::size_t cached_length) noexcept {
  if (policy.block_size == 0) return 0;
  const std::size_t capped = capped_under(policy, exact_prefix, requested_length, cached_length);
  return capped - capped % policy.block_size;
}

/// The same without the cached length: `keep_logits_at_cache_end` then never applies.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length) noexcept {
  return reused_under(policy, exact_prefix, requested_length, static_cast<std::size_t>(-1));
}

/// The reused length under `policy` with the call's own block size `block` as well: whole blocks of
/// both (of their least common multiple), within the policy's cap. 0 for `block` 0; a multiple
/// too large to fit reuses nothing.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under_blocks(
    reuse_policy policy, std::size_t block, std::size_t exact_prefix, std::size_t requested_length,
    std::size_t cached_length) noexcept {
  if (policy.block_size == 0 || block == 0) return 0;
  std::size_t a = policy.block_size;
  std::size_t b = block;
  while (b != 0) {
    const std::size_t r = a % b;
    a = b;
    b = r;
  }
  const std::size_t per_gcd = policy.block_size / a;
  if (per_gcd > static_cast<std::size_t>(-1) / block) return 0;
  const std::size_t unit = per_gcd * block;
  const std::size_t capped = capped_under(policy, exact_prefix, requested_length, cached_length);
  return capped - capped % unit;
}

}  // namespace detail

}  // namespace kvc
// ---- end kvc/reuse_policy.hpp

namespace kvc {

/// Function object type of `kvc::multimodal_prefix_length`.
struct multimodal_prefix_length_fn {
  /// The number of leading tokens on which the cached sequence (`cached_tokens` with
  /// `cached_items`) and the request agree, when `cache_namespace == request_namespace`; otherwise
  /// 0. Tokens compare as in `kvc::reusable_prefix_length` (integers by value across types). Items
  /// must be sorted by offset, must not overlap and must end within their own tokens, or nothing is
  /// reused; a zero-length item marks no token.
  template <class CacheNs, class RequestNs, class CachedTokens, class CachedItems,
            class RequestedTokens, class RequestedItems>
    requires comparable_with<CacheNs, RequestNs> &&
             comparable_sequences<CachedTokens, RequestedTokens> &&
             multimodal_item_sequence<CachedItems> && multimodal_item_sequence<RequestedItems>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const CachedTokens& cached_tokens, const CachedItems& cached_items,
      const RequestedTokens& requested_tokens,
      const RequestedItems& requested_items) const noexcept {
    if (!detail::equal_ids(cache_namespace, request_namespace)) return 0;
    if (!detail::valid_items(cached_items,
                             static_cast<std::size_t>(detail::range_size(cached_tokens))) ||
        !detail::valid_items(requested_items,
                             static_cast<std::size_t>(detail::range_size(requested_tokens))))
      return 0;
    return detail::items_agree_up_to(cached_items, requested_items,
                                     detail::common_prefix_length(cached_tokens, requested_tokens));
  }

  /// Reuse as an engine's policy allows it, exactly as `kvc::reusable_prefix_length`'s policy form:
  /// `floor(min(p, cap) / policy.block_size) * policy.block_size`, where `p` is the agreeing prefix
  /// above and `cap` is `size(requested_tokens) - 1` when `policy.recompute_last_token` (0 for an
  /// empty request), else `p`. A `block_size` of 0 reuses nothing.
  template <class CacheNs, class RequestNs, class CachedTokens, class CachedItems,
            class RequestedTokens, class RequestedItems>
    requires comparable_with<CacheNs, RequestNs> &&
             comparable_sequences<CachedTokens, RequestedTokens> &&
             multimodal_item_sequence<CachedItems> && multimodal_item_sequence<RequestedItems>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const CachedTokens& cached_tokens, const CachedItems& cached_items,
      const RequestedTokens& requested_tokens, const RequestedItems& requested_items,
      reuse_policy policy) const noexcept {
    const std::size_t prefix = (*this)(cache_namespace, request_namespace, cached_tokens,
                                       cached_items, requested_tokens, requested_items);
    return detail::reused_under(policy, prefix,
                                static_cast<std::size_t>(detail::range_size(requested_tokens)),
                                static_cast<std::size_t>(detail::range_size(cached_tokens)));
  }
};

/// Prefix reuse over token ids and multimodal items; see `multimodal_prefix_length_fn`.
KVC_INLINE_VARIABLE constexpr multimodal_prefix_length_fn multimodal_prefix_length{};

}  // namespace kvc
// ---- end kvc/multimodal_prefix.hpp

// ---- begin kvc/offsets_from_positions.hpp
// kvc/offsets_from_positions.hpp - `cu_seqlens` and `max_seqlen` of a packed row derived from its
// position ids, as packing trainers hand them to varlen attention.
//
// The flattening convention: a sequence starts at the first token and at every position equal to
// 0. `cu_seqlens` is the start of every sequence, then the total; `max_seqlen` is the longest
// sequence counted in tokens. The bugs this prevents:
//  - `max_seqlen = max(position) + 1` (transformers PR #39341): M-RoPE repeats a temporal position
//    for every token of an image, so a sequence holds more tokens than its largest position + 1.
//  - No leading 0 when the row does not start at position 0 (transformers #39814: a row that
//    continues a sequence, or starts after padding), so the first sequence is lost.
//  - 3-row M-RoPE position ids flattened (transformers #44911, #47342): `cu_seqlens` covered three
//    times the tokens. With `kvc::position_components{C}` the ids are C rows of N tokens
//    (component-major, the `[3, N]` / `[3, 1, N]` tensor flattened); row 0 (temporal) decides the
//    sequences and the offsets count the N tokens.
//  - Padding left at position 0 (LLaMA-Factory #10452) reads as thousands of one-token sequences,
//    and nothing can tell it from real ones. So padding is marked negative: with a signed position
//    type, any negative position (-1, say) is a padding token. Padding is removed and forms no
//    sequence: offsets index the tokens that remain (flash-attn's `unpad_input` layout), the total
//    is the number of tokens that are not padding, and the first of those always starts a sequence.
//    Unsigned position types have no padding.

#include <array>
#include <cstddef>
#include <limits>
#include <utility>


// ---- begin kvc/bounded_list.hpp
// kvc/bounded_list.hpp - a constexpr list of at most Capacity values, for compile-time results
// whose length depends on the input's values (the run offsets of a segment sequence, say).

#include <array>
#include <cstddef>
#include <utility>


namespace kvc {

/// The first `size()` of `Capacity` slots hold values; the range covers exactly those.
template <class T, std::size_t Capacity>
struct bounded_list {
  /// The slots: the first `count` hold the values, the rest are value-initialized.
  std::array<T, Capacity> storage{};
  /// How many values the list holds, at most `Capacity`.
  std::size_t count = 0;

  /// Appends `value`. Requires `size() < Capacity`.
  constexpr void push_back(const T& value) noexcept { storage[count++] = value; }
  /// How many values the list holds.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return count; }
  /// Whether the list holds no value.
  [[nodiscard]] constexpr bool empty() const noexcept { return count == 0; }
  /// The first value.
  [[nodiscard]] constexpr const T* begin() const noexcept { return storage.data(); }
  /// Past the last value (not past the last slot).
  [[nodiscard]] constexpr const T* end() const noexcept { return storage.data() + count; }
  /// The `i`th value. Requires `i < size()`.
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return storage[i]; }

  /// Equal to any sized range holding the same values, e.g. a `std::array` of them. Integers
  /// compare by value across signedness.
  template <std::ranges::sized_range R>
    requires(!std::same_as<R, bounded_list>)
  [[nodiscard]] friend constexpr bool operator==(const bounded_list& list, const R& other) noexcept {
    if (std::ranges::size(other) != list.count) return false;
    std::size_t i = 0;
    for (const auto& value : other)
      if (!detail::equal_ids(list.storage[i++], value)) return false;
    return true;
  }
  /// Equal when both hold the same values; the slots past them do not count.
  [[nodiscard]] friend constexpr bool operator==(const bounded_list& a, const bounded_list& b) noexcept {
    if (a.count != b.count) return false;
    for (std::size_t i = 0; i < a.count; ++i)
      if (!detail::equal_ids(a.storage[i], b.storage[i])) return false;
    return true;
  }
};

}  // namespace kvc
// ---- end kvc/bounded_list.hpp

// ---- begin kvc/position_components.hpp
// kvc/position_components.hpp - the number of components C of a multimodal rotary position tensor:
// M-RoPE (Qwen2-VL and its successors) gives every token C = 3 position ids (temporal, height,
// width), held as C rows of N tokens -- a `[3, N]` or `[3, 1, N]` tensor, flattened row by row.
//
// A strong type rather than a bare integer, so that the component-aware overloads of
// kvc::offsets_from_positions and kvc::max_sequence_length_from_positions cannot be called with a
// size that means something else (an output length, a token count) by accident:
// `kvc::position_components{3}`.

#include <cstddef>

namespace kvc {

/// The number of position rows of a component-major position tensor: C rows of N tokens each.
struct position_components {
  /// C: 3 for M-RoPE, 1 for a one-row position tensor.
  std::size_t value;
};

}  // namespace kvc
// ---- end kvc/position_components.hpp

// ---- begin kvc/detail/errc.hpp
// kvc/detail/errc.hpp - `std::errc`, which the run-time contracts return, and as little else of
// <system_error> as the standard library allows.
//
// libstdc++ defines `std::errc` in <bits/error_constants.h>, which its <system_error> includes
// along with error categories, codes and <stdexcept>; on libstdc++ 12 those cost a translation unit
// that includes kvc/conformance.hpp about 45 M of g++'s instructions, more than all of <optional>.
// With libstdc++ only the enumeration is included; with any other standard library, <system_error>.

#if defined(__GLIBCXX__) && __has_include(<bits/error_constants.h>)
#include <bits/error_constants.h>
#else
#include <system_error>
#endif
// ---- end kvc/detail/errc.hpp

// ---- begin kvc/detail/position_runs.hpp
// kvc/detail/position_runs.hpp - the sequence loop of packed position ids: where a sequence starts
// when the boundaries come from position ids rather than segment ids, written once.
//
// The flattening convention: a sequence starts at the first token and at every position 0. A
// negative position marks padding, which is removed first (flash-attn's `unpad_input` layout), so
// the first token after padding is the first token of the unpadded row and indices count the
// tokens that remain. The loop hands the index of every remaining token within its sequence to the
// output folds of runs.hpp (`run_summary`, `run_start_writer`), the same ones kvc::segment_offsets
// uses: offsets, the sequence count and the longest sequence are this loop with a different output.
//
// The run-time paths for contiguous integers compute the same thing without a branch per token (a
// data-dependent branch on padding and on position 0 mispredicts on real packed rows); they are
// chosen in `summarize_sequences` and `write_sequence_starts`, the only callers of
// `std::is_constant_evaluated()` here.

#include <cstddef>
#include <limits>
#include <type_traits>


// ---- begin kvc/detail/runs.hpp
// kvc/detail/runs.hpp - the run-position loop: the definition of a segment position, written once.
//
// Every contract about segment runs is this loop with a different output: positions (every form
// of kvc::segment_positions, the scalar run-time path, the AVX2 kernel's head and tail), run start
// offsets (kvc::segment_offsets), and the run count and longest run (kvc::segment_run_count,
// kvc::max_segment_length, the positions overflow check). The row-aware forms of a `[B, L]` batch
// run the same loop once per row (`walk_row_runs`).

#include <cstddef>


namespace kvc::detail {

/// Where a walk stopped: the start index of the last id's run, and the output past the last
/// position written.
template <class Out>
struct run_walk {
  std::size_t start;
  Out out;
};

/// The run-position loop. Walks the ids [it, last), the first of them at index `index`, and writes
/// the position of each within its run, `index - start`, to `*out++`. A run starts wherever an id
/// differs from its predecessor, so a later run reusing an earlier id starts again at 0:
///
///     start = equal_ids(*previous, *it) ? start : index;   // a select, not a branch
///     position = index - start;
///
/// `previous` is the id before `it` and `start` the start of its run. To walk a sequence from its
/// beginning, pass its first id as both `previous` and `it` and 0 as `index` and `start`: index 0
/// gives position 0 whatever an id compares to itself.
///
/// `out` is a pointer to positions, or one of the small output iterators below that fold the
/// positions instead. Constant evaluation counts every statement (clang allows 1,048,576 by
/// default), so the body is one statement and the comparison the only call: three steps a token.
template <class It, class S, class Out>
KVC_HOST_DEVICE constexpr run_walk<Out> run_positions(It previous, It it, const S last,
                                                      std::size_t index, std::size_t start,
                                                      Out out) noexcept {
  using P = std::iter_value_t<Out>;
  for (; it != last; previous = it, ++it, ++index, ++out)
    *out = static_cast<P>(index - (start = equal_ids(*previous, *it) ? start : index));
  return {start, out};
}

/// `run_positions` over a whole sequence: through pointers when it is contiguous (no call per id in
/// constant evaluation), through its iterators otherwise.
template <class R, class Out>
KVC_HOST_DEVICE constexpr run_walk<Out> walk_runs(const R& ids, Out out) noexcept {
  if constexpr (std::ranges::contiguous_range<const R>) {
    const auto* const first = detail::range_data(ids);
    return run_positions(first, first, first + detail::range_size(ids), 0, 0, out);
  } else {
    const auto first = detail::range_begin(ids);
    return run_positions(first, first, detail::range_end(ids), 0, 0, out);
  }
}

/// `run_positions` over each row of a flattened `[B, L]` batch in turn (L = `row_length`): a run
/// also starts at every row start, whatever the ids, and positions count from there. The rows share
/// `out`, so an output iterator that counts tokens (`run_start_writer`) counts them across the
/// batch. Precondition: `row_length` divides the size of `ids` and is not 0 unless `ids` is empty.
template <class R, class Out>
KVC_HOST_DEVICE constexpr Out walk_row_runs(const R& ids, std::size_t row_length,
                                            Out out) noexcept {
  if constexpr (std::ranges::contiguous_range<const R>) {
    const auto* row = detail::range_data(ids);
    const auto* const last = row + detail::range_size(ids);
    for (; row != last; row += row_length)
      out = run_positions(row, row, row + row_length, 0, 0, out).out;
  } else {
    auto row = detail::range_begin(ids);
    const auto last = detail::range_end(ids);
    while (row != last) {
      auto row_end = row;
      for (std::size_t i = 0; i < row_length; ++i) ++row_end;
      out = run_positions(row, row, row_end, 0, 0, out).out;
      row = row_end;
    }
  }
  return out;
}

/// Number of contiguous runs and length of the longest one; also an output iterator of positions
/// that folds them in.
struct run_summary {
  using value_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  std::size_t runs = 0;
  std::size_t longest = 0;

  KVC_HOST_DEVICE constexpr run_summary& operator*() noexcept { return *this; }
  KVC_HOST_DEVICE constexpr run_summary& operator++() noexcept { return *this; }
  KVC_HOST_DEVICE constexpr run_summary& operator=(std::size_t position) noexcept {
    runs += position == 0 ? 1 : 0;
    longest = position + 1 > longest ? position + 1 : longest;
    return *this;
  }
};

template <class R>
[[nodiscard]] KVC_HOST_DEVICE constexpr run_summary summarize_runs(const R& ids) noexcept {
  return walk_runs(ids, run_summary{}).out;
}

/// Whether `count` ids are whole rows of `row_length` ids, as the row-aware forms require: an
/// empty input is, for any length; a non-empty one needs a length that divides its size.
[[nodiscard]] KVC_HOST_DEVICE constexpr bool whole_rows(std::size_t count,
                                                        std::size_t row_length) noexcept {
  return count == 0 || (row_length != 0 && count % row_length == 0);
}

/// `summarize_runs` over the rows of a `[B, L]` batch: every row start starts a run.
template <class R>
[[nodiscard]] KVC_HOST_DEVICE constexpr run_summary summarize_row_runs(
    const R& ids, std::size_t row_length) noexcept {
  return walk_row_runs(ids, row_length, run_summary{});
}

/// An output iterator of positions that writes the index of every run start (position 0) to
/// `*next++`.
template <class Out>
struct run_start_writer {
  using value_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  Out next;
  std::size_t index = 0;

  KVC_HOST_DEVICE constexpr run_start_writer& operator*() noexcept { return *this; }
  KVC_HOST_DEVICE constexpr run_start_writer& operator++() noexcept {
    ++index;
    return *this;
  }
  KVC_HOST_DEVICE constexpr run_start_writer& operator=(std::size_t position) noexcept {
    if (position == 0) *next++ = static_cast<std::iter_value_t<Out>>(index);
    return *this;
  }
};

/// Writes the start offset of every run of `ids` to `*out++`; returns `out` past the last one.
template <class R, class Out>
KVC_HOST_DEVICE constexpr Out write_run_starts(const R& ids, Out out) noexcept {
  return walk_runs(ids, run_start_writer<Out>{out}).out.next;
}

/// `write_run_starts` over the rows of a `[B, L]` batch: the start offset, in the flattened batch, of
/// every run, a row start always being one.
template <class R, class Out>
KVC_HOST_DEVICE constexpr Out write_row_run_starts(const R& ids, std::size_t row_length,
                                                   Out out) noexcept {
  return walk_row_runs(ids, row_length, run_start_writer<Out>{out}).next;
}

}  // namespace kvc::detail
// ---- end kvc/detail/runs.hpp

namespace kvc::detail {

/// Whether a position id marks a padding token: any negative position. Unsigned positions have no
/// padding.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool is_padding(const T position) noexcept {
  if constexpr (std::is_signed_v<T>)
    return position < 0;
  else
    return false;
}

/// Where a sequence walk stopped: the number of tokens that are not padding, and the output past the
/// last index written.
template <class Out>
struct sequence_walk {
  std::size_t tokens;
  Out out;
};

/// The sequence loop. Walks `count` position ids from `it`, skips padding, and writes the index of
/// every other token within its sequence, `kept - start`, to `*out++`, where `kept` counts the
/// tokens kept before it and `start` is that count at its sequence's first token:
///
///     start = position == 0 || kept == 0 ? kept : start;
///
/// A repeated position (M-RoPE gives an image's tokens one temporal position) continues its
/// sequence; only a 0 starts one, and the first kept token whatever its position.
template <class It, class Out>
KVC_HOST_DEVICE constexpr sequence_walk<Out> sequence_positions(It it, std::size_t count,
                                                                Out out) noexcept {
  std::size_t kept = 0;
  std::size_t start = 0;
  for (; count != 0; --count, ++it) {
    const auto position = *it;
    if (is_padding(position)) continue;
    start = position == 0 || kept == 0 ? kept : start;
    *out = kept++ - start;
    ++out;
  }
  return {kept, out};
}

/// `sequence_positions` over the first `count` position ids of `positions`: through pointers when
/// they are contiguous (fewer steps in constant evaluation), through iterators otherwise.
template <class R, class Out>
KVC_HOST_DEVICE constexpr sequence_walk<Out> walk_sequences(const R& positions, std::size_t count,
                                                            Out out) noexcept {
  if constexpr (std::ranges::contiguous_range<const R>)
    return sequence_positions(detail::range_data(positions), count, out);
  else
    return sequence_positions(detail::range_begin(positions), count, out);
}

/// Position ids the run-time paths take: a contiguous range of (non-volatile) integers.
template <class R>
concept contiguous_positions =
    std::ranges::contiguous_range<const R> &&
    std::is_integral_v<std::ranges::range_value_t<const R>> &&
    !std::is_volatile_v<std::remove_reference_t<std::ranges::range_reference_t<const R>>>;

// 1 or 0 as integers, added rather than branched on: a data-dependent branch per token mispredicts
// on rows of short sequences.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t kept_flag(const T position) noexcept {
  if constexpr (std::is_signed_v<T>) {  // 1 - the sign bit
    using U = std::make_unsigned_t<T>;
    return static_cast<std::size_t>(static_cast<U>(position) >> (std::numeric_limits<U>::digits - 1)) ^
           1U;
  } else {
    return 1;
  }
}
template <class T>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t zero_flag(const T position) noexcept {
  return position == 0 ? 1 : 0;
}

/// The number of sequences, of tokens that are not padding, and the length of the longest sequence.
struct sequence_summary {
  std::size_t sequences = 0;
  std::size_t tokens = 0;
  std::size_t longest = 0;
};

/// How many position ids the run-time paths look at together. A block with neither padding nor a 0
/// only lengthens the current sequence, and a block of padding changes nothing: both are taken
/// whole, and packed rows are mostly such blocks. Other blocks are stepped token by token.
inline constexpr std::size_t position_block = 16;

/// The index of the first position id that is not padding (`count` if none): the token that
/// starts the first sequence, whatever its position. After it, a sequence starts exactly at a 0.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE std::size_t first_kept(const T* positions,
                                                     std::size_t count) noexcept {
  std::size_t i = 0;
  while (i != count && is_padding(positions[i])) ++i;
  return i;
}

/// Hands the position ids [i, count) to `state`: `state.lengthen(position_block)` for a block with
/// neither padding nor a 0, nothing for a block of padding, `state.step(position)` for every id of
/// any other block and of the tail. The state is a value, so that it stays in registers.
template <class T, class State>
[[nodiscard]] KVC_HOST_DEVICE State scan_blocks(const T* positions, std::size_t i,
                                                std::size_t count, State state) noexcept {
  for (; count - i >= position_block; i += position_block) {
    const T* const block = positions + i;
    bool special = false;  // a 0 or padding
    for (std::size_t j = 0; j != position_block; ++j) special |= !(block[j] > 0);
    if (!special) {
      state.lengthen(position_block);
      continue;
    }
    bool kept = false;  // a token that is not padding
    for (std::size_t j = 0; j != position_block; ++j) kept |= !is_padding(block[j]);
    if (kept)
      for (std::size_t j = 0; j != position_block; ++j) state.step(block[j]);
  }
  for (; i != count; ++i) state.step(positions[i]);
  return state;
}

/// The run-time summary after the first token: a 0 starts a sequence, and a select, not a branch,
/// moves the current sequence's start.
struct summary_scan {
  sequence_summary summary{1, 1, 1};
  std::size_t start = 0;

  KVC_HOST_DEVICE void lengthen(std::size_t tokens) noexcept {
    summary.tokens += tokens;
    const std::size_t length = summary.tokens - start;
    summary.longest = length > summary.longest ? length : summary.longest;
  }
  template <class T>
  KVC_HOST_DEVICE void step(const T position) noexcept {
    const std::size_t starts = zero_flag(position);
    const std::size_t mask = 0 - starts;  // all ones at a sequence start
    start = (summary.tokens & mask) | (start & ~mask);
    summary.sequences += starts;
    lengthen(kept_flag(position));
  }
};

/// `sequence_summary` of `count` contiguous position ids, at run time.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE sequence_summary
summarize_sequences_at_run_time(const T* positions, std::size_t count) noexcept {
  const std::size_t first = first_kept(positions, count);
  if (first == count) return {};
  return scan_blocks(positions, first + 1, count, summary_scan{}).summary;
}

/// The sequences of the first `count` position ids of `positions`.
template <class R>
[[nodiscard]] KVC_HOST_DEVICE constexpr sequence_summary summarize_sequences(
    const R& positions, std::size_t count) noexcept {
  if constexpr (contiguous_positions<R>) {
    if (!std::is_constant_evaluated())
      return summarize_sequences_at_run_time(detail::range_data(positions), count);
  }
  const auto walk = walk_sequences(positions, count, run_summary{});
  return {walk.out.runs, walk.tokens, walk.out.longest};
}

/// Where `write_sequence_starts` stopped: past the last start written, and the number of tokens
/// that are not padding (the total that closes `cu_seqlens`).
template <class P>
struct sequence_starts {
  P* end;
  std::size_t tokens;
};

/// The run-time writer of sequence starts after the first token: every token stores its kept
/// index at `next` and only a 0 advances `next`, so no branch decides a store. The stores stay
/// within the sequences + 1 elements the caller guarantees (the one past the last start is the
/// total's, written last).
template <class P>
struct start_scan {
  P* next;
  std::size_t kept = 1;

  KVC_HOST_DEVICE void lengthen(std::size_t tokens) noexcept { kept += tokens; }
  template <class T>
  KVC_HOST_DEVICE void step(const T position) noexcept {
    *next = static_cast<P>(kept);
    next += zero_flag(position);
    kept += kept_flag(position);
  }
};

/// `write_sequence_starts` at run time for contiguous position ids.
template <class T, class P>
KVC_HOST_DEVICE sequence_starts<P> write_sequence_starts_at_run_time(const T* positions,
                                                                     std::size_t count,
                                                                     P* out) noexcept {
  const std::size_t first = first_kept(positions, count);
  if (first == count) return {out, 0};
  *out = 0;
  const start_scan<P> scan = scan_blocks(positions, first + 1, count, start_scan<P>{out + 1});
  return {scan.next, scan.kept};
}

/// Writes the start of every sequence of the first `count` position ids, as an index into the
/// unpadded row, to `out[0..sequences)`. Precondition: `out` has room for sequences + 1 elements and
/// P holds the number of tokens that are not padding.
template <class R, class P>
KVC_HOST_DEVICE constexpr sequence_starts<P> write_sequence_starts(const R& positions,
                                                                   std::size_t count,
                                                                   P* out) noexcept {
  if constexpr (contiguous_positions<R>) {
    if (!std::is_constant_evaluated())
      return write_sequence_starts_at_run_time(detail::range_data(positions), count, out);
  }
  const auto walk = walk_sequences(positions, count, run_start_writer<P*>{out});
  return {walk.out.next, walk.tokens};
}

}  // namespace kvc::detail
// ---- end kvc/detail/position_runs.hpp

namespace kvc {

namespace detail {
/// The span forms' body over the first `tokens` position ids (row 0 when there are components):
/// the checks, in order, then one pass that writes.
template <class R, class O>
KVC_HOST_DEVICE constexpr std::errc write_position_offsets(const R& positions, std::size_t tokens,
                                                           O& out) noexcept {
  using P = std::ranges::range_value_t<O>;
  const std::size_t room = detail::range_size(out);
  // sequences + 1 <= tokens + 1 and the total <= tokens: count them only when `out` might be too
  // short or too narrow.
  if (room <= tokens || std::cmp_greater(tokens, std::numeric_limits<P>::max())) {
    const sequence_summary summary = summarize_sequences(positions, tokens);
    if (room < summary.sequences + 1) return std::errc::value_too_large;
    if (std::cmp_greater(summary.tokens, std::numeric_limits<P>::max()))
      return std::errc::result_out_of_range;
  }
  const sequence_starts<P> starts = write_sequence_starts(positions, tokens, detail::range_data(out));
  *starts.end = static_cast<P>(starts.tokens);
  return std::errc{};
}
}  // namespace detail

/// Function object type of `kvc::offsets_from_positions`.
struct offsets_from_positions_fn {
  /// Compile-time form: the start of every sequence, then the total, as a list of sequences + 1.
  template <integer T, std::size_t N>
  [[nodiscard]] KVC_HOST_DEVICE constexpr bounded_list<std::size_t, N + 1> operator()(
      const std::array<T, N>& positions) const noexcept {
    bounded_list<std::size_t, N + 1> list;
    std::size_t* const first = list.storage.data();
    const detail::sequence_starts<std::size_t> starts =
        detail::write_sequence_starts(positions, N, first);
    list.count = static_cast<std::size_t>(starts.end - first);
    list.push_back(starts.tokens);
    return list;
  }

  /// Span form: writes `cu_seqlens` -- the start of every sequence, as an index into the row with
  /// its padding removed, then the number of tokens that are not padding: sequences + 1 entries. A
  /// row that is empty or all padding writes the single entry 0.
  ///
  /// Returns `std::errc{}` on success, `std::errc::value_too_large` when `out` has fewer than
  /// sequences + 1 elements, and `std::errc::result_out_of_range` when the total does not fit in
  /// `out`'s element type (every offset is at most the total). On error `out` is untouched; on
  /// success its elements past sequences + 1 are. `out` must not overlap `positions`.
  template <position_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& positions,
                                                               O&& out) const noexcept {
    return detail::write_position_offsets(
        positions, static_cast<std::size_t>(detail::range_distance(positions)), out);
  }

  /// Multimodal form: `positions` holds C = `components.value` rows of N position ids each
  /// (component-major: M-RoPE's temporal, height and width rows), `size(positions)` = C * N. Row 0
  /// decides the sequences and the padding; the offsets count the N tokens, never C * N values.
  /// C = 1 is the one-row form.
  ///
  /// Returns `std::errc::invalid_argument` when `positions` is not whole rows (C is 0 with a
  /// non-empty input, or the size is not a multiple of C), before any other check; otherwise what
  /// the one-row form returns for row 0. An empty input writes the single entry 0, for any C.
  template <position_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& positions,
                                                               position_components components,
                                                               O&& out) const noexcept {
    const auto values = static_cast<std::size_t>(detail::range_distance(positions));
    if (!detail::whole_rows(values, components.value)) return std::errc::invalid_argument;
    return detail::write_position_offsets(positions, values == 0 ? 0 : values / components.value,
                                          out);
  }
};

/// `cu_seqlens` from position ids; see `offsets_from_positions_fn`.
KVC_INLINE_VARIABLE constexpr offsets_from_positions_fn offsets_from_positions{};

/// Function object type of `kvc::max_sequence_length_from_positions`.
struct max_sequence_length_from_positions_fn {
  /// The longest sequence counted in tokens (`max_seqlen`), padding excluded: 0 for an empty row or
  /// one of padding only. Never `max(position) + 1`, which repeated positions make too small.
  template <position_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const R& positions) const noexcept {
    return detail::summarize_sequences(positions,
                                       static_cast<std::size_t>(detail::range_distance(positions)))
        .longest;
  }

  /// The same for C = `components.value` rows of N position ids, row 0 deciding: the longest
  /// sequence in tokens. 0 when `positions` is not whole rows (C is 0 with a non-empty input, or
  /// the size is not a multiple of C).
  template <position_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const R& positions, position_components components) const noexcept {
    const auto values = static_cast<std::size_t>(detail::range_distance(positions));
    if (values == 0 || !detail::whole_rows(values, components.value)) return 0;
    return detail::summarize_sequences(positions, values / components.value).longest;
  }
};

/// `max_seqlen` from position ids; see `max_sequence_length_from_positions_fn`.
KVC_INLINE_VARIABLE constexpr max_sequence_length_from_positions_fn
    max_sequence_length_from_positions{};

}  // namespace kvc
// ---- end kvc/offsets_from_positions.hpp

// ---- begin kvc/prefix_reuse.hpp
// kvc/prefix_reuse.hpp - FA-98601: prefix cache reuse stays inside its namespace.
//
// Contract: the number of leading tokens a request may take from a cached sequence is the length of
// their common prefix when the cache's namespace equals the request's, and 0 otherwise. Comparing
// tokens alone (the recorded failure) lets one model or adapter read another's KV entries; comparing
// namespaces but returning the shorter length (the recorded unsuccessful fix) reuses tokens that
// differ.

#include <cstddef>
#include <utility>


namespace kvc {

/// Function object type of `kvc::reusable_prefix_length`.
struct reusable_prefix_length_fn {
  /// The common token prefix of `cached_tokens` and `requested_tokens` when `cache_namespace ==
  /// request_namespace`, otherwise 0. The sequences may differ in length and element type; integer
  /// tokens compare by value across signedness.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens) const noexcept {
    if (!detail::equal_ids(cache_namespace, request_namespace)) return 0;
    return detail::common_prefix_length(cached_tokens, requested_tokens);
  }

  /// Block-granular reuse, as paged KV caches reuse whole blocks: the common prefix rounded down to
  /// a multiple of `block_size` when the namespaces are equal, otherwise 0. A `block_size` of 0 or
  /// below reuses nothing.
  template <class CacheNs, class RequestNs, class Cached, class Requested, integer BlockSize>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens,
      BlockSize block_size) const noexcept {
    if (std::cmp_less_equal(block_size, 0)) return 0;
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    if (std::cmp_greater(block_size, prefix)) return 0;  // also keeps the cast below exact
    return prefix - prefix % static_cast<std::size_t>(block_size);
  }

  /// Reuse as an engine's policy allows it: `floor(min(p, cap) / policy.block_size) *
  /// policy.block_size`, where `p` is the common prefix (0 across namespaces) and `cap` is
  /// `size(requested_tokens) - 1` when `policy.recompute_last_token` (0 for an empty request), else
  /// `p`. A `block_size` of 0 reuses nothing. With the default policy this is the 4-argument form.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens,
      reuse_policy policy) const noexcept {
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    return detail::reused_under(policy, prefix,
                                static_cast<std::size_t>(detail::range_size(requested_tokens)),
                                static_cast<std::size_t>(detail::range_size(cached_tokens)));
  }

  /// Block-granular reuse under an engine's policy: the longest length within the policy's cap
  /// that is whole blocks of `block_size` and of `policy.block_size` alike (the one rule of
  /// `kvc::reuse_policy`). A `block_size` of 0 or below reuses nothing.
  template <class CacheNs, class RequestNs, class Cached, class Requested, integer BlockSize>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens, BlockSize block_size,
      reuse_policy policy) const noexcept {
    if (std::cmp_less_equal(block_size, 0)) return 0;
    if (!std::in_range<std::size_t>(block_size)) return 0;
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    return detail::reused_under_blocks(
        policy, static_cast<std::size_t>(block_size), prefix,
        static_cast<std::size_t>(detail::range_size(requested_tokens)),
        static_cast<std::size_t>(detail::range_size(cached_tokens)));
  }
};

/// Prefix reuse bounded by namespace identity; see `reusable_prefix_length_fn::operator()`.
KVC_INLINE_VARIABLE constexpr reusable_prefix_length_fn reusable_prefix_length{};

}  // namespace kvc
// ---- end kvc/prefix_reuse.hpp

// ---- begin kvc/request_admission.hpp
// kvc/request_admission.hpp - a queue of requests is admitted in order, each whole, up to the first
// that does not fit.
//
// Contract: with `capacity` slots, `used` of them taken, the requests are admitted front to back,
// each all-or-nothing, while the next one fits in the slots still free (`0 <= request <= capacity -
// used - the requests admitted before it`); admission stops at the first that does not. The result
// is how many were admitted. This is the per-step rule of vLLM's and SGLang's schedulers: they walk
// the waiting queue in order and stop at the first request whose blocks cannot be allocated, never
// skipping ahead to a smaller one behind it (which would starve the large request) and never
// granting part of one. A request of 0 slots fits and admission goes on past it; a negative request
// is malformed and stops admission; an inconsistent state admits nothing.

#include <cstddef>
#include <cstdint>
#include <utility>


namespace kvc {

/// Function object type of `kvc::admitted_requests`.
struct admitted_requests_fn {
  /// How many leading `requests` are admitted in order when `0 <= used <= capacity`: each request
  /// is admitted when `0 <= request <= capacity - used - (the sum of those admitted before it)`,
  /// and admission stops at the first that is not. 0 for an inconsistent state (negative
  /// `capacity` or `used`, `used` above `capacity`). Every bound is decided by mathematical value,
  /// for any mix of integer types: no overflow, no wrap, no narrowing. `requests` must be finite.
  template <integer Capacity, integer Used, request_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(Capacity capacity, Used used,
                                                                 const R& requests) const noexcept {
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return 0;
    // 0 <= used <= capacity, so both are non-negative and their difference fits in uintmax_t.
    const auto free_slots =
        static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
    std::uintmax_t total = 0;  // invariant: total <= free_slots, so it never overflows
    std::size_t admitted = 0;
    for (const auto request : requests) {
      if (std::cmp_less(request, 0) || std::cmp_greater(request, free_slots - total)) break;
      total += static_cast<std::uintmax_t>(request);
      ++admitted;
    }
    return admitted;
  }
};

/// In-order, all-or-nothing admission of a request queue; see `admitted_requests_fn::operator()`.
KVC_INLINE_VARIABLE constexpr admitted_requests_fn admitted_requests{};

}  // namespace kvc
// ---- end kvc/request_admission.hpp

// ---- begin kvc/row_length.hpp
// kvc/row_length.hpp - the row length L of a `[B, L]` batch: B rows of L tokens, flattened
// row-major, as packing trainers hand them to attention kernels.
//
// A strong type rather than a bare integer, so that the row-aware overloads of
// kvc::segment_positions and kvc::segment_offsets cannot be called with a size that means
// something else (an output length, a row count) by accident: `kvc::row_length{L}`.

#include <cstddef>

namespace kvc {

/// The number of tokens in every row of a flattened `[B, L]` batch.
struct row_length {
  /// L, the tokens per row.
  std::size_t value;
};

}  // namespace kvc
// ---- end kvc/row_length.hpp

// ---- begin kvc/segment_offsets.hpp
// kvc/segment_offsets.hpp - the varlen-attention view of packed segments: run start offsets plus
// the total (flash-attn's `cu_seqlens`), the number of runs, and the longest run (`max_seqlen`).
//
// Same notion of a run as kvc::segment_positions: a contiguous stretch of equal ids; a later run
// reusing an earlier id is a new run. In a `[B, L]` batch (`kvc::row_length{L}`) every row start
// starts a run too, so `cu_seqlens` over the flattened batch breaks at every row start.

#include <array>
#include <cstddef>
#include <limits>
#include <utility>


namespace kvc {

/// Function object type of `kvc::segment_run_count`.
struct segment_run_count_fn {
  /// The number of contiguous runs of equal ids (0 for an empty sequence).
  template <segment_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(const R& segments) const noexcept {
    return detail::summarize_runs(segments).runs;
  }
};
/// How many runs a segment sequence holds; see `segment_run_count_fn::operator()`.
KVC_INLINE_VARIABLE constexpr segment_run_count_fn segment_run_count{};

/// Function object type of `kvc::max_segment_length`.
struct max_segment_length_fn {
  /// The length of the longest run (0 for an empty sequence): varlen attention's `max_seqlen`.
  template <segment_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(const R& segments) const noexcept {
    return detail::summarize_runs(segments).longest;
  }
};
/// The longest run of a segment sequence (`max_seqlen`); see `max_segment_length_fn::operator()`.
KVC_INLINE_VARIABLE constexpr max_segment_length_fn max_segment_length{};

/// The compile-time result of `kvc::segment_offsets` for N ids: runs + 1 <= N + 1 offsets.
template <std::size_t N>
using segment_offset_list = bounded_list<std::size_t, N + 1>;

/// Function object type of `kvc::segment_offsets`.
struct segment_offsets_fn {
  /// Compile-time form: the start offset of every run, then the total, as a list of runs + 1.
  template <class S, std::size_t N>
    requires comparable_with<S, S>
  [[nodiscard]] KVC_HOST_DEVICE constexpr segment_offset_list<N> operator()(
      const std::array<S, N>& segments) const noexcept {
    segment_offset_list<N> list;
    std::size_t* const first = list.storage.data();
    list.count = static_cast<std::size_t>(detail::write_run_starts(segments, first) - first);
    list.push_back(N);
    return list;
  }

  /// Span form: writes the start offset of every run followed by the total token count -- runs + 1
  /// entries, the `cu_seqlens` layout; an empty input writes the single entry 0.
  ///
  /// Returns `std::errc{}` on success, `std::errc::value_too_large` when `out` has fewer than
  /// runs + 1 elements, and `std::errc::result_out_of_range` when the total does not fit in `out`'s
  /// element type (every offset is at most the total). On error `out` is untouched; on success its
  /// elements past runs + 1 are. `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto total = static_cast<std::size_t>(detail::range_distance(segments));
    // runs + 1 <= total + 1: only count runs when the output might be too short.
    if (detail::range_size(out) <= total &&
        detail::range_size(out) < detail::summarize_runs(segments).runs + 1)
      return std::errc::value_too_large;
    if (std::cmp_greater(total, std::numeric_limits<P>::max())) return std::errc::result_out_of_range;
    *detail::write_run_starts(segments, detail::range_data(out)) = static_cast<P>(total);
    return std::errc{};
  }

  /// Row-aware span form, for a flattened `[B, L]` batch with `rows.value` = L: the `cu_seqlens`
  /// layout over the flattened batch -- the start offset of every run, a run breaking at every run
  /// of equal ids and at every row start (every multiple of L), then the total token count.
  ///
  /// Returns `std::errc::invalid_argument` when `segments` is not whole rows (L is 0 with a
  /// non-empty input, or `size(segments)` is not a multiple of L); otherwise what the one-row form
  /// returns: `std::errc{}`, `value_too_large` when `out` has fewer than runs + 1 elements (before
  /// `result_out_of_range`), `result_out_of_range` when the total does not fit `out`'s element
  /// type. An empty batch writes the single entry 0, for any L. On error `out` is untouched; on
  /// success its elements past runs + 1 are. `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments, row_length rows,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto total = static_cast<std::size_t>(detail::range_distance(segments));
    if (!detail::whole_rows(total, rows.value)) return std::errc::invalid_argument;
    // runs + 1 <= total + 1: only count runs when the output might be too short.
    if (detail::range_size(out) <= total &&
        detail::range_size(out) < detail::summarize_row_runs(segments, rows.value).runs + 1)
      return std::errc::value_too_large;
    if (std::cmp_greater(total, std::numeric_limits<P>::max())) return std::errc::result_out_of_range;
    *detail::write_row_run_starts(segments, rows.value, detail::range_data(out)) =
        static_cast<P>(total);
    return std::errc{};
  }
};

/// Run start offsets plus the total (`cu_seqlens`); see `segment_offsets_fn`.
KVC_INLINE_VARIABLE constexpr segment_offsets_fn segment_offsets{};

}  // namespace kvc
// ---- end kvc/segment_offsets.hpp

// ---- begin kvc/segment_positions.hpp
// kvc/segment_positions.hpp - FA-98576: packed sequences restart positions at every segment run.
//
// Contract: given one segment id per token, a token's position is its offset within its contiguous
// run of equal ids. Numbering the flattened row (the recorded failure) lets a packed sequence inherit
// its predecessor's positions; counting per id (the recorded unsuccessful fix) merges two runs that
// reuse an id with another run in between.
//
// In a `[B, L]` batch (B rows of L tokens, flattened row-major; `kvc::row_length{L}`) a run also
// ends at every row end: the last token of a row and the first of the next belong to different
// sequences even when their ids are equal.

#include <array>
#include <cstddef>
#include <limits>
#include <utility>


// ---- begin kvc/detail/positions.hpp
// kvc/detail/positions.hpp - writing segment positions: the one place that chooses between the
// definition (the run-position loop of runs.hpp) and the AVX2 kernel (positions_avx2.hpp), for one
// row or for each row of a `[B, L]` batch.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>


// ---- begin kvc/detail/positions_avx2.hpp
// kvc/detail/positions_avx2.hpp - run-relative positions of 4-byte ids, 8 tokens a step (AVX2).
//
// `positions_avx2<Stream>(ids, count, out)` writes exactly what the run-position loop
// (`run_positions`, runs.hpp) writes. It is written with the compilers' own vector extensions and
// x86 builtins rather than <immintrin.h> (which alone would triple the cost of including kvc), and
// exists only on x86-64 with g++ or clang (KVC_DETAIL_POSITIONS_AVX2 is then 1); positions.hpp
// chooses it at run time when the CPU has AVX2. (An SSE2 form measured no faster than the scalar
// loop -- about 1 cycle a token either way -- so there is none.)
//
// The kernel, 8 lanes per block starting at index i:
//
//   eq   = movemask(ids[i..i+8) == ids[i-1..i+7))           one bit per lane: "continues the run"
//   c[j] = r + 1 + j                                        r = position of token i-1 (carried)
//   out  = min(c, T[eq])                                    T[eq][j] = j - (last boundary <= j), or
//                                                           `none` if no boundary <= j
//   next c = min(c + 8, B[eq])                              B[eq][j] = 8 - (last boundary) + j, or
//                                                           `none` if no boundary in the block
//
// (a boundary is a lane whose id differs from its predecessor's; a boundary in the block always
// gives the smaller value, since c[j] > j). So a block costs two loads of ids, one compare, one
// movemask, one table row (64 bytes, from a 16 KiB table), an add, two minima and a store -- no
// shuffles -- and the kernel handles two blocks a step with one add and one min of carried
// dependency. Token 0, the alignment peel and the tail (fewer than 8 tokens) are the run-position
// loop itself, so nothing is read before ids[0] or after ids[count-1], and nothing is written
// outside out[0..count).
//
// Large outputs are written with non-temporal stores, after peeling to a 32-byte aligned output,
// then fenced, so the output costs no read-for-ownership. Below the cache size, ordinary stores
// are as fast or faster, so the threshold follows memcpy's: recent glibc streams above a quarter of
// the shared cache, so it is max(4 MiB, L3 / 4), L3 as sysconf reports it (4 MiB where it does
// not).
//
// Ids and positions are loaded and stored with memcpy (one unaligned vector move each); only the
// non-temporal store goes through a vector pointer, as the intrinsic would.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>


#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KVC_DETAIL_POSITIONS_AVX2 1
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif
#else
#define KVC_DETAIL_POSITIONS_AVX2 0
#endif

namespace kvc::detail {

/// Ids and positions the AVX2 kernel handles: 4-byte integers on both sides (equality of 4-byte
/// integers is equality of their bits, and a position below 2^31 has the same bits in any of them).
template <class Id, class P>
concept avx2_positions_types =
    std::integral<Id> && std::integral<P> && !std::is_volatile_v<Id> && !std::is_volatile_v<P> &&
    !std::same_as<std::remove_cv_t<Id>, bool> && !std::same_as<std::remove_cv_t<P>, bool> &&
    sizeof(Id) == 4 && sizeof(P) == 4 && std::has_unique_object_representations_v<Id> &&
    std::has_unique_object_representations_v<P>;

/// "No boundary" in the tables: above every real lane value, with room for the + 8 of the unrolled
/// carry below INT32_MAX.
inline constexpr std::int32_t positions_none = std::numeric_limits<std::int32_t>::max() - 1024;

/// The largest count the kernel takes: every lane value it computes for real tokens is at most
/// count + 7, below `positions_none`, so no lane overflows.
inline constexpr std::size_t avx2_positions_max_count =
    static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()) - 2048;

/// Smallest output (bytes) written with non-temporal stores.
inline constexpr std::size_t min_stream_threshold_bytes = std::size_t{4} << 20;

/// One table row for an 8-lane block: T and B as described above; one cache line.
struct alignas(64) positions_min_row {
  std::int32_t t[8];
  std::int32_t b[8];
};

/// T[eq][j] and B[eq][j] for a W-lane block with movemask `eq`, as described above.
constexpr std::int32_t positions_t(std::size_t eq, std::size_t j) {
  for (std::size_t k = j + 1; k-- > 0;)
    if (((eq >> k) & 1U) == 0) return static_cast<std::int32_t>(j - k);
  return positions_none;
}
template <std::size_t W>
constexpr std::int32_t positions_b(std::size_t eq, std::size_t j) {
  const std::int32_t t = positions_t(eq, W - 1);  // W-1 - last boundary
  return t == positions_none ? positions_none : t + 1 + static_cast<std::int32_t>(j);
}

struct positions_table {
  positions_min_row rows[256];
};

template <std::size_t W>
constexpr positions_table make_positions_table() {
  static_assert(W == 8, "one row of 8 lanes per movemask");
  positions_table table{};
  for (std::size_t eq = 0; eq < 256; ++eq)
    for (std::size_t j = 0; j < W; ++j) {
      table.rows[eq].t[j] = positions_t(eq, j);
      table.rows[eq].b[j] = positions_b<W>(eq, j);
    }
  return table;
}

/// The table for blocks of 32 bytes of Id, computed at compile time. A variable template used with
/// the kernel's own Id, so it is evaluated only where the kernel is instantiated, not in every TU
/// that includes kvc.
template <class Id>
inline constexpr positions_table positions_table8 = make_positions_table<32 / sizeof(Id)>();

#if KVC_DETAIL_POSITIONS_AVX2

using avx2_i32x8 = std::int32_t __attribute__((vector_size(32)));
using avx2_f32x8 = float __attribute__((vector_size(32)));
using avx2_i64x4 = long long __attribute__((vector_size(32)));

#define KVC_DETAIL_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

/// 8 values from `p` (any alignment).
template <class T>
KVC_DETAIL_AVX2_INLINE avx2_i32x8 avx2_load(const T* p) noexcept {
  avx2_i32x8 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

KVC_DETAIL_AVX2_INLINE avx2_i32x8 avx2_splat(std::int32_t x) noexcept {
  return avx2_i32x8{x, x, x, x, x, x, x, x};
}

KVC_DETAIL_AVX2_INLINE avx2_i32x8 avx2_min(avx2_i32x8 a, avx2_i32x8 b) noexcept {
  return a < b ? a : b;  // vpminsd
}

/// One AVX2 block: the positions of the 8 tokens at `i` (stored), given c[j] = (position of token
/// i-1) + 1 + j; returns B[eq] (c for the next block is min(c + 8, B[eq])).
template <bool Stream, class Id, class P>
KVC_DETAIL_AVX2_INLINE avx2_i32x8 positions_avx2_block(const Id* ids, std::size_t i, P* out,
                                                       avx2_i32x8 c) noexcept {
  const avx2_i32x8 same = avx2_load(ids + i) == avx2_load(ids + i - 1);
  const auto eq = static_cast<unsigned>(
      __builtin_ia32_movmskps256(__builtin_bit_cast(avx2_f32x8, same)));
  const positions_min_row& row = positions_table8<Id>.rows[eq];
  const avx2_i32x8 positions = avx2_min(c, avx2_load(row.t));
  if constexpr (Stream) {
#if defined(__clang__)
    __builtin_nontemporal_store(positions, reinterpret_cast<avx2_i32x8*>(out + i));
#else
    __builtin_ia32_movntdq256(reinterpret_cast<avx2_i64x4*>(out + i),
                              __builtin_bit_cast(avx2_i64x4, positions));
#endif
  } else {
    __builtin_memcpy(out + i, &positions, sizeof positions);
  }
  return avx2_load(row.b);
}

/// The AVX2 kernel (requires 2 <= count <= avx2_positions_max_count and no overlap). With
/// `Stream`, non-temporal stores to a 32-byte aligned output.
template <bool Stream, class Id, class P>
__attribute__((target("avx2"))) void positions_avx2(const Id* ids, std::size_t count,
                                                    P* out) noexcept {
  // Token 0, and with `Stream` the tokens before the first 32-byte aligned output: the run loop.
  std::size_t head = 1;
  if constexpr (Stream) {
    const auto misalignment = reinterpret_cast<std::uintptr_t>(out + 1) % 32;
    if (misalignment != 0) head += (32 - misalignment) / sizeof(P);  // P is 4-byte aligned
    if (head > count) head = count;
  }
  std::size_t start = run_positions(ids, ids, ids + head, 0, 0, out).start;
  std::size_t i = head;
  if (count - i >= 8) {
    // c[j] = (position of token i-1) + 1 + j
    avx2_i32x8 c = avx2_splat(static_cast<std::int32_t>(i - 1 - start)) +
                   avx2_i32x8{1, 2, 3, 4, 5, 6, 7, 8};
    const avx2_i32x8 eight = avx2_splat(8), sixteen = avx2_splat(16);
    // Two blocks a step, the carried c updated once: min(min(c + 8, B0) + 8, B1) is
    // min(c + 16, min(B0 + 8, B1)), and only its outer add and min wait on the previous step.
    for (; count - i >= 16; i += 16) {
      const avx2_i32x8 b0 = positions_avx2_block<Stream>(ids, i, out, c);
      const avx2_i32x8 c1 = avx2_min(c + eight, b0);
      const avx2_i32x8 b1 = positions_avx2_block<Stream>(ids, i + 8, out, c1);
      c = avx2_min(c + sixteen, avx2_min(b0 + eight, b1));
    }
    if (count - i >= 8) {
      const avx2_i32x8 b0 = positions_avx2_block<Stream>(ids, i, out, c);
      c = avx2_min(c + eight, b0);
      i += 8;
    }
    if constexpr (Stream) __builtin_ia32_sfence();
    // c[0] = (position of token i-1) + 1, so token i-1's run starts at i - c[0].
    start = i - static_cast<std::size_t>(c[0]);
  }
  // The tail: the run loop again, from token i.
  run_positions(ids + i - 1, ids + i, ids + count, i, start, out + i);
}

#undef KVC_DETAIL_AVX2_INLINE

/// Whether the CPU (and the OS) support AVX2; asked once.
inline bool cpu_has_avx2() noexcept {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
}

/// Output size (bytes) above which the AVX2 kernel streams; computed once.
inline std::size_t positions_stream_threshold() noexcept {
  static const std::size_t threshold = [] {
    std::size_t bytes = min_stream_threshold_bytes;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (l3 > 0 && static_cast<std::size_t>(l3) / 4 > bytes)
      bytes = static_cast<std::size_t>(l3) / 4;
#endif
    return bytes;
  }();
  return threshold;
}

#endif  // KVC_DETAIL_POSITIONS_AVX2

}  // namespace kvc::detail
// ---- end kvc/detail/positions_avx2.hpp

namespace kvc::detail {

/// Whether the bytes of `a` (a_bytes long) and `b` (b_bytes long) overlap.
inline bool bytes_overlap(const void* a, std::size_t a_bytes, const void* b,
                          std::size_t b_bytes) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return x < y + b_bytes && y < x + a_bytes;
}

/// Run-relative positions of `count` contiguous integer ids, at run time: the AVX2 kernel when the
/// types, the size and the CPU allow it (and `out` does not overlap `ids`), otherwise the run loop.
template <class Id, class P>
void positions_at_run_time(const Id* ids, std::size_t count, P* out) noexcept {
#if KVC_DETAIL_POSITIONS_AVX2
  if constexpr (avx2_positions_types<Id, P>) {
    if (count > 1 && count <= avx2_positions_max_count && cpu_has_avx2() &&
        !bytes_overlap(ids, count * sizeof(Id), out, count * sizeof(P))) {
      if (count * sizeof(P) > positions_stream_threshold())
        positions_avx2<true>(ids, count, out);
      else
        positions_avx2<false>(ids, count, out);
      return;
    }
  }
#endif
  run_positions(ids, ids, ids + count, 0, 0, out);
}

/// Segment ids the run-time path takes: a contiguous range of integers.
template <class R>
concept contiguous_integer_ids =
    std::ranges::contiguous_range<const R> && std::ranges::sized_range<const R> &&
    std::integral<std::remove_cv_t<std::ranges::range_value_t<const R>>>;

/// Writes the position of every id of `segments` to out[0..size): the run loop during constant
/// evaluation and for every other sequence; `positions_at_run_time` for contiguous integers at run
/// time.
template <class R, class P>
KVC_HOST_DEVICE constexpr void write_positions(const R& segments, P* out) noexcept {
#if !defined(__CUDA_ARCH__)  // the AVX2 kernel is host code; device code takes the run loop
  if constexpr (contiguous_integer_ids<R>) {
    if (!std::is_constant_evaluated()) {
      positions_at_run_time(detail::range_data(segments), detail::range_size(segments), out);
      return;
    }
  }
#endif
  walk_runs(segments, out);
}

/// Writes the row-relative position of every id of a flattened `[B, L]` batch (L = `row_length`)
/// to out[0..size): `walk_row_runs` during constant evaluation and for every other sequence;
/// `positions_at_run_time` once per row for contiguous integers at run time. Precondition:
/// `row_length` divides the size of `segments` and is not 0 unless `segments` is empty.
template <class R, class P>
KVC_HOST_DEVICE constexpr void write_row_positions(const R& segments, std::size_t row_length,
                                                   P* out) noexcept {
#if !defined(__CUDA_ARCH__)  // as in write_positions
  if constexpr (contiguous_integer_ids<R>) {
    if (!std::is_constant_evaluated()) {
      const auto* const ids = detail::range_data(segments);
      const std::size_t count = detail::range_size(segments);
      for (std::size_t row = 0; row != count; row += row_length)
        positions_at_run_time(ids + row, row_length, out + row);
      return;
    }
  }
#endif
  walk_row_runs(segments, row_length, out);
}

}  // namespace kvc::detail
// ---- end kvc/detail/positions.hpp

namespace kvc {

/// Function object type of `kvc::segment_positions`.
struct segment_positions_fn {
  /// Compile-time form: the position of every token, as a new array of the same length.
  template <class S, std::size_t N>
    requires comparable_with<S, S>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::array<std::size_t, N> operator()(
      const std::array<S, N>& segments) const noexcept {
    std::array<std::size_t, N> positions{};
    detail::walk_runs(segments, positions.data());
    return positions;
  }

  /// Span form: writes the position of every token to the first `size(segments)` elements of `out`.
  ///
  /// Returns `std::errc{}` on success, `std::errc::value_too_large` when `out` is shorter than
  /// `segments`, and `std::errc::result_out_of_range` when a position does not fit in `out`'s
  /// element type. On error `out` is untouched; on success its elements past `size(segments)` are.
  /// `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto count = static_cast<std::size_t>(detail::range_distance(segments));
    if (detail::range_size(out) < count) return std::errc::value_too_large;
    // A position is below the length of its run, so only a sequence longer than P's range can
    // overflow, and only then is the extra pass over the runs needed.
    constexpr auto p_max = std::numeric_limits<P>::max();
    if (count > 0 && std::cmp_greater(count - 1, p_max) &&
        std::cmp_greater(detail::summarize_runs(segments).longest - 1, p_max))
      return std::errc::result_out_of_range;
    detail::write_positions(segments, detail::range_data(out));
    return std::errc{};
  }

  /// Row-aware span form, for a flattened `[B, L]` batch with `rows.value` = L: writes the
  /// position of every token to the first `size(segments)` elements of `out`, restarting at every
  /// run of equal ids and at every row start (every multiple of L), even when the id continues.
  ///
  /// Returns `std::errc::invalid_argument` when `segments` is not whole rows (L is 0 with a
  /// non-empty input, or `size(segments)` is not a multiple of L); otherwise what the one-row form
  /// returns: `std::errc{}`, `value_too_large` for an `out` shorter than `segments` (before
  /// `result_out_of_range`), `result_out_of_range` for a position that does not fit `out`'s element
  /// type. An empty batch succeeds for any L and writes nothing. On error `out` is untouched; on
  /// success its elements past `size(segments)` are. `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments, row_length rows,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto count = static_cast<std::size_t>(detail::range_distance(segments));
    if (!detail::whole_rows(count, rows.value)) return std::errc::invalid_argument;
    if (detail::range_size(out) < count) return std::errc::value_too_large;
    // A position is below both L and the length of its run: the pass over the runs is needed only
    // when L - 1 does not fit P.
    constexpr auto p_max = std::numeric_limits<P>::max();
    if (count > 0 && std::cmp_greater(rows.value - 1, p_max) &&
        std::cmp_greater(detail::summarize_row_runs(segments, rows.value).longest - 1, p_max))
      return std::errc::result_out_of_range;
    detail::write_row_positions(segments, rows.value, detail::range_data(out));
    return std::errc{};
  }
};

/// Run-relative positions of packed segments; see `segment_positions_fn`.
KVC_INLINE_VARIABLE constexpr segment_positions_fn segment_positions{};

}  // namespace kvc
// ---- end kvc/segment_positions.hpp

// ---- begin kvc/slot_budget.hpp
// kvc/slot_budget.hpp - the append-admission contract as state: a budget of KV slots that grants
// whole requests or nothing, single-threaded (`kvc::slot_budget`) or lock-free
// (`kvc::concurrent_slot_budget`).
//
// Both are defined by kvc::admitted_append: `try_reserve(n)` grants exactly
// `admitted_append(capacity(), used(), n)`, so a grant is never partial and never negative, and
// `used()` never exceeds `capacity()`.

#include <cstddef>
#include <utility>


// ---- begin kvc/detail/atomic_size.hpp
// kvc/detail/atomic_size.hpp - a lock-free atomic std::size_t: the operations
// kvc::concurrent_slot_budget and the threads of kvc::record_budget_history need.
//
// With g++ and clang these are the builtins std::atomic itself is built on, because <atomic> is
// expensive to compile (on libstdc++ 12 it brings <system_error>, <string> and the waiting
// machinery of C++20, about a third of the cost of including all of kvc); with any other compiler
// they are std::atomic<std::size_t>'s own.

#include <cstddef>

#if !(defined(__GNUC__) || defined(__clang__))
#include <atomic>
#endif

namespace kvc::detail {

class atomic_size {
 public:
  constexpr explicit atomic_size(std::size_t value) noexcept : value_(value) {}
  atomic_size(const atomic_size&) = delete;
  atomic_size& operator=(const atomic_size&) = delete;

#if defined(__GNUC__) || defined(__clang__)
  static constexpr bool is_always_lock_free = __atomic_always_lock_free(sizeof(std::size_t), 0);

  /// `load(std::memory_order_relaxed)`
  [[nodiscard]] std::size_t load_relaxed() const noexcept {
    return __atomic_load_n(&value_, __ATOMIC_RELAXED);
  }
  /// `load(std::memory_order_acquire)`
  [[nodiscard]] std::size_t load_acquire() const noexcept {
    return __atomic_load_n(&value_, __ATOMIC_ACQUIRE);
  }
  /// `compare_exchange_weak(expected, desired, std::memory_order_acq_rel,
  /// std::memory_order_relaxed)`
  [[nodiscard]] bool compare_exchange_weak(std::size_t& expected, std::size_t desired) noexcept {
    return __atomic_compare_exchange_n(&value_, &expected, desired, true, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED);
  }
  /// `fetch_add(n)` (sequentially consistent): the value before the addition.
  std::size_t fetch_add(std::size_t n) noexcept {
    return __atomic_fetch_add(&value_, n, __ATOMIC_SEQ_CST);
  }

 private:
  alignas(sizeof(std::size_t)) std::size_t value_;
#else
  static constexpr bool is_always_lock_free = std::atomic<std::size_t>::is_always_lock_free;

  [[nodiscard]] std::size_t load_relaxed() const noexcept {
    return value_.load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::size_t load_acquire() const noexcept {
    return value_.load(std::memory_order_acquire);
  }
  [[nodiscard]] bool compare_exchange_weak(std::size_t& expected, std::size_t desired) noexcept {
    return value_.compare_exchange_weak(expected, desired, std::memory_order_acq_rel,
                                        std::memory_order_relaxed);
  }
  std::size_t fetch_add(std::size_t n) noexcept { return value_.fetch_add(n); }

 private:
  std::atomic<std::size_t> value_;
#endif
};

}  // namespace kvc::detail
// ---- end kvc/detail/atomic_size.hpp

namespace kvc {

namespace detail {
/// A budget's capacity from any integer: a negative capacity is an empty budget.
template <integer Capacity>
[[nodiscard]] constexpr std::size_t budget_capacity(Capacity capacity) noexcept {
  if (std::cmp_less(capacity, 0)) return 0;
  if (std::cmp_greater(capacity, static_cast<std::size_t>(-1))) return static_cast<std::size_t>(-1);
  return static_cast<std::size_t>(capacity);
}
}  // namespace detail

/// A single-threaded budget of `capacity` KV slots. Usable in constant expressions.
class slot_budget {
 public:
  /// A budget of `capacity` slots, none used. A negative capacity makes an empty budget.
  template <integer Capacity>
  constexpr explicit slot_budget(Capacity capacity) noexcept
      : capacity_(detail::budget_capacity(capacity)) {}

  /// Reserves all `n` slots and returns `n`, or reserves nothing and returns 0: when they do not
  /// fit in `available()`, and when `n <= 0`.
  template <integer N>
  [[nodiscard]] constexpr N try_reserve(N n) noexcept {
    const N granted = admitted_append(capacity_, used_, n);
    used_ += static_cast<std::size_t>(granted);  // 0 <= granted <= capacity_ - used_
    return granted;
  }

  /// Releases `n` slots and returns true; returns false and changes nothing when `n` is negative
  /// or more than `used()`. Releasing 0 slots succeeds.
  template <integer N>
  [[nodiscard]] constexpr bool release(N n) noexcept {
    if (std::cmp_less(n, 0) || std::cmp_greater(n, used_)) return false;
    used_ -= static_cast<std::size_t>(n);
    return true;
  }

  /// The slots reserved and not yet released.
  [[nodiscard]] constexpr std::size_t used() const noexcept { return used_; }
  /// The slots that can still be reserved: `capacity() - used()`.
  [[nodiscard]] constexpr std::size_t available() const noexcept { return capacity_ - used_; }
  /// The budget's size, fixed at construction (0 for a negative capacity).
  [[nodiscard]] constexpr std::size_t capacity() const noexcept { return capacity_; }

 private:
  std::size_t capacity_;
  std::size_t used_ = 0;
};

/// A lock-free budget of `capacity` KV slots shared by many threads: the same API and contract
/// as `kvc::slot_budget`, each operation a compare-and-swap loop on one atomic counter (a
/// `std::atomic<std::size_t>`, or on g++ and clang the builtins it is made of).
class concurrent_slot_budget {
 public:
  static_assert(detail::atomic_size::is_always_lock_free,
                "kvc::concurrent_slot_budget needs lock-free atomic operations on std::size_t");

  /// A budget of `capacity` slots, none used. A negative capacity makes an empty budget.
  template <integer Capacity>
  explicit concurrent_slot_budget(Capacity capacity) noexcept
      : capacity_(detail::budget_capacity(capacity)) {}

  concurrent_slot_budget(const concurrent_slot_budget&) = delete;
  concurrent_slot_budget& operator=(const concurrent_slot_budget&) = delete;

  /// As `kvc::slot_budget::try_reserve`, atomically: the grant is decided against one consistent
  /// value of `used()` and published only if no other thread changed it in between.
  template <integer N>
  [[nodiscard]] N try_reserve(N n) noexcept {
    std::size_t current = used_.load_relaxed();
    while (true) {
      const N granted = admitted_append(capacity_, current, n);
      if (granted == 0) return granted;
      if (used_.compare_exchange_weak(current, current + static_cast<std::size_t>(granted)))
        return granted;
    }
  }

  /// As `kvc::slot_budget::release`, atomically.
  template <integer N>
  [[nodiscard]] bool release(N n) noexcept {
    std::size_t current = used_.load_relaxed();
    while (true) {
      if (std::cmp_less(n, 0) || std::cmp_greater(n, current)) return false;
      if (used_.compare_exchange_weak(current, current - static_cast<std::size_t>(n)))
        return true;
    }
  }

  /// The slots reserved and not yet released, as of one atomic load (other threads may change it
  /// at once).
  [[nodiscard]] std::size_t used() const noexcept { return used_.load_acquire(); }
  /// The slots that could be reserved as of one atomic load: `capacity() - used()`.
  [[nodiscard]] std::size_t available() const noexcept { return capacity_ - used(); }
  /// The budget's size, fixed at construction (0 for a negative capacity).
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }

 private:
  const std::size_t capacity_;
  detail::atomic_size used_{0};
};

}  // namespace kvc
// ---- end kvc/slot_budget.hpp

// ---- begin kvc/version.hpp
// kvc/version.hpp - which kvc this is, for code that needs to check.
//
// The version follows Semantic Versioning: within one major version, a newer release keeps every
// contract's meaning. KVC_VERSION packs the three parts into one integer that compares in release
// order, major * 10000 + minor * 100 + patch (0.1.0 is 100, 1.2.3 is 10203), so that
//   #if KVC_VERSION >= 100
// asks for 0.1.0 or later. Minor and patch stay below 100. These macros are the one place the
// version is written in C++; a static check (static_checks/version.cpp) keeps them equal to the
// CMake project version. No includes: this header costs nothing.

#define KVC_VERSION_MAJOR 0
#define KVC_VERSION_MINOR 1
#define KVC_VERSION_PATCH 0
#define KVC_VERSION (KVC_VERSION_MAJOR * 10000 + KVC_VERSION_MINOR * 100 + KVC_VERSION_PATCH)
// ---- end kvc/version.hpp

// ---- begin kvc/model/block_pool.hpp
// kvc/model/block_pool.hpp - the reference model of a paged KV block pool: reference-counted
// blocks, full blocks cached by their content, freed blocks hit-able until evicted, all-or-nothing
// allocation, forks that share blocks.
//
// Why a model: every serving engine keeps its KV cache in a pool of fixed-size blocks (vLLM's
// `BlockPool` and `KVCacheManager`, SGLang's radix cache over its token-to-KV pool,
// TensorRT-LLM's `BlockManager`, llama.cpp's cells), and the bugs live in its state: a block freed
// while a sequence still uses it, a hash left on a block after eviction, a reference count that
// never drops. None of them is visible in one call. The model states every rule in a few lines of
// obviously correct code; kvc::check_block_pool (kvc/stateful/block_pool_check.hpp) runs an
// engine's pool beside a shadow of the KV content built on the same rules.
//
// The rules, with the engines' words for them:
// - A pool has `num_blocks` blocks of `block_size` token slots. A live request holds a block
//   table: `ceil(n / block_size)` block ids for its n tokens, in order.
// - A block's reference count is the number of live requests whose table holds it (vLLM's
//   `ref_cnt`, SGLang's `lock_ref`). `free_blocks()` counts the blocks nobody references, cached or
//   not (vLLM's `get_num_free_blocks()`: evictable blocks are free).
// - A FULL block is cached under its content: the namespace and every token from the start of
//   the sequence to the block's end (vLLM's chained block hash with its extra keys; a radix path).
//   It stays cached when its last reference goes (it becomes evictable), until it is evicted or the
//   prefix cache is reset. A partial block is never cached.
// - `allocate(request, ns, tokens, policy)`: the hit is the longest run of LEADING full blocks whose
//   content is cached, cut by `policy` (kvc::reuse_policy: vLLM's `{16, true}` recomputes the last
//   prompt token) to whole blocks. The request needs the remaining blocks new; the hit blocks that
//   nobody referenced leave the free set too (vLLM's `touch`). All of it or nothing: refused, the
//   pool is unchanged (vLLM's `allocate_slots` returning None).
// - New blocks are free blocks: one that holds no cached content first, lowest id first; else a
//   cached free block is evicted, the one released longest ago (within one `free`, the request's
//   last block first, as vLLM's free queue orders them). Eviction order is an engine's choice;
//   kvc's check does not depend on this one.
// - `append(request, tokens)` (decode) takes the new blocks its tokens need, all or none; a block
//   it fills becomes cached.
// - `free(request)` drops the request's references; a request that is not live frees nothing.
// - `fork(parent, child)` (parallel sampling, beam search): the child shares the parent's full
//   blocks and gets its own copy of the partial last block, so that neither writes into a block
//   the other reads.
// - `reset_prefix_cache()` forgets every cached block, and is refused (false, nothing changes)
//   while any request is live, as vLLM's `reset_prefix_cache` returns False.
//
// No Boost, no allocation: usable in constant expressions with small capacities.

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>


// ---- begin kvc/model/integer_key.hpp
// kvc/model/integer_key.hpp - an integer of any type held by value: how kvc's reference models
// key requests and namespaces, so that -1 and 2^64 - 1 stay different ids.

#include <cstdint>
#include <utility>


namespace kvc::model {

/// An integer of any `kvc::integer` type, compared by value: the key of -1 differs from the key of
/// the largest `std::uint64_t`.
struct integer_key {
  /// Whether the value is below zero.
  bool negative = false;
  /// Its absolute value (2^63 for the minimum of `std::int64_t`).
  std::uint64_t magnitude = 0;

  /// The key of `value`.
  template <integer I>
  [[nodiscard]] static constexpr integer_key of(I value) noexcept {
    if (std::cmp_less(value, 0))
      return {true, static_cast<std::uint64_t>(-(value + 1)) + 1};  // no overflow at the minimum
    return {false, static_cast<std::uint64_t>(value)};
  }
  /// Equal when the values are.
  friend constexpr bool operator==(const integer_key&, const integer_key&) = default;
};

}  // namespace kvc::model
// ---- end kvc/model/integer_key.hpp

// ---- begin kvc/model/token_sequence.hpp
// kvc/model/token_sequence.hpp - the token sequences kvc's reference models take.


namespace kvc::model {

/// A token sequence the model takes: any sized range of integers (`std::span<const std::int32_t>`,
/// `std::vector<std::int32_t>`, `std::array<int, N>`, ...). A template rather than a
/// `std::span` parameter, so that `<kvc/kvc.hpp>` need not include `<span>` (about 70,000 lines
/// with libc++ 19 in C++20 mode).
template <class Tokens>
concept token_sequence = id_sequence<Tokens> && integer<std::ranges::range_value_t<const Tokens>>;

}  // namespace kvc::model
// ---- end kvc/model/token_sequence.hpp

namespace kvc::model {

/// What `basic_block_pool::allocate` did.
struct block_allocation {
  /// Whether the request was admitted (false: refused, nothing changed).
  bool admitted = false;
  /// The leading tokens served from cached blocks (0 when refused).
  std::size_t cached_tokens = 0;
  /// The blocks taken from the free set that were not hits (0 when refused).
  std::size_t new_blocks = 0;

  /// Whether the request was admitted.
  constexpr explicit operator bool() const noexcept { return admitted; }
  /// Equal when every field is.
  friend constexpr bool operator==(const block_allocation&, const block_allocation&) = default;
};

/// A read-only view of `count` values starting at `first`: a block table or a request's tokens.
template <class T>
struct model_view {
  /// The first value.
  const T* first = nullptr;
  /// How many values.
  std::size_t count = 0;

  /// The first value.
  [[nodiscard]] constexpr const T* begin() const noexcept { return first; }
  /// Past the last value.
  [[nodiscard]] constexpr const T* end() const noexcept { return first + count; }
  /// How many values.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return count; }
  /// Whether there is none.
  [[nodiscard]] constexpr bool empty() const noexcept { return count == 0; }
  /// Value `i`; requires `i < size()`.
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return first[i]; }
};

/// A paged KV block pool of at most `MaxBlocks` blocks, `MaxRequests` live requests and
/// `MaxTokens` tokens per request, usable in constant expressions. Requests and namespaces are
/// integers of any type, compared by value; tokens are any integers that fit `std::int32_t`.
/// Block ids are `0 .. num_blocks() - 1`.
template <std::size_t MaxBlocks, std::size_t MaxRequests, std::size_t MaxTokens>
class basic_block_pool {
 public:
  /// The most blocks a pool has.
  static constexpr std::size_t max_blocks = MaxBlocks;
  /// The most requests live at once.
  static constexpr std::size_t max_requests = MaxRequests;
  /// The most tokens one request holds.
  static constexpr std::size_t max_tokens = MaxTokens;

  /// A pool of `num_blocks` free blocks of `block_size` tokens. A block size below 1, or a block
  /// count below 0 or above `max_blocks`, makes a pool of no blocks (that refuses every request).
  template <integer Blocks, integer BlockSize>
  constexpr basic_block_pool(Blocks num_blocks, BlockSize block_size) noexcept {
    if (std::cmp_less(block_size, 1) || std::cmp_less(num_blocks, 0) ||
        std::cmp_greater(num_blocks, MaxBlocks))
      return;
    num_blocks_ = static_cast<std::size_t>(num_blocks);
    block_size_ = static_cast<std::size_t>(block_size);
  }

  /// Admits `request` with `tokens` under namespace `ns`, reusing the leading cached blocks
  /// `policy` allows, or refuses it and changes nothing: when it is live already, has no tokens or
  /// more than `max_tokens`, holds a token outside `std::int32_t`, `max_requests` are live, or
  /// its new blocks and its hit blocks that nobody referenced are more than `free_blocks()`.
  template <integer Request, integer Namespace, token_sequence Tokens>
  constexpr block_allocation allocate(Request request, Namespace ns, const Tokens& tokens,
                                      reuse_policy policy = {}) noexcept {
    const integer_key id = integer_key::of(request);
    const auto n = static_cast<std::size_t>(kvc::detail::range_size(tokens));
    if (n == 0 || n > MaxTokens || live_ == MaxRequests || find(id) != live_) return {};
    request_state incoming{};
    if (!copy_tokens(tokens, incoming.tokens, 0)) return {};
    incoming.id = id;
    incoming.ns = integer_key::of(ns);
    incoming.length = n;

    std::array<std::size_t, MaxTokens> holders{};
    std::size_t matched = 0;
    while ((matched + 1) * block_size_ <= n) {
      const std::size_t holder = cached_holder(incoming, (matched + 1) * block_size_);
      if (holder == no_block) break;
      holders[matched++] = holder;
    }
    const std::size_t hit_tokens = kvc::detail::reused_under_blocks(
        policy, block_size_, matched * block_size_, n, static_cast<std::size_t>(-1));
    const std::size_t hit_blocks = hit_tokens / block_size_;
    const std::size_t total_blocks = blocks_for(n);
    std::size_t touched = 0;
    for (std::size_t i = 0; i < hit_blocks; ++i)
      if (blocks_[holders[i]].refs == 0) ++touched;
    const std::size_t fresh = total_blocks - hit_blocks;
    if (fresh + touched > free_blocks()) return {};

    for (std::size_t i = 0; i < hit_blocks; ++i) {
      ++blocks_[holders[i]].refs;
      incoming.table[i] = holders[i];
    }
    for (std::size_t i = hit_blocks; i < total_blocks; ++i)
      incoming.table[i] = take_new_block(incoming, i);
    incoming.blocks = total_blocks;
    requests_[live_++] = incoming;
    return {true, hit_tokens, fresh};
  }

  /// Appends `tokens` to live `request` (decode) and returns true, taking the new blocks they need;
  /// a block they fill becomes cached. Returns false and changes nothing when `request` is not
  /// live, would hold more than `max_tokens` tokens or a token outside `std::int32_t`, or needs
  /// more new blocks than `free_blocks()`. Appending nothing returns true.
  template <integer Request, token_sequence Tokens>
  constexpr bool append(Request request, const Tokens& tokens) noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return false;
    request_state grown = requests_[at];
    const auto k = static_cast<std::size_t>(kvc::detail::range_size(tokens));
    if (k > MaxTokens - grown.length || !copy_tokens(tokens, grown.tokens, grown.length))
      return false;
    const std::size_t old_blocks = grown.blocks;
    grown.length += k;
    const std::size_t total_blocks = blocks_for(grown.length);
    if (total_blocks - old_blocks > free_blocks()) return false;
    if (old_blocks > 0) fill(grown, old_blocks - 1, grown.table[old_blocks - 1]);
    for (std::size_t i = old_blocks; i < total_blocks; ++i) grown.table[i] = take_new_block(grown, i);
    grown.blocks = total_blocks;
    requests_[at] = grown;
    return true;
  }

  /// Drops every reference `request` holds and returns true; false, changing nothing, when it is
  /// not live (never admitted, refused, or freed already). Its full blocks stay cached.
  template <integer Request>
  constexpr bool free(Request request) noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return false;
    const request_state& gone = requests_[at];
    for (std::size_t i = gone.blocks; i-- > 0;) {
      block_state& block = blocks_[gone.table[i]];
      if (--block.refs == 0) block.released = ++tick_;  // the last block is evicted first
    }
    requests_[at] = requests_[--live_];
    return true;
  }

  /// Makes `child` a copy of live `parent` and returns true: the same namespace and tokens, the
  /// parent's full blocks shared, and a new block holding a copy of its partial last block, if it
  /// has one. Returns false and changes nothing when `parent` is not live, `child` is live (or is
  /// `parent`), `max_requests` are live, or the copy needs a block and none is free.
  template <integer Parent, integer Child>
  constexpr bool fork(Parent parent, Child child) noexcept {
    const std::size_t at = find(integer_key::of(parent));
    const integer_key child_id = integer_key::of(child);
    if (at == live_ || find(child_id) != live_ || live_ == MaxRequests) return false;
    request_state copy = requests_[at];
    copy.id = child_id;
    const bool partial = copy.length % block_size_ != 0;
    if (partial && free_blocks() == 0) return false;
    const std::size_t shared = partial ? copy.blocks - 1 : copy.blocks;
    for (std::size_t i = 0; i < shared; ++i) ++blocks_[copy.table[i]].refs;
    if (partial) copy.table[shared] = take_new_block(copy, shared);
    requests_[live_++] = copy;
    return true;
  }

  /// Forgets every cached block and returns true; false, changing nothing, while any request is
  /// live.
  constexpr bool reset_prefix_cache() noexcept {
    if (live_ != 0) return false;
    for (std::size_t b = 0; b < num_blocks_; ++b) blocks_[b].cached = false;
    return true;
  }

  /// The blocks no live request references, cached or not.
  [[nodiscard]] constexpr std::size_t free_blocks() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].refs == 0) ++count;
    return count;
  }

  /// The block ids of live `request`, in token order; empty when it is not live.
  template <integer Request>
  [[nodiscard]] constexpr model_view<std::size_t> block_table(Request request) const noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return {};
    return {requests_[at].table.data(), requests_[at].blocks};
  }

  /// The tokens of live `request`; empty when it is not live.
  template <integer Request>
  [[nodiscard]] constexpr model_view<std::int32_t> tokens(Request request) const noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return {};
    return {requests_[at].tokens.data(), requests_[at].length};
  }

  /// Whether `request` is live.
  template <integer Request>
  [[nodiscard]] constexpr bool is_live(Request request) const noexcept {
    return find(integer_key::of(request)) != live_;
  }

  /// How many live requests reference `block` (0 for an id out of range).
  [[nodiscard]] constexpr std::size_t references(std::size_t block) const noexcept {
    return block < num_blocks_ ? blocks_[block].refs : 0;
  }
  /// Whether `block` is cached (full, hit-able).
  [[nodiscard]] constexpr bool is_cached(std::size_t block) const noexcept {
    return block < num_blocks_ && blocks_[block].cached;
  }
  /// How many blocks are cached.
  [[nodiscard]] constexpr std::size_t cached_blocks() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].cached) ++count;
    return count;
  }
  /// How many cached blocks were evicted to make room.
  [[nodiscard]] constexpr std::size_t evictions() const noexcept { return evictions_; }
  /// How many requests are live.
  [[nodiscard]] constexpr std::size_t live_requests() const noexcept { return live_; }
  /// The pool's block count, fixed at construction.
  [[nodiscard]] constexpr std::size_t num_blocks() const noexcept { return num_blocks_; }
  /// Tokens per block, fixed at construction.
  [[nodiscard]] constexpr std::size_t block_size() const noexcept { return block_size_; }

 private:
  static constexpr std::size_t no_block = static_cast<std::size_t>(-1);

  struct request_state {
    integer_key id{};
    integer_key ns{};
    std::array<std::int32_t, MaxTokens> tokens{};
    std::size_t length = 0;
    std::array<std::size_t, MaxTokens> table{};
    std::size_t blocks = 0;
  };
  struct block_state {
    std::size_t refs = 0;
    /// Full, and hit-able under `ns` and `prefix[0, end)`.
    bool cached = false;
    integer_key ns{};
    std::size_t end = 0;
    std::array<std::int32_t, MaxTokens> prefix{};
    /// When its reference count last reached 0.
    std::uint64_t released = 0;
  };

  [[nodiscard]] constexpr std::size_t blocks_for(std::size_t n) const noexcept {
    return (n + block_size_ - 1) / block_size_;
  }

  [[nodiscard]] constexpr std::size_t find(const integer_key& id) const noexcept {
    for (std::size_t i = 0; i < live_; ++i)
      if (requests_[i].id == id) return i;
    return live_;
  }

  template <class Tokens>
  [[nodiscard]] static constexpr bool copy_tokens(const Tokens& tokens,
                                                  std::array<std::int32_t, MaxTokens>& out,
                                                  std::size_t from) noexcept {
    std::size_t i = from;
    for (const auto token : tokens) {
      if (!std::in_range<std::int32_t>(token)) return false;
      out[i++] = static_cast<std::int32_t>(token);
    }
    return true;
  }

  /// A cached block holding `request`'s namespace and tokens `[0, end)`: one a live request
  /// references if there is one (sharing it takes no free block), else the lowest id.
  [[nodiscard]] constexpr std::size_t cached_holder(const request_state& request,
                                                    std::size_t end) const noexcept {
    std::size_t found = no_block;
    for (std::size_t b = 0; b < num_blocks_; ++b) {
      const block_state& block = blocks_[b];
      if (!block.cached || block.end != end || !(block.ns == request.ns)) continue;
      bool same = true;
      for (std::size_t t = 0; t < end && same; ++t) same = block.prefix[t] == request.tokens[t];
      if (!same) continue;
      if (block.refs > 0) return b;
      if (found == no_block) found = b;
    }
    return found;
  }

  /// Block `index` of `request` is `b`: cached with its content when `request`'s tokens fill it.
  constexpr void fill(const request_state& request, std::size_t index, std::size_t b) noexcept {
    block_state& block = blocks_[b];
    const std::size_t end = (index + 1) * block_size_;
    if (request.length < end) return;
    block.cached = true;
    block.ns = request.ns;
    block.end = end;
    for (std::size_t t = 0; t < end; ++t) block.prefix[t] = request.tokens[t];
  }

  /// A free block for block `index` of `request`, referenced once and filled: an uncached one
  /// (lowest id) if any, else the cached free block released longest ago, evicted. Requires
  /// `free_blocks() > 0`.
  constexpr std::size_t take_new_block(const request_state& request, std::size_t index) noexcept {
    std::size_t chosen = no_block;
    for (std::size_t b = 0; b < num_blocks_ && chosen == no_block; ++b)
      if (blocks_[b].refs == 0 && !blocks_[b].cached) chosen = b;
    if (chosen == no_block) {
      for (std::size_t b = 0; b < num_blocks_; ++b)
        if (blocks_[b].refs == 0 &&
            (chosen == no_block || blocks_[b].released < blocks_[chosen].released))
          chosen = b;
      ++evictions_;
    }
    block_state& block = blocks_[chosen];
    block.refs = 1;
    block.cached = false;
    fill(request, index, chosen);
    return chosen;
  }

  std::array<block_state, MaxBlocks> blocks_{};
  std::array<request_state, MaxRequests> requests_{};
  std::size_t num_blocks_ = 0;
  std::size_t block_size_ = 1;
  std::size_t live_ = 0;
  std::uint64_t tick_ = 0;
  std::size_t evictions_ = 0;
};

/// The reference block pool: up to 64 blocks, 64 live requests and 64 tokens per request, enough
/// for every sequence kvc::check_block_pool generates.
using block_pool = basic_block_pool<64, 64, 64>;

}  // namespace kvc::model
// ---- end kvc/model/block_pool.hpp

// ---- begin kvc/model/prefix_cache.hpp
// kvc/model/prefix_cache.hpp - the reference model of a stateful prefix cache: many sequences from
// many namespaces, looked up by the prefix-reuse contract, forgotten namespace by namespace.
//
// Why a model: engines do not call the 4-argument contract once, they keep a cache (a radix tree,
// a block hash table, a host-memory prompt cache) and answer lookups from whatever it holds. The
// model holds every inserted sequence and answers a lookup as the contract over every one of them,
// so it is obviously correct; kvc's stateful runner (kvc/stateful/prefix_cache_check.hpp) compares
// an engine's cache with it after every step.

#include <array>  // as bounded_list.hpp does: no cost beyond it
#include <cstddef>
#include <cstdint>
#include <utility>


namespace kvc::model {

/// A prefix cache of at most `MaxEntries` sequences of at most `MaxTokens` tokens each, usable in
/// constant expressions (fixed-capacity storage: clang++ 14 with libstdc++ cannot allocate there).
///
/// It never evicts. It keeps the `kvc::cache_namespace` it is given, a view: the namespace's
/// strings must outlive the entry (string literals and long-lived strings do).
template <std::size_t MaxEntries, std::size_t MaxTokens>
class basic_prefix_cache {
 public:
  /// The most sequences the model holds at once.
  static constexpr std::size_t max_entries = MaxEntries;
  /// The longest sequence the model holds.
  static constexpr std::size_t max_tokens = MaxTokens;

  /// An empty cache.
  constexpr basic_prefix_cache() noexcept = default;

  /// Caches `tokens` under `ns` and returns true. A sequence that a live entry of `ns` already
  /// starts with (the empty one included) adds nothing. Returns false and changes nothing when the
  /// model cannot hold it: more than `max_tokens` tokens, a token outside `std::int32_t`, or
  /// `max_entries` entries already live.
  template <token_sequence Tokens>
  constexpr bool insert(const cache_namespace& ns, const Tokens& tokens) noexcept {
    const auto length = static_cast<std::size_t>(detail::range_size(tokens));
    if (length > MaxTokens) return false;
    for (const auto token : tokens)
      if (!std::in_range<std::int32_t>(token)) return false;
    for (std::size_t e = 0; e < size_; ++e)
      if (entries_[e].ns == ns && reusable_prefix_length(ns, ns, entries_[e].tokens, tokens) == length)
        return true;
    if (size_ == MaxEntries) return false;
    entry& added = entries_[size_];
    added.ns = ns;
    added.tokens = {};
    for (const auto token : tokens) added.tokens.push_back(static_cast<std::int32_t>(token));
    ++size_;
    return true;
  }

  /// The reusable prefix of `tokens` under `ns`: the largest `kvc::reusable_prefix_length(entry's
  /// namespace, ns, entry's tokens, tokens)` over every live entry, 0 when there is none.
  template <token_sequence Tokens>
  [[nodiscard]] constexpr std::size_t lookup(const cache_namespace& ns,
                                             const Tokens& tokens) const noexcept {
    std::size_t longest = 0;
    for (std::size_t e = 0; e < size_; ++e) {
      const std::size_t reused = reusable_prefix_length(entries_[e].ns, ns, entries_[e].tokens, tokens);
      if (reused > longest) longest = reused;
    }
    return longest;
  }

  /// `lookup(ns, tokens)` as an engine with `policy` reuses it: rounded down to the policy's
  /// blocks, and short of the last token when the policy recomputes it.
  template <token_sequence Tokens>
  [[nodiscard]] constexpr std::size_t lookup(const cache_namespace& ns, const Tokens& tokens,
                                             reuse_policy policy) const noexcept {
    return detail::reused_under(policy, lookup(ns, tokens),
                                static_cast<std::size_t>(detail::range_size(tokens)));
  }

  /// Forgets every entry of `ns` (an adapter unloaded or reloaded, a tenant gone) and returns how
  /// many there were. Other namespaces' entries stay, in their order.
  constexpr std::size_t erase(const cache_namespace& ns) noexcept {
    std::size_t kept = 0;
    for (std::size_t e = 0; e < size_; ++e)
      if (!(entries_[e].ns == ns)) entries_[kept++] = entries_[e];
    const std::size_t erased = size_ - kept;
    size_ = kept;
    return erased;
  }

  /// Forgets every entry.
  constexpr void clear() noexcept { size_ = 0; }

  /// How many sequences are cached.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  /// Whether no sequence is cached.
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }

 private:
  struct entry {
    cache_namespace ns{};
    bounded_list<std::int32_t, MaxTokens> tokens{};
  };

  std::array<entry, MaxEntries> entries_{};
  std::size_t size_ = 0;
};

/// The reference prefix cache: 64 sequences of up to 64 tokens, enough for every sequence kvc's
/// stateful runner generates.
using prefix_cache = basic_prefix_cache<64, 64>;

}  // namespace kvc::model
// ---- end kvc/model/prefix_cache.hpp

// ---- begin kvc/model/slot_allocator.hpp
// kvc/model/slot_allocator.hpp - the reference model of a per-request KV slot allocator: whole
// reservations or nothing, and a release that frees exactly what its request holds.
//
// Why a model: an allocator keeps, per request, the slots it granted; the bugs live in that state
// (a partial grant, a release counted twice, a release of an unknown request that frees someone
// else's slots). The model is `kvc::slot_budget`, itself defined by `kvc::admitted_append`, plus a
// table of holdings; kvc's stateful runner (kvc/stateful/slot_allocator_check.hpp) compares an
// engine's allocator with it after every step.

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>


namespace kvc::model {

/// An allocator of `capacity` KV slots to at most `MaxRequests` requests holding slots at once,
/// usable in constant expressions. Requests are named by any integer.
template <std::size_t MaxRequests>
class basic_slot_allocator {
 public:
  /// The most requests that hold slots at once.
  static constexpr std::size_t max_requests = MaxRequests;

  /// An allocator of `capacity` slots, none reserved. A negative capacity makes an empty one.
  template <integer Capacity>
  constexpr explicit basic_slot_allocator(Capacity capacity) noexcept : budget_(capacity) {}

  /// Reserves `n` more slots for `request` and returns true, or reserves nothing and returns false:
  /// when `n <= 0`, when `n` slots are not available (never a part of them), and when `request`
  /// holds nothing yet and `max_requests` requests already hold slots. A request may reserve many
  /// times; it then holds the sum.
  template <integer Request, integer N>
  constexpr bool try_reserve(Request request, N n) noexcept {
    const request_id id = request_id::of(request);
    std::size_t at = find(id);
    if (at == size_ && size_ == MaxRequests) return false;
    const N granted = budget_.try_reserve(n);  // kvc::admitted_append: all of n, or 0
    if (granted == 0) return false;
    if (at == size_) holdings_[size_++] = holding{id, 0};
    holdings_[at].slots += static_cast<std::size_t>(granted);
    return true;
  }

  /// Frees every slot `request` holds and returns how many that was; 0, changing nothing, for a
  /// request that holds none (never reserved, or already released).
  template <integer Request>
  constexpr std::size_t release(Request request) noexcept {
    const std::size_t at = find(request_id::of(request));
    if (at == size_) return 0;
    const std::size_t freed = holdings_[at].slots;
    (void)budget_.release(freed);  // freed <= used(): every held slot was reserved from it
    holdings_[at] = holdings_[--size_];
    return freed;
  }

  /// The slots `request` holds.
  template <integer Request>
  [[nodiscard]] constexpr std::size_t held(Request request) const noexcept {
    const std::size_t at = find(request_id::of(request));
    return at == size_ ? 0 : holdings_[at].slots;
  }

  /// The slots that can still be reserved: `capacity() - used()`.
  [[nodiscard]] constexpr std::size_t available() const noexcept { return budget_.available(); }
  /// The slots held by all requests.
  [[nodiscard]] constexpr std::size_t used() const noexcept { return budget_.used(); }
  /// The allocator's size, fixed at construction.
  [[nodiscard]] constexpr std::size_t capacity() const noexcept { return budget_.capacity(); }
  /// How many requests hold slots.
  [[nodiscard]] constexpr std::size_t requests() const noexcept { return size_; }

 private:
  /// A request id of any integer type, compared by value: -1 and 2^64 - 1 are different requests.
  using request_id = integer_key;
  struct holding {
    request_id id{};
    std::size_t slots = 0;
  };

  [[nodiscard]] constexpr std::size_t find(const request_id& id) const noexcept {
    for (std::size_t i = 0; i < size_; ++i)
      if (holdings_[i].id == id) return i;
    return size_;
  }

  slot_budget budget_;
  std::array<holding, MaxRequests> holdings_{};
  std::size_t size_ = 0;
};

/// The reference slot allocator: up to 64 requests holding slots at once.
using slot_allocator = basic_slot_allocator<64>;

}  // namespace kvc::model
// ---- end kvc/model/slot_allocator.hpp
// ---- end kvc/kvc.hpp
