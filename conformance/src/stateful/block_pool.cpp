// conformance/src/stateful/block_pool.cpp - kvc::check_block_pool's run: one step on a pool judged
// by its shadow, the block-pool machine driven by the one run loop, and its report.
#include <kvc/stateful/block_pool_check.hpp>

#include <kvc/explore.hpp>
#include <kvc/model/block_pool.hpp>
#include <kvc/specs/block_pool.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "block_pool_machine.hpp"
#include "block_pool_text.hpp"
#include "machine.hpp"

namespace kvc {

namespace library::stateful {

namespace {

/// A token no generated prompt holds: what the tokens kvc passed are overwritten with once the
/// call returns.
constexpr std::int32_t overwritten_token = 0x5A5A5A5A;

/// The operation whose tokens a pool is given: one buffer for every call, overwritten once the
/// call returns, so that a pool that keeps the caller's span instead of copying it (or keys blocks
/// by the buffer's address) reads other tokens at its next call.
block_pool_operation& passed_operation() {
  thread_local block_pool_operation passed{};
  return passed;
}

/// Overwrites the passed tokens when the call it guards returns.
struct overwrite_when_done {
  explicit overwrite_when_done(block_pool_operation& op) noexcept : passed(op) {}
  overwrite_when_done(const overwrite_when_done&) = delete;
  overwrite_when_done& operator=(const overwrite_when_done&) = delete;
  ~overwrite_when_done() {
    for (std::int32_t& token : passed.tokens.storage) token = overwritten_token;
  }
  block_pool_operation& passed;
};

std::vector<std::int64_t> table_of(const detail::erased_block_pool& pool, void* made,
                                   std::uint64_t request) {
  std::vector<std::int64_t> ids;
  pool.facts.block_table(made, request, ids);
  return ids;
}

std::int64_t free_count(const detail::erased_block_pool& pool, void* made) {
  return pool.apply(made, free_blocks_operation()).value;
}

}  // namespace

block_pool_step step_block_pool(const detail::erased_block_pool& pool, void* made,
                                block_pool_shadow& shadow, const block_pool_operation& op,
                                bool describe) {
  block_pool_step step{};
  block_pool_operation& passed = passed_operation();
  passed = op;
  switch (op.kind) {
    case block_pool_operation_kind::allocate: {
      if (op.tokens.count == 0 || shadow.is_live(op.request)) return {{}, "-", false};
      std::optional<std::int64_t> hit;
      {
        const overwrite_when_done done(passed);
        hit = pool.facts.allocate(made, passed);
      }
      std::vector<std::int64_t> table;
      if (hit) table = table_of(pool, made, op.request);
      if (describe)
        step.returned =
            hit ? std::to_string(*hit) + " cached tokens, blocks " + ids_text(table) : "refused";
      step.verdict = shadow.allocated(op.request, op.other, op.token_span(), hit, table);
      break;
    }
    case block_pool_operation_kind::append: {
      if (op.tokens.count == 0 || !shadow.is_live(op.request)) return {{}, "-", false};
      bool admitted = false;
      {
        const overwrite_when_done done(passed);
        admitted = pool.apply(made, passed).value != 0;
      }
      const std::vector<std::int64_t> table = table_of(pool, made, op.request);
      if (describe)
        step.returned = (admitted ? "admitted, blocks " : "refused, blocks ") + ids_text(table);
      step.verdict = shadow.appended(op.request, op.token_span(), admitted, table);
      break;
    }
    case block_pool_operation_kind::free:
      static_cast<void>(pool.apply(made, op));
      step.verdict = shadow.freed(op.request);
      break;
    case block_pool_operation_kind::fork: {
      if (!pool.facts.forks || !shadow.is_live(op.request) || shadow.is_live(op.other))
        return {{}, "-", false};
      const bool admitted = pool.apply(made, op).value != 0;
      std::vector<std::int64_t> table;
      std::vector<std::int64_t> parent;
      if (admitted) {
        table = table_of(pool, made, op.other);
        parent = table_of(pool, made, op.request);
      }
      if (describe)
        step.returned = admitted ? "admitted, child blocks " + ids_text(table) +
                                       ", parent blocks " + ids_text(parent)
                                 : "refused";
      step.verdict = shadow.forked(op.request, op.other, admitted, table, parent);
      break;
    }
    case block_pool_operation_kind::reset_prefix_cache: {
      if (!pool.facts.resets) return {{}, "-", false};
      const bool done = pool.apply(made, op).value != 0;
      if (describe) step.returned = done ? "true" : "false";
      step.verdict = shadow.reset(done);
      break;
    }
    case block_pool_operation_kind::free_blocks: {
      const std::int64_t free = free_count(pool, made);
      if (describe) step.returned = std::to_string(free);
      step.verdict = shadow.counted_free(free);
      return step;
    }
  }
  // Every live table, read back again: a step may not rewrite a request it was not called on.
  for (const std::uint64_t request : shadow.live_requests()) {
    if (!step.verdict.ok()) break;
    step.verdict = shadow.reread(request, table_of(pool, made, request));
  }
  if (step.verdict.ok()) step.verdict = shadow.counted_free(free_count(pool, made));
  if (step.verdict.ok()) return step;
  const std::string call = call_code(op);
  if (step.verdict.what.find(call) == std::string::npos)
    step.verdict.what = "after " + call + ": " + step.verdict.what;
  return step;
}

}  // namespace library::stateful

namespace detail {

block_pool_verdict run_block_pool_step(const erased_block_pool& pool, void* made,
                                       block_pool_shadow& shadow, const block_pool_operation& op) {
  const library::stateful::block_pool_step step =
      library::stateful::step_block_pool(pool, made, shadow, op);
  if (!step.valid)
    return {library::stateful::call_code(op) +
                " is not a call the adapter has to accept here (a live request allocated again, "
                "an append or a fork of a request that is not live, a fork into a live child, an "
                "empty prompt, or a member the pool lacks)",
            0, 0};
  return step.verdict;
}

block_pool_report run_block_pool_check(const erased_block_pool& pool,
                                       const check_options& options) {
  using library::stateful::block_pool_machine;
  block_pool_report report{};
  report.options = options;
  report.seed = options.seed;
  report.exact = options.exact;
  report.factory_takes_geometry = pool.takes_arguments;
  report.through_pointer = pool.through_pointer;
  if (pool.facts.fixed_geometry && options.block_size == 0) {
    report.sequences_to_failure = 1;
    report.message =
        "the factory takes no geometry, so check_options::block_size must say the pool's block "
        "size";
    report.operations.push_back(free_blocks_operation());
    report.returned.emplace_back("-");
    report.failing_step = 1;
    report.num_blocks = pool.facts.fixed_blocks;
    return report;
  }
  const library::stateful::check_result<block_pool_machine> result =
      library::stateful::run_check<block_pool_machine>(pool, options);
  report.sequences_run = result.sequences_run;
  report.operations_run = result.operations_run;
  report.sequences_to_failure = result.sequences_to_failure;
  report.original_length = result.original_length;
  report.shrink_runs = result.shrink_runs;
  if (!result.failed()) return report;
  const library::stateful::sequence_outcome<block_pool_machine>* best = &result.shrunk;
  // A bug that shows once the pool is full shows in fewer operations on a smaller pool, but the
  // shrinker lowers one choice at a time, and a smaller pool alone changes what the sequence's
  // later operations do. So a factory that takes the geometry (and options that do not fix it) is
  // also searched with pools of 2 to 5 blocks of the same block size, and the shortest
  // counterexample is kept.
  library::stateful::check_result<block_pool_machine> smaller[4];
  if (!pool.facts.fixed_geometry && options.blocks == 0) {
    constexpr std::size_t short_enough = 3;
    constexpr std::size_t searched = 50;
    for (std::size_t blocks = 2;
         blocks <= 5 && blocks < best->setup.num_blocks && best->steps.size() > short_enough;
         ++blocks) {
      check_options narrower = options;
      narrower.seed = options.seed ^ 0xB10C5EEDULL;
      narrower.sequences = searched;
      narrower.blocks = blocks;
      narrower.block_size = result.shrunk.setup.block_size;
      smaller[blocks - 2] = library::stateful::run_check<block_pool_machine>(pool, narrower);
      report.shrink_runs += smaller[blocks - 2].shrink_runs;
      if (smaller[blocks - 2].failed() &&
          smaller[blocks - 2].shrunk.steps.size() < best->steps.size())
        best = &smaller[blocks - 2].shrunk;
    }
  }
  report.num_blocks = best->setup.num_blocks;
  report.block_size = best->setup.block_size;
  for (const auto& step : best->steps) report.operations.push_back(step.operation);
  report.failing_step = report.operations.size();
  // The shrunk sequence run once more on a fresh pool and shadow: what the pool returned at each
  // step, and what is wrong at the last.
  const std::vector<std::size_t> arguments = block_pool_machine::arguments(best->setup);
  library::stateful::engine_session<block_pool_machine> session(pool, arguments);
  block_pool_shadow shadow(report.num_blocks, report.block_size, options.policy, options.exact,
                           options.max_live_requests);
  for (const block_pool_operation& op : report.operations) {
    const library::stateful::block_pool_step step =
        library::stateful::step_block_pool(pool, session.made(), shadow, op, true);
    report.returned.push_back(step.returned);
    if (!step.verdict.ok()) {
      report.message = step.verdict.what;
      report.actual = step.verdict.actual;
      report.expected = step.verdict.expected;
      break;
    }
  }
  return report;
}

void report_exploration(const block_pool_report& checked, exploration_report& report) {
  report.cases_run = checked.sequences_run;
  if (!checked.exact)
    report.notes.emplace_back(
        "hits are checked as a bound (kvc::check_block_pool's default): a pool may reuse less "
        "than is cached, never more");
  if (checked.passed()) return;
  report.failed = true;
  report.failing_case = checked.sequences_to_failure - 1;
  report.shrink_runs = checked.shrink_runs;
  std::string ops = "{";
  for (std::size_t i = 0; i < checked.shrunk_length(); ++i) {
    report.inputs +=
        (i == 0 ? "pool." : ", pool.") + library::stateful::call_code(checked.operations[i]);
    ops += (i == 0 ? "" : ", ") + library::stateful::operation_literal(checked.operations[i]);
  }
  report.inputs += " (" + std::to_string(checked.num_blocks) + " blocks of " +
                   std::to_string(checked.block_size) + " tokens)";
  report.actual = std::to_string(checked.actual);
  report.expected = std::to_string(checked.expected);
  report.notes.push_back(checked.message);
  // The operations as a scenario, with kvc's model's observations: what a scenario demands where
  // every correct pool observes the same (a shadow judges KV content, and a pool's eviction
  // order is its own: the author keeps the scenario where it does not depend on it).
  model::block_pool reference(checked.num_blocks, checked.block_size);
  std::string seen = "{";
  for (std::size_t i = 0; i < checked.shrunk_length(); ++i)
    seen += (i == 0 ? "" : ", ") + library::stateful::observation_literal(
                                       apply_operation(reference, checked.operations[i]));
  report.fixture = "kvc::make_scenario(\"explored\", " + std::to_string(checked.num_blocks) + ", " +
                   std::to_string(checked.block_size) + ", " + ops + "}, " + seen + "})";
  report.test_case = checked.replay();
}

}  // namespace detail

}  // namespace kvc
