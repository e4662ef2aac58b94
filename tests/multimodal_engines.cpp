// The multimodal suites against four engines' matching, reconstructed before and after their fixes
// (tests/multimodal_engines.hpp), called at run time the way engines hold their data: std::vector
// token ids of int64 and const std::vector<kvc::multimodal_item>& items, and through kvc::check,
// kvc::conforms, kvc::verify and KVC_CHECK_CONFORMS. Every "before" fails, every "after" passes.
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>
#include <kvc/doctest.hpp>
#include <kvc/suites/multimodal_prefix_reuse.hpp>
#include <kvc/suites/multimodal_prefix_reuse_under.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "multimodal_engines.hpp"

namespace {

namespace engines = kvc_test::engines;
using kvc::suites::multimodal_prefix_reuse;
constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};

// An engine that holds int64 ids in vectors: it narrows them to int32 (every fixture id fits) and
// runs the span-shaped reconstruction. Not constexpr.
template <auto Engine>
std::size_t with_vectors(const kvc::cache_namespace& cache_key,
                         const kvc::cache_namespace& request_key,
                         const std::vector<std::int64_t>& cached,
                         const std::vector<kvc::multimodal_item>& cached_items,
                         const std::vector<std::int64_t>& requested,
                         const std::vector<kvc::multimodal_item>& requested_items) {
  const std::vector<std::int32_t> c(cached.begin(), cached.end());
  const std::vector<std::int32_t> r(requested.begin(), requested.end());
  return Engine(cache_key, request_key, c, cached_items, r, requested_items);
}

// The same with int32 spans of tokens beside vectors of items, and string namespaces.
template <auto Engine>
std::size_t with_spans_and_strings(const std::string& cache_model, const std::string& request_model,
                                   std::span<const std::int32_t> cached,
                                   const std::vector<kvc::multimodal_item>& cached_items,
                                   std::span<const std::int32_t> requested,
                                   const std::vector<kvc::multimodal_item>& requested_items) {
  kvc::cache_namespace cache_key{}, request_key{};
  cache_key.model = cache_model;
  request_key.model = request_model;
  return Engine(cache_key, request_key, cached, cached_items, requested, requested_items);
}

template <class Suite, class Impl>
void check_rejected(const Suite& suite, const Impl& impl) {
  const kvc::conformance_report report = kvc::check(suite, impl);
  CHECK_FALSE(report.passed());
  CHECK_FALSE(report.failures().empty());
  CHECK_FALSE(kvc::conforms(suite, impl));
  CHECK_FALSE(static_cast<bool>(kvc::verify(suite, impl)));
}

template <class Suite, class Impl>
void check_accepted(const Suite& suite, const Impl& impl) {
  const kvc::conformance_report report = kvc::check(suite, impl);
  CHECK(report.passed());
  CHECK(report.fixtures.size() == kvc::suite_size<Suite>);
  CHECK(kvc::conforms(suite, impl));
  CHECK(static_cast<bool>(kvc::verify(suite, impl)));
  KVC_CHECK_CONFORMS(suite, impl);
}

}  // namespace

TEST_CASE("multimodal engines: SGLang #2151 fails before #2256 and passes after") {
  check_rejected(multimodal_prefix_reuse, with_vectors<engines::sglang_before_fix>);
  check_accepted(multimodal_prefix_reuse, with_vectors<engines::sglang_after_fix>);
  check_rejected(multimodal_prefix_reuse, with_spans_and_strings<engines::sglang_before_fix>);
  check_accepted(multimodal_prefix_reuse, with_spans_and_strings<engines::sglang_after_fix>);
  // The fixture it fails: a hash of 7, reduced modulo the vocabulary, reads as text token 7.
  const auto failures =
      kvc::check(multimodal_prefix_reuse, with_vectors<engines::sglang_before_fix>).failures();
  REQUIRE(failures.size() == 2);
  CHECK(failures[0].label == "content-derived placeholder ids equal to text tokens");
  CHECK(failures[0].actual == "5");
  CHECK(failures[0].expected == "2");
  CHECK(failures[1].label == "text tokens equal to content-derived placeholder ids");
}

TEST_CASE("multimodal engines: TensorRT-LLM #14125 fails without the content hash, passes with") {
  check_rejected(multimodal_prefix_reuse, with_vectors<engines::trtllm_before_fix>);
  check_accepted(multimodal_prefix_reuse, with_vectors<engines::trtllm_after_fix>);
  check_rejected(multimodal_prefix_reuse, with_spans_and_strings<engines::trtllm_before_fix>);
  check_accepted(multimodal_prefix_reuse, with_spans_and_strings<engines::trtllm_after_fix>);
  const auto failures =
      kvc::check(multimodal_prefix_reuse, with_vectors<engines::trtllm_before_fix>).failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures[0].label == "equal placeholder ids, different images");
}

TEST_CASE("multimodal engines: LMDeploy #4933 fails before #4985 and passes after") {
  check_rejected(multimodal_prefix_reuse, with_vectors<engines::lmdeploy_before_fix>);
  check_accepted(multimodal_prefix_reuse, with_vectors<engines::lmdeploy_after_fix>);
  check_rejected(multimodal_prefix_reuse, with_spans_and_strings<engines::lmdeploy_before_fix>);
  check_accepted(multimodal_prefix_reuse, with_spans_and_strings<engines::lmdeploy_after_fix>);
}

TEST_CASE(
    "multimodal engines: vLLM #56655 fails before #56656 and passes after, under its policy") {
  using kvc::suites::multimodal_prefix_reuse_under;
  check_rejected(multimodal_prefix_reuse_under<vllm_policy>,
                 with_vectors<engines::vllm_before_fix>);
  check_accepted(multimodal_prefix_reuse_under<vllm_policy>, with_vectors<engines::vllm_after_fix>);
  check_rejected(multimodal_prefix_reuse_under<vllm_policy>,
                 with_spans_and_strings<engines::vllm_before_fix>);
  check_accepted(multimodal_prefix_reuse_under<vllm_policy>,
                 with_spans_and_strings<engines::vllm_after_fix>);
  // The fixture it fails: the same embeddings at other positions of one block.
  const auto failures =
      kvc::check(multimodal_prefix_reuse_under<vllm_policy>, with_vectors<engines::vllm_before_fix>)
          .failures();
  REQUIRE(failures.size() == 1);
  CHECK(failures[0].label == "whole blocks, then the same embeddings at other positions");
  CHECK(failures[0].actual == "32");
  CHECK(failures[0].expected == "16");
  // A block engine is not an exact one.
  check_rejected(multimodal_prefix_reuse, with_vectors<engines::vllm_after_fix>);
}

// Fails (one failure per failing fixture) without failing the run: should_fail inverts it.
TEST_CASE("multimodal engines: KVC_CHECK_CONFORMS names what a pre-fix engine fails" *
          doctest::should_fail()) {
  KVC_CHECK_CONFORMS(multimodal_prefix_reuse, with_vectors<engines::trtllm_before_fix>);
}

TEST_CASE("multimodal engines: a failing fixture's inputs print the items") {
  const auto failures =
      kvc::check(multimodal_prefix_reuse, with_vectors<engines::trtllm_before_fix>).failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures[0].inputs ==
        "\"vlm\", \"vlm\", [1, 2, 9, 9, 9, 3], [{offset 2, length 3, hash 11400714819323198485}], "
        "[1, 2, 9, 9, 9, 3], [{offset 2, length 3, hash 14029467366897019727}]");
}
