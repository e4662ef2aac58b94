// bind_stateful: kvc's model-based stateful checks (kvc::check_prefix_cache,
// kvc::check_slot_allocator, kvc::check_block_pool) with a Python cache, allocator or block pool: the C++ checks' own generated
// operation sequences, model, shrinker and report (compiled once in kvc::conformance), driving the
// Python object through the engine adapter of kvc/stateful/erased_engine.hpp.
//
// A Python call that raises an Exception is a failed observation (a lookup, a reservation or
// `available()` that returned nothing); its first message is kept for the report. A BaseException
// that is not an Exception (KeyboardInterrupt) stops calling Python and is raised again when the
// check returns.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>

#include <pybind11/pybind11.h>

#include <kvc/cache_namespace.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>

#include "bindings.hpp"

namespace py = pybind11;

namespace {

/// The Python factory of one check, and what its calls raised.
struct python_engine_session {
  py::object factory;
  /// Whether the factory takes the check's arguments (an allocator's capacity).
  bool takes_arguments = false;
  std::optional<py::error_already_set> interrupted;
  std::string first_error;

  /// `call()`'s observation: an int result, or a failed one when it raised or returned another
  /// type.
  template <class Call>
  kvc::observation observe(Call&& call, bool observed) {
    if (interrupted) return failed(observed);
    try {
      py::object result = call();
      if (!observed) return kvc::unobserved;
      if (PyBool_Check(result.ptr())) return kvc::observed(result.ptr() == Py_True ? 1 : 0);
      if (!PyLong_Check(result.ptr())) return failed(observed);
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(result.ptr(), &overflow);
      if (overflow > 0) return kvc::observed(std::numeric_limits<std::int64_t>::max());
      if (overflow < 0) return kvc::observed(std::numeric_limits<std::int64_t>::min());
      return kvc::observed(value);
    } catch (py::error_already_set& error) {
      if (!error.matches(PyExc_Exception)) {
        interrupted = std::move(error);
      } else if (first_error.empty()) {
        first_error = py::str(py::type::handle_of(error.value()).attr("__name__")).cast<std::string>() +
                      ": " + py::str(error.value()).cast<std::string>();
      }
      return failed(observed);
    }
  }
  static kvc::observation failed(bool observed) {
    return observed ? kvc::observed(std::numeric_limits<std::int64_t>::min()) : kvc::unobserved;
  }
};

/// A made engine: the Python object the factory returned.
void* make_engine(void* factory, std::span<const std::size_t> arguments) {
  auto& session = *static_cast<python_engine_session*>(factory);
  const std::size_t count = session.takes_arguments ? arguments.size() : 0;
  py::tuple args(count);
  for (std::size_t i = 0; i < count; ++i) args[i] = py::int_(arguments[i]);
  py::object made = py::none();
  if (!session.interrupted) {
    try {
      made = session.factory(*args);
    } catch (py::error_already_set& error) {
      if (!error.matches(PyExc_Exception)) session.interrupted = std::move(error);
      else if (session.first_error.empty())
        session.first_error = "the factory raised " + py::str(error.value()).cast<std::string>();
    }
  }
  return new py::object(std::move(made));
}
void destroy_engine(void* made) noexcept { delete static_cast<py::object*>(made); }

python_engine_session* session_of = nullptr;  // the check running now (one at a time: the GIL)

py::list token_list(std::span<const std::int32_t> tokens) {
  py::list out(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) out[i] = py::int_(tokens[i]);
  return out;
}

kvc::observation apply_cache(void* made, const kvc::cache_operation& op) {
  py::object& cache = *static_cast<py::object*>(made);
  const auto ns = [&] {
    return py::cast(kvc::owning_cache_namespace{std::string(op.ns.model), std::string(op.ns.adapter),
                                                op.ns.adapter_revision, std::string(op.ns.salt)});
  };
  switch (op.kind) {
    case kvc::cache_operation_kind::insert:
      return session_of->observe([&] { return cache.attr("insert")(ns(), token_list(op.token_span())); }, false);
    case kvc::cache_operation_kind::erase:
      return session_of->observe([&] { return cache.attr("erase")(ns()); }, false);
    case kvc::cache_operation_kind::lookup:
      break;
  }
  return session_of->observe([&] { return cache.attr("lookup")(ns(), token_list(op.token_span())); }, true);
}

kvc::observation apply_allocator(void* made, const kvc::allocator_operation& op) {
  py::object& allocator = *static_cast<py::object*>(made);
  switch (op.kind) {
    case kvc::allocator_operation_kind::try_reserve:
      return session_of->observe(
          [&] {
            const py::object granted = allocator.attr("try_reserve")(py::int_(op.request), py::int_(op.slots));
            return py::object(py::bool_(PyObject_IsTrue(granted.ptr()) == 1));
          },
          true);
    case kvc::allocator_operation_kind::release:
      return session_of->observe([&] { return allocator.attr("release")(py::int_(op.request)); }, false);
    case kvc::allocator_operation_kind::available:
      break;
  }
  return session_of->observe([&] { return allocator.attr("available")(); }, true);
}

/// An id of the block-pool check (a request or a namespace) as the Python int it stands for: the
/// check generates negative namespaces as their two's complement.
py::int_ id_object(std::uint64_t id) { return py::int_(static_cast<std::int64_t>(id)); }

kvc::observation apply_pool(void* made, const kvc::block_pool_operation& op) {
  py::object& pool = *static_cast<py::object*>(made);
  using kind = kvc::block_pool_operation_kind;
  const auto admitted = [](const py::object& result) {
    return py::object(py::bool_(PyObject_IsTrue(result.ptr()) == 1));
  };
  switch (op.kind) {
    case kind::allocate:
      break;  // through `allocate_pool`
    case kind::append:
      return session_of->observe(
          [&] { return admitted(pool.attr("append")(id_object(op.request), token_list(op.token_span()))); },
          true);
    case kind::free:
      return session_of->observe([&] { return pool.attr("free")(id_object(op.request)); }, false);
    case kind::fork:
      return session_of->observe(
          [&] { return admitted(pool.attr("fork")(id_object(op.request), id_object(op.other))); }, true);
    case kind::free_blocks:
      return session_of->observe([&] { return pool.attr("free_blocks")(); }, true);
    case kind::reset_prefix_cache:
      return session_of->observe([&] { return admitted(pool.attr("reset_prefix_cache")()); }, true);
  }
  // An allocation: its hit, -1 for a refusal (None).
  return session_of->observe(
      [&] {
        py::object hit = pool.attr("allocate")(id_object(op.request), id_object(op.other),
                                               token_list(op.token_span()));
        return hit.is_none() ? py::object(py::int_(-1)) : hit;
      },
      true);
}

std::optional<std::int64_t> allocate_pool(void* made, const kvc::block_pool_operation& op) {
  const kvc::observation seen = apply_pool(made, op);
  if (seen.value == -1) return std::nullopt;
  return seen.value;
}

void pool_block_table(void* made, std::uint64_t request, std::vector<std::int64_t>& ids) {
  ids.clear();
  if (session_of->interrupted) return;
  py::object& pool = *static_cast<py::object*>(made);
  try {
    for (const py::handle id : pool.attr("block_table")(id_object(request)))
      ids.push_back(py::int_(py::reinterpret_borrow<py::object>(id)).cast<std::int64_t>());
  } catch (py::error_already_set& error) {
    if (!error.matches(PyExc_Exception)) session_of->interrupted = std::move(error);
    else if (session_of->first_error.empty())
      session_of->first_error = "block_table raised " + py::str(error.value()).cast<std::string>();
    ids.assign(1, -1);  // no block id: the shadow rejects the table
  }
}

/// The report as a dict of its fields, with `text` as it prints.
template <class Report>
py::dict report_dict(const Report& report, const python_engine_session& session) {
  std::ostringstream text;
  text << report;
  py::dict out;
  out["passed"] = report.passed();
  out["seed"] = report.seed;
  out["sequences_run"] = report.sequences_run;
  out["operations_run"] = report.operations_run;
  out["sequences_to_failure"] = report.sequences_to_failure;
  out["failing_step"] = report.failing_step;
  out["actual"] = report.actual;
  out["expected"] = report.expected;
  out["shrink_runs"] = report.shrink_runs;
  if constexpr (requires { report.message; }) {
    out["message"] = py::str(report.message);
    out["num_blocks"] = report.num_blocks;
    out["block_size"] = report.block_size;
  }
  out["error"] = session.first_error.empty() ? py::object(py::none()) : py::object(py::str(session.first_error));
  out["text"] = py::str(text.str());
  return out;
}

/// Runs one check with `session_of` set, restoring it after (a check may run inside another's
/// Python engine).
template <class Run>
py::dict run_check(python_engine_session& session, Run&& run) {
  python_engine_session* const previous = session_of;
  session_of = &session;
  decltype(run()) report;
  try {
    report = run();
  } catch (...) {
    session_of = previous;
    throw;
  }
  session_of = previous;
  if (session.interrupted) throw *session.interrupted;
  return report_dict(report, session);
}

py::dict check_prefix_cache(py::object factory, std::uint64_t seed, std::size_t sequences,
                            std::size_t max_steps, bool exact, std::size_t block_size,
                            bool recompute_last_token) {
  python_engine_session session{std::move(factory), false, std::nullopt, {}};
  kvc::check_options options{};
  options.seed = seed;
  options.sequences = sequences;
  options.max_steps = max_steps;
  options.exact = exact;
  options.policy = kvc::reuse_policy{.block_size = block_size, .recompute_last_token = recompute_last_token};
  kvc::detail::erased_prefix_cache engine;
  engine.factory = &session;
  engine.make = &make_engine;
  engine.destroy = &destroy_engine;
  engine.apply = &apply_cache;
  return run_check(session, [&] { return kvc::detail::run_prefix_cache_check(engine, options); });
}

py::dict check_slot_allocator(py::object factory, bool takes_capacity, std::uint64_t seed,
                              std::size_t sequences, std::size_t max_steps, std::size_t capacity) {
  python_engine_session session{std::move(factory), false, std::nullopt, {}};
  kvc::check_options options{};
  options.seed = seed;
  options.sequences = sequences;
  options.max_steps = max_steps;
  options.capacity = capacity;
  kvc::detail::erased_slot_allocator engine;
  engine.factory = &session;
  engine.make = &make_engine;
  engine.destroy = &destroy_engine;
  engine.apply = &apply_allocator;
  engine.takes_arguments = session.takes_arguments = takes_capacity;
  return run_check(session, [&] { return kvc::detail::run_slot_allocator_check(engine, options); });
}

py::dict check_block_pool(py::object factory, bool takes_geometry, bool forks, bool resets,
                          std::uint64_t seed, std::size_t sequences, std::size_t max_steps,
                          bool exact, std::size_t policy_block_size, bool recompute_last_token,
                          std::size_t blocks, std::size_t block_size, std::size_t max_live_requests) {
  python_engine_session session{std::move(factory), takes_geometry, std::nullopt, {}};
  kvc::check_options options{};
  options.seed = seed;
  options.sequences = sequences;
  if (max_steps != 0) options.max_steps = max_steps;
  options.exact = exact;
  options.policy =
      kvc::reuse_policy{.block_size = policy_block_size, .recompute_last_token = recompute_last_token};
  options.blocks = blocks;
  options.block_size = block_size;
  options.max_live_requests = max_live_requests;
  kvc::detail::erased_block_pool engine;
  engine.factory = &session;
  engine.make = &make_engine;
  engine.destroy = &destroy_engine;
  engine.apply = &apply_pool;
  engine.takes_arguments = takes_geometry;
  engine.facts.forks = forks;
  engine.facts.resets = resets;
  engine.facts.largest_request = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  engine.facts.largest_namespace = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  engine.facts.signed_namespaces = true;
  engine.facts.allocate = &allocate_pool;
  engine.facts.block_table = &pool_block_table;
  if (!takes_geometry) {
    // A pool of fixed geometry: its capacity is a fresh pool's free_blocks().
    const py::object sample = session.factory();
    const auto capacity = sample.attr("free_blocks")().cast<std::int64_t>();
    engine.facts.fixed_geometry = true;
    engine.facts.fixed_blocks = capacity < 0 ? 0 : static_cast<std::size_t>(capacity);
  }
  py::dict out = run_check(session, [&] { return kvc::detail::run_block_pool_check(engine, options); });
  return out;
}

}  // namespace

void bind_stateful(py::module_& m) {
  m.def("_check_prefix_cache", &check_prefix_cache, py::arg("factory"), py::arg("seed"),
        py::arg("sequences"), py::arg("max_steps"), py::arg("exact"), py::arg("block_size"),
        py::arg("recompute_last_token"),
        "kvc::check_prefix_cache with a Python factory (kvc.testing.stateful.check_prefix_cache "
        "wraps it).");
  m.def("_check_slot_allocator", &check_slot_allocator, py::arg("factory"),
        py::arg("takes_capacity"), py::arg("seed"), py::arg("sequences"), py::arg("max_steps"),
        py::arg("capacity"),
        "kvc::check_slot_allocator with a Python factory (kvc.testing.stateful."
        "check_slot_allocator wraps it).");
  m.def("_check_block_pool", &check_block_pool, py::arg("factory"), py::arg("takes_geometry"),
        py::arg("forks"), py::arg("resets"), py::arg("seed"), py::arg("sequences"),
        py::arg("max_steps"), py::arg("exact"), py::arg("policy_block_size"),
        py::arg("recompute_last_token"), py::arg("blocks"), py::arg("block_size"),
        py::arg("max_live_requests"),
        "kvc::check_block_pool with a Python factory (kvc.testing.stateful.check_block_pool wraps "
        "it).");
  m.attr("_default_check_seed") = py::int_(kvc::check_options{}.seed);
  m.attr("_default_check_sequences") = py::int_(kvc::check_options{}.sequences);
  m.attr("_default_check_max_steps") = py::int_(kvc::check_options{}.max_steps);
}
