// tests/explore_budget.hpp - the CPU time a test gives one kvc::explore of a correct implementation
// with the default options: a second or two at -O0 with the standard library's assertions (the
// Debug presets), and more under a sanitizer, which slows every call.
#pragma once

namespace kvc_test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool sanitized = true;
#else
inline constexpr bool sanitized = false;
#endif
#else
inline constexpr bool sanitized = false;
#endif

/// Seconds of CPU time.
inline constexpr double explore_seconds = sanitized ? 10.0 : 2.0;

}  // namespace kvc_test
