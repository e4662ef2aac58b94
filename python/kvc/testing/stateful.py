"""Stateful checks: a Python prefix cache or slot allocator driven side by side with kvc's models
(kvc.model.PrefixCache, kvc.model.SlotAllocator) by Hypothesis' RuleBasedStateMachine, as
kvc::check_prefix_cache and kvc::check_slot_allocator do in C++.

    TestMyCache = kvc.testing.stateful.prefix_cache_machine(MyCache)          # pytest collects it
    TestMyAllocator = kvc.testing.stateful.slot_allocator_machine(MyAllocator)

A prefix cache is any object with ``insert(ns, tokens)``, ``lookup(ns, tokens)`` (an int, the
policy built in) and ``erase(ns)``; a slot allocator has ``try_reserve(request, n)`` (truthy when
granted), ``release(request)`` (slots freed) and ``available()``. Hypothesis shrinks a failing run
to a short sequence of calls before it reports it.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple, Type

from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from . import strategies as kst
from ._report import normalized, text

__all__ = [
    "prefix_cache_machine",
    "prefix_cache_state_machine",
    "slot_allocator_machine",
    "slot_allocator_state_machine",
]


def _model():
    from .. import _kvc

    return _kvc.model


def _other_namespace(ns: Any) -> Any:
    """A namespace equal to ``ns`` but for one field (a different adapter or salt)."""
    if isinstance(ns, str):
        return ns + "-other"
    if all(hasattr(ns, f) for f in ("model", "adapter", "adapter_revision", "salt")):
        return type(ns)(ns.model, ns.adapter, ns.adapter_revision, ns.salt + "-other")
    return ("other", ns)


def prefix_cache_state_machine(make_cache: Callable[[], Any], *, exact: bool = False,
                               block_size: int = 1, recompute_last_token: bool = False,
                               max_tokens: int = 64) -> Type[RuleBasedStateMachine]:
    """The RuleBasedStateMachine class behind ``prefix_cache_machine``."""
    model_type = _model().PrefixCache
    max_tokens = min(max_tokens, model_type.max_tokens)
    tokens = kst.token_sequences(0, max_tokens)

    class PrefixCacheMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.cache = make_cache()
            self.model = model_type()
            self.inserted: List[Tuple[Any, List[int]]] = []

        def _insert(self, ns: Any, ids: List[int]) -> None:
            try:
                self.model.insert(ns, ids)
            except ValueError:
                return  # the model is full: a limit of the model, not of the cache under test
            self.cache.insert(ns, list(ids))
            self.inserted.append((ns, list(ids)))

        def _lookup(self, ns: Any, ids: List[int]) -> None:
            actual = normalized(self.cache.lookup(ns, list(ids)))
            expected = self.model.lookup(ns, ids, block_size=block_size,
                                         recompute_last_token=recompute_last_token)
            call = f"lookup({text(ns)}, {text(ids)})"
            if exact:
                assert actual == expected, f"{call} returned {text(actual)}, the model {expected}"
            else:
                assert isinstance(actual, int) and 0 <= actual <= expected, (
                    f"{call} returned {text(actual)}, more than the model's {expected} "
                    "(or negative): it would reuse KV it does not hold"
                )

        @rule(ns=kst.namespaces(), ids=tokens)
        def insert(self, ns: Any, ids: List[int]) -> None:
            self._insert(ns, ids)

        @rule(ns=kst.namespaces(), ids=tokens)
        def lookup(self, ns: Any, ids: List[int]) -> None:
            self._lookup(ns, ids)

        @precondition(lambda self: self.inserted)
        @rule(data=st.data(), cut=st.integers(0, max_tokens), extra=kst.token_sequences(0, 4))
        def lookup_cached(self, data: Any, cut: int, extra: List[int]) -> None:
            # A cached sequence cut short or run on: where block and last-token rounding bite.
            ns, ids = data.draw(st.sampled_from(self.inserted))
            self._lookup(ns, ids[:cut] + extra)

        @precondition(lambda self: self.inserted)
        @rule(data=st.data())
        def lookup_in_other_namespace(self, data: Any) -> None:
            ns, ids = data.draw(st.sampled_from(self.inserted))
            self._lookup(_other_namespace(ns), ids)

        @rule(ns=kst.namespaces())
        def erase(self, ns: Any) -> None:
            self.cache.erase(ns)
            self.model.erase(ns)
            self.inserted = [(n, ids) for n, ids in self.inserted if n != ns]

        @precondition(lambda self: self.inserted)
        @rule(data=st.data())
        def erase_then_reinsert(self, data: Any) -> None:
            ns, ids = data.draw(st.sampled_from(self.inserted))
            self.erase(ns)
            self._lookup(ns, ids)
            self._insert(ns, ids)
            self._lookup(ns, ids)

        @rule(ns=kst.namespaces(), token=st.integers(0, 3))
        def insert_at_capacity(self, ns: Any, token: int) -> None:
            # The longest sequence the model holds, then lookups one short of and at it.
            ids = [token] * max_tokens
            self._insert(ns, ids)
            self._lookup(ns, ids[:-1])
            self._lookup(ns, ids)

    PrefixCacheMachine.__name__ = f"PrefixCacheMachine[{getattr(make_cache, '__qualname__', 'cache')}]"
    return PrefixCacheMachine


def slot_allocator_state_machine(make_allocator: Callable[[int], Any], *,
                                 max_capacity: int = 64) -> Type[RuleBasedStateMachine]:
    """The RuleBasedStateMachine class behind ``slot_allocator_machine``."""
    model_type = _model().SlotAllocator
    requests = st.one_of(st.integers(0, 5), st.sampled_from([-1, 2**63 - 1, 2**64 - 1]))
    counts = st.one_of(st.integers(-2, 8), st.integers(0, max_capacity + 2))

    class SlotAllocatorMachine(RuleBasedStateMachine):
        @initialize(capacity=st.integers(0, max_capacity))
        def create(self, capacity: int) -> None:
            self.allocator = make_allocator(capacity)
            self.model = model_type(capacity)

        @rule(request=requests, n=counts)
        def try_reserve(self, request: int, n: int) -> None:
            available = self.model.available()
            actual = bool(self.allocator.try_reserve(request, n))
            expected = self.model.try_reserve(request, n)
            assert actual == expected, (
                f"try_reserve({request}, {n}) returned {text(actual)}, the model {text(expected)} "
                f"({available} slots were available)"
            )

        @rule(request=requests)
        def release(self, request: int) -> None:
            actual = normalized(self.allocator.release(request))
            expected = self.model.release(request)
            assert actual == expected, f"release({request}) returned {text(actual)}, the model {expected}"

        @rule(request=requests)
        def release_twice(self, request: int) -> None:
            self.release(request)
            self.release(request)

        @rule(request=requests)
        def reserve_everything_left(self, request: int) -> None:
            # The capacity edge: exactly what is left, then one more.
            self.try_reserve(request, self.model.available())
            self.try_reserve(request, 1)

        @invariant()
        def available_matches(self) -> None:
            if not hasattr(self, "model"):
                return
            actual = normalized(self.allocator.available())
            expected = self.model.available()
            assert actual == expected, f"available() returned {text(actual)}, the model {expected}"

    SlotAllocatorMachine.__name__ = (
        f"SlotAllocatorMachine[{getattr(make_allocator, '__qualname__', 'allocator')}]"
    )
    return SlotAllocatorMachine


def _test_case(machine: Type[RuleBasedStateMachine], settings: Optional[hypothesis_settings]) -> type:
    case = machine.TestCase
    case.settings = settings or hypothesis_settings(max_examples=100, stateful_step_count=30,
                                                    deadline=None)
    return case


def prefix_cache_machine(make_cache: Callable[[], Any], *, exact: bool = False, block_size: int = 1,
                         recompute_last_token: bool = False, max_tokens: int = 64,
                         settings: Optional[hypothesis_settings] = None) -> type:
    """A unittest TestCase class (pytest collects it when assigned to a ``Test...`` name) that
    drives ``make_cache()`` and kvc.model.PrefixCache with the same inserts, lookups and erases:
    erase then reinsert, lookups in another namespace, sequences at the model's 64-token capacity.
    Every lookup is checked as a bound (``0 <= actual <= model``: never reuse what is not held),
    or for equality with ``exact=True``; the model's lookup applies the policy given."""
    return _test_case(
        prefix_cache_state_machine(make_cache, exact=exact, block_size=block_size,
                                   recompute_last_token=recompute_last_token,
                                   max_tokens=max_tokens),
        settings,
    )


def slot_allocator_machine(make_allocator: Callable[[int], Any], *, max_capacity: int = 64,
                           settings: Optional[hypothesis_settings] = None) -> type:
    """A unittest TestCase class that drives ``make_allocator(capacity)`` and
    kvc.model.SlotAllocator with the same reservations and releases, and compares every grant,
    every release's count and ``available()`` after every step, exactly."""
    return _test_case(slot_allocator_state_machine(make_allocator, max_capacity=max_capacity),
                      settings)
