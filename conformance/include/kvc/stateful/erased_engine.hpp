// kvc/stateful/erased_engine.hpp - an engine of a stateful check behind a few function pointers,
// so that the check's run loop, its commands, its shrinker and its reports are compiled once, in
// the `kvc::conformance` library, whatever the engine's type.
//
// What depends on the engine's type stays in the caller's file and is small: making a fresh engine
// with the user's factory (with the arguments it takes: an allocator's capacity, a pool's
// geometry), applying one operation to it with `kvc::apply_operation`, and destroying it. This is
// to a stateful check what kvc/spec/erased.hpp is to a function call.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>

#include "factory_arguments.hpp"
#include "operations.hpp"

namespace kvc::detail {

/// The address of `object`, even of a type that overloads unary `&`: `std::addressof`, without
/// including <memory> (with its streams and atomics) into every file that checks a stateful engine.
template <class T>
[[nodiscard]] constexpr T* address_of(T& object) noexcept {
  return __builtin_addressof(object);
}

/// Nothing more known of an engine's types.
struct no_engine_facts {};

/// An engine made by a user's factory, behind function pointers: `make` makes a fresh one (the
/// factory's result, held on the heap), `apply` applies an operation to it, `destroy` destroys it.
/// `Facts` holds what the check learns from the engine's types (the largest request id its
/// parameters hold, say), and may hold further function pointers a subject needs (a block pool's
/// block tables).
template <class Operation, class Facts = no_engine_facts>
struct erased_engine {
  /// The user's factory.
  void* factory = nullptr;
  /// A fresh engine from `factory`, given the arguments the subject passes (an allocator's
  /// capacity; a factory that takes none is called with none).
  void* (*make)(void* factory, std::span<const std::size_t> arguments) = nullptr;
  /// Destroys what `make` made.
  void (*destroy)(void* made) noexcept = nullptr;
  /// `kvc::apply_operation(engine, op)` on what `make` made.
  observation (*apply)(void* made, const Operation& op) = nullptr;
  /// Whether the factory returns a pointer to the engine (a replay then calls `->`).
  bool through_pointer = false;
  /// Whether the factory takes the subject's arguments (a replay then passes them).
  bool takes_arguments = false;
  /// What the check knows of the engine's types.
  Facts facts{};
};

/// `factory` (an object that outlives the check) behind an `erased_engine`: a factory that takes
/// `Arguments` arguments, or none.
template <class Operation, std::size_t Arguments, class Facts = no_engine_facts, class Factory>
[[nodiscard]] erased_engine<Operation, Facts> erase_engine(Factory& factory, Facts facts = {}) {
  using made = made_by<Factory, Arguments>;
  erased_engine<Operation, Facts> erased;
  erased.factory = const_cast<void*>(static_cast<const void*>(address_of(factory)));
  erased.make = [](void* f, std::span<const std::size_t> arguments) -> void* {
    return new made(call_factory<Arguments>(*static_cast<Factory*>(f), arguments.data()));
  };
  erased.destroy = [](void* m) noexcept { delete static_cast<made*>(m); };
  erased.apply = [](void* m, const Operation& op) {
    return apply_operation(implementation_of(*static_cast<made*>(m)), op);
  };
  erased.through_pointer = !std::is_same_v<std::remove_cv_t<implementation_made_by<made>>, made>;
  erased.takes_arguments = Arguments != 0 && !std::is_invocable_v<Factory&>;
  erased.facts = facts;
  return erased;
}

}  // namespace kvc::detail
