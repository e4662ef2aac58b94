// An engine's tests in Catch2: its functions pass kvc's suites ("[passes]"), and wrong ones fail
// with the fixture's label, inputs, actual and expected values ("[wrong admission]", "[wrong key]",
// run by CMakeLists.txt, which reads their output).
#include <kvc/catch2.hpp>

#include <cstdint>
#include <span>

#include "../engine.hpp"

namespace {

constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};

// The adapter from kvc's namespaces to the engine's key, in the test file.
const auto lookup = [](const kvc::cache_namespace& cached_ns,
                       const kvc::cache_namespace& request_ns, std::span<const std::int32_t> cached,
                       std::span<const std::int32_t> prompt) {
  return my_engine::computed_tokens(my_engine::key_of(cached_ns), my_engine::key_of(request_ns),
                                    cached, prompt);
};
const auto lookup_without_revision =
    [](const kvc::cache_namespace& cached_ns, const kvc::cache_namespace& request_ns,
       std::span<const std::int32_t> cached, std::span<const std::int32_t> prompt) {
      return my_engine::computed_tokens_without_revision(
          my_engine::key_of(cached_ns), my_engine::key_of(request_ns), cached, prompt);
    };

}  // namespace

TEST_CASE("my engine passes the suites of its policy", "[passes]") {
  KVC_CHECK_CONFORMS(kvc::suites::append_admission, my_engine::admit);
  KVC_CHECK_CONFORMS(kvc::suites::prefix_reuse_under<vllm_policy>, lookup);
  KVC_REQUIRE_CONFORMS(kvc::suites::namespace_isolation_under<kvc::reuse_policy{16, true}>, lookup);
  KVC_CHECK_EXPLORES(kvc::suites::namespace_isolation_under<vllm_policy>, lookup);
  KVC_REQUIRE_SLOT_ALLOCATOR([](int capacity) { return my_engine::slot_allocator(capacity); });
}

TEST_CASE("an admission that refuses an exact fit fails", "[wrong admission]") {
  KVC_REQUIRE_CONFORMS(kvc::suites::append_admission, my_engine::admit_strictly);
  FAIL_CHECK("reached after KVC_REQUIRE_CONFORMS");
}

TEST_CASE("a key without the adapter's revision fails", "[wrong key]") {
  KVC_CHECK_CONFORMS(kvc::suites::namespace_isolation_under<vllm_policy>, lookup_without_revision);
  KVC_CHECK_EXPLORES(kvc::suites::namespace_isolation_under<vllm_policy>, lookup_without_revision);
}

TEST_CASE("an allocator that frees twice fails", "[wrong allocator]") {
  KVC_CHECK_SLOT_ALLOCATOR([](int capacity) { return my_engine::slot_allocator(capacity, true); },
                           kvc::check_options{.seed = 7});
}
