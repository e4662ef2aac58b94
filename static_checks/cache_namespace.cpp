// Static checks of kvc::cache_namespace: field-by-field identity, no aliasing, length-separated
// hashing, and its use as the namespace of every prefix-reuse function. Compiled, never run.
#include <kvc/cache_namespace.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/suites/namespace_isolation.hpp>
#include <kvc/verification/checks.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace {

using kvc::cache_namespace;

// The fields and their order are the interface.
static_assert(std::is_aggregate_v<cache_namespace>);
// The text fields are std::string_views that refuse temporary std::strings (namespace_lifetime.cpp).
static_assert(std::derived_from<decltype(cache_namespace::model), std::string_view>);
static_assert(std::same_as<decltype(cache_namespace::model), kvc::namespace_text>);
static_assert(std::same_as<decltype(cache_namespace::adapter), kvc::namespace_text>);
static_assert(std::same_as<decltype(cache_namespace::adapter_revision), std::uint64_t>);
static_assert(std::same_as<decltype(cache_namespace::salt), kvc::namespace_text>);
static_assert(cache_namespace{"m"} == cache_namespace{"m", "", 0, ""});

// Equality is field by field: no concatenation aliasing.
static_assert(cache_namespace{"ab", "c"} != cache_namespace{"a", "bc"});
static_assert(cache_namespace{"m", "org_1", 0, "2345"} != cache_namespace{"m", "org_12345", 0, ""});
static_assert(cache_namespace{"m", "", 0, "org_1"} != cache_namespace{"m", "", 0, "org_12"});
static_assert(cache_namespace{"m", "a", 1} != cache_namespace{"m", "a", 2});

// So is the hash: every field, each with its length.
static_assert(kvc::hash_value(cache_namespace{"ab", "c"}) != kvc::hash_value(cache_namespace{"a", "bc"}));
static_assert(kvc::hash_value(cache_namespace{"m", "", 0, "ab"}) !=
              kvc::hash_value(cache_namespace{"m", "a", 0, "b"}));
static_assert(kvc::hash_value(cache_namespace{"m", "a", 1}) != kvc::hash_value(cache_namespace{"m", "a", 2}));
static_assert(kvc::hash_value(cache_namespace{"m", "a", 1, "s"}) ==
              kvc::hash_value(cache_namespace{"m", "a", 1, "s"}));

// The namespace of every prefix function.
constexpr std::array tokens{1, 2, 3, 4};
static_assert(kvc::reusable_prefix_length(cache_namespace{"m", "sql", 3, "t"},
                                          cache_namespace{"m", "sql", 3, "t"}, tokens, tokens, 2) == 4);
static_assert(kvc::reusable_prefix_length(cache_namespace{"m", "sql", 3, "t"},
                                          cache_namespace{"m", "sql", 4, "t"}, tokens, tokens, 2) == 0);

}  // namespace

// --- What the suite missed before its last nine fixtures -----------------------------------------
// (descriptors/ proves every mutant rejected; these show that the new fixtures are what do it.)
#include <kvc/contracts/cache_namespace.hpp>

namespace {

namespace bad = kvc::mutants::cache_namespace;

/// The first nine fixtures (all the suite had before) pass, then `after` for the nine added since:
/// model and adapter joined with a slash, adapter and salt joined with a slash, adapter against a
/// salt of the same name, salt and adapter boundary shifted, base model against adapter, adapter
/// revisions 2^32 apart, model names differ in case, models differ after an embedded NUL, model
/// name with a trailing space. The last nine (models differing in the first character, a revision
/// without an adapter, four joining separators, token ids 256 and 65536 apart, a 300-token prefix)
/// pass too: they are there for other mutants.
constexpr std::array<bool, 27> passes_the_first_nine_then(const std::array<bool, 9>& after) {
  std::array<bool, 27> row{};
  for (std::size_t i = 0; i < 27; ++i) row[i] = true;
  for (std::size_t i = 0; i < 9; ++i) row[9 + i] = after[i];
  return row;
}
constexpr auto outcomes = [](const auto& impl) {
  return kvc::outcomes(kvc::suites::namespace_isolation, impl);
};

static_assert(outcomes(bad::slash_joined_key) ==
              passes_the_first_nine_then({false, false, true, true, true, true, true, true, true}));
static_assert(outcomes(bad::untagged_tuple) ==
              passes_the_first_nine_then({true, true, false, true, true, true, true, true, true}));
static_assert(outcomes(bad::salt_then_adapter_key) ==
              passes_the_first_nine_then({true, true, false, false, true, true, true, true, true}));
static_assert(outcomes(bad::base_cache_serves_adapters) ==
              passes_the_first_nine_then({true, true, true, true, false, true, true, true, true}));
static_assert(outcomes(bad::revision_as_uint32) ==
              passes_the_first_nine_then({true, true, true, true, true, false, true, true, true}));
static_assert(outcomes(bad::case_insensitive) ==
              passes_the_first_nine_then({true, true, true, true, true, true, false, true, true}));
static_assert(outcomes(bad::c_string_compare) ==
              passes_the_first_nine_then({true, true, true, true, true, true, true, false, true}));
static_assert(outcomes(bad::trims_whitespace) ==
              passes_the_first_nine_then({true, true, true, true, true, true, true, true, false}));

}  // namespace
