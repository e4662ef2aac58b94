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
#include <initializer_list>
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

/// The suite's size, and each mutant's outcomes as the fixtures it fails (0-based, in the suite's
/// order): 9 and 10 are the two slash joins, 11 and 12 the adapter-and-salt shapes, 13 a base model
/// against an adapter, 14 revisions 2^32 apart, 15 to 17 the model names in case, after a NUL and
/// with a trailing space; 40 to 43 are the adapter's case, the adapter's and the salt's NUL, and
/// the salt's trailing space. Every other fixture is there for other mutants.
constexpr std::size_t fixture_count = 58;
static_assert(kvc::suite_size<decltype(kvc::suites::namespace_isolation)> == fixture_count);

constexpr std::array<bool, fixture_count> fails_only(std::initializer_list<std::size_t> failed) {
  std::array<bool, fixture_count> row{};
  for (std::size_t i = 0; i < fixture_count; ++i) row[i] = true;
  for (const std::size_t i : failed) row[i] = false;
  return row;
}
constexpr auto outcomes = [](const auto& impl) {
  return kvc::outcomes(kvc::suites::namespace_isolation, impl);
};

static_assert(outcomes(bad::slash_joined_key) == fails_only({9, 10}));
static_assert(outcomes(bad::untagged_tuple) == fails_only({11}));
static_assert(outcomes(bad::salt_then_adapter_key) == fails_only({11, 12}));
static_assert(outcomes(bad::base_cache_serves_adapters) == fails_only({13}));
static_assert(outcomes(bad::revision_as_uint32) == fails_only({14}));
static_assert(outcomes(bad::case_insensitive) == fails_only({15, 40}));
static_assert(outcomes(bad::c_string_compare) == fails_only({16, 41, 42}));
static_assert(outcomes(bad::trims_whitespace) == fails_only({17, 43}));
static_assert(outcomes(bad::revision_folded_to_32_bits) == fails_only({44}));
static_assert(outcomes(bad::revision_as_double) == fails_only({45}));

}  // namespace
