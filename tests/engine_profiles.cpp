// tests/engine_profiles.cpp - engine profiles at run time: kvc::check reports the fixtures outside
// a profile as not covered (counted, named, never passed) and says what the profile gives up;
// kvc::explore explores inside the profile and still finds an engine's real bug.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include <kvc/contracts/prefix_reuse.hpp>
#include <kvc/doctest.hpp>
#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include "engine_shaped.hpp"

namespace engines = kvc_test::engines;
namespace suites = kvc::suites;

namespace {

constexpr kvc::reuse_policy llama_server_policy{.block_size = 1, .recompute_last_token = true};
constexpr kvc::reuse_policy llama_session_policy{
    .block_size = 1, .recompute_last_token = true, .keep_logits_at_cache_end = true};
constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};

template <class T>
std::string text_of(const T& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

}  // namespace

TEST_CASE("a fixture outside the profile is reported not covered, never passed") {
  const auto& suite = suites::namespace_isolation_under<llama_server_policy>;
  const auto as_is = kvc::check(suite, engines::llama_server_lookup);
  CHECK_FALSE(as_is.passed());
  const auto restricted =
      kvc::check(kvc::restrict_to<kvc::profiles::llama_cpp_server>(suite), engines::llama_server_lookup);
  CHECK(restricted.passed());
  CHECK(restricted.not_covered() > 0);
  // Every fixture the engine failed as it is, and only those, is outside its profile.
  CHECK(restricted.not_covered() == as_is.failures().size());
  const std::string printed = text_of(restricted);
  CHECK(printed.find("Not covered") != std::string::npos);
  CHECK(printed.find("not covered by the engine profile") != std::string::npos);
  CHECK(printed.find("tenants that share a model and adapter share KV entries") != std::string::npos);
  CHECK(printed.find("adapter reloaded under the same name") != std::string::npos);
  for (const auto& f : restricted.fixtures)
    if (f.not_covered) CHECK(f.passed);  // not failed...
  CHECK(restricted.failures().empty());
}

TEST_CASE("exploration under a profile passes an engine that differs only by its conventions") {
  const auto& suite = suites::namespace_isolation_under<llama_server_policy>;
  const auto as_is = kvc::explore(suite, engines::llama_server_lookup);
  CHECK_FALSE(as_is.passed());
  const auto restricted =
      kvc::explore(kvc::restrict_to<kvc::profiles::llama_cpp_server>(suite), engines::llama_server_lookup);
  CHECK_MESSAGE(restricted.passed(), text_of(restricted));
  CHECK(restricted.not_covered > 0);
  CHECK(restricted.cases_run > 1000);
  CHECK(restricted.notes.size() == 2);
}

TEST_CASE("a profile does not hide a real bug: vLLM's LoRA 'X' and salt 'X' share a key") {
  const auto restricted = kvc::restrict_to<kvc::profiles::vllm>(suites::namespace_isolation_under<vllm_policy>);
  const auto fixed = kvc::explore(restricted, engines::vllm_lookup<false>{});
  CHECK_MESSAGE(fixed.passed(), text_of(fixed));
  const auto joined = kvc::explore(restricted, engines::vllm_lookup<true>{});
  REQUIRE_FALSE(joined.passed());
  // The shrunk counterexample moves one text between the adapter and the salt.
  MESSAGE(text_of(joined));
  CHECK(joined.expected == "0");
  CHECK(joined.fixture.find("kvc::make_fixture(") == 0);
}

TEST_CASE("llama.cpp's session files: a prompt equal to the session is reused whole") {
  const auto kept = kvc::explore(suites::prefix_reuse_under<llama_session_policy>, engines::llama_session_reuse);
  CHECK_MESSAGE(kept.passed(), text_of(kept));
  const auto recomputed =
      kvc::explore(suites::prefix_reuse_under<llama_server_policy>, engines::llama_session_reuse);
  CHECK_FALSE(recomputed.passed());
}

TEST_CASE("a scheduler whose state is always consistent, under its profile") {
  const auto as_is = kvc::explore(suites::append_admission, engines::consistent_state_admission);
  CHECK_FALSE(as_is.passed());
  const auto restricted = kvc::explore(
      kvc::restrict_to<kvc::profiles::consistent_scheduler>(suites::append_admission),
      engines::consistent_state_admission);
  CHECK_MESSAGE(restricted.passed(), text_of(restricted));
  CHECK(restricted.not_covered > 0);
}

TEST_CASE("reuse as a bound: less is safe, more is not") {
  // Reuses whole blocks of 32 where the policy allows 16: never more than the contract.
  const auto conservative = [](std::string_view a, std::string_view b, std::span<const std::int64_t> c,
                               std::span<const std::int64_t> r) -> std::size_t {
    return kvc::reusable_prefix_length(a, b, c, r, kvc::reuse_policy{32, true});
  };
  const auto& suite = suites::prefix_reuse_under<vllm_policy>;
  CHECK_FALSE(kvc::explore(suite, conservative).passed());
  CHECK_FALSE(kvc::check(suite, conservative).passed());
  const auto bounded = kvc::restrict_to<kvc::profiles::conservative_reuse>(suite);
  CHECK(kvc::explore(bounded, conservative).passed());
  CHECK(kvc::check(bounded, conservative).passed());
  CHECK(kvc::conforms(bounded, conservative));
  // One token past the contract fails the bound.
  const auto greedy = [](std::string_view a, std::string_view b, std::span<const std::int64_t> c,
                         std::span<const std::int64_t> r) -> std::size_t {
    const auto n = kvc::reusable_prefix_length(a, b, c, r, kvc::reuse_policy{16, true});
    return n == 0 ? 0 : n + 1;
  };
  CHECK_FALSE(kvc::explore(bounded, greedy).passed());
  CHECK_FALSE(kvc::check(bounded, greedy).passed());
}

TEST_CASE("the block form under a policy whose blocks do not divide the argument's") {
  static constexpr kvc::reuse_policy p3{.block_size = 3, .recompute_last_token = true};
  static constexpr kvc::reuse_policy p7{.block_size = 7};
  CHECK(kvc::explore(suites::block_prefix_reuse_under<p3>, kvc::verification::block_reuse_under<p3>).passed());
  CHECK(kvc::explore(suites::block_prefix_reuse_under<p7>, kvc::verification::block_reuse_under<p7>).passed());
  // Rounding to the argument's blocks first and to the policy's after is another rule.
  const auto sequential = [](std::string_view a, std::string_view b, std::span<const int> c,
                             std::span<const int> r, int block) -> std::size_t {
    if (block <= 0) return 0;
    const auto b16 = static_cast<std::size_t>(block);
    const auto p = kvc::reusable_prefix_length(a, b, c, r) / b16 * b16;
    return kvc::detail::reused_under(p3, p, r.size(), c.size());
  };
  CHECK_FALSE(kvc::explore(suites::block_prefix_reuse_under<p3>, sequential).passed());
}

TEST_CASE("exploration is deterministic per seed, and decides a suite within the budget") {
  const auto bad = [](std::string_view a, std::string_view b, std::span<const std::int32_t> c,
                      std::span<const std::int32_t> r) -> std::size_t {
    return a.substr(0, 16) == b.substr(0, 16) ? kvc::reusable_prefix_length(1, 1, c, r) : 0;
  };
  const auto first = text_of(kvc::explore(suites::prefix_reuse, bad, {.seed = 11}));
  const auto again = text_of(kvc::explore(suites::prefix_reuse, bad, {.seed = 11}));
  CHECK(first == again);
  const std::clock_t start = std::clock();
  const auto report = kvc::explore(suites::prefix_reuse_under<vllm_policy>,
                                   kvc::verification::reusable_prefix_length_under<vllm_policy>);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;  // CPU time
  CHECK(report.passed());
  CHECK(report.cases_run == kvc::default_exploration_cases);
  MESSAGE("prefix_reuse_under<{16, true}>: " << report.cases_run << " cases in " << seconds << " s");
  CHECK(seconds < 5.0);  // the budget is 1 s of CPU time; sanitizers are slower
}

TEST_CASE("KVC_CHECK_EXPLORES takes suites and options with commas") {
  KVC_CHECK_EXPLORES(kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>,
                     kvc::verification::reusable_prefix_length_under<vllm_policy>);
  KVC_CHECK_EXPLORES(kvc::restrict_to<kvc::profiles::llama_cpp_server>(
                         suites::namespace_isolation_under<llama_server_policy>),
                     engines::llama_server_lookup, kvc::explore_options{.seed = 3, .cases = 500});
}
