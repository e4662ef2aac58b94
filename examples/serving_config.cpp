// Constexpr checks in serving configuration code: a configuration that breaks a KV-cache contract
// does not build.
#include <kvc/kvc.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <string_view>

// [snippet]
#include <kvc/kvc.hpp>

struct serving_config {
  std::size_t kv_capacity;              // KV slots reserved for one sequence
  std::size_t system_prompt_length;     // tokens of the shared system prompt, always resident
  std::size_t max_new_tokens;           // the longest generation the server allows
  std::size_t max_position;             // the model's position-embedding limit
  std::array<int, 8> packed_template;   // segment ids of the packed warm-up batch
};

// A configuration is valid when its contracts hold for it.
constexpr bool valid(const serving_config& c) {
  // The longest generation must be admitted whole on top of the system prompt.
  const bool generation_fits =
      kvc::admitted_append(c.kv_capacity, c.system_prompt_length, c.max_new_tokens) ==
      c.max_new_tokens;
  // Every packed segment must stay inside the model's positions.
  const auto positions = kvc::segment_positions(c.packed_template);
  const bool positions_fit = *std::max_element(positions.begin(), positions.end()) < c.max_position;
  return generation_fits && positions_fit;
}

constexpr serving_config config{.kv_capacity = 4096,
                                .system_prompt_length = 512,
                                .max_new_tokens = 2048,
                                .max_position = 4,
                                .packed_template = {1, 1, 1, 2, 2, 3, 3, 3}};
static_assert(valid(config), "serving_config breaks a KV-cache contract");

// Raising max_new_tokens past the free slots, or packing a run longer than max_position, would fail
// the build at the static_assert above:
constexpr serving_config too_long = {4096, 512, 4000, 4, {1, 1, 1, 2, 2, 3, 3, 3}};
constexpr serving_config run_too_long = {4096, 512, 2048, 4, {1, 1, 1, 1, 1, 3, 3, 3}};
static_assert(!valid(too_long) && !valid(run_too_long));
// [snippet]

// Reusing the system prompt is safe only inside one namespace: check the tenant-salted keys.
constexpr std::array<int, 4> system_prompt{9, 8, 7, 6};
static_assert(kvc::reusable_prefix_length(std::string_view{"acme"}, std::string_view{"acme"},
                                          system_prompt, system_prompt) == system_prompt.size());
static_assert(kvc::reusable_prefix_length(std::string_view{"acme"}, std::string_view{"globex"},
                                          system_prompt, system_prompt) == 0);

int main() {
  std::printf("kv_capacity=%zu system_prompt=%zu max_new_tokens=%zu: valid\n", config.kv_capacity,
              config.system_prompt_length, config.max_new_tokens);
  return valid(config) ? 0 : 1;
}
