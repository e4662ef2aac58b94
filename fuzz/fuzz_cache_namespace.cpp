// fuzz/fuzz_cache_namespace.cpp - kvc::cache_namespace and kvc::owning_cache_namespace: equality,
// hashing, owning copies, and prefix reuse across namespaces, against a field-by-field oracle.
//
// Input: kvc_fuzz::namespace_case (codec.hpp). The second namespace may copy any of the first's
// fields, and a narrow alphabet ('a'/'b', revisions 0/1) makes namespaces that differ while their
// concatenated fields agree ("ab" + "a" vs "a" + "ba") -- the aliasing a string key would suffer.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include <kvc/cache_namespace.hpp>
#include <kvc/prefix_reuse.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

namespace {

bool same_text(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Oracle: equal iff every field is equal.
bool same_fields(const kvc_fuzz::namespace_fields& a, const kvc_fuzz::namespace_fields& b) {
  return same_text(a.model, b.model) && same_text(a.adapter, b.adapter) &&
         a.revision == b.revision && same_text(a.salt, b.salt);
}

kvc::cache_namespace view(const kvc_fuzz::namespace_fields& f) {
  return {f.model, f.adapter, f.revision, f.salt};
}

std::size_t common_prefix(const std::vector<std::int32_t>& a, const std::vector<std::int32_t>& b) {
  std::size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::namespace_case input = kvc_fuzz::decode_namespaces(data, size);
  const kvc::cache_namespace a = view(input.a);
  const kvc::cache_namespace b = view(input.b);
  const bool equal = same_fields(input.a, input.b);

  check((a == b) == equal && (b == a) == equal && (a != b) != equal);
  if (equal) {  // equal namespaces hash alike, through every hash kvc offers
    check(kvc::hash_value(a) == kvc::hash_value(b));
    check(std::hash<kvc::cache_namespace>{}(a) == std::hash<kvc::cache_namespace>{}(b));
    check(kvc::cache_namespace_hash{}(a) == kvc::cache_namespace_hash{}(b));
  }

  // An owning copy equals what it copied, hashes the same, and compares like it.
  const auto owned_a = kvc::owning_cache_namespace::from(a);
  const auto owned_b = kvc::owning_cache_namespace::from(b);
  check(owned_a == a && a == owned_a && owned_a.view() == a);
  check(kvc::hash_value(owned_a) == kvc::hash_value(a));
  check(std::hash<kvc::owning_cache_namespace>{}(owned_a) == kvc::hash_value(a));
  check(kvc::cache_namespace_hash{}(owned_a) == kvc::cache_namespace_hash{}(a));
  check((owned_a == owned_b) == equal && (owned_a == b) == equal && (b == owned_a) == equal);

  // A map keyed by owning namespaces finds a view iff an equal namespace is in it.
  std::unordered_map<kvc::owning_cache_namespace, int, kvc::cache_namespace_hash, std::equal_to<>>
      entries;
  entries.emplace(owned_a, 1);
  check((entries.find(b) != entries.end()) == equal);

  // Prefix reuse: the common prefix within one namespace, 0 across two -- with views or owners.
  const std::size_t expected = equal ? common_prefix(input.cached, input.requested) : 0;
  check(kvc::reusable_prefix_length(a, b, input.cached, input.requested) == expected);
  check(kvc::reusable_prefix_length(owned_a, b, input.cached, input.requested) == expected);
  check(kvc::reusable_prefix_length(a, owned_b, input.cached, input.requested) == expected);
  return 0;
}
