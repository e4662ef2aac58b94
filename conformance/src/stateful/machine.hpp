// conformance/src/stateful/machine.hpp - the stateful checks' commands and their one run loop.
//
// A stateful check (kvc::check_prefix_cache, kvc::check_slot_allocator, kvc::check_block_pool) is
// a *machine*: a set of *commands*, one per operation of its subject, as RapidCheck's
// `state::Command` and Hypothesis' `@rule` define them. Each command says, in one place:
//   - how often it is drawn, and in which states it may be (its precondition),
//   - how its operation is drawn from a `kvc::gen::source` given the state (choice 0 the simplest),
//   - how it runs: applied to the engine through the adapter built in the user's file
//     (kvc/stateful/erased_engine.hpp), the model stepped, the two compared,
//   - how it prints, as the C++ call a test would make.
// `run_check<Machine>` drives any machine: it draws `options.sequences` sequences, runs each on a
// fresh engine and a fresh state, and shrinks the first failing one with the library's one
// shrinker (gen/shrink.hpp) over the sequence's choices. Each operation is a marked element of
// the choices, so that deleting it deletes its operation and lowering its choices simplifies it;
// its first choice skips it when lowered to 0, which deletes it and leaves every other operation
// as it was drawn.
//
// A machine `M` is a struct with
//   operation                  one call (kvc::cache_operation)
//   engine                     its adapter (kvc::detail::erased_engine<operation, facts>)
//   setup                      what a sequence fixes before its first operation (an allocator's
//                              capacity, a pool's geometry), drawn first
//   state                      the model and the generator's memory, fresh per sequence
//   commands                   command_list<C...>, the first the one choice 0 draws
//   static setup draw_setup(gen::source&, const engine&, const check_options&)
//                              (a fixed number of choices, so that lowering one shifts none;
//                              lowered, they shrink the setup too: a smaller pool)
//   static std::vector<std::size_t> arguments(const setup&)
//                              what the factory is given (when it takes arguments)
//   static state start(engine_session<M>&, const setup&, const check_options&)
//   static std::size_t most_steps(const check_options&)
// and a command `C` of `M` a struct with
//   static constexpr unsigned weight              how often it is drawn, against the others
//   static bool enabled(const M::state&)          its precondition (else the first enabled
//                                                 command is drawn in its place)
//   static M::operation draw(gen::source&, M::state&, const check_options&)
//   static step_outcome run(engine_session<M>&, M::state&, const M::operation&,
//                           const check_options&)
//   static std::string call(const M::operation&)
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/erased_engine.hpp>
#include <kvc/stateful/operations.hpp>

#include "../gen/shrink.hpp"
#include "../gen/source.hpp"

namespace kvc::library::stateful {

/// What running one command found.
struct step_outcome {
  /// What the engine returned (unobserved for a call whose result is not compared).
  observation actual{};
  /// What the model demands (unobserved when nothing is compared).
  observation expected{};
  /// Whether the engine disagrees with the model here: the sequence fails at this step.
  bool failed = false;
  /// False when the engine need not accept this call in this state: the sequence ends here,
  /// neither failed nor counted.
  bool valid = true;
  /// Why it failed, where `actual` and `expected` do not say it all (empty otherwise).
  std::string message{};
};

/// A lookup's or a grant's comparison: equal when `exact`, else within [0, expected] (a cache may
/// have evicted what the model still holds).
[[nodiscard]] constexpr bool agrees(observation actual, observation expected, bool exact) noexcept {
  if (!expected.observed) return true;
  if (exact) return actual.value == expected.value;
  return actual.value >= 0 && actual.value <= expected.value;
}

/// One fresh engine of machine `M`, made by the user's factory and destroyed with the session.
template <class M>
class engine_session {
 public:
  engine_session(const typename M::engine& engine, std::span<const std::size_t> arguments)
      : engine_(&engine), made_(engine.make(engine.factory, arguments)) {}
  engine_session(const engine_session&) = delete;
  engine_session& operator=(const engine_session&) = delete;
  ~engine_session() { engine_->destroy(made_); }

  /// `kvc::apply_operation(engine, op)`.
  observation apply(const typename M::operation& op) { return engine_->apply(made_, op); }
  /// The adapter (its facts, and any further function pointers of the subject).
  [[nodiscard]] const typename M::engine& engine() const noexcept { return *engine_; }
  /// What the factory made, for the adapter's function pointers.
  [[nodiscard]] void* made() const noexcept { return made_; }

 private:
  const typename M::engine* engine_;
  void* made_;
};

/// The commands of a machine, the first the one choice 0 draws.
template <class... C>
struct command_list {
  static constexpr std::size_t size = sizeof...(C);
};

/// One step of a sequence: which command, its operation, and what running it found.
template <class M>
struct recorded_step {
  std::size_t command = 0;
  typename M::operation operation{};
  step_outcome outcome{};
};

/// What one sequence came to.
template <class M>
struct sequence_outcome {
  typename M::setup setup{};
  std::vector<recorded_step<M>> steps;
  /// Whether the last step failed.
  bool failed = false;
};

/// The length of a sequence, as its first choice: `most` three times in four, else 1 to `most`
/// (lower choices, shorter sequences).
[[nodiscard]] inline std::size_t draw_length(gen::source& choices, std::size_t most) {
  if (most == 0) return 0;
  const auto v = static_cast<std::size_t>(choices.choose(4 * static_cast<std::uint64_t>(most)));
  return v >= most ? most : v + 1;
}

/// Picks a command by weight (`size` when no command's precondition holds in `state`). A command
/// whose precondition does not hold gives way to the first one whose does, so that a choice picks
/// the same command in most states: an operation deleted by the shrinker leaves the commands after
/// it as they were.
template <class M, class... Cs>
[[nodiscard]] std::size_t pick_command(command_list<Cs...>, gen::source& choices,
                                       const typename M::state& state) {
  static constexpr unsigned weights[] = {Cs::weight...};
  static constexpr std::size_t total = (std::size_t{0} + ... + Cs::weight);
  const bool enabled[] = {Cs::enabled(state)...};
  std::size_t pick = choices.below(total);
  std::size_t index = 0;
  while (pick >= weights[index]) pick -= weights[index++];
  if (!enabled[index]) {
    index = 0;
    while (index < sizeof...(Cs) && !enabled[index]) ++index;
  }
  return index;
}

/// Command `index`'s operation, drawn from `choices` in `state`.
template <class M, class... Cs>
[[nodiscard]] typename M::operation draw_operation(command_list<Cs...>, std::size_t index,
                                                   gen::source& choices, typename M::state& state,
                                                   const check_options& options) {
  typename M::operation op{};
  std::size_t i = 0;
  static_cast<void>(((i++ == index && (op = Cs::draw(choices, state, options), true)) || ...));
  return op;
}

/// Command `index` run on `session` and the model.
template <class M, class... Cs>
[[nodiscard]] step_outcome run_operation(command_list<Cs...>, std::size_t index,
                                         engine_session<M>& session, typename M::state& state,
                                         const typename M::operation& op,
                                         const check_options& options) {
  step_outcome outcome;
  std::size_t i = 0;
  static_cast<void>(
      ((i++ == index && (outcome = Cs::run(session, state, op, options), true)) || ...));
  return outcome;
}

/// Command `index`'s call of `op`, as C++.
template <class M, class... Cs>
[[nodiscard]] std::string call_of(command_list<Cs...>, std::size_t index,
                                  const typename M::operation& op) {
  std::string text;
  std::size_t i = 0;
  static_cast<void>(((i++ == index && (text = Cs::call(op), true)) || ...));
  return text;
}

/// Draws one sequence from `choices` and runs it on a fresh engine until a step fails (or is not
/// valid); counts the operations run into `operations_run`.
template <class M>
[[nodiscard]] sequence_outcome<M> run_sequence(const typename M::engine& engine,
                                               const check_options& options, gen::source& choices,
                                               std::size_t& operations_run) {
  sequence_outcome<M> out;
  const std::size_t length = draw_length(choices, M::most_steps(options));
  out.setup = M::draw_setup(choices, engine, options);
  const std::vector<std::size_t> arguments = M::arguments(out.setup);
  engine_session<M> session(engine, arguments);
  typename M::state state = M::start(session, out.setup, options);
  out.steps.reserve(length);
  using commands = typename M::commands;
  for (std::size_t i = 0; i < length; ++i) {
    choices.mark();
    // Choice 0 skips the operation: it is drawn (so that the generator remembers it, and the
    // choices after it are read as before) but neither applied nor checked. Lowering this one
    // choice deletes an operation and changes nothing else.
    const bool applied = choices.choose(63) != 0;
    recorded_step<M> step;
    step.command = pick_command<M>(commands{}, choices, state);
    if (step.command == commands::size) break;
    step.operation = draw_operation<M>(commands{}, step.command, choices, state, options);
    if (!applied) continue;
    step.outcome =
        run_operation<M>(commands{}, step.command, session, state, step.operation, options);
    if (!step.outcome.valid) break;
    ++operations_run;
    out.failed = step.outcome.failed;
    out.steps.push_back(std::move(step));
    if (out.failed) break;
  }
  return out;
}

/// What `run_check` found.
template <class M>
struct check_result {
  std::size_t sequences_run = 0;
  std::size_t operations_run = 0;
  /// The 1-based index of the first failing sequence; 0 when every sequence passed.
  std::size_t sequences_to_failure = 0;
  /// How many operations the failing sequence ran, before shrinking.
  std::size_t original_length = 0;
  std::size_t shrink_runs = 0;
  /// The shrunk counterexample, every step recorded (the last one failed).
  sequence_outcome<M> shrunk;
  [[nodiscard]] bool failed() const noexcept { return sequences_to_failure != 0; }
};

/// The most re-runs one shrink makes: a few thousand short sequences take milliseconds, and a
/// bound keeps a pathological implementation from stalling the test.
inline constexpr std::size_t max_shrink_runs = 5000;

/// The run loop of every stateful check: `options.sequences` sequences, each drawn from its own
/// seed, run on a fresh engine; the first failure shrunk and run again to record every step.
template <class M>
[[nodiscard]] check_result<M> run_check(const typename M::engine& engine,
                                        const check_options& options) {
  check_result<M> result;
  for (std::size_t index = 0; index < options.sequences; ++index) {
    gen::source choices(gen::case_seed(options.seed, index));
    ++result.sequences_run;
    const sequence_outcome<M> ran =
        run_sequence<M>(engine, options, choices, result.operations_run);
    if (!ran.failed) continue;

    result.sequences_to_failure = index + 1;
    result.original_length = ran.steps.size();
    std::size_t ignored = 0;
    const std::vector<std::uint64_t> shrunk = gen::shrink(
        choices.consumed(), choices.marks(),
        [&](const std::vector<std::uint64_t>& candidate, const std::vector<std::size_t>& elements,
            std::vector<std::uint64_t>& consumed, std::vector<std::size_t>& marks) {
          gen::source replay(candidate, elements);
          const bool failed = run_sequence<M>(engine, options, replay, ignored).failed;
          consumed = replay.consumed();
          marks = replay.marks();
          return failed;
        },
        gen::shrink_budget{max_shrink_runs}, result.shrink_runs);
    gen::source replay(shrunk);
    result.shrunk = run_sequence<M>(engine, options, replay, ignored);
    return result;
  }
  return result;
}

}  // namespace kvc::library::stateful
