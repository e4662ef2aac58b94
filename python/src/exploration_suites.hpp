// python/src/exploration_suites.hpp - what kvc.testing.explore runs for one suite: the Python
// function as the implementation kvc::explore calls (`python_call`), the suite's family with the
// engine profile chosen at run time, and the table of explorable suites, built in parts.
//
// Each explorable suite instantiates its whole exploration family. One translation unit holding
// them all took over 1 GB of g++; exploration_part_<k>.cpp each instantiate the suites of one part
// (kvc_python::for_each_descriptor_suite_in), and exploration.cpp joins the parts' tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>
#include <kvc/cache_namespace.hpp>
#include <kvc/concepts.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/explore.hpp>
#include <kvc/multimodal_item.hpp>
#include "bridge_value.hpp"
#include "descriptor_suites.hpp"

namespace kvc_python::exploring {

using wide_integer = kvc::detail::int128_type;

// ---- A Python result, as kvc.testing.check compares it -----------------------------------------

/// The `normalized` form of a Python function's result (kvc/testing/_report.py): an int, a bool,
/// a list of ints, or anything else, which equals nothing.
struct python_result {
  enum class kind { integer, boolean, integers, other };
  kind form = kind::other;
  wide_integer integer = 0;
  bool boolean = false;
  std::vector<wide_integer> integers;
};

/// A contract result that can be compared with a Python result: an integer, a bool, or a range of
/// integers.
template <class E>
concept python_comparable =
    kvc::integer<E> || std::is_same_v<E, bool> ||
    (std::ranges::input_range<const E> && kvc::integer<std::ranges::range_value_t<const E>>);

/// Whether `actual` agrees with the contract's `expected` for an engine with `profile`:
/// kvc::agrees_under, on the Python result in the integer type that holds it.
template <class Inputs, class E>
bool python_agrees(const kvc::engine_profile& profile, const python_result& actual,
                   const E& expected) {
  if constexpr (std::is_same_v<E, bool>) {
    return actual.form == python_result::kind::boolean &&
           kvc::agrees_under<Inputs>(profile, actual.boolean, expected);
  } else if constexpr (kvc::integer<E>) {
    if (actual.form != python_result::kind::integer) return false;
    if (actual.integer >= std::numeric_limits<long long>::min() &&
        actual.integer <= std::numeric_limits<long long>::max())
      return kvc::agrees_under<Inputs>(profile, static_cast<long long>(actual.integer), expected);
    return kvc::agrees_under<Inputs>(profile, static_cast<unsigned long long>(actual.integer),
                                     expected);
  } else {
    return actual.form == python_result::kind::integers &&
           kvc::agrees_under<Inputs>(profile, actual.integers, expected);
  }
}

// ---- The implementation kvc::explore calls ------------------------------------------------------

/// What one exploration of a Python function calls: `call(session, arguments)` passes the inputs
/// of a case to the Python function and gives back its normalized result (exploration.cpp defines
/// it, where pybind11 is). It throws std::runtime_error when the function raised, which fails the
/// case.
struct python_caller {
  void* session = nullptr;
  python_result (*call)(void* session, std::vector<bridge_value>&& arguments) = nullptr;
};

/// The implementation kvc::explore calls: every input form, the Python function of `caller`.
struct python_call {
  python_caller caller;

  template <class... A>
  python_result operator()(const A&... args) const {
    std::vector<bridge_value> arguments;
    arguments.reserve(sizeof...(A));
    (arguments.push_back(bridge_of(args)), ...);
    return caller.call(caller.session, std::move(arguments));
  }
};

// ---- The suites explored ------------------------------------------------------------------------

/// A suite's exploration family F with the engine profile chosen at run time: cases covered and
/// results compared as kvc::covered_by and kvc::agrees_under say for `profile`, as F does for
/// its compile-time profile. F's generators, oracle and fixture lines are its own.
template <class F>
struct profiled_at_run_time : F {
  /// The profile of the exploration running on this thread.
  static inline thread_local kvc::engine_profile profile{};

  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    return kvc::covered_by<Call>(profile, inputs);
  }

  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return python_agrees<Inputs>(profile, actual, expected);
  }
};

/// Whether every input form of family F is a direct call with a result Python can give.
template <class F, class Forms = typename F::forms>
inline constexpr bool direct_forms = false;
template <class F, class... Form>
inline constexpr bool direct_forms<F, kvc::detail::type_list<Form...>> =
    sizeof...(Form) != 0 &&
    ((std::is_base_of_v<kvc::direct_call, typename Form::call> &&
      python_comparable<std::remove_cvref_t<decltype(F::template expected<typename Form::call>(
          std::declval<const typename Form::inputs&>()))>>) &&
     ...);

/// Whether kvc.testing.explore explores the suite type S.
template <class S>
constexpr bool python_explorable() {
  if constexpr (!kvc::explorable<S>)
    return false;
  else
    return direct_forms<typename kvc::exploration::family_of<S>::type>;
}

/// One exploration's report, and the last Python call it made.
using explore_function = kvc::exploration_report (*)(python_caller, const kvc::explore_options&,
                                                     const kvc::engine_profile&, bool restricted);

template <class S>
kvc::exploration_report explore_suite(python_caller caller, const kvc::explore_options& options,
                                      const kvc::engine_profile& profile, bool restricted) {
  using family = profiled_at_run_time<typename kvc::exploration::family_of<S>::type>;
  // Restored on the way out: the function explored may itself explore.
  struct restore {
    kvc::engine_profile previous;
    ~restore() { family::profile = previous; }
  } const restored{family::profile};
  family::profile = profile;
  std::string name = kvc::exploration::suite_name<S>();
  if (restricted) name += " restricted to an engine profile";
  return kvc::exploration::run_exploration<family>(python_call{caller}, options, std::move(name));
}

/// An explorable suite: its position in kvc::verification::suite_index, its name and the function
/// that explores it.
struct explorable_suite {
  std::size_t index;
  std::string_view name;
  explore_function explore;
};

/// The number of parts the explorable suites are instantiated in (exploration_part_<k>.cpp).
inline constexpr std::size_t exploration_parts = 10;

/// Where each part starts in kvc::verification::suite_index. Measured (g++ 12 -O1, the peak of one
/// part): the base of a part is about 230 MB, one of the four policy suites of a family about
/// 90 MB and the other three little more, and the `_extremes` suites about 130 MB each, so those
/// two are in parts of their own. The namespace suites grew (2026-12-06: suites 12 to 17 took
/// 654 MB in one part, 18 to 23 606 MB; 15 to 17 and 18 to 20 still 580 and 591 MB), so 16, 17 and
/// 18 are in parts of their own.
inline constexpr std::array<std::size_t, exploration_parts + 1> exploration_part_starts = {
    0, 6, 12, 16, 17, 18, 19, 21, 24, 28, 36};
static_assert(valid_part_starts<exploration_parts>(exploration_part_starts),
              "kvc::verification::suite_index changed: give its suites a part here");

/// Adds the explorable suites of part `Part` to `table` (instantiated by exploration_part_<Part>.cpp).
template <std::size_t Part>
void add_explorable_suites(std::vector<explorable_suite>& table) {
  for_each_descriptor_suite_in<exploration_part_starts[Part], exploration_part_starts[Part + 1]>(
      [&table](std::size_t index, std::string_view name, const auto& suite) {
        using S = std::remove_cvref_t<decltype(suite)>;
        if constexpr (python_explorable<S>()) table.push_back({index, name, &explore_suite<S>});
      });
}
extern template void add_explorable_suites<0>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<1>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<2>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<3>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<4>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<5>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<6>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<7>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<8>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<9>(std::vector<explorable_suite>&);

}  // namespace kvc_python::exploring
