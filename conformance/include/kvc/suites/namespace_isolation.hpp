// kvc/suites/namespace_isolation.hpp - fixtures of namespace isolation with structured namespaces.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::namespace_isolation`.
struct namespace_isolation {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"same namespace">,
                   inputs(cache_namespace{"llama", "sql", 2, "org_1"},
                          cache_namespace{"llama", "sql", 2, "org_1"}, std::array{1, 2, 3},
                          std::array{1, 2, 4}),
                   std::size_t{2}),
      make_fixture(label<"model and adapter boundary shifted">,
                   inputs(cache_namespace{"ab", "c", 0, ""}, cache_namespace{"a", "bc", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"adapter and salt boundary shifted">,
                   inputs(cache_namespace{"m", "org_1", 0, "2345"},
                          cache_namespace{"m", "org_12345", 0, ""}, std::array{1, 2},
                          std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"salt is a prefix of the other">,
                   inputs(cache_namespace{"m", "", 0, "org_1"}, cache_namespace{"m", "", 0, "org_12"},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"adapter revision differs">,
                   inputs(cache_namespace{"m", "sql", 1, ""}, cache_namespace{"m", "sql", 2, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"adapter against base model">,
                   inputs(cache_namespace{"m", "sql", 0, ""}, cache_namespace{"m", "", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"salt differs">,
                   inputs(cache_namespace{"m", "", 0, "tenant-a"}, cache_namespace{"m", "", 0, "tenant-b"},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"model differs">,
                   inputs(cache_namespace{"m1", "", 0, ""}, cache_namespace{"m2", "", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"default namespaces are equal">,
                   inputs(cache_namespace{}, cache_namespace{}, std::array{1, 2}, std::array{1, 2}),
                   std::size_t{2}),
      // Fields flattened into one key: joined with '/', which a field may itself contain.
      make_fixture(label<"model and adapter joined with a slash">,
                   inputs(cache_namespace{"org/a", "b", 0, ""}, cache_namespace{"org", "a/b", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"adapter and salt joined with a slash">,
                   inputs(cache_namespace{"m", "a/b", 0, "c"}, cache_namespace{"m", "a", 0, "b/c"},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      // Fields flattened across adapter and salt: an untagged tuple of the fields present (vLLM's
      // extra keys), or the salt then the adapter concatenated (SGLang).
      make_fixture(label<"adapter against a salt of the same name">,
                   inputs(cache_namespace{"m", "X", 0, ""}, cache_namespace{"m", "", 0, "X"},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"salt and adapter boundary shifted">,
                   inputs(cache_namespace{"m", "c", 0, "ab"}, cache_namespace{"m", "bc", 0, "a"},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      // The reverse of "adapter against base model": a base-model cache, an adapter's request.
      make_fixture(label<"base model against adapter">,
                   inputs(cache_namespace{"m", "", 0, ""}, cache_namespace{"m", "sql", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      // Revisions are 64-bit: 2^32 + 1 is not 1.
      make_fixture(label<"adapter revisions 2^32 apart">,
                   inputs(cache_namespace{"m", "sql", 0x1'0000'0001, ""},
                          cache_namespace{"m", "sql", 1, ""}, std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      // Names are bytes: compared whole, with nothing folded, trimmed or cut at a NUL.
      make_fixture(label<"model names differ in case">,
                   inputs(cache_namespace{"Llama", "", 0, ""}, cache_namespace{"llama", "", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"models differ after an embedded NUL">,
                   inputs(cache_namespace{std::string_view{"m\0a", 3}, "", 0, ""},
                          cache_namespace{std::string_view{"m\0b", 3}, "", 0, ""}, std::array{1, 2},
                          std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"model name with a trailing space">,
                   inputs(cache_namespace{"llama", "", 0, ""}, cache_namespace{"llama ", "", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"models differ in first character">,
                   inputs(cache_namespace{"a-llama", "", 0, ""},
                          cache_namespace{"b-llama", "", 0, ""}, std::array{1, 2},
                          std::array{1, 2}),
                   std::size_t{0}),
      // The revision is a field of its own, keyed with or without an adapter name.
      make_fixture(label<"revision differs without an adapter">,
                   inputs(cache_namespace{"m", "", 1, ""}, cache_namespace{"m", "", 2, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      // Fields joined with a separator that a field may itself contain: '\x1f' (unit separator),
      // ':', '|' and NUL, the usual choices besides '/'.
      make_fixture(label<"model and adapter joined with a unit separator">,
                   inputs(cache_namespace{"m\x1f" "a", "b", 0, ""},
                          cache_namespace{"m", "a\x1f" "b", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"model and adapter joined with a colon">,
                   inputs(cache_namespace{"m:a", "b", 0, ""}, cache_namespace{"m", "a:b", 0, ""},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"adapter and salt joined with a bar">,
                   inputs(cache_namespace{"m", "a|b", 0, "c"}, cache_namespace{"m", "a", 0, "b|c"},
                          std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      make_fixture(label<"adapter and salt joined with a NUL">,
                   inputs(cache_namespace{"m", std::string_view{"a\0b", 3}, 0, "c"},
                          cache_namespace{"m", "a", 0, std::string_view{"b\0c", 3}}, std::array{1, 2}, std::array{1, 2}),
                   std::size_t{0}),
      // Token ids past 8 and 16 bits, and a prefix past 255 tokens: a comparison of narrowed ids
      // matches 258 with 2 and 65538 with 2, and a length kept in 8 bits reads 300 as 44.
      make_fixture(label<"token ids 256 apart">,
                   inputs(cache_namespace{"m", "", 0, ""}, cache_namespace{"m", "", 0, ""},
                          fixtures::join(fixtures::join(fixtures::filled<20>(1), std::array{258}),
                                         fixtures::filled<20>(1)),
                          fixtures::join(fixtures::join(fixtures::filled<20>(1), std::array{2}),
                                         fixtures::filled<20>(1))),
                   std::size_t{20}),
      make_fixture(label<"token ids 65536 apart">,
                   inputs(cache_namespace{"m", "", 0, ""}, cache_namespace{"m", "", 0, ""},
                          fixtures::join(fixtures::join(fixtures::filled<20>(1), std::array{65538}),
                                         fixtures::filled<20>(1)),
                          fixtures::join(fixtures::join(fixtures::filled<20>(1), std::array{2}),
                                         fixtures::filled<20>(1))),
                   std::size_t{20}),
      make_fixture(label<"shared prefix of 300 tokens">,
                   inputs(cache_namespace{"m", "", 0, ""}, cache_namespace{"m", "", 0, ""},
                          fixtures::join(fixtures::filled<300>(7), std::array{1}),
                          fixtures::join(fixtures::filled<300>(7), std::array{2})),
                   std::size_t{300}));
};
}  // namespace definition

/// Prefix reuse with `kvc::cache_namespace` namespaces: every field separates, and no two fields
/// run into each other. Implementations are called as `impl(cache_namespace, request_namespace,
/// cached_tokens, requested_tokens)` with `kvc::cache_namespace` namespaces and `std::array<int, K>`
/// tokens.
inline constexpr lazy_suite<definition::namespace_isolation> namespace_isolation{};

}  // namespace kvc::suites
