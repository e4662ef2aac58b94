"""Stateful checks: a Python prefix cache, slot allocator or paged KV block pool checked by kvc's
C++ stateful checks themselves (kvc::check_prefix_cache, kvc::check_slot_allocator,
kvc::check_block_pool: their generated operation sequences, models, shadow, shrinking and report,
through the compiled module), and a prefix cache or slot allocator driven beside kvc's models
(kvc.model.PrefixCache, kvc.model.SlotAllocator) by Hypothesis' RuleBasedStateMachine.

    report = kvc.testing.stateful.check_block_pool(MyPool)   # MyPool(num_blocks, block_size)
    assert report, str(report)                                # the shrunk sequence, when it fails

    TestMyCache = kvc.testing.stateful.prefix_cache_machine(MyCache)          # pytest collects it
    TestMyAllocator = kvc.testing.stateful.slot_allocator_machine(MyAllocator)
    TestMyPool = kvc.testing.stateful.block_pool_machine(MyPool)  # MyPool(num_blocks, block_size)

``block_pool_machine`` wraps ``check_block_pool`` in a unittest TestCase class. A block pool has
``allocate(request, namespace, tokens)`` (the cached tokens, or None when
refused), ``append(request, tokens)`` (truthy when admitted), ``free(request)``, ``free_blocks()``,
``block_table(request)`` and, optionally, ``fork(parent, child)`` and ``reset_prefix_cache()``:
the same adapter as in C++ (README, "Checking a block pool").

A prefix cache is any object with ``insert(ns, tokens)``, ``lookup(ns, tokens)`` (an int, the
policy built in) and ``erase(ns)``; a slot allocator has ``try_reserve(request, n)`` (truthy when
granted), ``release(request)`` (slots freed) and ``available()``. Hypothesis shrinks a failing run
to a short sequence of calls before it reports it.
"""

from __future__ import annotations

import inspect
import unittest
from typing import Any, Callable, List, Optional, Tuple, Type

from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from . import strategies as kst
from ._report import normalized, text

__all__ = [
    "StatefulReport",
    "block_pool_machine",
    "block_pool_state_machine",
    "check_block_pool",
    "check_prefix_cache",
    "check_slot_allocator",
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


class StatefulReport:
    """What ``check_prefix_cache``, ``check_slot_allocator`` or ``check_block_pool`` found (the C++
    ``kvc::stateful_report`` or ``kvc::block_pool_report``): a verdict, the seed and counts, and for
    a failure the shrunk sequence; ``str(report)`` prints it as the C++ report prints (one line
    when it passed). ``error``: the first exception the Python object raised, if any (a raised
    call is a failed observation)."""

    passed_: bool
    seed: int
    sequences_run: int
    operations_run: int
    sequences_to_failure: int
    failing_step: int
    actual: int
    expected: int
    shrink_runs: int
    error: Optional[str]

    def __init__(self, fields: dict) -> None:
        self._text: str = fields.pop("text")
        self.passed_ = fields.pop("passed")
        for name, value in fields.items():
            setattr(self, name, value)

    def passed(self) -> bool:
        return bool(self.passed_)

    def __bool__(self) -> bool:
        return self.passed()

    def __str__(self) -> str:
        return self._text if self.error is None else f"{self._text}\nfirst exception: {self.error}"

    def __repr__(self) -> str:
        verdict = "passed" if self.passed() else f"FAILED at sequence {self.sequences_to_failure}"
        return f"<kvc.testing.stateful.StatefulReport: {verdict} (seed {self.seed})>"


def _options(seed: Optional[int], sequences: Optional[int], max_steps: Optional[int]) -> tuple:
    from .. import _kvc

    seed = _kvc._default_check_seed if seed is None else seed
    sequences = _kvc._default_check_sequences if sequences is None else sequences
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ValueError(f"kvc.testing.stateful: seed must be an int from 0 to 2**64 - 1, not {seed!r}")
    if type(sequences) is not int or sequences < 1:
        raise ValueError(f"kvc.testing.stateful: sequences must be a positive int, not {sequences!r}")
    if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
        raise ValueError(f"kvc.testing.stateful: max_steps must be a positive int, not {max_steps!r}")
    return seed, sequences, max_steps


def _takes(factory: Callable[..., Any], count: int) -> bool:
    try:
        inspect.signature(factory).bind(*range(count))
    except TypeError:
        return False
    except ValueError:  # no signature to read: assume it takes them
        return True
    return True


def check_prefix_cache(make_cache: Callable[[], Any], *, seed: Optional[int] = None,
                       sequences: Optional[int] = None, max_steps: Optional[int] = None,
                       exact: bool = False, block_size: int = 1,
                       recompute_last_token: bool = False) -> StatefulReport:
    """kvc::check_prefix_cache on ``make_cache()``: the C++ check's generated sequences of inserts,
    lookups and erases (namespaces as ``kvc.CacheNamespace``, tokens as lists of ints), each on a
    fresh cache and a fresh kvc::model::prefix_cache; every lookup compared as a bound, or exactly
    with ``exact=True``, with the model's under the policy given. Never raises for a failing cache."""
    from .. import _kvc

    seed, sequences, max_steps = _options(seed, sequences, max_steps)
    return StatefulReport(_kvc._check_prefix_cache(
        make_cache, seed, sequences, max_steps or _kvc._default_check_max_steps, bool(exact),
        block_size, bool(recompute_last_token)))


def check_slot_allocator(make_allocator: Callable[..., Any], *, seed: Optional[int] = None,
                         sequences: Optional[int] = None, max_steps: Optional[int] = None,
                         capacity: int = 16) -> StatefulReport:
    """kvc::check_slot_allocator on ``make_allocator(capacity)`` (or ``make_allocator()``): every
    grant and ``available()`` compared exactly with kvc::model::slot_allocator's."""
    from .. import _kvc

    seed, sequences, max_steps = _options(seed, sequences, max_steps)
    return StatefulReport(_kvc._check_slot_allocator(
        make_allocator, _takes(make_allocator, 1), seed, sequences,
        max_steps or _kvc._default_check_max_steps, capacity))


def check_block_pool(make_pool: Callable[..., Any], *, seed: Optional[int] = None,
                     sequences: Optional[int] = None, max_steps: Optional[int] = None,
                     exact: bool = False, policy_block_size: int = 1,
                     recompute_last_token: bool = False, blocks: int = 0, block_size: int = 0,
                     max_live_requests: int = 0) -> StatefulReport:
    """kvc::check_block_pool on ``make_pool(num_blocks, block_size)`` (a geometry drawn per
    sequence unless ``blocks`` and ``block_size`` fix it) or ``make_pool()`` (then ``block_size``
    must be given): the C++ check's generated allocations, appends, forks, frees and resets, every
    step judged by kvc::block_pool_shadow through the pool's ``block_table`` and ``free_blocks``.
    Hits are bounds or, with ``exact=True``, all that some block still holds, cut by the policy.
    ``fork`` and ``reset_prefix_cache`` are called when the pool has them."""
    from .. import _kvc

    seed, sequences, max_steps = _options(seed, sequences, max_steps)
    probe = make_pool if _takes(make_pool, 2) else None
    pool_type = None
    if isinstance(make_pool, type):
        pool_type = make_pool
    forks = hasattr(pool_type, "fork") if pool_type is not None else True
    resets = hasattr(pool_type, "reset_prefix_cache") if pool_type is not None else True
    if pool_type is None:
        # A factory function: its pools' members, from one pool of the smallest geometry.
        sample = make_pool(2, max(block_size, 1)) if probe is not None else make_pool()
        forks, resets = hasattr(sample, "fork"), hasattr(sample, "reset_prefix_cache")
    return StatefulReport(_kvc._check_block_pool(
        make_pool, probe is not None, forks, resets, seed, sequences, max_steps or 0, bool(exact),
        policy_block_size, bool(recompute_last_token), blocks, block_size, max_live_requests))


def block_pool_state_machine(factory: Callable[[int, int], Any], *, exact: bool = False,
                             block_size: Optional[int] = None, policy_block_size: int = 1,
                             recompute_last_token: bool = False,
                             max_blocks: int = 10) -> Type[RuleBasedStateMachine]:
    """A RuleBasedStateMachine whose one rule runs one sequence of kvc::check_block_pool (its own
    generated operations and shrinking) from a seed Hypothesis draws."""
    kwargs = dict(exact=exact, block_size=block_size or 0, policy_block_size=policy_block_size,
                  recompute_last_token=recompute_last_token)

    class BlockPoolMachine(RuleBasedStateMachine):
        @rule(seed=st.integers(0, 2**64 - 1))
        def run_sequence(self, seed: int) -> None:
            report = check_block_pool(factory, seed=seed, sequences=1, **kwargs)
            assert report.passed(), str(report)

    BlockPoolMachine.__name__ = f"BlockPoolMachine[{getattr(factory, '__qualname__', 'pool')}]"
    return BlockPoolMachine


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


def block_pool_machine(factory: Callable[[int, int], Any], *, exact: bool = False,
                       block_size: Optional[int] = None, policy_block_size: int = 1,
                       recompute_last_token: bool = False, max_blocks: int = 10,
                       settings: Optional[hypothesis_settings] = None) -> type:
    """A unittest TestCase class (pytest collects it when assigned to a ``Test...`` name) whose one
    test runs ``check_block_pool(factory, ...)``: pools from ``factory(num_blocks, block_size)``
    (the C++ check draws the geometry per sequence, block sizes as given by ``block_size``), with
    allocations that share prefixes, repeat prompts after eviction and cross namespaces, appends,
    forks, frees (twice, of unknown requests) and resets, every step judged by
    kvc::block_pool_shadow: every block of every live request holds its own content, hits hold
    exactly the request's prefix, a block is shared only as an equal full block, ``free_blocks()``
    counts the blocks in no live table. Hits are bounds or, with ``exact=True``, all that some
    block still holds, cut by the policy (``policy_block_size``, ``recompute_last_token``).
    ``settings``: its ``max_examples`` is the number of sequences, its ``stateful_step_count``
    their most operations. A failure raises AssertionError with the C++ report (the shrunk
    sequence and its doctest replay)."""
    sequences = getattr(settings, "max_examples", None) or 100
    steps = getattr(settings, "stateful_step_count", None) or 0
    options = dict(exact=exact, block_size=block_size or 0, policy_block_size=policy_block_size,
                   recompute_last_token=recompute_last_token, sequences=sequences,
                   max_steps=steps or None)

    class BlockPoolCheck(unittest.TestCase):
        def runTest(self) -> None:
            report = check_block_pool(factory, **options)
            assert report.passed(), str(report)

    BlockPoolCheck.__name__ = f"BlockPoolCheck[{getattr(factory, '__qualname__', 'pool')}]"
    return BlockPoolCheck
