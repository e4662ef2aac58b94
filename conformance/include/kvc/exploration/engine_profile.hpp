// kvc/exploration/engine_profile.hpp - what an engine legitimately does differently from kvc's
// contracts, stated as data, so that a suite checks the engine for its real bugs only.
//
//   constexpr kvc::engine_profile llama_server{.keys_salt = false, .keys_adapter_revision = false};
//   static_assert(kvc::verify(kvc::restrict_to<llama_server>(suite), my_lookup));
//
// A fixture outside an engine's profile is not run: reports count and name it "not covered",
// never "passed" (kvc/exploration/restricted_suite.hpp). A profile that drops a field the
// contract isolates on makes every report say what that costs, in words.
#pragma once

#include <string>
#include <vector>

namespace kvc {

/// How a reuse result is compared with the contract's.
enum class reuse_match {
  /// Equal to the contract's result under the suite's policy.
  exact,
  /// A safe bound: never more than the contract's result (so 0 across namespaces and never past a
  /// mismatch); less is allowed, for an engine that reuses conservatively or not at all (one that
  /// switches reuse off for multimodal requests, say).
  bound,
};

/// What an engine legitimately does differently. A structural aggregate: usable as a template
/// argument (`kvc::restrict_to<Profile>(suite)`). The default is kvc's contracts as they are.
struct engine_profile {
  /// Whether the engine keys its cache on the model. A field of `kvc::cache_namespace` it does not
  /// key on is one it does not have: two namespaces that differ only there are the same to it, and
  /// fixtures that tell them apart are not covered.
  bool keys_model = true;
  /// Whether the engine keys its cache on the adapter (LoRA) name.
  bool keys_adapter = true;
  /// Whether the engine keys its cache on the adapter's revision (vLLM's block hash does not).
  bool keys_adapter_revision = true;
  /// Whether the engine keys its cache on the cache salt (llama.cpp's server has none).
  bool keys_salt = true;
  /// Whether position ids may hold padding (negative ids). False: the engine's packed position
  /// ids never do (transformers keeps padding in the attention mask).
  bool position_padding = true;
  /// Whether empty inputs (an empty token, id or position sequence) are in the engine's domain.
  bool empty_inputs = true;
  /// Whether inconsistent admission states (negative capacity or used, used above capacity) are
  /// in the engine's domain. False for an engine whose state cannot reach them.
  bool inconsistent_admission_states = true;
  /// Exact reuse, or a safe bound (`kvc::reuse_match`).
  reuse_match reuse = reuse_match::exact;

  /// Equal when every field is.
  friend constexpr bool operator==(const engine_profile&, const engine_profile&) = default;
};

/// Profiles of engines kvc has been checked against, as examples of the conventions that differ.
namespace profiles {
/// kvc's contracts as they are.
inline constexpr engine_profile contract{};
/// llama.cpp's server: a prompt cache keyed on tokens (and the loaded model and adapters), no
/// per-request salt, no adapter revision.
inline constexpr engine_profile llama_cpp_server{.keys_adapter_revision = false,
                                                 .keys_salt = false};
/// vLLM's block hash: model, LoRA name and cache salt, no adapter revision.
inline constexpr engine_profile vllm{.keys_adapter_revision = false};
/// transformers' packed sequences: position ids never hold padding.
inline constexpr engine_profile transformers_packing{.position_padding = false};
/// A scheduler whose state never reaches an inconsistent admission state.
inline constexpr engine_profile consistent_scheduler{.inconsistent_admission_states = false};
/// An engine that may reuse less than the contract allows (never more).
inline constexpr engine_profile conservative_reuse{.reuse = reuse_match::bound};
}  // namespace profiles

/// What `profile` gives up, in words, for reports: one sentence per security-relevant field the
/// engine does not key on, and one per relaxation.
template <class Deferred = void>
[[nodiscard]] std::vector<std::string> profile_consequences(const engine_profile& profile) {
  std::vector<std::string> said;
  if (!profile.keys_salt)
    said.emplace_back(
        "the engine does not key on the cache salt: tenants that share a model and adapter share "
        "KV entries (one tenant's prompt is a cache hit for another)");
  if (!profile.keys_adapter_revision)
    said.emplace_back(
        "the engine does not key on the adapter revision: an adapter reloaded under the same name "
        "reuses KV entries computed with its old weights");
  if (!profile.keys_adapter)
    said.emplace_back(
        "the engine does not key on the adapter: requests of different adapters share KV entries");
  if (!profile.keys_model)
    said.emplace_back(
        "the engine does not key on the model: requests of different models share KV entries");
  if (profile.reuse == reuse_match::bound)
    said.emplace_back(
        "reuse is checked as a bound: results below the contract's pass (safety only, not "
        "efficiency)");
  return said;
}

}  // namespace kvc
