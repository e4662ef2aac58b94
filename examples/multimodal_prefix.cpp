// Prefix reuse with images and prompt embeddings: equal token ids are not equal tokens.
#include <kvc/multimodal_prefix.hpp>
#include <kvc/specs/multimodal_prefix.hpp>
#include <kvc/verification/checks.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

// [snippet]
#include <kvc/multimodal_prefix.hpp>

// A prompt as engines hold it: text, an image as three placeholder ids (9), text; and its items.
constexpr std::array prompt{101, 9, 9, 9, 42};
constexpr std::array cat{kvc::multimodal_item{.offset = 1, .length = 3, .content_hash = 0xCA7}};
constexpr std::array dog{kvc::multimodal_item{.offset = 1, .length = 3, .content_hash = 0xD06}};
constexpr std::array<kvc::multimodal_item, 0> text_only{};
constexpr std::string_view model{"llava-1.6"};

// The same image: every token is reused.
static_assert(kvc::multimodal_prefix_length(model, model, prompt, cat, prompt, cat) == 5);
// Another image behind the same ids: only the text before it (TensorRT-LLM #14125).
static_assert(kvc::multimodal_prefix_length(model, model, prompt, cat, prompt, dog) == 1);
// Text tokens whose ids equal the image's placeholders (SGLang #2151, vLLM #56655): the same.
static_assert(kvc::multimodal_prefix_length(model, model, prompt, cat, prompt, text_only) == 1);
// The image one token later, the ids unchanged: the tokens stop agreeing where it moved.
constexpr std::array moved{kvc::multimodal_item{.offset = 2, .length = 3, .content_hash = 0xCA7}};
static_assert(kvc::multimodal_prefix_length(model, model, prompt, cat,
                                            std::array{101, 9, 9, 9, 9, 42}, moved) == 1);
// Under an engine's policy, exactly as kvc::reusable_prefix_length: here one short of all 5.
constexpr kvc::reuse_policy radix{.block_size = 1, .recompute_last_token = true};
static_assert(kvc::multimodal_prefix_length(model, model, prompt, cat, prompt, cat, radix) == 4);
// An item list that is unsorted, overlapping or past its tokens reuses nothing.
constexpr std::array past_the_end{kvc::multimodal_item{.offset = 3, .length = 3, .content_hash = 1}};
static_assert(kvc::multimodal_prefix_length(model, model, prompt, past_the_end, prompt,
                                            past_the_end) == 0);
// [snippet]

// An engine's own matcher, as the engine writes it: its cache key, int32 token ids and its item
// list as spans. It keys every image token by the image's hash and the token's place in it.
namespace my_engine {
constexpr std::size_t reusable(const kvc::cache_namespace& cache_key,
                               const kvc::cache_namespace& request_key,
                               std::span<const std::int32_t> cached,
                               std::span<const kvc::multimodal_item> cached_items,
                               std::span<const std::int32_t> prompt_ids,
                               std::span<const kvc::multimodal_item> prompt_items) noexcept {
  if (cache_key != request_key) return 0;
  const auto image_at = [](std::span<const kvc::multimodal_item> list,
                           std::size_t i) -> const kvc::multimodal_item* {
    for (const auto& item : list)
      if (i >= item.offset && i - item.offset < item.length) return &item;
    return nullptr;
  };
  std::size_t n = 0;
  for (; n < cached.size() && n < prompt_ids.size() && cached[n] == prompt_ids[n]; ++n) {
    const auto* a = image_at(cached_items, n);
    const auto* b = image_at(prompt_items, n);
    if ((a == nullptr) != (b == nullptr)) break;
    if (a != nullptr && !(a->content_hash == b->content_hash && a->offset == b->offset &&
                          a->length == b->length))
      break;
  }
  return n;
}
}  // namespace my_engine
static_assert(kvc::verify(kvc::suites::multimodal_prefix_reuse, my_engine::reusable));

int main() {}
