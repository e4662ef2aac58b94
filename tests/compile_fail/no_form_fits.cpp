// An implementation that no offered form of a suite's inputs fits (KVC_KO): kvc::verify stops with
// one message, and the diagnostic names the parameter (its number and type) and the suite's input
// it cannot take, before the forms offered. The _ok build takes the tokens as the suite offers
// them. (The expected diagnostic is in CMakeLists.txt.)
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

static_assert(kvc::verify(kvc::suites::prefix_reuse, lookup));

}  // namespace
