// kvc/verification/optional_form.hpp - fixtures of a form an implementation may leave out.
//
// A contract can have forms that engines implement or not: kvc::offsets_from_positions takes one
// row of position ids, or M-RoPE's 3 rows with a component count. A suite holding both kinds of
// fixture marks their call shapes `optional_form<Call, "the 3-row form">`; an implementation that
// the call shape cannot call is not asked those fixtures. They are skipped -- neither passed by the
// implementation nor failed: `kvc::conforms` and `kvc::verify` go on to the next fixture,
// `kvc::outcomes` marks them true (not failed), and `kvc::check` reports them as skipped, saying
// which form the implementation does not implement.
// An implementation must still take every fixture that is not of an optional form, and at least
// one fixture of the suite; otherwise the suite's one static_assert says how it calls.
#pragma once

#include <type_traits>

#include "label.hpp"

namespace kvc {

/// The call shape `Call`, for fixtures that an implementation not taking `Form` skips. `Form` names
/// the form in reports: "does not implement the 3-row form".
template <class Call, fixed_label Form>
struct optional_form : Call {
  /// The optional form's name, as reports print it.
  static constexpr auto form = Form;
};

namespace detail {

/// Whether `Call` is an optional form (or a call shape made of one, which keeps its `form`).
template <class Call>
inline constexpr bool is_optional_form = requires { Call::form; };

/// Whether the call shape of fixture type F can call Impl.
template <class F, class Impl>
inline constexpr bool calls = F::call::template accepts<Impl, std::remove_cvref_t<decltype(F::inputs)>>;

/// Whether Impl skips fixture type F: F's form is optional and Impl does not take it.
template <class F, class Impl>
inline constexpr bool skips = is_optional_form<typename F::call> && !calls<F, Impl>;

}  // namespace detail
}  // namespace kvc
