// Static checks of kvc::namespace_text, the text field of kvc::cache_namespace: every way a
// namespace was built and read while its fields were plain std::string_views still works, in
// constant expressions, and the one way that dangles does not compile. Compiled, never run.
// (The dangling forms are compile-fail pairs: tests/compile_fail/namespace_lifetime.cpp.)
#include <kvc/cache_namespace.hpp>
#include <kvc/prefix_reuse.hpp>

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace {

using kvc::cache_namespace;
using kvc::namespace_text;

// Still an aggregate, built with designated initializers from literals and string views.
static_assert(std::is_aggregate_v<cache_namespace>);
constexpr cache_namespace lora{.model = "llama-3-8b", .adapter = "sql-lora"};
constexpr std::string_view model_name{"llama-3-8b"};
constexpr cache_namespace viewed{.model = model_name, .adapter = std::string_view{"sql-lora"}};
static_assert(lora == viewed);
static_assert(cache_namespace{"m", "a", 1, "s"} == cache_namespace{.model = "m", .adapter = "a",
                                                                   .adapter_revision = 1, .salt = "s"});
static_assert(cache_namespace{.model = {}} == cache_namespace{});
static_assert(cache_namespace{.salt = {"org_12", 5}}.salt == "org_1");  // pointer and length

// Every field reads as a std::string_view.
static_assert(lora.model.size() == 10);
static_assert(lora.model == "llama-3-8b" && "llama-3-8b" == lora.model);
static_assert(lora.model == model_name && model_name == lora.model);
static_assert(lora.adapter != lora.model && lora.model < lora.adapter);
static_assert(lora.salt.empty() && lora.model.substr(0, 5) == "llama");
static_assert([] {
  const std::string_view m = lora.model;
  return m == "llama-3-8b";
}());
static_assert(std::derived_from<namespace_text, std::string_view>);
static_assert(std::is_convertible_v<const namespace_text&, std::string_view>);
static_assert(std::is_constructible_v<std::string, const namespace_text&>);
static_assert(std::is_trivially_copyable_v<namespace_text>);

// Compared, hashed and passed to the prefix contracts in constant expressions.
static_assert(kvc::hash_value(lora) == kvc::hash_value(viewed));
static_assert(kvc::reusable_prefix_length(lora, viewed, std::array{1, 2, 3}, std::array{1, 2, 4}) == 2);
static_assert(kvc::reusable_prefix_length(lora, cache_namespace{.model = "llama-3-8b"},
                                          std::array{1, 2, 3}, std::array{1, 2, 3}) == 0);

// Made from what outlives the namespace: literals, pointers, views, lvalue strings.
static_assert(std::is_convertible_v<const char (&)[4], namespace_text>);
static_assert(std::is_convertible_v<const char*, namespace_text>);
static_assert(std::is_convertible_v<std::string_view, namespace_text>);
static_assert(std::is_convertible_v<std::string&, namespace_text>);
static_assert(std::is_convertible_v<const std::string&, namespace_text>);
static_assert(std::is_nothrow_constructible_v<namespace_text, std::string_view>);

// Never from a std::string that dies at the end of the full-expression.
static_assert(!std::is_convertible_v<std::string, namespace_text>);
static_assert(!std::is_convertible_v<std::string&&, namespace_text>);
static_assert(!std::is_convertible_v<const std::string&&, namespace_text>);
static_assert(!std::is_constructible_v<namespace_text, std::string>);
static_assert(!std::is_assignable_v<namespace_text&, std::string>);

// Views are assignable, as string_views are.
static_assert([] {
  cache_namespace ns{};
  ns.model = model_name;
  ns.adapter = "sql-lora";
  return ns == lora;
}());

}  // namespace
