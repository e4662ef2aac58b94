// kvc/suites/prefix_cache_scenarios.hpp - short fixed operation sequences on a prefix cache, each
// with the lookups the contract demands.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/scenario_call.hpp>

namespace kvc::suites {

namespace detail::cache_scenario {
inline constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();
}  // namespace detail::cache_scenario

namespace definition {
/// The fixtures of `kvc::suites::prefix_cache_scenarios`.
struct prefix_cache_scenarios {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      // A prompt cache restored by tokens alone serves another model's, adapter's or tenant's KV.
      make_scenario(
          label<"same tokens under another model", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"llama", "", 0, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"mistral", "", 0, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 0, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(3))),
      make_scenario(
          label<"same tokens under another adapter", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"llama", "sql", 0, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 0, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "chat", 0, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "sql", 0, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(0), observed(3))),
      // vLLM #42125: an adapter reloaded under its name with new weights hit the old entries.
      make_scenario(
          label<"reloaded adapter", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"llama", "sql", 1, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "sql", 2, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "sql", 1, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(3))),
      make_scenario(
          label<"same tokens under another salt", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"llama", "", 0, "tenant-a"},
                                                               {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 0, "tenant-b"},
                                                               {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 0, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 0, "tenant-a"},
                                                               {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(0), observed(3))),
      // A key built by concatenating fields: "org_1" + "2345" == "org_12345" + "".
      make_scenario(
          label<"namespaces whose concatenation aliases", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "org_1", 0, "2345"}, {1, 2}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "org_12345", 0, ""}, {1, 2}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "org_1", 0, "2345"}, {1, 2})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(2))),
      // Both entries share [1, 2]; each lookup must find the entry that goes further, whichever
      // was inserted first.
      make_scenario(
          label<"shared prefix: the longest entry", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3, 4, 5}),
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 9}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3, 4, 6}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 9, 9})},
          fixtures::array<Deferred>(unobserved, unobserved, observed(4), observed(3))),
      make_scenario(
          label<"the first disagreement ends the match", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3, 4}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 9, 4}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {9, 2, 3, 4})},
          fixtures::array<Deferred>(unobserved, observed(2), observed(0))),
      make_scenario(
          label<"insert of a prefix keeps the longer entry", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3, 4}),
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3, 4})},
          fixtures::array<Deferred>(unobserved, unobserved, observed(4))),
      make_scenario(label<"lookup of an extension", Deferred>,
                    std::array{insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""},
                                                                                {1, 2, 3}),
                               lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""},
                                                                                {1, 2, 3, 4, 5})},
                    fixtures::array<Deferred>(unobserved, observed(3))),
      // Reuse never exceeds the request: a request that is a prefix of an entry reuses itself.
      make_scenario(label<"lookup of a prefix of an entry", Deferred>,
                    std::array{
                        insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""},
                                                                         {1, 2, 3, 4}),
                        lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2})},
                    fixtures::array<Deferred>(unobserved, observed(2))),
      make_scenario(
          label<"empty lookup", Deferred>,
          std::array{insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3}),
                     lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {})},
          fixtures::array<Deferred>(unobserved, observed(0))),
      make_scenario(
          label<"lookup with no entry", Deferred>,
          std::array{lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3}),
                     insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3}),
                     lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(observed(0), unobserved, observed(3))),
      // Tokens kept in 16 bits alias every 65536 ids apart.
      make_scenario(label<"tokens that alias in 16 bits", Deferred>,
                    std::array{
                        insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""},
                                                                         {65536 + 7, 65536 + 8}),
                        lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {7, 8}),
                        lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""},
                                                                         {65536 + 7, 65536 + 8})},
                    fixtures::array<Deferred>(unobserved, observed(0), observed(2))),
      // The extremes wrap onto 0 and -1 in any narrower type.
      make_scenario(label<"extreme tokens that alias when narrowed", Deferred>,
                    std::array{
                        insert_operation<fixtures::token_list<Deferred>>(
                            {"m", "", 0, ""},
                            {detail::cache_scenario::int32_min, detail::cache_scenario::int32_max}),
                        lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {0, -1}),
                        lookup_operation<fixtures::token_list<Deferred>>(
                            {"m", "", 0, ""}, {detail::cache_scenario::int32_min,
                                               detail::cache_scenario::int32_max})},
                    fixtures::array<Deferred>(unobserved, observed(0), observed(2))),
      // An adapter unloaded forgets every entry of its namespace, and only of its namespace.
      make_scenario(
          label<"erase forgets its namespace only", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3}),
              insert_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {4, 5}),
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3}),
              erase_operation({"m", "sql", 1, ""}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {4, 5}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, unobserved, unobserved, unobserved, observed(0),
                                    observed(0), observed(3))),
      make_scenario(
          label<"erase then insert a shorter sequence", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3, 4}),
              erase_operation({"m", "sql", 1, ""}),
              insert_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3, 4})},
          fixtures::array<Deferred>(unobserved, unobserved, unobserved, observed(2))),
      // Equality of every field, adapter or not: a revision is not only an adapter's.
      make_scenario(
          label<"another revision of the base model", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"llama", "", 1, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 2, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"llama", "", 1, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(3))),
      // These two namespaces' kvc::hash_value agree in their low 32 bits: a table that trusts a
      // truncated hash as the key serves one tenant's KV to the other.
      make_scenario(
          label<"namespaces whose hashes agree in 32 bits", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, "t128781"}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, "t732490"}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, "t128781"}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(0), observed(3))),
      // Past one 16-token block: a key of the first 8 or 16 tokens would report all 17 reused.
      make_scenario(label<"a difference at the 17th token", Deferred>,
                    std::array{insert_operation<fixtures::token_list<Deferred>>(
                                   {"m", "", 0, ""},
                                   {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}),
                               lookup_operation<fixtures::token_list<Deferred>>(
                                   {"m", "", 0, ""},
                                   {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 99})},
                    fixtures::array<Deferred>(unobserved, observed(16))),
      // -1 is a token, not padding, and -1 is not 1.
      make_scenario(
          label<"negative tokens are tokens", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {5, -1, 7}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {5, 1, 7}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {5, 7}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "", 0, ""}, {5, -1, 7})},
          fixtures::array<Deferred>(unobserved, observed(1), observed(1), observed(3))),
      make_scenario(
          label<"erase after a lookup", Deferred>,
          std::array{
              insert_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3}),
              erase_operation({"m", "sql", 1, ""}),
              lookup_operation<fixtures::token_list<Deferred>>({"m", "sql", 1, ""}, {1, 2, 3})},
          fixtures::array<Deferred>(unobserved, observed(3), unobserved, observed(0))));
};
}  // namespace definition

/// Scenarios of a stateful prefix cache (`insert(ns, tokens)`, `lookup(ns, tokens)`,
/// `erase(ns)`): each one a few operations on a fresh cache, and the exact length every lookup must
/// return, the prefix-reuse contract over every live entry of the lookup's namespace. Each is there
/// to reject a plausible wrong cache (kvc/contracts/prefix_cache_scenarios.hpp holds them).
///
/// The implementation checked is a factory: `kvc::verify(prefix_cache_scenarios,
/// [] { return my_cache{}; })` (kvc/verification/scenario_call.hpp).
///
/// Lookups must be exact. A scenario holds at most 3 entries of at most 17 tokens, so a cache that
/// keeps that many never needs to evict; one that evicts sooner fails these scenarios and should be
/// checked by the run-time model-based runner with lookups as bounds instead.
inline constexpr lazy_suite<definition::prefix_cache_scenarios> prefix_cache_scenarios{};

}  // namespace kvc::suites
