// A kvc::cache_namespace views its strings, so one built from a temporary std::string would dangle
// as soon as the full-expression ends. Each KVC_KO form below must not compile (form 5 with clang
// only, which diagnoses it as -Wdangling); the _ok build, which keeps the strings alive in named
// variables, must. (The expected diagnostics are in CMakeLists.txt.)
#include <kvc/cache_namespace.hpp>

#include <string>

#ifndef KVC_KO
#define KVC_KO 0  // the _ok build
#endif

namespace {

std::string load_model_name() { return "llama-3-8b"; }
const std::string load_salt() { return "org_1"; }

}  // namespace

std::size_t namespace_lifetime() {
  const std::string model = load_model_name();
  const std::string salt = load_salt();
#if KVC_KO == 1  // a designated initializer from a temporary
  kvc::cache_namespace ns{.model = load_model_name()};
#elif KVC_KO == 2  // an aggregate initializer from a temporary
  kvc::cache_namespace ns{load_model_name(), "sql-lora", 1, salt};
#elif KVC_KO == 3  // a const temporary
  kvc::cache_namespace ns{.model = model, .salt = load_salt()};
#elif KVC_KO == 4  // an assignment from a temporary
  kvc::cache_namespace ns{.model = model};
  ns.salt = salt + "-2";
#elif KVC_KO == 5  // a view of a temporary owning namespace (clang only: [[clang::lifetimebound]])
  const kvc::cache_namespace ns = kvc::owning_cache_namespace{.model = model, .salt = salt}.view();
#else
  kvc::cache_namespace ns{.model = model, .adapter = "sql-lora", .salt = salt};
#endif
  return kvc::hash_value(ns);
}
