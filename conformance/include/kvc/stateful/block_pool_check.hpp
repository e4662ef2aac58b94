// kvc/stateful/block_pool_check.hpp - `kvc::check_block_pool`: an engine's paged KV block pool run
// on generated operation sequences beside a shadow of the KV content its blocks must hold.
//
//   const kvc::block_pool_report report = kvc::check_block_pool(
//       [](std::size_t num_blocks, std::size_t block_size) {
//         return my_engine::block_pool(num_blocks, block_size);
//       });
//   CHECK_MESSAGE(report.passed(), report);
//
// The pool is any `kvc::block_pool_adapter` (kvc/stateful/block_pool_operations.hpp says what each
// member must do); the factory takes the geometry (any integer types), or nothing, and then
// `check_options::block_size` says the pool's block size and its `free_blocks()` its capacity. It
// may return the pool, or a pointer or smart pointer to it. After every operation kvc asks the pool
// for its block tables and `free_blocks()` and judges them with `kvc::block_pool_shadow`
// (kvc/stateful/block_pool_shadow.hpp); the first wrong step is shrunk to a short sequence.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "block_pool_generator.hpp"
#include "block_pool_operations.hpp"
#include "block_pool_report.hpp"
#include "block_pool_shadow.hpp"
#include "check_options.hpp"
#include "factory_arguments.hpp"
#include "model_based_run.hpp"
#include "operations.hpp"
#include "seeded_random.hpp"
#include "shrink.hpp"

namespace kvc {

namespace detail {

/// The block table of live `request` on `pool`, as 64-bit ids.
template <class Pool>
[[nodiscard]] std::vector<std::int64_t> table_of(Pool& pool, std::uint64_t request) {
  using member = typename block_table_member<Pool>::type;
  auto&& table = pool.block_table(as_parameter<0, member>(request));
  std::vector<std::int64_t> ids;
  ids.reserve(static_cast<std::size_t>(std::ranges::size(table)));
  for (const auto id : table) ids.push_back(observed_value(id).value);
  return ids;
}

[[nodiscard]] inline std::string ids_text(const std::vector<std::int64_t>& ids) {
  std::string text = "[";
  for (std::size_t i = 0; i < ids.size(); ++i) text += (i == 0 ? "" : ", ") + std::to_string(ids[i]);
  return text + "]";
}

/// A token no generated prompt holds: what the tokens kvc passed are overwritten with once the
/// call returns.
inline constexpr std::int32_t overwritten_token = 0x5A5A5A5A;

/// The operation whose tokens a pool is given: one buffer for every call, overwritten once the
/// call returns, so that a pool that keeps the caller's span instead of copying it (or keys blocks
/// by the buffer's address) reads other tokens at its next call.
[[nodiscard]] inline block_pool_operation& passed_operation() {
  thread_local block_pool_operation passed{};
  return passed;
}

/// One step run on a pool and its shadow: the verdict, what the pool returned, and whether the
/// step was one the adapter has to accept in this state at all.
struct block_pool_step {
  block_pool_verdict verdict{};
  std::string returned = "-";
  bool valid = true;
};

/// Applies `op` to `pool`, reads back the block tables it changed and `free_blocks()`, and judges
/// both with `shadow` (a `kvc::block_pool_shadow`; a parameter of its own so that the shadow's
/// class is instantiated where a pool is checked, not where this header is included).
template <class Pool, class Shadow>
[[nodiscard]] block_pool_step run_block_pool_step(Pool& pool, Shadow& shadow,
                                                  const block_pool_operation& op) {
  block_pool_step step{};
  block_pool_operation& passed = passed_operation();
  passed = op;
  struct overwrite_when_done {
    block_pool_operation& passed;
    ~overwrite_when_done() {
      for (std::int32_t& token : passed.tokens.storage) token = overwritten_token;
    }
  };
  switch (op.kind) {
    case block_pool_operation_kind::allocate: {
      if (op.tokens.count == 0 || shadow.is_live(op.request)) return {{}, "-", false};
      std::optional<std::int64_t> hit;
      {
        const overwrite_when_done done{passed};
        hit = allocate_on(pool, passed);
      }
      std::vector<std::int64_t> table;
      if (hit) table = table_of(pool, op.request);
      step.returned = hit ? std::to_string(*hit) + " cached tokens, blocks " + ids_text(table) : "refused";
      step.verdict = shadow.allocated(op.request, op.other, op.template token_span<Pool>(), hit, table);
      break;
    }
    case block_pool_operation_kind::append: {
      if (op.tokens.count == 0 || !shadow.is_live(op.request)) return {{}, "-", false};
      bool admitted = false;
      {
        const overwrite_when_done done{passed};
        admitted = apply_operation(pool, passed).value != 0;
      }
      const std::vector<std::int64_t> table = table_of(pool, op.request);
      step.returned = (admitted ? "admitted, blocks " : "refused, blocks ") + ids_text(table);
      step.verdict = shadow.appended(op.request, op.template token_span<Pool>(), admitted, table);
      break;
    }
    case block_pool_operation_kind::free:
      static_cast<void>(apply_operation(pool, op));
      step.verdict = shadow.freed(op.request);
      break;
    case block_pool_operation_kind::fork: {
      if (!block_pool_with_fork<Pool> || !shadow.is_live(op.request) || shadow.is_live(op.other))
        return {{}, "-", false};
      const bool admitted = apply_operation(pool, op).value != 0;
      std::vector<std::int64_t> table;
      std::vector<std::int64_t> parent;
      if (admitted) {
        table = table_of(pool, op.other);
        parent = table_of(pool, op.request);
      }
      step.returned = admitted ? "admitted, child blocks " + ids_text(table) + ", parent blocks " +
                                     ids_text(parent)
                               : "refused";
      step.verdict = shadow.forked(op.request, op.other, admitted, table, parent);
      break;
    }
    case block_pool_operation_kind::reset_prefix_cache: {
      if (!block_pool_with_reset<Pool>) return {{}, "-", false};
      const bool done = apply_operation(pool, op).value != 0;
      step.returned = done ? "true" : "false";
      step.verdict = shadow.reset(done);
      break;
    }
    case block_pool_operation_kind::free_blocks: {
      const std::int64_t free = observed_value(pool.free_blocks()).value;
      step.returned = std::to_string(free);
      step.verdict = shadow.counted_free(free);
      return step;
    }
  }
  // Every live table, read back again: a step may not rewrite a request it was not called on.
  for (const std::uint64_t request : shadow.live_requests()) {
    if (!step.verdict.ok()) break;
    step.verdict = shadow.reread(request, table_of(pool, request));
  }
  if (step.verdict.ok()) step.verdict = shadow.counted_free(observed_value(pool.free_blocks()).value);
  if (!step.verdict.ok() && step.verdict.what.find(call_text<Pool>(op)) == std::string::npos)
    step.verdict.what = "after " + call_text<Pool>(op) + ": " + step.verdict.what;
  return step;
}

/// Simpler forms of a block-pool operation, simplest first, for kvc's shrinker: half or one fewer
/// of its tokens, tokens 1 and 2, namespace 0, smaller request ids.
template <class Emit>
void simpler_operations(const block_pool_operation& op, Emit&& emit) {
  const std::size_t n = op.tokens.count;
  if (n > 1) {
    block_pool_operation half = op;
    half.tokens.count = n / 2;
    emit(half);
  }
  for (std::size_t drop = n; n > 1 && drop-- > 0;) {
    block_pool_operation fewer = op;
    for (std::size_t i = drop; i + 1 < n; ++i) fewer.tokens.storage[i] = fewer.tokens.storage[i + 1];
    fewer.tokens.count = n - 1;
    emit(fewer);
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (const std::int32_t lower : {1, 2}) {
      if (op.tokens.storage[i] <= lower && op.tokens.storage[i] >= 0) continue;
      block_pool_operation smaller = op;
      smaller.tokens.storage[i] = lower;
      emit(smaller);
    }
  }
  if (op.kind == block_pool_operation_kind::allocate && op.other != 0) {
    block_pool_operation first = op;
    first.other = 0;
    emit(first);
  }
  if (op.request > 1) {
    block_pool_operation lower = op;
    lower.request = op.request > (std::uint64_t{1} << 32) ? op.request - (std::uint64_t{1} << 32)
                                                          : op.request - 1;
    emit(lower);
  }
}

/// A fresh pool from `make_pool`, of `geometry` when the factory takes one (converted explicitly to
/// its parameter types).
template <class MakePool>
[[nodiscard]] decltype(auto) make_block_pool_of(MakePool& make_pool, const block_pool_geometry& geometry) {
  if constexpr (std::is_invocable_v<MakePool&>) {
    static_cast<void>(geometry);
    return make_pool();
  } else {
    using signature = typename factory_signature<std::remove_cvref_t<MakePool>>::type;
    return make_pool(as_parameter<0, signature>(geometry.num_blocks),
                     as_parameter<1, signature>(geometry.block_size));
  }
}

/// One fresh pool of the checked type, behind the one call the check's loop makes on it (the
/// loop, the generator and the shrinker are then compiled once, not once per pool type).
class block_pool_session {
 public:
  virtual ~block_pool_session() = default;
  /// What `run_block_pool_step` does on the pool.
  virtual block_pool_step step(block_pool_shadow& shadow, const block_pool_operation& op) = 0;
};

/// The session of a pool the factory made as `Made` (the pool, or a pointer to it).
template <class Made>
class made_block_pool_session final : public block_pool_session {
 public:
  /// Holds what `make()` returns, constructed in place (a pool need not be movable).
  template <class Make>
  explicit made_block_pool_session(Make&& make) : made_(make()) {}

  block_pool_step step(block_pool_shadow& shadow, const block_pool_operation& op) override {
    return run_block_pool_step(implementation_of(made_), shadow, op);
  }

 private:
  Made made_;
};

/// Steps one fresh pool, which it owns: `step_on(shadow, op)`.
class block_pool_stepper {
 public:
  explicit block_pool_stepper(block_pool_session* session) noexcept : session_(session) {}
  block_pool_stepper(const block_pool_stepper&) = delete;
  block_pool_stepper& operator=(const block_pool_stepper&) = delete;
  ~block_pool_stepper() { delete session_; }

  block_pool_step operator()(block_pool_shadow& shadow, const block_pool_operation& op) const {
    return session_->step(shadow, op);
  }

 private:
  block_pool_session* session_;
};

/// Makes a fresh pool of a geometry: `fresh(geometry)` is its stepper.
class fresh_block_pool {
 public:
  virtual ~fresh_block_pool() = default;
  [[nodiscard]] block_pool_stepper operator()(const block_pool_geometry& geometry) const {
    return block_pool_stepper(make(geometry));
  }

 private:
  /// A new session of a fresh pool, which the caller owns.
  [[nodiscard]] virtual block_pool_session* make(const block_pool_geometry& geometry) const = 0;
};

/// `fresh_block_pool` for a factory of type `MakePool`, whose pools it holds as `Made`.
template <class MakePool, class Made>
class typed_fresh_block_pool final : public fresh_block_pool {
 public:
  explicit typed_fresh_block_pool(MakePool& make_pool) noexcept : make_pool_(make_pool) {}

 private:
  [[nodiscard]] block_pool_session* make(const block_pool_geometry& geometry) const override {
    return new made_block_pool_session<Made>(
        [&] { return make_block_pool_of(make_pool_, geometry); });
  }

  MakePool& make_pool_;
};

/// What the check's loop needs to know about the pool's type.
struct block_pool_traits {
  bool forks = false;
  bool resets = false;
  std::uint64_t largest_request = ~std::uint64_t{0};
  std::uint64_t largest_namespace = ~std::uint64_t{0};
  bool signed_namespaces = false;
};

/// Runs `operations` on a fresh pool of `geometry` and a fresh shadow; the first wrong step, or
/// not failed when every step is right or one is not a call the adapter has to accept.
template <class Deferred = void>
[[nodiscard]] step_failure run_block_pool_sequence(
    const fresh_block_pool& fresh, const block_pool_geometry& geometry, const check_options& options,
    const std::vector<block_pool_operation>& operations, block_pool_report* report = nullptr) {
  const block_pool_stepper step_on = fresh(geometry);
  basic_block_pool_shadow<Deferred> shadow(geometry.num_blocks, geometry.block_size, options.policy,
                                           options.exact, options.max_live_requests);
  for (std::size_t i = 0; i < operations.size(); ++i) {
    const block_pool_step step = step_on(shadow, operations[i]);
    if (!step.valid) return {};
    if (report != nullptr) report->returned.push_back(step.returned);
    if (!step.verdict.ok()) {
      if (report != nullptr) {
        report->message = step.verdict.what;
        report->actual = step.verdict.actual;
        report->expected = step.verdict.expected;
      }
      return {true, i, step.verdict.actual, step.verdict.expected};
    }
  }
  return {};
}

/// Generates the sequence of `seed` on a fresh pool of `geometry` and runs it, step by step, until
/// a step is wrong: `operations` holds what ran; the failure, or not failed. Counts the operations
/// run into `*operations_run`.
template <class Deferred = void>
[[nodiscard]] step_failure run_generated_block_pool_sequence(
    const fresh_block_pool& fresh, const block_pool_geometry& geometry, const check_options& options,
    const block_pool_traits& traits, std::uint64_t seed, std::size_t length,
    std::vector<block_pool_operation>& operations, std::size_t* operations_run) {
  const block_pool_stepper step_on = fresh(geometry);
  basic_block_pool_shadow<Deferred> shadow(geometry.num_blocks, geometry.block_size, options.policy,
                                           options.exact, options.max_live_requests);
  basic_block_pool_generator<Deferred> generator(seed, traits.forks, traits.resets,
                                                 traits.largest_request, traits.largest_namespace,
                                                 traits.signed_namespaces);
  operations.clear();
  // A fresh pool's free_blocks() first: a pool that starts short fails before any operation.
  operations.push_back(free_blocks_operation());
  for (std::size_t step = 0; step <= length; ++step) {
    if (step > 0) operations.push_back(generator.next(shadow));
    ++*operations_run;
    const block_pool_step outcome = step_on(shadow, operations.back());
    if (!outcome.verdict.ok())
      return {true, operations.size() - 1, outcome.verdict.actual, outcome.verdict.expected};
  }
  return {};
}

/// A failing sequence shrunk, and the pool geometry it fails on.
struct shrunk_block_pool_failure {
  shrunk_sequence<block_pool_operation> shrunk;
  block_pool_geometry geometry;
};

/// Shrinks `failing` (which fails as `failure` says on `geometry`); then, when the factory takes
/// the geometry, looks for a shorter counterexample on pools of 2 to 5 blocks of the same block
/// size: the same sequences shrunk there, and, while the best is longer than 8 operations,
/// sequences generated for those pools (a bug that needs a full pool needs fewer operations to
/// fill a small one).
template <class Deferred = void>
[[nodiscard]] shrunk_block_pool_failure shrink_block_pool_failure(
    const fresh_block_pool& fresh, const check_options& options, const block_pool_traits& traits,
    const block_pool_geometry& geometry, bool geometry_fixed,
    const std::vector<block_pool_operation>& failing, const step_failure& failure) {
  const auto shrunk_on = [&fresh, &options](const block_pool_geometry& pool,
                                            const std::vector<block_pool_operation>& operations,
                                            const step_failure& failed) {
    return shrink(operations, failed,
                  [&fresh, &pool, &options](const std::vector<block_pool_operation>& candidate) {
                    return run_block_pool_sequence(fresh, pool, options, candidate);
                  });
  };
  shrunk_block_pool_failure best{shrunk_on(geometry, failing, failure), geometry};
  if (geometry_fixed) return best;
  const auto consider = [&](const block_pool_geometry& pool,
                            const std::vector<block_pool_operation>& operations,
                            const step_failure& failed) {
    shrunk_sequence<block_pool_operation> candidate = shrunk_on(pool, operations, failed);
    const std::size_t runs = best.shrunk.runs + candidate.runs;
    if (candidate.operations.size() < best.shrunk.operations.size()) best = {std::move(candidate), pool};
    best.shrunk.runs = runs;
  };
  for (std::size_t blocks = 2; blocks < geometry.num_blocks && blocks <= 5; ++blocks) {
    const block_pool_geometry smaller{blocks, geometry.block_size};
    for (const bool from_original : {false, true}) {
      const std::vector<block_pool_operation> operations =
          from_original ? failing : best.shrunk.operations;
      const step_failure failed = run_block_pool_sequence(fresh, smaller, options, operations);
      if (failed.failed) consider(smaller, operations, failed);
    }
  }
  constexpr std::size_t short_enough = 8;
  constexpr std::size_t searched = 200;
  std::vector<block_pool_operation> operations;
  std::size_t ignored = 0;
  for (std::size_t extra = 0; extra < searched && best.shrunk.operations.size() > short_enough;
       ++extra) {
    const block_pool_geometry smaller{2 + extra % 4, geometry.block_size};
    if (smaller.num_blocks >= geometry.num_blocks) continue;
    const std::uint64_t seed = sequence_seed(options.seed ^ 0xB10C5EEDULL, extra);
    const step_failure failed = run_generated_block_pool_sequence(
        fresh, smaller, options, traits, seed, max_sequence_steps, operations, &ignored);
    if (failed.failed) consider(smaller, operations, failed);
  }
  return best;
}

/// The loop of kvc::check_block_pool, the same for every pool type (the pool is behind `fresh`, so
/// that a user's build compiles the generator, the runner and the shrinker once): `report` comes
/// with the factory's facts filled in; `fixed` is the geometry of a factory that takes none.
template <class Deferred = void>
[[nodiscard]] block_pool_report run_block_pool_check(
    const fresh_block_pool& fresh, block_pool_report report,
    std::optional<block_pool_geometry> fixed, const block_pool_traits& traits) {
  const check_options& options = report.options;
  std::vector<block_pool_operation> operations;
  operations.reserve(max_sequence_steps + 1);
  for (std::size_t index = 0; index < options.sequences; ++index) {
    const std::uint64_t seed = sequence_seed(options.seed, index);
    const block_pool_geometry geometry =
        fixed ? *fixed : block_pool_geometry_of(seed, options.blocks, options.block_size);
    // Block-pool sequences run up to the longest kvc makes (crowds of 33, evictions after churn)
    // unless max_steps asks for shorter ones than its default: an operation costs microseconds.
    const std::size_t length = sequence_length(
        options.seed, index,
        options.max_steps >= check_options{}.max_steps ? max_sequence_steps : options.max_steps);
    ++report.sequences_run;
    const step_failure failure = run_generated_block_pool_sequence(
        fresh, geometry, options, traits, seed, length, operations, &report.operations_run);
    if (!failure.failed) continue;

    report.sequences_to_failure = index + 1;
    report.original_length = operations.size();
    // Only a factory that takes the geometry (and a check that does not fix it) may be given a
    // smaller pool.
    const bool geometry_fixed = fixed.has_value() || options.blocks != 0;
    shrunk_block_pool_failure best = shrink_block_pool_failure(fresh, options, traits, geometry,
                                                               geometry_fixed, operations, failure);
    report.num_blocks = best.geometry.num_blocks;
    report.block_size = best.geometry.block_size;
    report.operations = std::move(best.shrunk.operations);
    report.failing_step = best.shrunk.failure.step + 1;
    report.shrink_runs = best.shrunk.runs;
    static_cast<void>(
        run_block_pool_sequence(fresh, best.geometry, options, report.operations, &report));
    return report;
  }
  return report;
}

}  // namespace detail

/// Judges one operation of a block pool against its shadow: applies `op` to `pool`, reads back the
/// block tables it changed and `free_blocks()`, and returns the shadow's verdict. What
/// `block_pool_report::replay()` calls; usable in an engine's own tests step by step.
template <class Pool>
[[nodiscard]] block_pool_verdict check_block_pool_step(Pool& pool, block_pool_shadow& shadow,
                                                       const block_pool_operation& op) {
  const detail::block_pool_step step = detail::run_block_pool_step(pool, shadow, op);
  if (!step.valid)
    return {detail::call_text<Pool>(op) +
                " is not a call the adapter has to accept here (a live request allocated again, "
                "an append or a fork of a request that is not live, a fork into a live child, an "
                "empty prompt, or a member the pool lacks)",
            0, 0};
  return step.verdict;
}

/// Runs `options.sequences` generated sequences, each on a fresh pool from `make_pool(num_blocks,
/// block_size)` (a geometry drawn per sequence: 2 to 10 blocks of 1 to 16 tokens, unless
/// `options.blocks` and `options.block_size` fix it) or from `make_pool()` (then
/// `options.block_size` must be set), judging every step with `kvc::block_pool_shadow`: hits in
/// bound mode by default, exactly with `options.exact`, under `options.policy`. The first failure
/// is shrunk to a minimal sequence.
template <class MakePool>
[[nodiscard]] block_pool_report check_block_pool(MakePool&& make_pool,
                                                 const check_options& options = {}) {
  constexpr bool takes_geometry = !std::is_invocable_v<std::remove_reference_t<MakePool>&>;
  using made_type = std::remove_cvref_t<decltype(detail::make_block_pool_of(
      make_pool, std::declval<const detail::block_pool_geometry&>()))>;
  using pool_type = std::remove_cvref_t<decltype(detail::implementation_of(std::declval<made_type&>()))>;
  static_assert(block_pool_adapter<pool_type>,
                "kvc::check_block_pool: the factory must make a block pool with allocate(request, "
                "ns, tokens), append(request, tokens), free(request), free_blocks() and "
                "block_table(request) (kvc/stateful/block_pool_operations.hpp)");
  using allocate = typename detail::allocate_member<pool_type>::type;
  const detail::block_pool_traits traits{block_pool_with_fork<pool_type>,
                                         block_pool_with_reset<pool_type>,
                                         detail::largest_parameter_of<0, allocate>(),
                                         detail::largest_parameter_of<1, allocate>(),
                                         detail::signed_parameter_of<1, allocate>()};
  // Only the factory and its sessions depend on the pool's type: the loop, the generator and the
  // shrinker do not.
  const detail::typed_fresh_block_pool<std::remove_reference_t<MakePool>, made_type> fresh(
      make_pool);

  block_pool_report report{};
  report.options = options;
  report.seed = options.seed;
  report.exact = options.exact;
  report.factory_takes_geometry = takes_geometry;
  report.through_pointer = !std::is_same_v<made_type, pool_type>;
  std::optional<detail::block_pool_geometry> fixed;
  if constexpr (!takes_geometry) {
    made_type made = make_pool();
    const std::int64_t capacity =
        detail::observed_value(detail::implementation_of(made).free_blocks()).value;
    fixed = detail::block_pool_geometry{capacity < 0 ? 0 : static_cast<std::size_t>(capacity),
                                        options.block_size};
    if (options.block_size == 0) {
      report.sequences_to_failure = 1;
      report.message =
          "the factory takes no geometry, so check_options::block_size must say the pool's block "
          "size";
      report.operations.push_back(free_blocks_operation());
      report.failing_step = 1;
      return report;
    }
  }
  return detail::run_block_pool_check(fresh, std::move(report), fixed, traits);
}

}  // namespace kvc
