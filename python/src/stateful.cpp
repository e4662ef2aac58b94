// bind_stateful: kvc's model-based stateful checks (kvc::check_prefix_cache,
// kvc::check_slot_allocator) with a Python cache or allocator: the C++ checks' own generated
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

/// The report as a dict of its fields, with `text` as it prints.
py::dict report_dict(const kvc::stateful_report& report, const python_engine_session& session) {
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
  kvc::stateful_report report;
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
  m.attr("_default_check_seed") = py::int_(kvc::check_options{}.seed);
  m.attr("_default_check_sequences") = py::int_(kvc::check_options{}.sequences);
  m.attr("_default_check_max_steps") = py::int_(kvc::check_options{}.max_steps);
}
