// Namespaces from run-time strings: kvc::owning_cache_namespace owns them, kvc::cache_namespace
// views them. A kvc::cache_namespace cannot be built from a temporary std::string (it would
// dangle), so strings read at run time go into an owning namespace first.
#include <kvc/cache_namespace.hpp>

#include <cstdio>
#include <functional>
#include <string>
#include <unordered_map>

namespace {

std::string load_model_name() { return "llama-3-8b"; }   // say, from the engine's config
std::string load_adapter_name() { return "sql-lora"; }  // say, from the request

}  // namespace

// [snippet]
#include <kvc/cache_namespace.hpp>

bool runtime_namespace() {
  // kvc::cache_namespace ns{.model = load_model_name()};  // does not compile: it would dangle
  const kvc::owning_cache_namespace owned{.model = load_model_name(),
                                          .adapter = load_adapter_name(),
                                          .adapter_revision = 2,
                                          .salt = "org_1"};
  const kvc::cache_namespace ns = owned.view();  // valid while `owned` lives, unchanged

  // Equal to its view, and hashed the same: every field, each with its length.
  const bool same = owned == ns && kvc::hash_value(owned) == kvc::hash_value(ns) &&
                    std::hash<kvc::cache_namespace>{}(ns) == kvc::hash_value(ns);

  // Cache entries keep owning keys (from() copies a view); a request's view finds them, uncopied.
  std::unordered_map<kvc::owning_cache_namespace, int, kvc::cache_namespace_hash, std::equal_to<>>
      blocks{{kvc::owning_cache_namespace::from(ns), 42}};
  const auto hit = blocks.find(kvc::cache_namespace{.model = "llama-3-8b", .adapter = "sql-lora",
                                                    .adapter_revision = 2, .salt = "org_1"});

  // The fields read as std::string_views.
  const std::string_view model = ns.model;
  return same && hit != blocks.end() && hit->second == 42 && model == "llama-3-8b" &&
         ns.adapter.size() == 8;
}
// [snippet]

int main() {
  const bool ok = runtime_namespace();
  std::printf("namespace from run-time strings: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
