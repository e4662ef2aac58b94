"""Stateful checks: a Python prefix cache, slot allocator or paged KV block pool driven side by side
with kvc's models (kvc.model.PrefixCache, kvc.model.SlotAllocator, kvc.model.BlockPoolShadow) by
Hypothesis' RuleBasedStateMachine, as kvc::check_prefix_cache, kvc::check_slot_allocator and
kvc::check_block_pool do in C++.

    TestMyCache = kvc.testing.stateful.prefix_cache_machine(MyCache)          # pytest collects it
    TestMyAllocator = kvc.testing.stateful.slot_allocator_machine(MyAllocator)
    TestMyPool = kvc.testing.stateful.block_pool_machine(MyPool)  # MyPool(num_blocks, block_size)

A block pool has ``allocate(request, namespace, tokens)`` (the cached tokens, or None when
refused), ``append(request, tokens)`` (truthy when admitted), ``free(request)``, ``free_blocks()``,
``block_table(request)`` and, optionally, ``fork(parent, child)`` and ``reset_prefix_cache()``:
the same adapter as in C++ (README, "Checking a block pool").

A prefix cache is any object with ``insert(ns, tokens)``, ``lookup(ns, tokens)`` (an int, the
policy built in) and ``erase(ns)``; a slot allocator has ``try_reserve(request, n)`` (truthy when
granted), ``release(request)`` (slots freed) and ``available()``. Hypothesis shrinks a failing run
to a short sequence of calls before it reports it.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple, Type

from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from . import strategies as kst
from ._report import normalized, text

__all__ = [
    "block_pool_machine",
    "block_pool_state_machine",
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


def block_pool_state_machine(factory: Callable[[int, int], Any], *, exact: bool = False,
                             block_size: Optional[int] = None, policy_block_size: int = 1,
                             recompute_last_token: bool = False,
                             max_blocks: int = 10) -> Type[RuleBasedStateMachine]:
    """The RuleBasedStateMachine class behind ``block_pool_machine``."""
    shadow_type = _model().BlockPoolShadow
    max_tokens = 64
    sizes = st.just(block_size) if block_size is not None else st.sampled_from([1, 2, 3, 4, 16])
    small_tokens = st.one_of(st.integers(0, 3), st.integers(-3, -1),
                             st.sampled_from([65537, 257, 2**24, 2**24 + 1, 2**31 - 1, -(2**31)]))
    # Prompt heads that a lossy key confuses: the decimal text joined without a separator, the
    # sign dropped or its bit masked off, equal as a float, equal in the low 16 or 8 bits, the
    # same tokens reordered, equal under the polynomial hashes of base 31 and 33.
    twin_heads = [([1, 12], [11, 2]), ([2], [-2]), ([2**31 - 1], [-1]), ([-(2**31)], [0]),
                  ([2**24], [2**24 + 1]), ([1], [65537]), ([3], [259]), ([1, 2, 3], [3, 2, 1]),
                  ([1, 2], [2, 1]), ([1, 32], [2, 1]), ([1, 34], [2, 1])]

    def _ids(table: Any) -> List[int]:
        return [int(block) for block in table]

    class BlockPoolMachine(RuleBasedStateMachine):
        @initialize(data=st.data(), size=sizes)
        def create(self, data: Any, size: int) -> None:
            most = 4 if size >= 16 else max_blocks
            blocks = data.draw(st.integers(2, max(2, most)), label="num_blocks")
            self.pool = factory(blocks, size)
            self.shadow = shadow_type(blocks, size, policy_block_size=policy_block_size,
                                      recompute_last_token=recompute_last_token, exact=exact)
            self.prompts: List[Tuple[int, List[int]]] = []
            self.next_request = 1
            self.last_freed: Optional[int] = None
            self.steps: List[str] = []
            self.namespaces: Dict[int, int] = {}
            self.proposed: List[int] = []

        def _judge(self, call: str, verdict: str) -> None:
            self.steps.append(call)
            assert not verdict, "\n".join(["block pool steps:"] + [f"  {i + 1}. {c}" for i, c in
                                                                   enumerate(self.steps)] + [verdict])
            for request in self.shadow.live_requests():  # no step rewrites another's table
                verdict = self.shadow.reread(request, _ids(self.pool.block_table(request)))
                assert not verdict, f"after {call}: {verdict}"
            observed = normalized(self.pool.free_blocks())
            verdict = self.shadow.free_blocks(observed)
            assert not verdict, f"after {call}: {verdict}"

        def _new_request(self) -> int:
            request = self.next_request
            self.next_request += 1
            self.proposed = (self.proposed + [request])[-8:]
            return request

        def _append(self, request: int, tokens: List[int]) -> None:
            tokens = tokens[: max_tokens - len(self.shadow.tokens(request))]
            if not tokens or not self.shadow.is_live(request):
                return
            admitted = bool(self.pool.append(request, list(tokens)))
            table = _ids(self.pool.block_table(request))
            self._judge(f"append({request}, {text(tokens)}) -> {admitted} {text(table)}",
                        self.shadow.append(request, tokens, admitted, table))

        def _allocate(self, request: int, ns: int, tokens: List[int]) -> None:
            hit = self.pool.allocate(request, ns, list(tokens))
            table = _ids(self.pool.block_table(request)) if hit is not None else []
            call = f"allocate({request}, {ns}, {text(tokens)}) -> {text(hit)} {text(table)}"
            self.prompts.append((ns, list(tokens)))
            self.namespaces[request] = ns
            self._judge(call, self.shadow.allocate(request, ns, tokens,
                                                   None if hit is None else normalized(hit), table))

        @rule(ns=st.integers(0, 2), tokens=st.lists(small_tokens, min_size=1, max_size=24))
        def allocate_fresh(self, ns: int, tokens: List[int]) -> None:
            self._allocate(self._new_request(), ns, tokens)

        @precondition(lambda self: self.prompts)
        @rule(data=st.data(), blocks=st.integers(0, 8), tail=st.lists(small_tokens, max_size=5),
              other_namespace=st.booleans())
        def allocate_shared_prefix(self, data: Any, blocks: int, tail: List[int],
                                   other_namespace: bool) -> None:
            # An earlier prompt's first whole blocks, then tokens of its own: hits, misses after a
            # shared parent, the same blocks under another namespace.
            ns, tokens = data.draw(st.sampled_from(self.prompts))
            prompt = (tokens[: blocks * self.shadow.block_size] + tail)[:max_tokens] or [1]
            self._allocate(self._new_request(), (ns + 1) % 3 if other_namespace else ns, prompt)

        @rule(pair=st.sampled_from(twin_heads), swap=st.booleans(), ns=st.integers(0, 2),
              tail=st.lists(small_tokens, max_size=6))
        def allocate_twins(self, pair: Tuple[List[int], List[int]], swap: bool, ns: int,
                           tail: List[int]) -> None:
            # Two prompts that differ only in their head, where a lossy key would not see it.
            first, second = (pair[1], pair[0]) if swap else pair
            self._allocate(self._new_request(), ns, first + tail)
            self._allocate(self._new_request(), ns, second + tail)

        @precondition(lambda self: self.prompts)
        @rule(data=st.data())
        def allocate_crowd(self, data: Any) -> None:
            # 17 requests on the same whole blocks: a reference count that wraps in 4 bits, room
            # for 16 live requests.
            ns, tokens = data.draw(st.sampled_from(self.prompts))
            size = self.shadow.block_size
            prompt = tokens[: len(tokens) // size * size] or [1] * size
            for _ in range(17):
                self._allocate(self._new_request(), ns, prompt)

        @precondition(lambda self: self.prompts)
        @rule(data=st.data(), head=st.lists(small_tokens, min_size=1, max_size=16))
        def allocate_other_head(self, data: Any, head: List[int]) -> None:
            # An earlier prompt with another first block: a key over the last tokens only, or
            # over a block without its parent, takes the later blocks for the earlier prompt's.
            ns, tokens = data.draw(st.sampled_from(self.prompts))
            size = min(self.shadow.block_size, len(tokens))
            first = (head + [1] * size)[:size]
            if first == tokens[:size]:
                first[0] = 2 if first[0] == 1 else 1
            self._allocate(self._new_request(), ns, first + tokens[size:])

        @precondition(lambda self: self.shadow.live_requests())
        @rule(data=st.data(), whole=st.booleans(), ns=st.one_of(st.none(), st.integers(0, 2)))
        def allocate_live_content(self, data: Any, whole: bool, ns: Optional[int]) -> None:
            # What a live request holds now, decoded tokens too, in its namespace or another (a
            # forked child that caches its blocks under the wrong namespace).
            request = data.draw(st.sampled_from(self.shadow.live_requests()))
            tokens = self.shadow.tokens(request)
            size = self.shadow.block_size
            if whole:
                tokens = tokens[: len(tokens) // size * size]
            self._allocate(self._new_request(), self.namespaces.get(request, 0) if ns is None else ns,
                           tokens or [1])

        @precondition(lambda self: self.prompts)
        @rule(data=st.data(), alias=st.sampled_from([1 << 8, 1 << 16, 1 << 32, None]))
        def allocate_aliased_namespace(self, data: Any, alias: Optional[int]) -> None:
            # An earlier prompt under a namespace equal to its own in the low 8, 16 or 32 bits, or
            # under its negation minus one (a namespace an engine keys only when positive).
            ns, tokens = data.draw(st.sampled_from(self.prompts))
            self._allocate(self._new_request(), -ns - 1 if alias is None else ns + alias, tokens)

        @rule(ns=st.integers(0, 2), head=st.integers(1, 2),
              tail=st.lists(small_tokens, min_size=1, max_size=8))
        def allocate_after_zero_blocks(self, ns: int, head: int, tail: List[int]) -> None:
            # A block of zeros, then a prompt that is also allocated alone: a hash seeded with 0
            # does not see the zeros.
            size = self.shadow.block_size
            self._allocate(self._new_request(), ns, ([0] * size * head + tail)[:max_tokens])
            self._allocate(self._new_request(), ns, tail)

        @precondition(lambda self: self.prompts)
        @rule(data=st.data())
        def allocate_repeat(self, data: Any) -> None:
            ns, tokens = data.draw(st.sampled_from(self.prompts))
            self._allocate(self._new_request(), ns, tokens)

        @precondition(lambda self: self.shadow.live_requests())
        @rule(data=st.data(), fill=st.booleans(), tokens=st.lists(small_tokens, min_size=1, max_size=5))
        def append(self, data: Any, fill: bool, tokens: List[int]) -> None:
            request = data.draw(st.sampled_from(self.shadow.live_requests()))
            length = len(self.shadow.tokens(request))
            if fill:  # exactly to the end of the partial block
                tokens = [1] * (self.shadow.block_size - length % self.shadow.block_size)
            self._append(request, tokens)

        @precondition(lambda self: self.shadow.live_requests())
        @rule(data=st.data(), extra=st.integers(0, 1))
        def append_blocks(self, data: Any, extra: int) -> None:
            # An append that fills the partial block and one or two more: every block it fills
            # keyed by its own prefix.
            request = data.draw(st.sampled_from(self.shadow.live_requests()))
            size = self.shadow.block_size
            length = len(self.shadow.tokens(request))
            count = size - length % size + size * (1 + extra)
            self._append(request, data.draw(st.lists(small_tokens, min_size=count, max_size=count)))

        @precondition(lambda self: self.shadow.live_requests())
        @rule(data=st.data(), tokens=st.lists(small_tokens, min_size=1, max_size=5))
        def decode_in_lockstep(self, data: Any, tokens: List[int]) -> None:
            # A second request with a live one's prompt (parallel sampling without fork), both
            # then decoding the same tokens, as greedy decoding does: equal blocks in two copies.
            first = data.draw(st.sampled_from(self.shadow.live_requests()))
            prompt = self.shadow.tokens(first)
            ns = self.namespaces.get(first, 0)
            second = self._new_request()
            self._allocate(second, ns, prompt)
            for request in (first, second):
                self._append(request, tokens)

        @precondition(lambda self: self.shadow.live_requests())
        @rule(data=st.data())
        def free(self, data: Any) -> None:
            request = data.draw(st.sampled_from(self.shadow.live_requests()))
            self._free(request)

        def _free(self, request: int) -> None:
            self.pool.free(request)
            self.last_freed = request
            self._judge(f"free({request})", self.shadow.free(request))

        @precondition(lambda self: self.last_freed is not None)
        @rule()
        def free_again(self) -> None:
            # Freed twice, or a request that was never admitted: frees nothing.
            self._free(self.last_freed)

        @rule()
        def free_unknown(self) -> None:
            self._free(self.next_request + 1000)

        @precondition(lambda self: any(not self.shadow.is_live(r) for r in self.proposed))
        @rule(data=st.data())
        def free_not_admitted(self, data: Any) -> None:
            # A request whose allocation or fork was refused (or that is freed already): a refusal
            # that left it half registered shows here.
            self._free(data.draw(st.sampled_from([r for r in self.proposed
                                                  if not self.shadow.is_live(r)])))

        def _fork(self, parent: int, child: int) -> bool:
            admitted = bool(self.pool.fork(parent, child))
            table = _ids(self.pool.block_table(child)) if admitted else []
            parent_table = _ids(self.pool.block_table(parent)) if admitted else []
            self._judge(f"fork({parent}, {child}) -> {admitted} {text(table)} parent {text(parent_table)}",
                        self.shadow.fork(parent, child, admitted, table, parent_table))
            return admitted

        @precondition(lambda self: self.shadow.live_requests() and hasattr(self.pool, "fork"))
        @rule(data=st.data())
        def fork(self, data: Any) -> None:
            parent = data.draw(st.sampled_from(self.shadow.live_requests()))
            child = self._new_request()
            admitted = self._fork(parent, child)
            if admitted and data.draw(st.booleans(), label="decode both"):
                # Both sides decode, with different first tokens: a partial block shared
                # instead of copied is written by both.
                mine = data.draw(st.lists(small_tokens, min_size=1, max_size=self.shadow.block_size + 1))
                theirs = [2 if mine[0] == 1 else 1] + mine[1:]
                self._append(parent, mine)
                self._append(child, theirs)

        @precondition(lambda self: self.shadow.live_requests() and hasattr(self.pool, "fork")
                      and self.shadow.expected_free_blocks() == 0)
        @rule(data=st.data())
        def fork_with_no_free_block(self, data: Any) -> None:
            # A fork of a request whose last block is partial, with no block to copy it into: a
            # pool that copies at the fork must refuse it and change nothing (one that copies on
            # write may admit it).
            partial = [r for r in self.shadow.live_requests()
                       if len(self.shadow.tokens(r)) % self.shadow.block_size]
            if partial:
                self._fork(data.draw(st.sampled_from(partial)), self._new_request())

        @precondition(lambda self: hasattr(self.pool, "reset_prefix_cache"))
        @rule()
        def reset_prefix_cache(self) -> None:
            done = bool(self.pool.reset_prefix_cache())
            self._judge(f"reset_prefix_cache() -> {done}", self.shadow.reset(done))

        @rule()
        def free_everything(self) -> None:
            for request in self.shadow.live_requests():
                self._free(request)

        @precondition(lambda self: self.prompts and hasattr(self.pool, "reset_prefix_cache"))
        @rule(data=st.data())
        def free_everything_reset_and_repeat(self, data: Any) -> None:
            # A reset that succeeds, then an earlier prompt: nothing of it may be a hit.
            self.free_everything()
            self.reset_prefix_cache()
            self.allocate_repeat(data)

        @rule(step=st.sampled_from([1 << 5, 1 << 8, 1 << 16, 1 << 32, 100, 1000, 10000]),
              ns=st.integers(0, 2), tokens=st.lists(small_tokens, min_size=1, max_size=8))
        def allocate_aliased_id(self, step: int, ns: int, tokens: List[int]) -> None:
            # An id equal to a live one in its low bits or modulo a decimal table size: a table
            # indexed by the id modulo its size, or keyed by a truncated id, confuses them.
            live = self.shadow.live_requests()
            request = (live[0] if live else 0) + step
            while self.shadow.is_live(request):
                request += step
            self._allocate(request, ns, tokens)

        @invariant()
        def free_blocks_match(self) -> None:
            if hasattr(self, "shadow"):
                observed = normalized(self.pool.free_blocks())
                verdict = self.shadow.free_blocks(observed)
                assert not verdict, verdict

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
    """A unittest TestCase class that drives ``factory(num_blocks, block_size)`` (pools of 2 to
    ``max_blocks`` blocks; block sizes 1, 2, 3, 4 and 16 unless ``block_size`` is given) with
    allocations that share prefixes, repeat prompts after eviction and cross namespaces, appends,
    forks, frees (twice, of unknown requests) and resets, and judges every step with
    kvc.model.BlockPoolShadow: every block of every live request holds its own content, hits hold
    exactly the request's prefix, a block is shared only as an equal full block, ``free_blocks()``
    counts the blocks in no live table. Hits are bounds (an engine may have evicted) or, with
    ``exact=True``, all that some block still holds, cut by the policy
    (``policy_block_size``, ``recompute_last_token``)."""
    return _test_case(
        block_pool_state_machine(factory, exact=exact, block_size=block_size,
                                 policy_block_size=policy_block_size,
                                 recompute_last_token=recompute_last_token, max_blocks=max_blocks),
        settings,
    )
