// kvc/suites/namespace_isolation.hpp - fixtures of namespace isolation with structured namespaces.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/verification/fixture.hpp>

namespace kvc::suites {

/// Prefix reuse with `kvc::cache_namespace` namespaces: every field separates, and no two fields
/// run into each other. Implementations are called as `impl(cache_namespace, request_namespace,
/// cached_tokens, requested_tokens)` with `kvc::cache_namespace` namespaces and `std::array<int, K>`
/// tokens.
inline constexpr auto namespace_isolation = boost::hana::make_tuple(
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
                 std::size_t{2}));

}  // namespace kvc::suites
