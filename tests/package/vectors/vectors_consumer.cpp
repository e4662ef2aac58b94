// The installed vectors run by the standard-library runner: an engine's admission and prefix
// lookup pass; a wrong admission fails with the fixture's label, inputs, actual and expected.
#include <kvc/vectors/runner.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace {

std::int64_t admit(std::int64_t capacity, std::int64_t used, std::int64_t requested) {
  if (requested <= 0 || used < 0 || used > capacity) return 0;
  return requested <= capacity - used ? requested : 0;
}
std::int64_t admit_strictly(std::int64_t capacity, std::int64_t used, std::int64_t requested) {
  if (requested <= 0 || used < 0 || used > capacity) return 0;
  return requested < capacity - used ? requested : 0;
}
std::size_t lookup(std::string_view cache_model, std::string_view request_model,
                   std::span<const std::int32_t> cached, std::span<const std::int32_t> prompt) {
  if (cache_model != request_model) return 0;
  return static_cast<std::size_t>(
      std::mismatch(cached.begin(), cached.end(), prompt.begin(), prompt.end()).first -
      cached.begin());
}

kvc::vectors::suite load(const char* name) {
  const auto loaded = kvc::vectors::load_suite(std::string(KVC_VECTORS_DIR) + "/" + name);
  if (!loaded.ok) std::printf("%s\n", loaded.error.c_str());
  return loaded.value;
}

}  // namespace

int main() {
  const kvc::vectors::suite admission = load("append_admission.json");
  const kvc::vectors::suite prefix = load("prefix_reuse.json");
  const auto right = kvc::vectors::run(admission, admit);
  const auto reuse = kvc::vectors::run(prefix, lookup);
  const auto wrong = kvc::vectors::run(admission, admit_strictly);
  std::printf("%s", wrong.failures().c_str());
  const bool ok = right.passed() && reuse.passed() && !wrong.passed() &&
                  wrong.failures().find("fixture \"fits exactly\": inputs (4, 1, 3), actual 0, "
                                        "expected 3") != std::string::npos;
  std::printf("\nkvc vectors: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
