// python/src/contracts.cpp - kvc's prefix-reuse and admission contracts as Python functions, and
// kvc.CacheNamespace (the segment and position-id contracts are in positions.cpp).
//
// Every function here converts its arguments (integer_arguments.hpp), calls the C++ contract
// itself -- never a re-implementation -- with the GIL released, and turns the contract's error
// values into Python exceptions.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <system_error>
#include <variant>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "initialized_instance.hpp"
#include "integer_arguments.hpp"
#include "kvc/append_admission.hpp"
#include "kvc/append_blocks.hpp"
#include "kvc/batch_admission.hpp"
#include "kvc/cache_namespace.hpp"
#include "kvc/prefix_reuse.hpp"
#include "kvc/request_admission.hpp"
#include "kvc/reuse_policy.hpp"

namespace py = pybind11;

namespace {

using kvc_python::integer_sequence;

// ---- kvc.CacheNamespace ---------------------------------------------------------------------

using cache_namespace_object = kvc::owning_cache_namespace;

/// `text`'s UTF-8 bytes. A str UTF-8 cannot encode (a lone surrogate) raises Python's own
/// UnicodeEncodeError, naming the character, rather than pybind11's "Unable to cast".
std::string utf8_of(const py::str& text) {
  Py_ssize_t size = 0;
  const char* const bytes = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (bytes == nullptr) throw py::error_already_set();
  return {bytes, static_cast<std::size_t>(size)};
}

const cache_namespace_object& namespace_of(py::handle self) {
  return kvc_python::initialized<cache_namespace_object>(self, "kvc.CacheNamespace");
}

cache_namespace_object make_cache_namespace(const py::str& model, const py::str& adapter,
                                            py::handle adapter_revision, const py::str& salt) {
  return {utf8_of(model), utf8_of(adapter),
          kvc_python::uint64_from(adapter_revision, "adapter_revision"), utf8_of(salt)};
}

std::string cache_namespace_repr(const cache_namespace_object& ns) {
  const auto text = [](const std::string& s) { return py::repr(py::str(s)).cast<std::string>(); };
  return "CacheNamespace(model=" + text(ns.model) + ", adapter=" + text(ns.adapter) +
         ", adapter_revision=" + std::to_string(ns.adapter_revision) + ", salt=" + text(ns.salt) +
         ")";
}

// ---- prefix reuse ---------------------------------------------------------------------------

template <class CacheNs, class RequestNs>
std::size_t reused_prefix(const CacheNs& cache_ns, const RequestNs& request_ns,
                          const integer_sequence& cached, const integer_sequence& requested,
                          kvc::reuse_policy policy) {
  return std::visit(
      [&](const auto& cached_ids, const auto& requested_ids) {
        py::gil_scoped_release release;
        return kvc::reusable_prefix_length(cache_ns, request_ns, cached_ids, requested_ids, policy);
      },
      cached.view(), requested.view());
}

std::size_t reusable_prefix_length(py::handle cache_ns, py::handle request_ns, py::handle cached,
                                   py::handle requested, py::handle block_size,
                                   bool recompute_last_token) {
  const auto cached_ids = integer_sequence::from(cached, "cached");
  const auto requested_ids = integer_sequence::from(requested, "requested");
  const kvc::reuse_policy policy{kvc_python::size_from(block_size, "block_size"),
                                 recompute_last_token};
  if (py::isinstance<cache_namespace_object>(cache_ns) &&
      py::isinstance<cache_namespace_object>(request_ns)) {
    // Both structured: the contract compares them itself, field by field.
    return reused_prefix(namespace_of(cache_ns).view(), namespace_of(request_ns).view(),
                         cached_ids, requested_ids, policy);
  }
  // A namespace is a cache key, so it must be hashable, as kvc.model.PrefixCache requires; this
  // also turns a NumPy array, whose == is elementwise, into a clear TypeError.
  for (const py::handle ns : {cache_ns, request_ns}) {
    const hashfunc hash = Py_TYPE(ns.ptr())->tp_hash;
    if (hash == nullptr || hash == PyObject_HashNotImplemented)
      throw py::type_error(
          "a namespace must be hashable (a kvc.CacheNamespace, str, int or tuple), not " +
          py::str(py::type::handle_of(ns).attr("__qualname__")).cast<std::string>());
    if (PyObject_Hash(ns.ptr()) == -1) throw py::error_already_set();  // a tuple holding a list
  }
  // Any other namespaces are compared by Python's ==, once; the contract then sees two namespaces
  // that are equal or not, and applies the same rule as for any C++ namespace type.
  const int equal = PyObject_RichCompareBool(cache_ns.ptr(), request_ns.ptr(), Py_EQ);
  if (equal < 0) throw py::error_already_set();
  return reused_prefix(true, equal == 1, cached_ids, requested_ids, policy);
}

// ---- admission ------------------------------------------------------------------------------

py::int_ admitted_append(py::handle capacity, py::handle used, py::handle requested) {
  return std::visit(
      [](auto c, auto u, auto r) { return py::int_(kvc::admitted_append(c, u, r)); },
      kvc_python::integer_from(capacity, "capacity"), kvc_python::integer_from(used, "used"),
      kvc_python::integer_from(requested, "requested"));
}

py::int_ blocks_for_append(py::handle held, py::handle appended, py::handle lookahead,
                           py::handle block_size) {
  return std::visit(
      [](auto h, auto a, auto l, auto b) { return py::int_(kvc::blocks_for_append(h, a, l, b)); },
      kvc_python::integer_from(held, "held"), kvc_python::integer_from(appended, "appended"),
      kvc_python::integer_from(lookahead, "lookahead"),
      kvc_python::integer_from(block_size, "block_size"));
}

py::int_ admitted_batch(py::handle capacity, py::handle used, py::handle requests) {
  const auto sizes = integer_sequence::from(requests, "requests");
  return std::visit(
      [](auto c, auto u, const auto& r) {
        const auto total = [&] {
          py::gil_scoped_release release;
          return kvc::admitted_batch(c, u, r);
        }();
        return py::int_(total);
      },
      kvc_python::integer_from(capacity, "capacity"), kvc_python::integer_from(used, "used"),
      sizes.view());
}

std::size_t admitted_requests(py::handle capacity, py::handle used, py::handle requests) {
  const auto sizes = integer_sequence::from(requests, "requests");
  return std::visit(
      [](auto c, auto u, const auto& r) {
        py::gil_scoped_release release;
        return kvc::admitted_requests(c, u, r);
      },
      kvc_python::integer_from(capacity, "capacity"), kvc_python::integer_from(used, "used"),
      sizes.view());
}


// ---- docstrings -----------------------------------------------------------------------------

constexpr const char* cache_namespace_doc = R"(The identity a KV-cache entry belongs to: kvc::cache_namespace.

Two namespaces are equal only when every field is: the model (base weights) name, the adapter
(LoRA) name, the adapter's revision, and the cache salt. Immutable and hashable; the hash is kvc's,
over every field with its length, so no two distinct namespaces alias as concatenated keys do.

Args:
    model: the model name, for example "llama-3-8b".
    adapter: the adapter name; "" for the base model.
    adapter_revision: the adapter's version, an int in [0, 2**64).
    salt: the tenant's or request's cache salt; "" when none.

Raises:
    OverflowError: adapter_revision is negative or not below 2**64.
)";

constexpr const char* reusable_prefix_length_doc = R"(How many leading tokens of `requested` may be taken from `cached`.

The common prefix of the two token sequences when the namespaces are equal, else 0; then, as the
engine's policy allows: with `recompute_last_token`, at most len(requested) - 1 (the last prompt
token is recomputed), and rounded down to a multiple of `block_size` (paged caches reuse whole
blocks). This is kvc::reusable_prefix_length with a kvc::reuse_policy.

Args:
    cache_ns, request_ns: the cache entry's and the request's namespaces: two kvc.CacheNamespace
        (compared by kvc, field by field), or any hashable values Python compares with == (called
        once).
    cached, requested: token ids: 1-D NumPy integer arrays of any integer dtype (viewed without a
        copy; non-contiguous ones are copied once), or lists or tuples of ints.
    block_size: the reused length is a multiple of this; 1 for any length, 0 reuses nothing.
    recompute_last_token: keep the last requested token out of the reused prefix.

Returns:
    int: the number of tokens reused.

Raises:
    TypeError: a token argument is None, bool, a float array or not a sequence of ints; a
        namespace is unhashable (a list, a NumPy array).
    ValueError: a token array is not 1-D, or block_size is negative.
    OverflowError: a token or block_size does not fit 64 bits.
)";

constexpr const char* admitted_append_doc = R"(All-or-nothing admission of a multi-slot append: kvc::admitted_append.

Returns `requested` when 0 <= used <= capacity and 0 <= requested <= capacity - used, else 0. The
bounds are decided by mathematical value: nothing overflows or wraps.

Args:
    capacity: the cache's slots.
    used: the slots taken.
    requested: the slots asked for.

Raises:
    TypeError: an argument is not an int (or is a bool).
    OverflowError: an argument does not fit in 64 bits.
)";

constexpr const char* blocks_for_append_doc = R"(The new blocks an append needs: kvc::blocks_for_append.

Returns ceil((held + appended + lookahead) / block_size) - ceil(held / block_size): the blocks a
request holding `held` tokens allocates to append `appended` tokens with `lookahead` slots reserved
for speculative decoding. 0 for a negative count or a block size of 0 or below. Exact for any
values: nothing overflows or wraps.

Args:
    held: the tokens the request already holds.
    appended: the tokens it appends.
    lookahead: the slots reserved past them.
    block_size: the tokens a block holds.

Raises:
    TypeError: an argument is not an int (or is a bool).
    OverflowError: an argument does not fit in 64 bits.
)";

constexpr const char* admitted_batch_doc = R"(All-or-nothing admission of a batch of appends: kvc::admitted_batch.

Returns the total of `requests` when 0 <= used <= capacity, every request is >= 0 and the total
fits in capacity - used; otherwise 0. The sum is exact.

Args:
    capacity: the cache's slots.
    used: the slots taken.
    requests: the slots each request asks for: a 1-D NumPy integer array or a list of ints.

Raises:
    TypeError, ValueError, OverflowError: as for token arguments (see reusable_prefix_length).
)";

constexpr const char* admitted_requests_doc = R"(In-order, all-or-nothing admission of a request queue: kvc::admitted_requests.

Returns how many leading requests are admitted: each while it fits in the slots still free
(0 <= request <= capacity - used - the requests admitted before it); admission stops at the first
that does not. A request of 0 fits; a negative one stops admission; an inconsistent state
(used < 0, used > capacity) admits nothing.

Args:
    capacity: the cache's slots.
    used: the slots taken.
    requests: the queue, front first: a 1-D NumPy integer array or a list of ints.

Raises:
    TypeError, ValueError, OverflowError: as for token arguments (see reusable_prefix_length).
)";

}  // namespace

void bind_contracts(py::module_& m) {
  py::class_<cache_namespace_object>(m, "CacheNamespace", cache_namespace_doc)
      .def(py::init(&make_cache_namespace), py::arg("model"), py::arg("adapter") = py::str(""),
           py::arg("adapter_revision") = 0, py::arg("salt") = py::str(""))
      .def_property_readonly(
          "model", [](py::handle self) { return namespace_of(self).model; },
          "The model (base weights) name.")
      .def_property_readonly(
          "adapter", [](py::handle self) { return namespace_of(self).adapter; },
          "The adapter (LoRA) name; empty for the base model.")
      .def_property_readonly(
          "adapter_revision",
          [](py::handle self) { return namespace_of(self).adapter_revision; },
          "The adapter's version.")
      .def_property_readonly(
          "salt", [](py::handle self) { return namespace_of(self).salt; },
          "The cache salt; empty when none.")
      .def(
          "__eq__",
          [](py::handle a, py::handle b) -> py::object {
            if (!py::isinstance<cache_namespace_object>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(namespace_of(a).view() == namespace_of(b).view());
          },
          py::is_operator(), "Equal when every field is.")
      .def(
          "__ne__",
          [](py::handle a, py::handle b) -> py::object {
            if (!py::isinstance<cache_namespace_object>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(!(namespace_of(a).view() == namespace_of(b).view()));
          },
          py::is_operator(), "Different when any field is.")
      .def(
          "__hash__",
          [](py::handle self) {
            return static_cast<py::ssize_t>(kvc::hash_value(namespace_of(self)));
          },
          "kvc's hash of every field, each with its length.")
      .def("__repr__", [](py::handle self) { return cache_namespace_repr(namespace_of(self)); })
      .def(py::pickle(
          [](py::handle self) {
            const cache_namespace_object& ns = namespace_of(self);
            return py::make_tuple(ns.model, ns.adapter, ns.adapter_revision, ns.salt);
          },
          [](const py::tuple& t) {
            if (t.size() != 4) throw py::value_error("CacheNamespace: a 4-tuple state expected");
            // Checked as the constructor checks them: a forged state must not be coerced by str().
            for (const std::size_t text_field : {std::size_t{0}, std::size_t{1}, std::size_t{3}})
              if (!PyUnicode_Check(t[text_field].ptr()))
                throw py::type_error("CacheNamespace: the state's model, adapter and salt must be str");
            return make_cache_namespace(t[0], t[1], t[2], t[3]);
          }));

  m.def("reusable_prefix_length", &reusable_prefix_length, reusable_prefix_length_doc,
        py::arg("cache_ns"), py::arg("request_ns"), py::arg("cached"), py::arg("requested"),
        py::kw_only(), py::arg("block_size") = 1,
        py::arg("recompute_last_token").noconvert() = false);
  m.def("admitted_append", &admitted_append, admitted_append_doc, py::arg("capacity"),
        py::arg("used"), py::arg("requested"));
  m.def("blocks_for_append", &blocks_for_append, blocks_for_append_doc, py::arg("held"),
        py::arg("appended"), py::arg("lookahead"), py::arg("block_size"));
  m.def("admitted_batch", &admitted_batch, admitted_batch_doc, py::arg("capacity"),
        py::arg("used"), py::arg("requests"));
  m.def("admitted_requests", &admitted_requests, admitted_requests_doc, py::arg("capacity"),
        py::arg("used"), py::arg("requests"));
}
