// Prefix reuse stays inside its namespace: a cached prefix is shared only with requests of the
// same model, adapter and tenant.
#include <kvc/prefix_reuse.hpp>

#include <array>
#include <cstdio>
#include <string_view>
#include <vector>

// [snippet]
#include <kvc/prefix_reuse.hpp>

constexpr std::array cached{101, 7, 42, 9};     // tokens already in the KV cache
constexpr std::array request{101, 7, 42, 12};  // a new request's prompt

// Same namespace: the common prefix (3 tokens) is reused.
static_assert(kvc::reusable_prefix_length(std::string_view{"llama-3/base"},
                                          std::string_view{"llama-3/base"}, cached, request) == 3);
// Another adapter: identical tokens, but nothing is reused.
static_assert(kvc::reusable_prefix_length(std::string_view{"llama-3/base"},
                                          std::string_view{"llama-3/lora-7"}, cached, request) == 0);
// [snippet]

int main() {
  // At run time the same function object takes vectors, spans or C arrays.
  const std::vector<int> cached_tokens{101, 7, 42, 9, 5};
  const std::vector<int> request_tokens{101, 7, 42, 9, 6, 8};
  const auto reused = kvc::reusable_prefix_length(std::string_view{"tenant-a"},
                                                  std::string_view{"tenant-a"}, cached_tokens,
                                                  request_tokens);
  std::printf("reused %zu of %zu prompt tokens\n", reused, request_tokens.size());
  return reused == 4 ? 0 : 1;
}
