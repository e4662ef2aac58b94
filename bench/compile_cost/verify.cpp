// Compile-cost cases "narrow headers + N verifies": KVC_COST_VERIFIES verifies in a static_assert,
// each over another engine function (a distinct adapter), on the prefix-reuse suite;
// KVC_COST_UMBRELLA includes kvc/conformance.hpp instead of the narrow headers.
#include "engine.hpp"

#include <type_traits>
#include <utility>

#if KVC_COST_UMBRELLA
#include <kvc/conformance.hpp>
#else
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>
#endif

#ifndef KVC_COST_VERIFIES
#define KVC_COST_VERIFIES 1
#endif

namespace {
template <int Variant>
constexpr auto prefix_adapter = [](std::string_view c, std::string_view r, const auto& cached,
                                   const auto& request) {
  using token = typename std::remove_cvref_t<decltype(cached)>::value_type;
  return engine::matched_prefix<token>({c, Variant == 0 ? "" : "adapter"},
                                       {r, Variant == 0 ? "" : "adapter"}, cached, request);
};
}  // namespace

// KVC_COST_VERIFIES verifies, each of another engine function: with one, the user's
// `static_assert(kvc::verify(kvc::suites::prefix_reuse, f));`.
template <int... Variant>
constexpr bool verified(std::integer_sequence<int, Variant...>) {
  return (static_cast<bool>(kvc::verify(kvc::suites::prefix_reuse, prefix_adapter<Variant>)) &&
          ...);
}
static_assert(verified(std::make_integer_sequence<int, KVC_COST_VERIFIES>{}));

int engine_main() { return static_cast<int>(engine::tokens_of("abc").size()); }
