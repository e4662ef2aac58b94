// bind_models: kvc's stateful reference models (kvc::model::prefix_cache, kvc::model::slot_allocator)
// as the Python classes kvc.model.PrefixCache and kvc.model.SlotAllocator, which kvc.testing.stateful
// runs beside a user's cache or allocator.
//
// The C++ prefix cache keeps its namespaces as views; the Python object owns the strings they view.
// Where the C++ model would answer "false" because it is full (a capacity, not a contract, limit),
// the binding raises ValueError: a stateful check must never blame a user for the model's size.
#include "bindings.hpp"
#include "initialized_instance.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include <pybind11/pybind11.h>

#include <kvc/cache_namespace.hpp>
#include <kvc/model/prefix_cache.hpp>
#include <kvc/model/slot_allocator.hpp>
#include <kvc/reuse_policy.hpp>

namespace py = pybind11;

namespace {

/// A namespace's four fields as owned text: a kvc.CacheNamespace (or anything with its four
/// attributes) gives its fields; any other hashable value (a str, an int, a tuple) is compared by
/// Python's ==, through a model name of its own (see `namespace_keys`).
struct namespace_fields {
  std::string model;
  std::string adapter;
  std::uint64_t adapter_revision = 0;
  std::string salt;
};

/// Gives every distinct hashable namespace that is not namespace-like a model name no
/// kvc.CacheNamespace is expected to spell (it starts with a NUL byte), so two such values share a
/// name exactly when they are equal in Python: "m" and CacheNamespace("m", "", 0, "") differ, as
/// they do under ==.
class namespace_keys {
 public:
  std::string name_of(const py::handle& value) {
    py::object known = keys_.attr("get")(value);
    if (known.is_none()) {
      known = py::int_(py::len(keys_));
      keys_[value] = known;
    }
    return std::string(1, '\0') + "py#" + std::to_string(known.cast<std::size_t>());
  }

 private:
  py::dict keys_;
};

namespace_fields fields_of(const py::handle& ns, namespace_keys& keys) {
  if (py::hasattr(ns, "model") && py::hasattr(ns, "adapter") && py::hasattr(ns, "adapter_revision") &&
      py::hasattr(ns, "salt")) {
    return {py::str(ns.attr("model")).cast<std::string>(),
            py::str(ns.attr("adapter")).cast<std::string>(),
            ns.attr("adapter_revision").cast<std::uint64_t>(),
            py::str(ns.attr("salt")).cast<std::string>()};
  }
  if (PyObject_Hash(ns.ptr()) == -1) throw py::error_already_set();
  return {keys.name_of(ns), {}, 0, {}};
}

/// Token ids from any iterable of integers (a list, a NumPy array), each within int32.
std::vector<std::int32_t> tokens_of(const py::handle& tokens) {
  std::vector<std::int32_t> ids;
  for (const py::handle& token : tokens) {
    if (!PyIndex_Check(token.ptr()))
      throw py::type_error("kvc.model: a token id must be an integer, not " +
                           std::string(py::str(py::type::of(token).attr("__name__"))));
    const long long id = py::int_(py::reinterpret_borrow<py::object>(token)).cast<long long>();
    if (id < std::numeric_limits<std::int32_t>::min() || id > std::numeric_limits<std::int32_t>::max())
      throw py::value_error("kvc.model: token id " + std::to_string(id) + " is outside int32");
    ids.push_back(static_cast<std::int32_t>(id));
  }
  return ids;
}

/// kvc::model::prefix_cache owning the text of the namespaces its entries view.
class owning_prefix_cache {
 public:
  bool insert(const py::handle& ns, const py::handle& tokens) {
    const std::vector<std::int32_t> ids = tokens_of(tokens);
    if (ids.size() > kvc::model::prefix_cache::max_tokens)
      throw py::value_error("kvc.model.PrefixCache holds sequences of at most " +
                            std::to_string(kvc::model::prefix_cache::max_tokens) + " tokens, not " +
                            std::to_string(ids.size()));
    const kvc::cache_namespace owned = own(fields_of(ns, keys_));
    if (!storage_->insert(owned, ids))
      throw py::value_error("kvc.model.PrefixCache is full: it holds at most " +
                            std::to_string(kvc::model::prefix_cache::max_entries) + " sequences");
    return true;
  }

  std::size_t lookup(const py::handle& ns, const py::handle& tokens, std::size_t block_size,
                     bool recompute_last_token) {
    const namespace_fields fields = fields_of(ns, keys_);
    const std::vector<std::int32_t> ids = tokens_of(tokens);
    return storage_->lookup(view(fields), ids, kvc::reuse_policy{block_size, recompute_last_token});
  }

  std::size_t erase(const py::handle& ns) {
    const namespace_fields fields = fields_of(ns, keys_);
    return storage_->erase(view(fields));
  }

  void clear() noexcept { storage_->clear(); }
  [[nodiscard]] std::size_t size() const noexcept { return storage_->size(); }

 private:
  static kvc::cache_namespace view(const namespace_fields& fields) noexcept {
    return {fields.model, fields.adapter, fields.adapter_revision, fields.salt};
  }

  /// A view of `fields` whose text lives as long as this cache: a node set never moves its strings.
  kvc::cache_namespace own(const namespace_fields& fields) {
    const std::string& model = *text_.insert(fields.model).first;
    const std::string& adapter = *text_.insert(fields.adapter).first;
    const std::string& salt = *text_.insert(fields.salt).first;
    return {model, adapter, fields.adapter_revision, salt};
  }

  // On the heap: the model's fixed storage is about 17 KB.
  std::unique_ptr<kvc::model::prefix_cache> storage_ = std::make_unique<kvc::model::prefix_cache>();
  std::unordered_set<std::string> text_;
  namespace_keys keys_;
};

/// A request id as the C++ model takes it: any integer within int64 or uint64.
/// A request id as the C++ model takes it: any integer within int64 or uint64
/// (OverflowError beyond, as for kvc's other integer arguments).
template <class Use>
auto with_request(const py::int_& request, Use use) {
  int overflow = 0;
  const long long as_signed = PyLong_AsLongLongAndOverflow(request.ptr(), &overflow);
  if (overflow == 0 && !PyErr_Occurred()) return use(static_cast<std::int64_t>(as_signed));
  if (overflow > 0) {
    const unsigned long long as_unsigned = PyLong_AsUnsignedLongLong(request.ptr());
    if (!PyErr_Occurred()) return use(static_cast<std::uint64_t>(as_unsigned));
  }
  PyErr_Clear();
  PyErr_SetString(PyExc_OverflowError, "kvc.model.SlotAllocator: a request id beyond 64 bits");
  throw py::error_already_set();
}

/// kvc::model::slot_allocator, refusing (ValueError) a new request beyond the requests it can track.
class checked_slot_allocator {
 public:
  explicit checked_slot_allocator(std::int64_t capacity) : model_(capacity) {}

  bool try_reserve(const py::int_& request, std::int64_t n) {
    return with_request(request, [&](auto id) {
      if (n > 0 && model_.held(id) == 0 && model_.requests() == max_requests)
        throw py::value_error("kvc.model.SlotAllocator tracks at most " +
                              std::to_string(max_requests) + " requests holding slots at once");
      return model_.try_reserve(id, n);
    });
  }

  std::size_t release(const py::int_& request) {
    return with_request(request, [&](auto id) { return model_.release(id); });
  }
  std::size_t held(const py::int_& request) const {
    return with_request(request, [&](auto id) { return model_.held(id); });
  }
  [[nodiscard]] std::size_t available() const noexcept { return model_.available(); }
  [[nodiscard]] std::size_t used() const noexcept { return model_.used(); }
  [[nodiscard]] std::size_t capacity() const noexcept { return model_.capacity(); }
  [[nodiscard]] std::size_t requests() const noexcept { return model_.requests(); }

 private:
  static constexpr std::size_t max_requests = kvc::model::slot_allocator::max_requests;
  kvc::model::slot_allocator model_;
};

owning_prefix_cache& cache_of(py::handle self) {
  return kvc_python::initialized<owning_prefix_cache>(self, "kvc.model.PrefixCache");
}

checked_slot_allocator& allocator_of(py::handle self) {
  return kvc_python::initialized<checked_slot_allocator>(self, "kvc.model.SlotAllocator");
}

}  // namespace

void bind_models(py::module_& m) {
  py::module_ model = m.def_submodule(
      "model", "kvc's stateful reference models, for kvc.testing.stateful and for your own tests.");

  py::class_<owning_prefix_cache>(model, "PrefixCache",
                                  "kvc::model::prefix_cache: up to 64 sequences of up to 64 tokens, "
                                  "never evicted. A lookup is the longest reusable prefix "
                                  "(kvc.reusable_prefix_length) over every cached sequence.")
      .def(py::init<>())
      .def("insert", [](py::handle self, const py::handle& ns, const py::handle& tokens) {
             return cache_of(self).insert(ns, tokens);
           }, py::arg("ns"), py::arg("tokens"),
           "Caches tokens under the namespace ns (a kvc.CacheNamespace, or any hashable compared "
           "with ==) and returns True. ValueError beyond 64 tokens or 64 sequences.")
      .def("lookup", [](py::handle self, const py::handle& ns, const py::handle& tokens,
                        std::size_t block_size, bool recompute_last_token) {
             return cache_of(self).lookup(ns, tokens, block_size, recompute_last_token);
           }, py::arg("ns"), py::arg("tokens"), py::kw_only(),
           py::arg("block_size") = 1, py::arg("recompute_last_token") = false,
           "The reusable prefix of tokens under ns, under the reuse policy given.")
      .def("erase", [](py::handle self, const py::handle& ns) { return cache_of(self).erase(ns); },
           py::arg("ns"),
           "Forgets every sequence of ns and returns how many there were.")
      .def("clear", [](py::handle self) { cache_of(self).clear(); }, "Forgets every sequence.")
      .def("__len__", [](py::handle self) { return cache_of(self).size(); })
      .def_property_readonly_static("max_entries", [](const py::object&) {
        return kvc::model::prefix_cache::max_entries;
      })
      .def_property_readonly_static("max_tokens", [](const py::object&) {
        return kvc::model::prefix_cache::max_tokens;
      });

  py::class_<checked_slot_allocator>(model, "SlotAllocator",
                                     "kvc::model::slot_allocator: capacity KV slots granted whole "
                                     "or not at all, to at most 64 requests at once.")
      .def(py::init<std::int64_t>(), py::arg("capacity"))
      .def("try_reserve", [](py::handle self, const py::int_& request, std::int64_t n) {
             return allocator_of(self).try_reserve(request, n);
           }, py::arg("request"), py::arg("n"),
           "Reserves n more slots for request and returns True, or reserves nothing and returns "
           "False (n <= 0, or fewer than n available). ValueError for a 65th request.")
      .def("release", [](py::handle self, const py::int_& request) {
             return allocator_of(self).release(request);
           }, py::arg("request"),
           "Frees every slot request holds and returns how many; 0 for an unknown request.")
      .def("held", [](py::handle self, const py::int_& request) {
             return allocator_of(self).held(request);
           }, py::arg("request"))
      .def("available", [](py::handle self) { return allocator_of(self).available(); })
      .def("used", [](py::handle self) { return allocator_of(self).used(); })
      .def("capacity", [](py::handle self) { return allocator_of(self).capacity(); })
      .def("requests", [](py::handle self) { return allocator_of(self).requests(); })
      .def_property_readonly_static("max_requests", [](const py::object&) {
        return kvc::model::slot_allocator::max_requests;
      });
}
