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
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"same namespace", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{"llama", "sql", 2, "org_1"},
                       fixtures::dependent<Deferred, cache_namespace>{"llama", "sql", 2, "org_1"},
                       fixtures::array<Deferred>(1, 2, 3), fixtures::array<Deferred>(1, 2, 4)),
                   std::size_t{2}),
      make_fixture(
          label<"model and adapter boundary shifted", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"ab", "c", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"a", "bc", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"adapter and salt boundary shifted", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "org_1", 0, "2345"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "org_12345", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"salt is a prefix of the other", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "org_1"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "org_12"},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"adapter revision differs", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 1, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 2, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"adapter against base model", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"salt differs", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "tenant-a"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "tenant-b"},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(label<"model differs", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m1", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m2", "", 0, ""},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(label<"default namespaces are equal", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{},
                                    fixtures::dependent<Deferred, cache_namespace>{},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{2}),
      // Fields flattened into one key: joined with '/', which a field may itself contain.
      make_fixture(
          label<"model and adapter joined with a slash", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"org/a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"org", "a/b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"adapter and salt joined with a slash", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "a/b", 0, "c"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a", 0, "b/c"},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Fields flattened across adapter and salt: an untagged tuple of the fields present (vLLM's
      // extra keys), or the salt then the adapter concatenated (SGLang).
      make_fixture(label<"adapter against a salt of the same name", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "X", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "X"},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(
          label<"salt and adapter boundary shifted", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "c", 0, "ab"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "bc", 0, "a"},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // The reverse of "adapter against base model": a base-model cache, an adapter's request.
      make_fixture(
          label<"base model against adapter", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Revisions are 64-bit: 2^32 + 1 is not 1.
      make_fixture(
          label<"adapter revisions 2^32 apart", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0x1'0000'0001,
                                                                          ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 1, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Names are bytes: compared whole, with nothing folded, trimmed or cut at a NUL.
      make_fixture(
          label<"model names differ in case", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"Llama", "", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"llama", "", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(label<"models differ after an embedded NUL", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{
                           fixtures::dependent<Deferred, std::string_view>{"m\0a", 3}, "", 0, ""},
                       fixtures::dependent<Deferred, cache_namespace>{
                           fixtures::dependent<Deferred, std::string_view>{"m\0b", 3}, "", 0, ""},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(
          label<"model name with a trailing space", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"llama", "", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"llama ", "", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"models differ in first character", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"a-llama", "", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"b-llama", "", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // The revision is a field of its own, keyed with or without an adapter name.
      make_fixture(label<"revision differs without an adapter", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 1, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 2, ""},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      // Fields joined with a separator that a field may itself contain: '\x1f' (unit separator),
      // ':', '|' and NUL, the usual choices besides '/'.
      make_fixture(label<"model and adapter joined with a unit separator", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m\x1f"
                                                                                   "a",
                                                                                   "b", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m",
                                                                                   "a\x1f"
                                                                                   "b",
                                                                                   0, ""},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a colon", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m:a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a:b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"adapter and salt joined with a bar", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "a|b", 0, "c"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a", 0, "b|c"},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(label<"adapter and salt joined with a NUL", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", fixtures::dependent<Deferred, std::string_view>{"a\0b", 3}, 0, "c"},
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", "a", 0, fixtures::dependent<Deferred, std::string_view>{"b\0c", 3}},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      // Token ids past 8 and 16 bits, and a prefix past 255 tokens: a comparison of narrowed ids
      // matches 258 with 2 and 65538 with 2, and a length kept in 8 bits reads 300 as 44.
      make_fixture(label<"token ids 256 apart", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::join(fixtures::filled<20>(1),
                                                                  fixtures::array<Deferred>(258)),
                                                   fixtures::filled<20>(1)),
                                    fixtures::join(fixtures::join(fixtures::filled<20>(1),
                                                                  fixtures::array<Deferred>(2)),
                                                   fixtures::filled<20>(1))),
                   std::size_t{20}),
      make_fixture(label<"token ids 65536 apart", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::join(fixtures::filled<20>(1),
                                                                  fixtures::array<Deferred>(65538)),
                                                   fixtures::filled<20>(1)),
                                    fixtures::join(fixtures::join(fixtures::filled<20>(1),
                                                                  fixtures::array<Deferred>(2)),
                                                   fixtures::filled<20>(1))),
                   std::size_t{20}),
      make_fixture(
          label<"shared prefix of 300 tokens", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::join(fixtures::filled<300>(7), fixtures::array<Deferred>(1)),
                           fixtures::join(fixtures::filled<300>(7), fixtures::array<Deferred>(2))),
          std::size_t{300}),
      // More separators that a field may contain, each moved across the model and adapter
      // boundary.
      make_fixture(
          label<"model and adapter joined with a comma", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m,a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a,b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with an at sign", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m@a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a@b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a newline", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m\na", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a\nb", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a tab", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m\ta", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a\tb", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a semicolon", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m;a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a;b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a hash", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m#a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a#b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a dot", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m.a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a.b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a space", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with a dash", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m-a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a-b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"model and adapter joined with an underscore", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m_a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a_b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // The adapter's digits and its revision run together: "sql1" at 2 against "sql" at 12.
      make_fixture(
          label<"adapter name and revision digits run together", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "sql1", 2, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 12, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Names compared by a digest of their characters: anagrams, equal position-weighted sums.
      make_fixture(label<"models are anagrams", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"ab", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"ba", "", 0, ""},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(label<"models with equal position-weighted sums", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"ab", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"ca", "", 0, ""},
                                    fixtures::array<Deferred>(1, 2),
                                    fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      // The adapter and the salt are bytes too, each compared whole on its own.
      make_fixture(
          label<"adapter names differ in case", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "SQL", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(label<"adapters differ after an embedded NUL", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", fixtures::dependent<Deferred, std::string_view>{"a\0x", 3}, 0, ""},
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", fixtures::dependent<Deferred, std::string_view>{"a\0y", 3}, 0, ""},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(label<"salts differ after an embedded NUL", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", "", 0, fixtures::dependent<Deferred, std::string_view>{"t\0x", 3}},
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", "", 0, fixtures::dependent<Deferred, std::string_view>{"t\0y", 3}},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(
          label<"salt with a trailing space", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "t"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "t "},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Revisions are all 64 bits, exactly: none folded into 32, none rounded through a double.
      make_fixture(
          label<"adapter revisions 2^32 + 1 and 0", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0x1'0000'0001,
                                                                          ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(
          label<"adapter revisions 2^53 and 2^53 + 1", Deferred>,
          inputs<Deferred>(
              fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0x20'0000'0000'0000, ""},
              fixtures::dependent<Deferred, cache_namespace>{"m", "sql", 0x20'0000'0000'0001, ""},
              fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Token comparisons that only look at some tokens or at a digest of them.
      make_fixture(
          label<"shared prefix of 5000 tokens", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::join(fixtures::filled<5000>(7), fixtures::array<Deferred>(1)),
                           fixtures::join(fixtures::filled<5000>(7), fixtures::array<Deferred>(2))),
          std::size_t{5000}),
      make_fixture(label<"equal lengths of 600 differing at 300", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::filled<300>(7),
                                                   fixtures::join(fixtures::array<Deferred>(1),
                                                                  fixtures::filled<299>(7))),
                                    fixtures::join(fixtures::filled<300>(7),
                                                   fixtures::join(fixtures::array<Deferred>(2),
                                                                  fixtures::filled<299>(7)))),
                   std::size_t{300}),
      make_fixture(label<"mismatch in the middle of 100 tokens", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::filled<50>(7),
                                                   fixtures::join(fixtures::array<Deferred>(1),
                                                                  fixtures::filled<49>(7))),
                                    fixtures::join(fixtures::filled<50>(7),
                                                   fixtures::join(fixtures::array<Deferred>(2),
                                                                  fixtures::filled<69>(7)))),
                   std::size_t{50}),
      // (After the first token: every fixture here shares one, see namespace_isolation_under.)
      make_fixture(label<"two tokens swapped after the first", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                       fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                       fixtures::join(fixtures::array<Deferred>(7, 2, 1), fixtures::filled<37>(7)),
                       fixtures::join(fixtures::array<Deferred>(7, 1, 2), fixtures::filled<37>(7))),
                   std::size_t{1}),
      make_fixture(label<"two tokens swapped inside the second block", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::filled<20>(7),
                                                   fixtures::join(fixtures::array<Deferred>(2, 1),
                                                                  fixtures::filled<18>(7))),
                                    fixtures::join(fixtures::filled<20>(7),
                                                   fixtures::join(fixtures::array<Deferred>(1, 2),
                                                                  fixtures::filled<18>(7)))),
                   std::size_t{20}),
      make_fixture(label<"tokens differ only at odd position 17 of 40", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::filled<17>(7),
                                                   fixtures::join(fixtures::array<Deferred>(1),
                                                                  fixtures::filled<22>(7))),
                                    fixtures::join(fixtures::filled<17>(7),
                                                   fixtures::join(fixtures::array<Deferred>(2),
                                                                  fixtures::filled<22>(7)))),
                   std::size_t{17}),
      // The bar and NUL across the model and adapter boundary too: a key that joins every field,
      // the revision among them, with one of them.
      make_fixture(
          label<"model and adapter joined with a bar", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m|a", "b", 0, ""},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "a|b", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      make_fixture(label<"model and adapter joined with a NUL", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{
                           fixtures::dependent<Deferred, std::string_view>{"m\0a", 3}, "b", 0, ""},
                       fixtures::dependent<Deferred, cache_namespace>{
                           "m", fixtures::dependent<Deferred, std::string_view>{"a\0b", 3}, 0, ""},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      // A request without a salt never reads a tenant's salted entries.
      make_fixture(
          label<"salted cache, request without a salt", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "tenant-a"},
                           fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                           fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
          std::size_t{0}),
      // Names longer than a fixed-size field: salts of 12 bytes differing at the 12th, models of 99
      // differing at the 99th.
      make_fixture(label<"salts differ after 8 characters", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "tenant-00001"},
                       fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, "tenant-00002"},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(label<"models differ after 90 characters", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, cache_namespace>{
                           "org/llama-3-8b-instruct/lora/sql-generation-v2/"
                           "tenant-00000000000000000000000000000000000000000001",
                           "", 0, ""},
                       fixtures::dependent<Deferred, cache_namespace>{
                           "org/llama-3-8b-instruct/lora/sql-generation-v2/"
                           "tenant-00000000000000000000000000000000000000000002",
                           "", 0, ""},
                       fixtures::array<Deferred>(1, 2), fixtures::array<Deferred>(1, 2)),
                   std::size_t{0}),
      make_fixture(label<"mismatch at token 64", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""},
                                    fixtures::join(fixtures::filled<64>(7),
                                                   fixtures::join(fixtures::array<Deferred>(1),
                                                                  fixtures::filled<40>(7))),
                                    fixtures::join(fixtures::filled<64>(7),
                                                   fixtures::join(fixtures::array<Deferred>(2),
                                                                  fixtures::filled<40>(7)))),
                   std::size_t{64}));
};
}  // namespace definition

/// Prefix reuse with `kvc::cache_namespace` namespaces: every field separates, and no two fields
/// run into each other. Implementations are called as `impl(cache_namespace, request_namespace,
/// cached_tokens, requested_tokens)` with `kvc::cache_namespace` namespaces and `std::array<int,
/// K>` tokens.
inline constexpr lazy_suite<definition::namespace_isolation> namespace_isolation{};

}  // namespace kvc::suites
