// The stateful checks reviewed by attack: every cache and allocator of
// tests/stateful_review_mutants.hpp is wrong under the documented contracts, and each must be
// caught within 1,000 sequences and shrunk to at most 6 operations, like the mutants of
// tests/stateful_checks.cpp.
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>

#include <cstddef>
#include <string>

#include "stateful_review_mutants.hpp"

namespace {

namespace r = stateful_review;

constexpr std::size_t most_sequences = 1000;
constexpr std::size_t most_shrunk_operations = 6;

std::string review_rows;  // printed by the last test case

kvc::check_options review_options(bool exact, kvc::reuse_policy policy = {}) {
  return kvc::check_options{.seed = 7, .sequences = most_sequences, .max_steps = policy.block_size > 1 ? 40U : 24U,
                            .exact = exact, .policy = policy};
}

void require_caught(const char* name, const kvc::stateful_report& report) {
  INFO(name);
  INFO(report);
  CHECK_FALSE(report.passed());
  if (report.passed()) {
    review_rows += "| `" + std::string(name) + "` | passed | | |\n";
    return;
  }
  CHECK(report.sequences_to_failure <= most_sequences);
  CHECK(report.shrunk_length() <= most_shrunk_operations);
  review_rows += "| `" + std::string(name) + "` | caught | " + std::to_string(report.sequences_to_failure) +
                 " | " + std::to_string(report.shrunk_length()) + " |\n";
}

template <class Cache>
void require_cache_caught(const char* name, bool exact, kvc::reuse_policy policy = {}) {
  require_caught(name, kvc::check_prefix_cache([] { return Cache{}; }, review_options(exact, policy)));
}

template <class Allocator>
void require_allocator_caught(const char* name, std::size_t capacity = 16) {
  kvc::check_options options = review_options(true);
  options.capacity = capacity;
  require_caught(name, kvc::check_slot_allocator([](std::size_t c) { return Allocator(c); }, options));
}

constexpr kvc::reuse_policy paged{16, true};

}  // namespace

TEST_CASE("stateful review: wrong caches are caught") {
  // Too much reuse: caught as a bound, which an evicting cache also meets.
  require_cache_caught<r::weak_namespace_hash_cache>("weak_namespace_hash_cache", false);
  require_cache_caught<r::fnv8_namespace_cache>("fnv8_namespace_cache", false);
  require_cache_caught<r::unsalted_base_cache>("unsalted_base_cache", false);
  require_cache_caught<r::base_revision_blind_cache>("base_revision_blind_cache", false);
  require_cache_caught<r::adapter_revision_blind_cache>("adapter_revision_blind_cache", false);
  require_cache_caught<r::additive_token_hash_cache>("additive_token_hash_cache", false);
  require_cache_caught<r::fnv8_token_hash_cache>("fnv8_token_hash_cache", false);
  require_cache_caught<r::fixed_width_8_cache>("fixed_width_8_cache", false);
  require_cache_caught<r::fixed_width_16_cache>("fixed_width_16_cache", false);
  require_cache_caught<r::one_past_request_cache>("one_past_request_cache", false);
  require_cache_caught<r::padding_skipping_cache>("padding_skipping_cache", false);
  require_cache_caught<r::magnitude_token_cache>("magnitude_token_cache", false);
  require_cache_caught<r::sign_bit_flag_cache>("sign_bit_flag_cache", false);
  require_cache_caught<r::uint16_token_cache>("uint16_token_cache", false);
  require_cache_caught<r::erase_before_last_lookup_cache>("erase_before_last_lookup_cache", false);
  require_cache_caught<r::edge_recompute_cache>("edge_recompute_cache", true, paged);
  require_cache_caught<r::whole_hit_cache>("whole_hit_cache", true, paged);
  // Too little reuse: a cache may evict, so only exact mode (no eviction promised) sees these.
  require_cache_caught<r::negative_is_end_cache>("negative_is_end_cache", true);
  require_cache_caught<r::erase_whole_model_cache>("erase_whole_model_cache", true);
  require_cache_caught<r::most_recent_only_cache>("most_recent_only_cache", true);
  require_cache_caught<r::first_match_cache>("first_match_cache", true);
}

TEST_CASE("stateful review: wrong allocators are caught") {
  require_allocator_caught<r::edge_off_by_one_allocator>("edge_off_by_one_allocator");
  // An 8-bit counter is right below 256 slots: the check sees only the capacity it is given, so a
  // capacity as large as the engine's must be given to see this one.
  require_allocator_caught<r::uint8_used_allocator>("uint8_used_allocator (capacity 300)", 300);
  require_allocator_caught<r::uint32_id_allocator>("uint32_id_allocator");
  require_allocator_caught<r::uint8_id_allocator>("uint8_id_allocator");
  require_allocator_caught<r::stale_holding_allocator>("stale_holding_allocator");
  require_allocator_caught<r::zero_is_no_request_allocator>("zero_is_no_request_allocator");
  require_allocator_caught<r::holds_one_less_allocator>("holds_one_less_allocator");
  require_allocator_caught<r::low_bits_release_allocator>("low_bits_release_allocator");
}

TEST_CASE("stateful review: the measured table") {
  const std::string table =
      "| mutant | verdict | sequences to failure | shrunk length |\n|---|---|---|---|\n" + review_rows;
  MESSAGE(table);
}
