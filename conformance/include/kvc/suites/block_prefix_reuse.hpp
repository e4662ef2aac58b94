// kvc/suites/block_prefix_reuse.hpp - fixtures of block-granular prefix reuse: the common prefix
// rounded down to whole blocks.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::block_prefix_reuse`.
struct block_prefix_reuse {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"prefix below one block", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, std::string_view>{"m"},
                       fixtures::dependent<Deferred, std::string_view>{"m"},
                       fixtures::join(fixtures::filled<15>(1), fixtures::array<Deferred>(2)),
                       fixtures::join(fixtures::filled<15>(1), fixtures::array<Deferred>(3)), 16),
                   std::size_t{0}),
      make_fixture(label<"exactly one block", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::filled<16>(1), fixtures::filled<16>(1), 16),
                   std::size_t{16}),
      make_fixture(label<"one block and a partial one", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::filled<20>(1), fixtures::filled<24>(1), 16),
                   std::size_t{16}),
      make_fixture(label<"two whole blocks", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, std::string_view>{"m"},
                       fixtures::dependent<Deferred, std::string_view>{"m"},
                       fixtures::filled<32>(1),
                       fixtures::join(fixtures::filled<32>(1), fixtures::array<Deferred>(5)), 16),
                   std::size_t{32}),
      make_fixture(
          label<"mismatch inside the second block", Deferred>,
          inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                           fixtures::dependent<Deferred, std::string_view>{"m"},
                           fixtures::join(fixtures::filled<19>(1), fixtures::array<Deferred>(7, 7)),
                           fixtures::join(fixtures::filled<19>(1), fixtures::array<Deferred>(8, 8)),
                           16),
          std::size_t{16}),
      make_fixture(label<"block size zero", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::array<Deferred>(1, 2, 3),
                                    fixtures::array<Deferred>(1, 2, 3), 0),
                   std::size_t{0}),
      make_fixture(label<"negative block size", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::array<Deferred>(1, 2, 3),
                                    fixtures::array<Deferred>(1, 2, 3), -2),
                   std::size_t{0}),
      make_fixture(label<"block size one", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::array<Deferred>(1, 2, 3),
                                    fixtures::array<Deferred>(1, 2, 4), 1),
                   std::size_t{2}),
      make_fixture(label<"block larger than both sequences", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::array<Deferred>(1, 2, 3, 4),
                                    fixtures::array<Deferred>(1, 2, 3, 4), 16),
                   std::size_t{0}),
      make_fixture(label<"whole blocks in another namespace", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m-lora"},
                                    fixtures::filled<32>(1), fixtures::filled<32>(1), 16),
                   std::size_t{0}),
      make_fixture(label<"cached shorter than the request", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::dependent<Deferred, std::string_view>{"m"},
                                    fixtures::filled<5>(1), fixtures::filled<8>(1), 2),
                   std::size_t{4}),
      make_fixture(label<"three blocks of four", Deferred>,
                   inputs<Deferred>(
                       fixtures::dependent<Deferred, std::string_view>{"m"},
                       fixtures::dependent<Deferred, std::string_view>{"m"},
                       fixtures::join(fixtures::filled<13>(4), fixtures::array<Deferred>(0)),
                       fixtures::join(fixtures::filled<13>(4), fixtures::array<Deferred>(9)), 4),
                   std::size_t{12}));
};
}  // namespace definition

/// Block-granular reuse: `impl(cache_namespace, request_namespace, cached_tokens,
/// requested_tokens, block_size)` with `std::string_view` namespaces, `std::array<int, K>` tokens
/// and an `int` block size; the common prefix rounded down to whole blocks.
inline constexpr lazy_suite<definition::block_prefix_reuse> block_prefix_reuse{};

}  // namespace kvc::suites
