// An implementation that no offered form of a suite's inputs fits (KVC_KO): kvc::verify stops with
// one message, and the diagnostic names the parameter (its number and type) and the suite's input
// it cannot take, before the forms offered, with a defaulted parameter after it too (KVC_KO=2).
// The _ok build takes the tokens as the suite offers them. (The expected diagnostic is in
// CMakeLists.txt.)
#include <kvc/prefix_reuse.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>

#include <cstddef>
#include <span>
#include <string_view>

namespace {

#ifdef KVC_KO
using requested_tokens = std::span<const float>;  // token ids as floats: no form offers them
#else
using requested_tokens = std::span<const char>;
#endif
constexpr std::size_t lookup(std::string_view cache_ns, std::string_view request_ns,
                             std::span<const char> cached, requested_tokens requested) noexcept {
  std::size_t i = 0;
  while (cache_ns == request_ns && i < cached.size() && i < requested.size() &&
         cached[i] == static_cast<char>(requested[i]))
    ++i;
  return i;
}

#if defined(KVC_KO) && KVC_KO == 2
// A lambda with a defaulted fifth parameter (a function's defaults do not travel with it): the
// same fourth parameter is named.
constexpr auto checked = [](std::string_view cache_ns, std::string_view request_ns,
                            std::span<const char> cached, requested_tokens requested,
                            std::size_t = 1) noexcept {
  return lookup(cache_ns, request_ns, cached, requested);
};
#else
constexpr auto& checked = lookup;
#endif

static_assert(kvc::verify(kvc::suites::prefix_reuse, checked));

}  // namespace
