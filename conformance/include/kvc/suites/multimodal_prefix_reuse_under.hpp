// kvc/suites/multimodal_prefix_reuse_under.hpp - identity-aware prefix reuse under a reuse policy:
// block rounding and the recomputed last prompt token (vLLM, SGLang, llama.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/multimodal_item.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/suites/multimodal_prefix_reuse.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/expected_under_policy.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/policy_call.hpp>

namespace kvc::fixtures {

/// A multimodal fixture under policy P: the inputs, and the exact agreeing prefix written out (0
/// across namespaces); the expected result is what P makes of it.
template <reuse_policy P, class Label, class CachedTokens, class CachedItems, class RequestedTokens,
          class RequestedItems>
[[nodiscard]] constexpr auto multimodal_under(
    Label label, std::string_view cache_ns, std::string_view request_ns, const CachedTokens& cached,
    const CachedItems& cached_items, const RequestedTokens& requested,
    const RequestedItems& requested_items, std::size_t exact_prefix) noexcept {
  return make_fixture(
      label, inputs(cache_ns, request_ns, cached, cached_items, requested, requested_items),
      expected_under(P, exact_prefix, requested.size(), cached.size()));
}

/// `a + b + c + ...`
template <class T, std::size_t A, std::size_t... More>
[[nodiscard]] constexpr auto joined(const std::array<T, A>& first,
                                    const std::array<T, More>&... more) noexcept {
  if constexpr (sizeof...(More) == 0)
    return first;
  else
    return join(first, joined(more...));
}

/// The first N elements of `a`.
template <std::size_t N, class T, std::size_t K>
  requires(N <= K)
[[nodiscard]] constexpr std::array<T, N> first(const std::array<T, K>& a) noexcept {
  std::array<T, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = a[i];
  return out;
}

}  // namespace kvc::fixtures

namespace kvc::suites {

/// Identity-aware prefix reuse as an engine with policy P implements it: `impl(cache_ns,
/// request_ns, cached_tokens, cached_items, requested_tokens, requested_items)`, the policy built
/// in, called as `kvc::suites::multimodal_prefix_reuse` calls it. Every fixture of that suite under
/// P (`kvc::fixtures::all_under`), then each engine bug again over 40 tokens, so that every
/// policy reuses whole blocks before the tokens stop agreeing and no policy's rounding can hide a
/// wrong key: images with equal ids and different hashes from token 16 and from token 15; content-
/// derived ids against text from token 16, on either side; an image shifted by one token inside a
/// block; the same embeddings at other positions; a second image that differs after a first that
/// does not; a short image that differs between whole blocks of equal text; identical images across
/// block boundaries, with the text differing at 31, 32 and 39 and requests of 32 and 33 tokens
/// wholly cached; and an identical image in another model. Every expected value is
/// `kvc::fixtures::expected_under` of a written-out exact prefix.
template <reuse_policy P>
inline constexpr auto multimodal_prefix_reuse_under_fixtures = [] {
  // Every value below depends on P through D, so that it is built where the suite is checked.
  using D = deferred_on<P>;
  using fixtures::filled;
  using fixtures::image_a;
  using fixtures::image_b;
  using fixtures::items;
  using fixtures::joined;
  using fixtures::multimodal_under;
  using fixtures::no_items;
  using item = fixtures::dependent<D, multimodal_item>;
  constexpr std::string_view m{"vlm"};
  // Text, then an image whose placeholder ids are 9 (or 7: its hash reduced modulo a vocabulary),
  // then text.
  constexpr auto image_at_16 = joined(filled<D, 16>(1), filled<D, 16>(9), filled<D, 8>(2));
  constexpr auto image_at_15 = joined(filled<D, 15>(1), filled<D, 16>(9), filled<D, 9>(2));
  constexpr auto derived_at_16 = joined(filled<D, 16>(1), filled<D, 16>(7), filled<D, 8>(2));
  constexpr auto ids_all_nine_from_16 = joined(filled<D, 16>(1), filled<D, 24>(9));
  constexpr auto zeros = filled<D, 40>(0);
  constexpr auto two_images =
      joined(filled<D, 4>(1), filled<D, 12>(9), filled<D, 4>(2), filled<D, 12>(9), filled<D, 8>(3));
  constexpr auto short_image = joined(filled<D, 16>(1), filled<D, 4>(9), filled<D, 20>(2));
  // An image across the first block boundary (tokens 8 to 23), then text.
  constexpr auto across = joined(filled<D, 8>(1), filled<D, 16>(9), filled<D, 16>(2));
  constexpr auto across_items = items(item{8, 16, image_a});
  constexpr auto differs_at = [across](std::size_t index) {
    auto tokens = across;
    tokens[index] = 3;
    return tokens;
  };
  return fixtures::with_policy<P>(
      fixtures::all_under<P, 4>(multimodal_prefix_reuse),
      boost::hana::make_tuple(
          multimodal_under<P>(label<"whole blocks, then images with equal ids, different hashes">,
                              m, m, image_at_16, items(item{16, 16, image_a}), image_at_16,
                              items(item{16, 16, image_b}), 16),
          multimodal_under<P>(label<"images with equal ids and different hashes from token 15">, m,
                              m, image_at_15, items(item{15, 16, image_a}), image_at_15,
                              items(item{15, 16, image_b}), 15),
          multimodal_under<P>(label<"whole blocks, then content-derived ids against text">, m, m,
                              derived_at_16, items(item{16, 16, 7}), derived_at_16, no_items, 16),
          multimodal_under<P>(label<"whole blocks, then text against content-derived ids">, m, m,
                              derived_at_16, no_items, derived_at_16, items(item{16, 16, 7}), 16),
          multimodal_under<P>(label<"whole blocks, then an image shifted by one token">, m, m,
                              ids_all_nine_from_16, items(item{17, 16, image_a}),
                              ids_all_nine_from_16, items(item{18, 16, image_a}), 17),
          multimodal_under<P>(label<"whole blocks, then the same embeddings at other positions">, m,
                              m, zeros, items(item{16, 8, fixtures::embeddings}), zeros,
                              items(item{24, 8, fixtures::embeddings}), 16),
          multimodal_under<P>(label<"same first image, different second image, whole blocks">, m, m,
                              two_images, items(item{4, 12, image_a}, item{20, 12, image_a}),
                              two_images, items(item{4, 12, image_a}, item{20, 12, image_b}), 20),
          multimodal_under<P>(label<"a short image differs between whole blocks of equal text">, m,
                              m, short_image, items(item{16, 4, image_a}), short_image,
                              items(item{16, 4, image_b}), 16),
          multimodal_under<P>(label<"identical image across a block boundary, text differs at 39">,
                              m, m, across, across_items, differs_at(39), across_items, 39),
          multimodal_under<P>(label<"identical image across a block boundary, text differs at 32">,
                              m, m, across, across_items, differs_at(32), across_items, 32),
          multimodal_under<P>(label<"identical image across a block boundary, text differs at 31">,
                              m, m, across, across_items, differs_at(31), across_items, 31),
          multimodal_under<P>(label<"identical image, a request of 33 wholly cached">, m, m, across,
                              across_items, fixtures::first<33>(across), across_items, 33),
          multimodal_under<P>(label<"identical image, a request of 32 wholly cached">, m, m, across,
                              across_items, fixtures::first<32>(across), across_items, 32),
          multimodal_under<P>(label<"identical image in another model, whole blocks">, m,
                              "vlm-lora", across, across_items, across, across_items, 0)));
}();

namespace definition {
/// `kvc::suites::multimodal_prefix_reuse_under<P>` for `kvc::lazy_suite`: a handle that names the suite
/// without building it, for indexes of suites (kvc/verification/suite_index.hpp).
template <reuse_policy P>
struct multimodal_prefix_reuse_under {
  /// The address of the policy suite.
  template <class = void>
  static constexpr const auto* fixtures = &suites::multimodal_prefix_reuse_under_fixtures<P>;
};
}  // namespace definition

/// The suite under `P` as users name it (`kvc::suites::multimodal_prefix_reuse_under<P>`): a `kvc::lazy_suite`, so that
/// a diagnostic names `lazy_suite<definition::multimodal_prefix_reuse_under<P>>` rather than the fixtures' whole
/// tuple type; `kvc::fixtures_of` (or `multimodal_prefix_reuse_under_fixtures<P>`) gives the tuple.
template <reuse_policy P>
inline constexpr lazy_suite<definition::multimodal_prefix_reuse_under<P>> multimodal_prefix_reuse_under{};

}  // namespace kvc::suites
