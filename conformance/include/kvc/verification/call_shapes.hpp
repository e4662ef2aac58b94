// kvc/verification/call_shapes.hpp - how a fixture's inputs are handed to an implementation.
//
// A fixture's type names its call shape; a suite's implementations are called through it, so one
// suite can accept the several ways engines write the same contract.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <limits>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/bounded_list.hpp>
#include <kvc/row_length.hpp>

#include "offered_arguments.hpp"

namespace kvc {

namespace detail {
template <class>
inline constexpr bool no_call_shape_fits_v = false;

/// Stops the compilation with one message when a suite's call shape cannot call `Impl`; called
/// once per suite by the checks, before any fixture is run.
template <class Impl, bool Accepted>
constexpr void require_call_shape() noexcept {
  if constexpr (!Accepted) {
    static_assert(no_call_shape_fits_v<Impl>,
                  "kvc: the implementation cannot be called with this suite's inputs.\n"
                  "A suite calls impl(inputs...) in the order the contract lists them, and\n"
                  "offers each input as:\n"
                  "  - a token or id sequence: const std::array<E, K>&, std::span<const E>,\n"
                  "    std::span<const T>, or const std::vector<T>& (at run time), for any\n"
                  "    standard integer type T that holds every value of the fixture;\n"
                  "  - a sequence of other elements (kvc::multimodal_item, strings): its\n"
                  "    array, a std::span<const E> of it, or const std::vector<E>&;\n"
                  "  - a string namespace: std::string_view, const std::string&, or a\n"
                  "    kvc::cache_namespace naming that model;\n"
                  "  - anything else (integers, kvc::cache_namespace, block sizes): its own\n"
                  "    type.\n"
                  "Any of these may also convert implicitly to the parameter's type (an\n"
                  "engine's own namespace type, say). Segment suites call impl(segments) with\n"
                  "a const std::array<S, N>&, or impl(segments, out) with std::span<const S>\n"
                  "segments and a std::span<std::size_t> out to fill; their row suites call\n"
                  "impl(segments, L, out) with a std::size_t (or else a kvc::row_length) L.\n"
                  "Position-id suites call impl(positions, out) and impl(positions, C, out),\n"
                  "or impl(positions) and impl(positions, C), with C a std::size_t (or else a\n"
                  "kvc::position_components) and out a std::span<P> of any integer type P\n"
                  "(kvc/verification/position_call.hpp); an implementation may take either\n"
                  "form alone. Scenario suites take a factory of a fresh object per scenario:\n"
                  "[] { return my_cache{}; } for a prefix cache, [](std::size_t capacity) {\n"
                  "return my_allocator(capacity); } for a slot allocator\n"
                  "(kvc/verification/scenario_call.hpp).");
  }
}

/// The value of an output element no call has written: the span-output call shapes fill `out`
/// with it before the call.
inline constexpr std::size_t unwritten_output = std::numeric_limits<std::size_t>::max();

/// The segment ids of a fixture as `int`s, for an implementation written for `int` ids.
template <class S, std::size_t N>
[[nodiscard]] constexpr std::array<int, N> ids_as_int(const std::array<S, N>& segments) noexcept {
  std::array<int, N> as_int{};
  for (std::size_t i = 0; i < N; ++i) as_int[i] = static_cast<int>(segments[i]);
  return as_int;
}

/// Whether the segment ids fit in `int`. In a constant expression an id that does not fit stops
/// the evaluation with a diagnostic that says so.
template <class Segments>
[[nodiscard]] constexpr bool ids_fit_int(const Segments& segments) noexcept {
  const bool fit = fits<int>(segments);
  if (!fit && std::is_constant_evaluated())
    fixture_value_does_not_fit_the_implementations_type<int>();
  return fit;
}

/// Calls `fill(out)` with `out` a `std::span<P>` over N + Extra elements, each P's maximum
/// (`SIZE_MAX`, "unwritten", for the default `std::size_t`) before the call, and returns `out` whole
/// (Trim = false) or `out` up to its first unwritten element (Trim = true): the result of the
/// span-output call shapes.
template <std::size_t N, std::size_t Extra, bool Trim, class P = std::size_t, class Fill>
[[nodiscard]] constexpr auto filled_output(Fill fill) {
  constexpr std::size_t out_size = N + Extra;
  constexpr P unwritten = std::numeric_limits<P>::max();
  std::array<P, out_size> out{};
  for (auto& element : out) element = unwritten;
  fill(std::span<P>(out));
  if constexpr (Trim) {
    bounded_list<P, out_size> written;
    for (std::size_t i = 0; i < out_size && out[i] != unwritten; ++i) written.push_back(out[i]);
    return written;
  } else {
    return out;
  }
}

/// The first pair of offered forms with which `Impl` takes inputs of types `A...`, or
/// `no_call_shape_fits`.
// (Named packs rather than decltype of a lambda's pack: clang 14 mis-expands the latter.)
template <class Impl, class... A>
using direct_forms = typename first_fitting_forms<Impl, all_forms, A...>::type;

/// Whether `Impl` takes the inputs (a Hana tuple's types) in some offered form.
template <class Impl, class... A>
[[nodiscard]] constexpr bool direct_accepts(const boost::hana::tuple<A...>*) noexcept {
  return !std::is_same_v<direct_forms<Impl, A...>, no_call_shape_fits>;
}
/// The same, for inputs in another Hana sequence.
template <class Impl, class Args>
[[nodiscard]] constexpr bool direct_accepts(const Args*) noexcept {
  return boost::hana::unpack(Args{}, []<class... A>(const A&...) {
    return !std::is_same_v<direct_forms<Impl, A...>, no_call_shape_fits>;
  });
}
}  // namespace detail

/// `impl(args...)`; the result is compared with the expected value. Used by the prefix-reuse and
/// admission suites and by default for user suites. The inputs are offered as they are, or in the
/// other forms of kvc/verification/offered_arguments.hpp (sequences as spans or vectors of any
/// integer type their values fit in, string namespaces as `std::string`), the first that the
/// implementation accepts.
struct direct_call {
  /// Whether `impl` can be called with `Args` in some offered form.
  template <class Impl, class Args>
  static constexpr bool accepts = detail::direct_accepts<Impl>(static_cast<const Args*>(nullptr));

  /// Calls `impl` with `args` in the first offered form it accepts, and returns its result.
  ///
  /// (Fixtures' inputs are Hana tuples: they are taken apart by index rather than with
  /// `boost::hana::unpack`, whose function objects and lambda would be instantiated again for
  /// every implementation. A check runs each implementation through two functions of its own
  /// here, not six; in kvc-report, which runs hundreds of implementations, that is most of the
  /// code it compiles.)
  template <class Impl, class... A>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl,
                                             const boost::hana::tuple<A...>& args) {
    using chosen = chosen_forms<Impl, A...>;
    if constexpr (std::is_same_v<chosen, detail::no_call_shape_fits>) {
      return detail::no_call_shape_fits{};
    } else {
      return call_stored<typename chosen::sequence, typename chosen::text, A...>(
          impl, args, std::index_sequence_for<A...>{});
    }
  }
  /// The same, for inputs in another Hana sequence.
  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) {
    return boost::hana::unpack(args, [&impl](const auto&... arg) {
      return invoke(impl, boost::hana::tuple<std::remove_cvref_t<decltype(arg)>...>(arg...));
    });
  }

  /// Whether every input survives the form it is offered in. In a constant expression a value
  /// that does not fit stops the evaluation with a diagnostic that says so.
  template <class Impl, class... A>
  [[nodiscard]] static constexpr bool representable(const Impl&,
                                                    const boost::hana::tuple<A...>& args) noexcept {
    using chosen = chosen_forms<Impl, A...>;
    if constexpr (std::is_same_v<chosen, detail::no_call_shape_fits>) {
      return false;
    } else {
      // Keyed on the chosen sequence form and the inputs, not on the implementation.
      return all_fit<typename chosen::sequence>(args, std::index_sequence_for<A...>{});
    }
  }
  /// The same, for inputs in another Hana sequence.
  template <class Impl, class Args>
  [[nodiscard]] static constexpr bool representable(const Impl& impl, const Args& args) noexcept {
    return boost::hana::unpack(args, [&impl](const auto&... arg) {
      return representable(impl,
                           boost::hana::tuple<std::remove_cvref_t<decltype(arg)>...>(arg...));
    });
  }

 private:
  template <class Impl, class... A>
  using chosen_forms = detail::direct_forms<Impl, A...>;

  // Each input is stored in its offered form (a reference to it when the form is the input
  // itself), and the implementation called with the views of the stored values.
  template <class Seq, class Text, class... A, class Impl, std::size_t... I>
  [[nodiscard]] static constexpr auto call_stored(const Impl& impl,
                                                  const boost::hana::tuple<A...>& args,
                                                  std::index_sequence<I...>) {
    return call_views<Seq, Text, A...>(impl,
                                       detail::store<Seq, Text>(boost::hana::at_c<I>(args))...);
  }

  template <class Seq, class Text, class... A, class Impl, class... Stored>
  [[nodiscard]] static constexpr auto call_views(const Impl& impl, const Stored&... stored) {
    return impl(detail::view<Seq, Text, A>(stored)...);  // not constexpr? use kvc::check(suite, impl)
  }

  template <class Seq, class... A, std::size_t... I>
  [[nodiscard]] static constexpr bool all_fit(const boost::hana::tuple<A...>& args,
                                              std::index_sequence<I...>) noexcept {
    const bool fit = (detail::representable<Seq>(boost::hana::at_c<I>(args)) && ...);
    if (!fit && std::is_constant_evaluated())
      detail::fixture_value_does_not_fit_the_implementations_type<Seq>();
    return fit;
  }
};

/// The shape of contracts that write one output per input id (segment positions) or one per run
/// plus one (segment offsets). An implementation is either
///  - `impl(segments) -> range`, with `segments` a `const std::array<S, N>&`; or
///  - `impl(segments, out)`, with `segments` a `std::span<const S>` and `out` a
///    `std::span<std::size_t>` of N + Extra elements, which the implementation fills; its return
///    value is ignored. `out` starts filled with `SIZE_MAX` ("unwritten").
/// The first form is chosen when both are callable. An implementation written for `int` ids only
/// gets integer ids (the records' chars) converted to `int`. The actual result of the second is
/// `out` whole (Trim = false: an element left unwritten fails) or `out` up to its first unwritten
/// element (Trim = true: for outputs whose length depends on the values).
template <std::size_t Extra, bool Trim>
struct span_output_call {
  /// The value `out` is pre-filled with: an element still holding it was not written.
  static constexpr std::size_t unwritten = detail::unwritten_output;

  /// Whether `impl` can be called in one of the two shapes (ids converted to `int` or not).
  template <class Impl, class Args>
  static constexpr bool accepts = [] {
    using segments_t = std::remove_cvref_t<decltype(boost::hana::at_c<0>(std::declval<Args>()))>;
    using id_type = typename segments_t::value_type;
    constexpr std::size_t n = std::tuple_size_v<segments_t>;
    const auto callable = []<class S, class Segments>(std::type_identity<S>, std::type_identity<Segments>) {
      return std::invocable<const Impl&, const Segments&> ||
             std::invocable<const Impl&, std::span<const S>, std::span<std::size_t>>;
    };
    return callable(std::type_identity<id_type>{}, std::type_identity<segments_t>{}) ||
           (std::integral<id_type> &&
            callable(std::type_identity<int>{}, std::type_identity<std::array<int, n>>{}));
  }();

  /// Calls `impl` in the first shape it takes and returns the actual result: the range it
  /// returned, or `out` (whole, or up to its first unwritten element when Trim).
  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) noexcept {
    const auto& segments = boost::hana::at_c<0>(args);
    using segments_t = std::remove_cvref_t<decltype(segments)>;
    using id_type = typename segments_t::value_type;
    constexpr std::size_t n = std::tuple_size_v<segments_t>;
    if constexpr (!std::invocable<const Impl&, const segments_t&> &&
                  !std::invocable<const Impl&, std::span<const id_type>, std::span<std::size_t>> &&
                  std::integral<id_type> && !std::same_as<id_type, int>) {
      // An implementation written for int ids gets the fixture's char ids as ints: same runs.
      return invoke(impl, boost::hana::make_tuple(detail::ids_as_int(segments)));
    } else if constexpr (std::invocable<const Impl&, const segments_t&>) {
      return impl(segments);
    } else {
      return detail::filled_output<n, Extra, Trim>([&](std::span<std::size_t> out) {
        // An implementation that fills `out` may return a status too; `out` is what is compared.
        static_cast<void>(impl(std::span<const id_type>(segments), out));
      });
    }
  }

  /// Whether the fixture's ids survive the conversion to `int` (when it is made). In a constant
  /// expression an id that does not fit stops the evaluation with a diagnostic that says so.
  template <class Impl, class Args>
  [[nodiscard]] static constexpr bool representable(const Impl&, const Args& args) noexcept {
    const auto& segments = boost::hana::at_c<0>(args);
    using segments_t = std::remove_cvref_t<decltype(segments)>;
    using id_type = typename segments_t::value_type;
    if constexpr (!std::invocable<const Impl&, const segments_t&> &&
                  !std::invocable<const Impl&, std::span<const id_type>, std::span<std::size_t>> &&
                  std::integral<id_type> && !std::same_as<id_type, int>) {
      return detail::ids_fit_int(segments);
    } else {
      return true;
    }
  }
};

/// The shape of the row-aware segment contracts, over a flattened `[B, L]` batch: a fixture's
/// inputs are the ids (a `std::array<S, N>`) and the row length L (a `std::size_t`), and an
/// implementation is called as `impl(segments, L, out)` with `segments` a `std::span<const S>`,
/// `out` a `std::span<std::size_t>` of N + Extra elements pre-filled with `SIZE_MAX`
/// ("unwritten"), and L offered as
///  - a `std::size_t`, as engines take it; or else
///  - a `kvc::row_length`, as kvc's own contracts take it.
/// The plain integer is tried first: asking whether a generic lambda (`auto rows`) takes a
/// `kvc::row_length` instantiates its body, which does arithmetic on an integer and would stop the
/// compilation. An implementation written for `int` ids only gets integer ids converted to `int`.
/// The return value is ignored; the actual result is `out` whole (Trim = false) or `out` up to its
/// first unwritten element (Trim = true), as for `span_output_call`.
template <std::size_t Extra, bool Trim>
struct rows_output_call {
  /// The value `out` is pre-filled with: an element still holding it was not written.
  static constexpr std::size_t unwritten = detail::unwritten_output;

 private:
  /// How `Impl` takes ids of type S and the row length: 1 as a `std::size_t`, 2 as a
  /// `kvc::row_length`, 0 not at all.
  /// (`if constexpr`, not `?:`: the second question must not be asked once the first is answered.)
  template <class Impl, class S>
  static constexpr int row_form = [] {
    if constexpr (std::invocable<const Impl&, std::span<const S>, std::size_t,
                                 std::span<std::size_t>>)
      return 1;
    else if constexpr (std::invocable<const Impl&, std::span<const S>, row_length,
                                      std::span<std::size_t>>)
      return 2;
    else
      return 0;
  }();

  template <class Args>
  using segments_of = std::remove_cvref_t<decltype(boost::hana::at_c<0>(std::declval<Args>()))>;

  /// Whether the ids are handed over as `int`s: the implementation takes no ids of their own type.
  template <class Impl, class S>
  static constexpr bool ids_as_int =
      row_form<Impl, S> == 0 && std::integral<S> && !std::same_as<S, int>;

 public:
  /// Whether `impl` can be called in one of the two forms (ids converted to `int` or not).
  template <class Impl, class Args>
  static constexpr bool accepts = [] {
    using id_type = typename segments_of<Args>::value_type;
    if constexpr (ids_as_int<Impl, id_type>)
      return row_form<Impl, int> != 0;
    else
      return row_form<Impl, id_type> != 0;
  }();

  /// Calls `impl` with the ids, L in the first form it takes and `out`, and returns `out` (whole,
  /// or up to its first unwritten element when Trim).
  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) noexcept {
    const auto& segments = boost::hana::at_c<0>(args);
    const std::size_t length = boost::hana::at_c<1>(args);
    using id_type = typename segments_of<Args>::value_type;
    constexpr std::size_t n = std::tuple_size_v<segments_of<Args>>;
    if constexpr (ids_as_int<Impl, id_type>) {
      return invoke(impl, boost::hana::make_tuple(detail::ids_as_int(segments), length));
    } else {
      return detail::filled_output<n, Extra, Trim>([&](std::span<std::size_t> out) {
        if constexpr (row_form<Impl, id_type> == 1)
          static_cast<void>(impl(std::span<const id_type>(segments), length, out));
        else
          static_cast<void>(impl(std::span<const id_type>(segments), row_length{length}, out));
      });
    }
  }

  /// Whether the fixture's ids survive the conversion to `int` (when it is made). In a constant
  /// expression an id that does not fit stops the evaluation with a diagnostic that says so.
  template <class Impl, class Args>
  [[nodiscard]] static constexpr bool representable(const Impl&, const Args& args) noexcept {
    if constexpr (ids_as_int<Impl, typename segments_of<Args>::value_type>) {
      return detail::ids_fit_int(boost::hana::at_c<0>(args));
    } else {
      return true;
    }
  }
};

/// Segment positions: one position per id; see `span_output_call`.
using positions_call = span_output_call<0, false>;
/// Segment offsets: runs + 1 offsets in an output of N + 1; see `span_output_call`.
using offsets_call = span_output_call<1, true>;
/// Segment positions of a `[B, L]` batch: one position per id; see `rows_output_call`.
using row_positions_call = rows_output_call<0, false>;
/// Segment offsets of a `[B, L]` batch: runs + 1 offsets in an output of N + 1; see
/// `rows_output_call`.
using row_offsets_call = rows_output_call<1, true>;

}  // namespace kvc
