// bind_block_pool: kvc's paged KV block pool model and the checker's shadow of its KV content
// (kvc::model::block_pool, kvc::block_pool_shadow) as kvc.model.BlockPool and
// kvc.model.BlockPoolShadow, which kvc.testing.stateful.block_pool_machine runs beside a user's pool.
//
// Where the C++ model would refuse because it is full (more than 64 blocks, 32 live requests or 64
// tokens per request: a capacity, not a contract, limit), the binding raises ValueError, so that a
// stateful check never blames a user for the model's size.
#include "bindings.hpp"
#include "initialized_instance.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <kvc/model/block_pool.hpp>
#include <kvc/reuse_policy.hpp>
// The shadow comes with the block pool's stateful check; until it is there, kvc.model has no
// BlockPoolShadow (kvc.testing.stateful.block_pool_machine says so).
#if __has_include(<kvc/stateful/block_pool_shadow.hpp>)
#include <kvc/stateful/block_pool_shadow.hpp>
#define KVC_PYTHON_BLOCK_POOL_SHADOW 1
#else
#define KVC_PYTHON_BLOCK_POOL_SHADOW 0
#endif

namespace py = pybind11;

namespace {

using model_pool = kvc::model::block_pool;

/// Token ids from any iterable of integers, each within int32.
std::vector<std::int32_t> token_ids(const py::handle& tokens, const char* where) {
  std::vector<std::int32_t> ids;
  for (const py::handle& token : tokens) {
    if (!PyIndex_Check(token.ptr()))
      throw py::type_error(std::string(where) + ": a token id must be an integer, not " +
                           std::string(py::str(py::type::of(token).attr("__name__"))));
    const long long id = py::int_(py::reinterpret_borrow<py::object>(token)).cast<long long>();
    if (id < std::numeric_limits<std::int32_t>::min() || id > std::numeric_limits<std::int32_t>::max())
      throw py::value_error(std::string(where) + ": token id " + std::to_string(id) +
                            " is outside int32");
    ids.push_back(static_cast<std::int32_t>(id));
  }
  return ids;
}

/// kvc::model::block_pool on the heap (its fixed storage is about 45 KB), with its capacity
/// limits raised as ValueError.
class checked_block_pool {
 public:
  checked_block_pool(std::int64_t num_blocks, std::int64_t block_size) {
    if (num_blocks < 0 || num_blocks > static_cast<std::int64_t>(model_pool::max_blocks))
      throw py::value_error("kvc.model.BlockPool holds 0 to " +
                            std::to_string(model_pool::max_blocks) + " blocks, not " +
                            std::to_string(num_blocks));
    if (block_size < 1)
      throw py::value_error("kvc.model.BlockPool: block_size must be at least 1, not " +
                            std::to_string(block_size));
    model_ = std::make_unique<model_pool>(num_blocks, block_size);
  }

  std::optional<std::size_t> allocate(std::int64_t request, std::int64_t ns, const py::handle& tokens,
                                      std::size_t block_size, bool recompute_last_token) {
    const std::vector<std::int32_t> ids = token_ids(tokens, "kvc.model.BlockPool.allocate");
    limit_tokens(ids.size());
    if (!model_->is_live(request) && model_->live_requests() == model_pool::max_requests)
      limit_requests();
    const kvc::model::block_allocation done =
        model_->allocate(request, ns, ids, kvc::reuse_policy{block_size, recompute_last_token});
    if (!done) return std::nullopt;
    return done.cached_tokens;
  }
  bool append(std::int64_t request, const py::handle& tokens) {
    const std::vector<std::int32_t> ids = token_ids(tokens, "kvc.model.BlockPool.append");
    limit_tokens(model_->tokens(request).size() + ids.size());
    return model_->append(request, ids);
  }
  bool fork(std::int64_t parent, std::int64_t child) {
    if (model_->is_live(parent) && !model_->is_live(child) &&
        model_->live_requests() == model_pool::max_requests)
      limit_requests();
    return model_->fork(parent, child);
  }
  [[nodiscard]] model_pool& model() noexcept { return *model_; }

 private:
  static void limit_tokens(std::size_t n) {
    if (n > model_pool::max_tokens)
      throw py::value_error("kvc.model.BlockPool holds at most " +
                            std::to_string(model_pool::max_tokens) + " tokens per request, not " +
                            std::to_string(n));
  }
  [[noreturn]] static void limit_requests() {
    throw py::value_error("kvc.model.BlockPool holds at most " +
                          std::to_string(model_pool::max_requests) + " live requests");
  }
  std::unique_ptr<model_pool> model_;
};

checked_block_pool& pool_of(py::handle self) {
  return kvc_python::initialized<checked_block_pool>(self, "kvc.model.BlockPool");
}
#if KVC_PYTHON_BLOCK_POOL_SHADOW
kvc::block_pool_shadow& shadow_of(py::handle self) {
  return kvc_python::initialized<kvc::block_pool_shadow>(self, "kvc.model.BlockPoolShadow");
}

/// A Python int as the shadow's 64-bit key (negative ids keep their own keys).
std::uint64_t key_of(std::int64_t id) noexcept { return static_cast<std::uint64_t>(id); }

std::vector<std::int64_t> ids_of(const py::handle& table) {
  std::vector<std::int64_t> ids;
  for (const py::handle& id : table) ids.push_back(py::int_(py::reinterpret_borrow<py::object>(id)).cast<std::int64_t>());
  return ids;
}
#endif

}  // namespace

void bind_block_pool(py::module_& m) {
  py::module_ model = m.attr("model").cast<py::module_>();

  py::class_<checked_block_pool>(
      model, "BlockPool",
      "kvc::model::block_pool: a paged KV block pool of num_blocks blocks of block_size tokens "
      "(at most 64 blocks, 32 live requests, 64 tokens per request). Full blocks are cached by "
      "their namespace and every token before their end; freed blocks stay hit-able until "
      "evicted; allocation is all or nothing.")
      .def(py::init<std::int64_t, std::int64_t>(), py::arg("num_blocks"), py::arg("block_size"))
      .def("allocate", [](py::handle self, std::int64_t request, std::int64_t ns,
                          const py::handle& tokens, std::size_t block_size, bool recompute_last_token) {
             return pool_of(self).allocate(request, ns, tokens, block_size, recompute_last_token);
           }, py::arg("request"), py::arg("namespace"), py::arg("tokens"), py::kw_only(),
           py::arg("block_size") = 1, py::arg("recompute_last_token") = false,
           "Admits request and returns the leading tokens served from cached blocks (the reuse "
           "policy given cuts the hit), or None, changing nothing, when its blocks do not fit or "
           "it is live already.")
      .def("append", [](py::handle self, std::int64_t request, const py::handle& tokens) {
             return pool_of(self).append(request, tokens);
           }, py::arg("request"), py::arg("tokens"),
           "Appends tokens to a live request, all or nothing; a block they fill becomes cached.")
      .def("free", [](py::handle self, std::int64_t request) { return pool_of(self).model().free(request); },
           py::arg("request"), "Drops a live request's references (True); False for any other.")
      .def("fork", [](py::handle self, std::int64_t parent, std::int64_t child) {
             return pool_of(self).fork(parent, child);
           }, py::arg("parent"), py::arg("child"),
           "Makes child share parent's full blocks and copy its partial last block.")
      .def("free_blocks", [](py::handle self) { return pool_of(self).model().free_blocks(); },
           "The blocks no live request references, cached or not.")
      .def("reset_prefix_cache", [](py::handle self) { return pool_of(self).model().reset_prefix_cache(); },
           "Forgets every cached block; False, changing nothing, while a request is live.")
      .def("block_table", [](py::handle self, std::int64_t request) {
             const auto table = pool_of(self).model().block_table(request);
             return std::vector<std::size_t>(table.begin(), table.end());
           }, py::arg("request"), "The block ids of a live request ([] otherwise).")
      .def("tokens", [](py::handle self, std::int64_t request) {
             const auto tokens = pool_of(self).model().tokens(request);
             return std::vector<std::int32_t>(tokens.begin(), tokens.end());
           }, py::arg("request"), "The tokens of a live request ([] otherwise).")
      .def("is_live", [](py::handle self, std::int64_t request) { return pool_of(self).model().is_live(request); },
           py::arg("request"))
      .def("cached_blocks", [](py::handle self) { return pool_of(self).model().cached_blocks(); })
      .def("evictions", [](py::handle self) { return pool_of(self).model().evictions(); })
      .def_property_readonly("num_blocks", [](py::handle self) { return pool_of(self).model().num_blocks(); })
      .def_property_readonly("block_size", [](py::handle self) { return pool_of(self).model().block_size(); })
      .def_property_readonly("live_requests", [](py::handle self) { return pool_of(self).model().live_requests(); });

#if KVC_PYTHON_BLOCK_POOL_SHADOW
  py::class_<kvc::block_pool_shadow>(
      model, "BlockPoolShadow",
      "kvc::block_pool_shadow: what each block id of an engine's pool must hold, recorded from "
      "the engine's own block tables. Each method records one step the engine took and returns '' "
      "when it is consistent with the contract, else what is wrong.")
      .def(py::init([](std::size_t num_blocks, std::size_t block_size, std::size_t policy_block_size,
                       bool recompute_last_token, bool exact) {
             return kvc::block_pool_shadow(num_blocks, block_size,
                                           kvc::reuse_policy{policy_block_size, recompute_last_token},
                                           exact);
           }),
           py::arg("num_blocks"), py::arg("block_size"), py::kw_only(),
           py::arg("policy_block_size") = 1, py::arg("recompute_last_token") = false,
           py::arg("exact") = false)
      .def("allocate", [](py::handle self, std::int64_t request, std::int64_t ns,
                          const py::handle& tokens, std::optional<std::int64_t> hit,
                          const py::handle& table) {
             const std::vector<std::int32_t> ids = token_ids(tokens, "kvc.model.BlockPoolShadow.allocate");
             const std::vector<std::int64_t> blocks = ids_of(table);
             return shadow_of(self).allocated(key_of(request), key_of(ns), ids, hit, blocks).what;
           }, py::arg("request"), py::arg("namespace"), py::arg("tokens"), py::arg("hit"),
           py::arg("table"),
           "The engine's allocate returned hit (None: refused) and table as the request's blocks.")
      .def("append", [](py::handle self, std::int64_t request, const py::handle& tokens, bool admitted,
                        const py::handle& table) {
             const std::vector<std::int32_t> ids = token_ids(tokens, "kvc.model.BlockPoolShadow.append");
             const std::vector<std::int64_t> blocks = ids_of(table);
             return shadow_of(self).appended(key_of(request), ids, admitted, blocks).what;
           }, py::arg("request"), py::arg("tokens"), py::arg("admitted"), py::arg("table"))
      .def("fork", [](py::handle self, std::int64_t parent, std::int64_t child, bool admitted,
                      const py::handle& child_table, const py::handle& parent_table) {
             const std::vector<std::int64_t> blocks = ids_of(child_table);
             const std::vector<std::int64_t> parents =
                 parent_table.is_none() ? std::vector<std::int64_t>{} : ids_of(parent_table);
             return shadow_of(self).forked(key_of(parent), key_of(child), admitted, blocks, parents).what;
           }, py::arg("parent"), py::arg("child"), py::arg("admitted"), py::arg("child_table"),
           py::arg("parent_table") = py::none(),
           "The engine's fork returned admitted; child_table and parent_table (None: unchanged) are "
           "the two block tables after it.")
      .def("free", [](py::handle self, std::int64_t request) {
             return shadow_of(self).freed(key_of(request)).what;
           }, py::arg("request"))
      .def("reset", [](py::handle self, bool done) { return shadow_of(self).reset(done).what; },
           py::arg("done"))
      .def("free_blocks", [](py::handle self, std::int64_t observed) {
             return shadow_of(self).counted_free(observed).what;
           }, py::arg("observed"), "The engine's free_blocks() returned observed.")
      .def("expected_free_blocks", [](py::handle self) { return shadow_of(self).free_blocks(); })
      .def("cached_prefix", [](py::handle self, std::int64_t ns, const py::handle& tokens) {
             const std::vector<std::int32_t> ids = token_ids(tokens, "kvc.model.BlockPoolShadow.cached_prefix");
             return shadow_of(self).cached_prefix(key_of(ns), ids);
           }, py::arg("namespace"), py::arg("tokens"),
           "The most tokens an allocation of tokens may be served from cache now.")
      .def("is_live", [](py::handle self, std::int64_t request) {
             return shadow_of(self).is_live(key_of(request));
           }, py::arg("request"))
      .def("tokens", [](py::handle self, std::int64_t request) {
             return shadow_of(self).tokens(key_of(request));
           }, py::arg("request"))
      .def("reread", [](py::handle self, std::int64_t request, const py::handle& table) {
             const std::vector<std::int64_t> blocks = ids_of(table);
             return shadow_of(self).reread(key_of(request), blocks).what;
           }, py::arg("request"), py::arg("table"),
           "Live request's block table as the engine gives it now: '' when it is the one recorded, "
           "else what changed without a call on it.")
      .def("table", [](py::handle self, std::int64_t request) {
             return shadow_of(self).table(key_of(request));
           }, py::arg("request"), "The block table recorded for live request (empty otherwise).")
      .def("live_requests", [](py::handle self) {
             std::vector<std::int64_t> ids;
             for (const std::uint64_t id : shadow_of(self).live_requests()) ids.push_back(static_cast<std::int64_t>(id));
             return ids;
           })
      .def_property_readonly("num_blocks", [](py::handle self) { return shadow_of(self).num_blocks(); })
      .def_property_readonly("block_size", [](py::handle self) { return shadow_of(self).block_size(); });
#endif
}
