// kvc/specs/output_shapes.hpp - the call shapes of the span-output contracts (segment positions
// and offsets, `cu_seqlens` from position ids): the implementation writes its result into `out`,
// or returns it.
//
//   impl(ids, out)              one row of segment ids or of position ids
//   impl(ids, L, out)           a flattened `[B, L]` batch: L as a `std::size_t`, else a
//                               `kvc::row_length`
//   impl(positions, C, out)     C rows of position ids (M-RoPE): C as a `std::size_t`, else a
//                               `kvc::position_components`
//   impl(ids), impl(positions, C)   the result returned as a sized range of integers
//
// The ids are offered as every integer sequence is (kvc/spec/offered.hpp): `std::span<const E>`,
// `std::span<const T>` for any standard integer type T that holds every value, then
// `const std::vector<T>&`. `out` is a `std::span<P>`: P is `std::size_t` for the segment
// contracts, and `std::size_t` or else any standard integer type for the position-id contracts
// (flash-attn's `cu_seqlens` are int32). The forms are tried in that order: every ids form with
// the first output type, then with the next; L and C as a `std::size_t` before their strong type
// (asking whether a generic lambda takes a `kvc::row_length` would instantiate its body, which does
// arithmetic on an integer); the span forms before the returned range, and the range with C only
// of an implementation that does not take the one-row span form (which, generic, would be
// instantiated with an integer for its `out`).
//
// `out` has one element per id (positions) or one more (offsets), each P's maximum ("unwritten")
// before the call, held by `kvc::detail::owned` so that the same code runs in constant evaluation.
// The implementation's return value (a `std::errc`, say) is ignored: what it wrote is its result.
// Positions compare `out` whole; offsets compare `out` up to its first unwritten element. The
// expected result lists the values (`std::size_t`); its maximum stands for an element the contract
// leaves unwritten (a batch that is not whole rows).
//
// Guards: the ids (in a span form) and `out` are followed in memory by guard elements, so that an
// implementation reading or writing past their ends reads value-initialized ids and writes where
// the result sees it (everything up to its last write past the end, which no expected result
// equals), instead of reading or corrupting other memory. The row form's guard adds a row.
//
// The output's room is today what the contract needs at most (`Shape::room(size)`): a field of
// kind `kvc::field_kind::output_room`, added last to a shape's inputs with that as its default,
// is where a fixture would ask for a shorter or longer `out` (the error paths), with no table
// rewritten.
#pragma once

#include <concepts>
#include <cstddef>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/detail/equal.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/position_components.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/row_length.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/integer_result.hpp>
#include <kvc/spec/integer_results.hpp>
#include <kvc/spec/offered.hpp>
#include <kvc/spec/owned.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/shape.hpp>

namespace kvc::detail {

// --- The forms of a span-output call ------------------------------------------------------------

/// The forms a sequence of ids is offered in: the integer-sequence forms of offered.hpp.
template <class Integers>
struct id_forms_of;
template <class... T>
struct id_forms_of<type_list<T...>> {
  using type = type_list<form<sequence_as_span, text_as_view>,
                         form<sequence_as_span_of<T>, text_as_view>...,
                         form<sequence_as_vector_of<T>, text_as_view>...>;
};
/// Every form of a sequence of ids, in the order they are tried.
using id_forms = typename id_forms_of<offered_integers>::type;

/// What a call form does with the implementation's return value.
enum class returned_use : unsigned char {
  ignored,  ///< the span forms: `out` is the result
  range,    ///< a sized range of integers: the result
  value,    ///< any value: the result (a count)
};

template <class R>
concept integer_range = std::ranges::sized_range<const R> &&
                        integer_valued<std::ranges::range_value_t<const R>>;

/// Asked only, as the callable of a search of the id forms: whether `Impl` takes ids followed by
/// `Tail...`, returning what `Use` needs.
template <class Impl, returned_use Use, class... Tail>
struct takes_ids_then {};

template <class Impl, returned_use Use, class... Tail, class Ids>
inline constexpr bool callable_with<takes_ids_then<Impl, Use, Tail...>, Ids> = [] {
  if constexpr (!callable_with<Impl, Ids, Tail...>)
    return false;
  else if constexpr (Use == returned_use::range)
    return integer_range<std::remove_cvref_t<std::invoke_result_t<const Impl&, Ids, Tail...>>>;
  else
    return true;
}();

/// The arguments after the ids: M (unless void) and `Rest...`.
template <class M, class... Rest>
struct after_ids {
  using type = type_list<M, Rest...>;
};
template <class... Rest>
struct after_ids<void, Rest...> {
  using type = type_list<Rest...>;
};

template <class Impl, returned_use Use, class A, class Tail>
struct id_form_before;
template <class Impl, returned_use Use, class A, class... Tail>
struct id_form_before<Impl, Use, A, type_list<Tail...>>
    : first_fitting<takes_ids_then<Impl, Use, Tail...>, id_forms, A> {};
/// An implementation with one signature that no call of this many arguments can take: no id form
/// is tried.
template <class Impl, returned_use Use, class A, class... Tail>
  requires cannot_take_arguments<Impl, 1 + sizeof...(Tail)>
struct id_form_before<Impl, Use, A, type_list<Tail...>> {
  using type = no_form_fits;
};

/// A way to call: the ids in form F, then M (void: nothing), then `std::span<P>` (void: none, the
/// result is returned).
template <class F, class M, class P>
struct output_call_form {
  using ids = F;
  using middle = M;
  using output = P;
};

/// Whether a search (a `std::type_identity`) found a form.
template <class Search>
inline constexpr bool found_form = !std::is_same_v<typename Search::type, no_form_fits>;

/// The first output element type of `Ps...` with which `Impl` takes ids A, M and `out`.
template <class Impl, class A, class M, class P, class... Ps>
[[nodiscard]] consteval auto span_form_with(type_list<P, Ps...>) {
  using F = typename id_form_before<Impl, returned_use::ignored, A,
                                    typename after_ids<M, std::span<P>>::type>::type;
  if constexpr (!std::is_same_v<F, no_form_fits>)
    return std::type_identity<output_call_form<F, M, P>>{};
  else if constexpr (sizeof...(Ps) == 0)
    return std::type_identity<no_form_fits>{};
  else
    return span_form_with<Impl, A, M>(type_list<Ps...>{});
}

/// The first span form, over the middle forms `M, Ms...` in order, then the output types.
template <class Impl, class A, class Outputs, class M, class... Ms>
[[nodiscard]] consteval auto span_form(type_list<M, Ms...>) {
  using found = decltype(span_form_with<Impl, A, M>(Outputs{}));
  if constexpr (found_form<found> || sizeof...(Ms) == 0)
    return found{};
  else
    return span_form<Impl, A, Outputs>(type_list<Ms...>{});
}

/// The first form that returns the result, over the middle forms `M, Ms...` in order.
template <class Impl, returned_use Use, class A, class M, class... Ms>
[[nodiscard]] consteval auto returned_form(type_list<M, Ms...>) {
  using F = typename id_form_before<Impl, Use, A, typename after_ids<M>::type>::type;
  if constexpr (!std::is_same_v<F, no_form_fits>)
    return std::type_identity<output_call_form<F, M, void>>{};
  else if constexpr (sizeof...(Ms) == 0)
    return std::type_identity<no_form_fits>{};
  else
    return returned_form<Impl, Use, A>(type_list<Ms...>{});
}

/// A row length or component count in the form M: itself, or the strong type holding it.
template <class M>
[[nodiscard]] constexpr M middle_as(std::size_t value) noexcept {
  if constexpr (std::is_integral_v<M>)
    return static_cast<M>(value);
  else
    return M{value};
}

// --- Holding the ids and the output ---------------------------------------------------------------

/// How many guard elements follow the ids and `out` of every call.
inline constexpr std::size_t output_guard = 16;

/// Ids held for a call in form F. A vector form holds them as offered.hpp does.
template <class A, class F, bool Vector = as_vector<typename F::sequence>>
struct held_ids : held<A, F> {
  constexpr held_ids(const A& ids, std::size_t) : held<A, F>(ids) {}
};

/// The value after `value` in a run stepping by `step`, in 64-bit two's complement (as a
/// `kvc::sequence`'s runs hold values).
[[nodiscard]] constexpr long long next_in_run(long long value, long long step) noexcept {
  return static_cast<long long>(static_cast<unsigned long long>(value) +
                                static_cast<unsigned long long>(step));
}

/// Whether every value of the run `part`, read as E, is a value of T: its ends (a run's values
/// lie between its first and its last before a restart).
template <class T, class E>
[[nodiscard]] constexpr bool run_fits(const run& part) noexcept {
  if (part.count == 0) return true;
  const std::size_t last = part.period == 0 || part.count < part.period ? part.count - 1 : part.period - 1;
  return std::in_range<T>(integer_value(static_cast<E>(part.at(0)))) &&
         std::in_range<T>(integer_value(static_cast<E>(part.at(last))));
}

/// A span form: a copy of the ids (converted to T) followed by `guard` value-initialized ids.
/// `fits` is false when an id is not a value of T. The loops are one statement a value, as few
/// steps as constant evaluation allows, for the fixtures of thousands of ids.
template <class A, class F>
struct held_ids<A, F, false> {
  using E = integer_element_t<A>;
  using T = typename converted<typename F::sequence, E>::type;

  bool fits = true;
  std::size_t size;
  owned<T> stored;

  constexpr held_ids(const A& ids, std::size_t guard) : size(ids.size()), stored(size + guard) {
    T* out = stored.writable().data();
    if constexpr (requires { ids.runs[0].step; }) {
      // A table's sequence, run by run.
      for (std::size_t r = 0; r < ids.run_count; ++r) {
        const run& part = ids.runs[r];
        if constexpr (!std::is_same_v<T, E>) fits = fits && run_fits<T, E>(part);
        if (part.period == 0) {
          long long value = part.first;
          for (std::size_t k = part.count; k > 0; --k, value = next_in_run(value, part.step))
            *out++ = static_cast<T>(static_cast<E>(value));
        } else {
          for (std::size_t k = 0; k < part.count; ++k)
            *out++ = static_cast<T>(static_cast<E>(part.at(k)));
        }
      }
    } else {
      for (std::size_t i = 0; i < size; ++i) {
        if constexpr (!std::is_same_v<T, E>) fits = fits && std::in_range<T>(integer_value(ids[i]));
        *out++ = static_cast<T>(ids[i]);
      }
    }
    for (std::size_t i = guard; i > 0; --i) *out++ = T{};
  }

  [[nodiscard]] constexpr std::span<const T> view() const noexcept {
    return stored.view().first(size);
  }
};

/// The result of a span form read from `out` (`room` elements, then `guard` more): everything up
/// to the last element written past the end when one was, else `out` whole or up to its first
/// unwritten element. Returns how many elements the result has.
template <class P>
[[nodiscard]] constexpr std::size_t read_output(const P* out, std::size_t room, std::size_t guard,
                                                bool whole) noexcept {
  constexpr P unwritten = std::numeric_limits<P>::max();
  for (std::size_t end = room + guard; end > room; --end)
    if (out[end - 1] != unwritten) return end;
  if (whole) return room;
  std::size_t kept = 0;
  while (kept < room && out[kept] != unwritten) ++kept;
  return kept;
}

/// `out` for one call: `room` elements of P's maximum, then `guard` more.
template <class P>
class output_buffer {
 public:
  constexpr output_buffer(std::size_t room, std::size_t guard)
      : room_(room), guard_(guard), stored_(room + guard) {
    constexpr P unwritten = std::numeric_limits<P>::max();
    P* out = stored_.writable().data();
    for (std::size_t i = room + guard; i > 0; --i) *out++ = unwritten;
  }
  /// The span the implementation writes.
  [[nodiscard]] constexpr std::span<P> writable() noexcept { return stored_.writable().first(room_); }
  /// The result, read as `read_output` reads it.
  [[nodiscard]] constexpr std::span<const P> result(bool whole) const noexcept {
    const P* data = stored_.view().data();
    return {data, read_output(data, room_, guard_, whole)};
  }

 private:
  std::size_t room_;
  std::size_t guard_;
  owned<P> stored_;
};

/// A copy of a span form's result, for `kvc::observe` (the buffer it was read from is gone when
/// the call returns): an owning list of P.
template <class P>
class output_list {
 public:
  constexpr output_list() noexcept = default;
  constexpr output_list(std::span<const P> values)  // NOLINT: what a call's result converts to
      : size_(values.size()), data_(values.empty() ? nullptr : new P[values.size()]) {
    for (std::size_t i = 0; i < size_; ++i) data_[i] = values[i];
  }
  constexpr output_list(const output_list& other) : output_list(other.view()) {}
  constexpr output_list(output_list&& other) noexcept
      : size_(std::exchange(other.size_, 0)), data_(std::exchange(other.data_, nullptr)) {}
  constexpr output_list& operator=(output_list other) noexcept {
    std::swap(size_, other.size_);
    std::swap(data_, other.data_);
    return *this;
  }
  constexpr ~output_list() { delete[] data_; }

  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr const P& operator[](std::size_t i) const noexcept { return data_[i]; }
  [[nodiscard]] constexpr const P* begin() const noexcept { return data_; }
  [[nodiscard]] constexpr const P* end() const noexcept { return data_ + size_; }
  [[nodiscard]] constexpr std::span<const P> view() const noexcept { return {data_, size_}; }

 private:
  std::size_t size_ = 0;
  P* data_ = nullptr;
};

/// Whether the values of `actual` (a sized range of integers) are those of `expected` (a
/// `kvc::sequence`, or a run-time list), in order, by value.
template <class A, class E>
[[nodiscard]] constexpr bool same_values(const A& actual, const E& expected) noexcept {
  if (std::ranges::size(actual) != expected.size()) return false;
  if constexpr (std::ranges::contiguous_range<const A> && requires { expected.runs[0].step; }) {
    // A table's expected values, run by run, against a pointer: few steps a value in constant
    // evaluation, for the fixtures of thousands of values.
    using V = typename E::value_type;
    using P = std::remove_cv_t<std::ranges::range_value_t<const A>>;
    const P* at = detail::range_data(actual);
    for (std::size_t r = 0; r < expected.run_count; ++r) {
      const run& part = expected.runs[r];
      if (part.period != 0) {
        for (std::size_t k = 0; k < part.count; ++k)
          if (!equal_ids(*at++, static_cast<V>(part.at(k)))) return false;
        continue;
      }
      long long value = part.first;
      if constexpr (std::is_same_v<P, V>) {
        for (std::size_t k = part.count; k > 0; --k, value = next_in_run(value, part.step))
          if (*at++ != static_cast<V>(value)) return false;
      } else {
        for (std::size_t k = part.count; k > 0; --k, value = next_in_run(value, part.step))
          if (!equal_ids(*at++, static_cast<V>(value))) return false;
      }
    }
    return true;
  } else {
    auto it = std::ranges::begin(actual);
    for (std::size_t i = 0; i < expected.size(); ++i, ++it)
      if (!equal_ids(*it, expected[i])) return false;
    return true;
  }
}

/// What `call` hands to `use` for the form Chosen, as `kvc::observe` keeps it: a copy of the
/// result read from `out`, or the returned value.
template <class Impl, class Chosen, class A, class M = typename Chosen::middle,
          class P = typename Chosen::output>
struct kept_actual {
  using type = output_list<P>;
};
template <class Impl, class Chosen, class A>
struct kept_actual<Impl, Chosen, A, void, void> {
  using type = std::remove_cvref_t<
      std::invoke_result_t<const Impl&, offered_view_t<A, typename Chosen::ids>>>;
};
template <class Impl, class Chosen, class A, class M>
struct kept_actual<Impl, Chosen, A, M, void> {
  using type = std::remove_cvref_t<
      std::invoke_result_t<const Impl&, offered_view_t<A, typename Chosen::ids>, M>>;
};

/// The ids' type of inputs of type `In` (their first field).
template <class In>
using ids_of = typename list_at<0, argument_types<In>>::type;

/// Calls `impl` with the ids (and L or C) of `in`, in form `Chosen`, guarded, and hands its
/// result to `use`: the value it returned, or `out` read as `Shape` reads it. False, calling
/// nothing, when an id is not a value of the implementation's element type (kvc never narrows).
template <class Shape, class Chosen, class Impl, class In, class Use>
constexpr bool call_with_ids(const Impl& impl, const In& in, Use&& use) {
  using F = typename Chosen::ids;
  using M = typename Chosen::middle;
  using P = typename Chosen::output;
  return Shape::visit(in, [&](const auto& ids, const auto&... between) {
    using A = std::remove_cvref_t<decltype(ids)>;
    const std::size_t guard = Shape::guard(ids.size(), between...);
    const held_ids<A, F> held(ids, guard);
    if (!held.fits) return false;  // outside the implementation's types: not run
    if constexpr (std::is_void_v<P>) {
      if constexpr (std::is_void_v<M>)
        use(impl(held.view()));
      else
        use(impl(held.view(), middle_as<M>(between)...));
    } else {
      output_buffer<P> out(Shape::room(ids.size()), guard);
      // The return value (a status) is not the result: what was written is.
      if constexpr (std::is_void_v<M>)
        static_cast<void>(impl(held.view(), out.writable()));
      else
        static_cast<void>(impl(held.view(), middle_as<M>(between)..., out.writable()));
      use(out.result(Shape::whole));
    }
    return true;
  });
}


}  // namespace kvc::detail

namespace kvc::specs {

/// Segment ids as the tables hold them: `int`s, the records' characters as their codes (`'a'` is
/// 97, as the JSON vectors write them); only their runs matter.
using id_list = sequence<int>;
/// What a span-output contract writes, as a table expects it: positions or offsets.
using sizes = sequence<std::size_t>;

/// The element type of `out` for the segment contracts.
using size_output = detail::type_list<std::size_t>;
/// The element types of `out` for the position-id contracts, in the order they are tried.
using integer_output = detail::type_list<std::size_t, int, long, long long, unsigned, unsigned long,
                                         unsigned long long, short, unsigned short, signed char,
                                         unsigned char>;
/// Nothing between the ids and `out`.
using nothing_between = detail::type_list<void>;
/// The row length L between the ids and `out`, in the forms it is offered in.
using row_length_between = detail::type_list<std::size_t, row_length>;
/// The component count C between the position ids and `out`, in the forms it is offered in.
using components_between = detail::type_list<std::size_t, position_components>;

/// The parts of the shapes whose inputs are ids (and L or C), offered in the forms above.
/// `Derived` supplies `name`, `call_name`, `fields`, `inputs`, `visit(in, f)` (the ids first, then
/// L or C) and `between` (the forms of L or C, or `nothing_between`).
template <class Derived>
struct ids_call_shape {
  /// The guard after the ids (and `out`) of a call with `size` ids and nothing between.
  [[nodiscard]] static constexpr std::size_t guard(std::size_t) noexcept {
    return detail::output_guard;
  }
  /// The guard after the ids (and `out`) of a call with `size` ids and L or C `between`: a row
  /// more for a batch, at most twice the ids (a row length past them is not whole rows).
  [[nodiscard]] static constexpr std::size_t guard(std::size_t size, std::size_t between) noexcept {
    if (!std::is_same_v<typename Derived::between, row_length_between> || size == 0)
      return detail::output_guard;
    return detail::output_guard + (between < 2 * size + 2 ? between : 2 * size + 2);
  }
};

/// The parts of a span-output shape. `Derived` supplies, beyond `ids_call_shape`'s, `extra`
/// (elements of `out` past one per id), `whole` (whether the result is `out` whole, or up to its
/// first unwritten element), `outputs` (the element types of `out`),
/// `returns_range` (whether the result may be returned as a range instead) and
/// `write(ids, between..., out)` (the contract, for `reference`).
template <class Derived>
struct span_output_shape : ids_call_shape<Derived> {
  /// The first form in which `Impl` takes ids of type A (a `std::type_identity`).
  template <class Impl, class A>
  [[nodiscard]] static consteval auto choose() noexcept {
    using between = typename Derived::between;
    using outputs = typename Derived::outputs;
    using spans = decltype(detail::span_form<Impl, A, outputs>(between{}));
    if constexpr (!Derived::returns_range || detail::found_form<spans>)
      return spans{};
    else if constexpr (!std::is_same_v<between, nothing_between> &&
                       detail::found_form<decltype(detail::span_form<Impl, A, outputs>(
                           nothing_between{}))>)
      return std::type_identity<detail::no_form_fits>{};  // a one-row implementation
    else
      return detail::returned_form<Impl, detail::returned_use::range, A>(between{});
  }

  /// The first form in which `Impl` takes inputs of type `In`, or `detail::no_form_fits`.
  template <class Impl, class In>
  using form = typename decltype(choose<Impl, detail::searched_as_t<detail::ids_of<In>>>())::type;

  /// Whether `impl` can be called with inputs of type `In` in some form.
  template <class Impl, class In>
  [[nodiscard]] static constexpr bool takes() noexcept {
    return !std::is_same_v<form<Impl, In>, detail::no_form_fits>;
  }

  /// What `call` hands to `use`, as `kvc::observe` keeps it.
  template <class Impl, class In>
  using actual_type = typename detail::kept_actual<Impl, form<Impl, In>, detail::ids_of<In>>::type;

  /// How many elements `out` has for `size` ids.
  [[nodiscard]] static constexpr std::size_t room(std::size_t size) noexcept {
    return size + Derived::extra;
  }

  /// Calls `impl` with the ids (and L or C) in the first form it takes, and hands its result to
  /// `use`: the range it returned, or `out` read as the shape reads it (a `std::span<const P>`).
  /// False, calling nothing, when an id does not fit the implementation's element type.
  template <class Impl, class In, class Use>
  static constexpr bool call(const Impl& impl, const In& in, Use&& use) {
    return detail::call_with_ids<Derived, form<Impl, In>>(impl, in, use);
  }

  /// The result as the run-time checks keep and print it: each value, by sign and magnitude.
  using result = std::vector<detail::integer_result>;
  /// `actual` as a `result`.
  template <class A>
  [[nodiscard]] static result normalize(const A& actual) {
    return detail::to_integer_results(actual);
  }

  /// The same values, in order.
  template <class In, class A, class E>
  [[nodiscard]] static constexpr bool agrees(const engine_profile&, const In&, const A& actual,
                                             const E& expected) noexcept {
    return detail::same_values(actual, expected);
  }

  /// The contract's result for run-time inputs, as the shape reads it: its span form's output
  /// (`SIZE_MAX` for each element it leaves unwritten, where it refuses the input).
  template <class In>
  [[nodiscard]] static std::vector<std::size_t> reference(const In& in, reuse_policy = {}) {
    return Derived::visit(in, [](const auto& ids, const auto&... between) {
      const std::size_t size = room(ids.size());
      std::vector<std::size_t> out(size, std::numeric_limits<std::size_t>::max());
      Derived::write(ids, between..., std::span<std::size_t>(out));
      out.resize(detail::read_output(out.data(), size, 0, Derived::whole));
      return out;
    });
  }
};

/// The parts of a shape whose implementation returns a value (a count) from the ids and C, C in
/// the forms of `Derived::between`: `impl(positions, C)`.
template <class Derived>
struct returned_value_shape : ids_call_shape<Derived> {
  /// The first form in which `Impl` takes ids of type A (a `std::type_identity`).
  template <class Impl, class A>
  [[nodiscard]] static consteval auto choose() noexcept {
    return detail::returned_form<Impl, detail::returned_use::value, A>(typename Derived::between{});
  }
  /// The first form in which `Impl` takes inputs of type `In`, or `detail::no_form_fits`.
  template <class Impl, class In>
  using form = typename decltype(choose<Impl, detail::searched_as_t<detail::ids_of<In>>>())::type;

  /// Whether `impl` can be called with inputs of type `In` in some form.
  template <class Impl, class In>
  [[nodiscard]] static constexpr bool takes() noexcept {
    return !std::is_same_v<form<Impl, In>, detail::no_form_fits>;
  }
  /// What `impl` returns for inputs of type `In`.
  template <class Impl, class In>
  using actual_type = typename detail::kept_actual<Impl, form<Impl, In>, detail::ids_of<In>>::type;

  /// Calls `impl` with the ids and C in the first form it takes, and hands its result to `use`.
  template <class Impl, class In, class Use>
  static constexpr bool call(const Impl& impl, const In& in, Use&& use) {
    return detail::call_with_ids<Derived, form<Impl, In>>(impl, in, use);
  }

  /// The result as the run-time checks keep it.
  using result = detail::integer_result;
  /// `actual` as a `result`.
  template <class A>
  [[nodiscard]] static constexpr result normalize(const A& actual) noexcept {
    return detail::to_integer_result(actual);
  }
  /// Equal results (integers by value).
  template <class In, class A, class E>
  [[nodiscard]] static constexpr bool agrees(const engine_profile&, const In&, const A& actual,
                                             const E& expected) noexcept {
    return detail::same_result(actual, expected);
  }
};

}  // namespace kvc::specs
