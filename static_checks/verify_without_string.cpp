// Static checks: a translation unit that verifies engine functions over std::string_view
// namespaces needs no <string>. The suites offer a namespace as a std::string only after every
// sequence form has been tried with it as a std::string_view (kvc/spec/offered.hpp), and the spec
// and check headers only declare std::string, so a user's test file pays for <string> only when
// it includes it. Each implementation below needs a form after the first.
#include <kvc/spec/checks.hpp>
#include <kvc/specs/prefix_reuse.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

namespace {

/// The common prefix of two spans of any element type, within one namespace.
template <class Token>
constexpr std::size_t common_prefix(std::string_view cache_ns, std::string_view request_ns,
                                    std::span<const Token> cached,
                                    std::span<const Token> request) noexcept {
  if (cache_ns != request_ns) return 0;
  std::size_t i = 0;
  while (i < cached.size() && i < request.size() && cached[i] == request[i]) ++i;
  return i;
}

// Token ids as int32 spans (vLLM's, SGLang's): the ids are converted, the namespaces stay views.
constexpr auto int32_spans = [](std::string_view c, std::string_view r,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> request) {
  return common_prefix(c, r, cached, request);
};
static_assert(kvc::verify(kvc::suites::prefix_reuse, int32_spans));

// A generic lambda over any sequence: it takes the first form, the fixtures' own element type.
constexpr auto generic = [](auto c, auto r, const auto& cached, const auto& request) {
  using token = typename std::remove_cvref_t<decltype(cached)>::value_type;
  return common_prefix<token>(c, r, cached, request);
};
static_assert(kvc::verify(kvc::suites::prefix_reuse, generic));

// Namespaces taken as kvc::cache_namespace: the std::string forms before it are asked about and
// refused with std::string declared but not defined, and the suite goes on to the namespace form.
constexpr auto structured = [](const kvc::cache_namespace& c, const kvc::cache_namespace& r,
                               std::span<const std::int64_t> cached,
                               std::span<const std::int64_t> request) {
  return common_prefix<std::int64_t>(c == r ? std::string_view{} : std::string_view{"differ"}, {},
                                     cached, request);
};
static_assert(kvc::verify(kvc::suites::prefix_reuse, structured));

}  // namespace

// (libstdc++ names <string>'s include guard; with libc++ before C++23, <string_view> includes it.)
#if defined(_GLIBCXX_STRING)
#error "kvc's spec and check headers included <string>"
#endif
