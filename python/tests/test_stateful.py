"""kvc.model (the C++ stateful models, bound) and kvc.testing.stateful: a Python prefix cache and a
slot allocator driven beside the models by Hypothesis, the correct ones passing and the buggy ones
caught."""

import gc

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402

import kvc  # noqa: E402
import kvc.model  # noqa: E402
from kvc.testing import stateful  # noqa: E402

FAST = settings(max_examples=60, stateful_step_count=25, deadline=None, database=None)
SEARCH = settings(max_examples=300, stateful_step_count=30, deadline=None, database=None)


def common_prefix(a, b):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


class DictPrefixCache:
    """A correct cache: sequences kept per namespace."""

    def __init__(self):
        self.entries = {}

    def insert(self, ns, tokens):
        self.entries.setdefault(ns, []).append(list(tokens))
        return True

    def lookup(self, ns, tokens):
        return max((common_prefix(s, tokens) for s in self.entries.get(ns, [])), default=0)

    def erase(self, ns):
        return len(self.entries.pop(ns, []))


class TokensOnlyKeyCache(DictPrefixCache):
    """The bug: sequences keyed by tokens alone, so another namespace's KV is reused."""

    def insert(self, ns, tokens):
        return super().insert(None, tokens)

    def lookup(self, ns, tokens):
        return super().lookup(None, tokens)

    def erase(self, ns):
        return 0


class VllmStyleCache(DictPrefixCache):
    """Blocks of 16, the last token recomputed: correct under that policy."""

    def lookup(self, ns, tokens):
        reused = min(super().lookup(ns, tokens), max(len(tokens) - 1, 0))
        return reused - reused % 16


class Allocator:
    """A correct allocator: whole grants, releases free what was held."""

    def __init__(self, capacity):
        self.capacity = capacity
        self.held = {}

    def available(self):
        return self.capacity - sum(self.held.values())

    def try_reserve(self, request, n):
        if n <= 0 or n > self.available():
            return False
        self.held[request] = self.held.get(request, 0) + n
        return True

    def release(self, request):
        return self.held.pop(request, 0)


class PartialGrantAllocator(Allocator):
    """The bug: grants what is left when the request does not fit."""

    def try_reserve(self, request, n):
        if n > 0 and n > self.available() > 0:
            n = self.available()
        return super().try_reserve(request, n)


# Collected by pytest as they are: the way a user checks their own classes.
TestDictPrefixCacheBound = stateful.prefix_cache_machine(DictPrefixCache, settings=FAST)
TestDictPrefixCacheExact = stateful.prefix_cache_machine(DictPrefixCache, exact=True, settings=FAST)
TestVllmStyleCache = stateful.prefix_cache_machine(
    VllmStyleCache, exact=True, block_size=16, recompute_last_token=True, settings=FAST)
TestAllocator = stateful.slot_allocator_machine(Allocator, settings=FAST)


def test_tokens_only_key_cache_is_caught():
    machine = stateful.prefix_cache_state_machine(TokensOnlyKeyCache)
    with pytest.raises(AssertionError, match="more than the model's"):
        run_state_machine_as_test(machine, settings=SEARCH)


def test_partial_grant_allocator_is_caught():
    machine = stateful.slot_allocator_state_machine(PartialGrantAllocator)
    with pytest.raises(AssertionError, match=r"try_reserve\(.*returned true, the model false"):
        run_state_machine_as_test(machine, settings=SEARCH)


def test_exact_mode_catches_a_cache_that_reuses_less():
    class ForgetsEverything(DictPrefixCache):
        def lookup(self, ns, tokens):
            return 0
    run_state_machine_as_test(stateful.prefix_cache_state_machine(ForgetsEverything), settings=FAST)
    with pytest.raises(AssertionError):
        run_state_machine_as_test(
            stateful.prefix_cache_state_machine(ForgetsEverything, exact=True), settings=SEARCH)


def test_the_vllm_cache_is_wrong_for_the_exact_policy():
    with pytest.raises(AssertionError):
        run_state_machine_as_test(
            stateful.prefix_cache_state_machine(VllmStyleCache, exact=True), settings=SEARCH)


# --- The C++ stateful checks, through the binding -----------------------------------------------

def test_check_prefix_cache_runs_the_cpp_sequences():
    report = stateful.check_prefix_cache(DictPrefixCache, sequences=100)
    assert report.passed() and report and report.sequences_run == 100, str(report)
    assert str(report).startswith("kvc::check_prefix_cache passed")
    assert stateful.check_prefix_cache(DictPrefixCache, exact=True, sequences=100).passed()
    assert stateful.check_prefix_cache(VllmStyleCache, exact=True, block_size=16,
                                       recompute_last_token=True, sequences=100).passed()
    bug = stateful.check_prefix_cache(TokensOnlyKeyCache)
    assert not bug.passed() and "FAILED" in str(bug)
    assert str(stateful.check_prefix_cache(TokensOnlyKeyCache)) == str(bug)  # deterministic
    assert not stateful.check_prefix_cache(VllmStyleCache, exact=True).passed()


def test_check_slot_allocator_runs_the_cpp_sequences():
    assert stateful.check_slot_allocator(Allocator, sequences=100).passed()
    bug = stateful.check_slot_allocator(PartialGrantAllocator)
    assert not bug.passed() and bug.sequences_to_failure >= 1 and "FAILED" in str(bug)
    assert stateful.check_slot_allocator(lambda: Allocator(16), sequences=20).passed()


def test_a_raising_cache_fails_and_keyboard_interrupt_propagates():
    class Raising(DictPrefixCache):
        def lookup(self, ns, tokens):
            raise RuntimeError("lookup broke")

    report = stateful.check_prefix_cache(Raising, sequences=10)
    assert not report.passed() and report.error == "RuntimeError: lookup broke"
    assert "lookup broke" in str(report)

    class Interrupted(DictPrefixCache):
        def lookup(self, ns, tokens):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        stateful.check_prefix_cache(Interrupted, sequences=10)
    with pytest.raises(ValueError):
        stateful.check_prefix_cache(DictPrefixCache, sequences=0)


# --- kvc.model: the bound models ---------------------------------------------------------------

def test_prefix_cache_model_answers_the_contract():
    cache = kvc.model.PrefixCache()
    assert cache.insert("m", [1, 2, 3, 4])
    assert cache.lookup("m", [1, 2, 3, 9]) == 3
    assert cache.lookup("other", [1, 2, 3, 9]) == 0
    assert cache.lookup("m", [1, 2, 3, 4], recompute_last_token=True) == 3
    assert cache.lookup("m", [1, 2, 3, 4], block_size=2) == 4
    assert cache.erase("m") == 1 and cache.lookup("m", [1, 2]) == 0
    assert len(cache) == 0


def test_prefix_cache_model_namespaces_compare_as_python_values():
    cache = kvc.model.PrefixCache()
    cache.insert(("tenant", 7), [5, 6])
    assert cache.lookup(("tenant", 7), [5, 6]) == 2
    assert cache.lookup(("tenant", 8), [5, 6]) == 0
    ns = kvc.testing.strategies._cache_namespace("llama", "sql", 2, "org_1")
    cache.insert(ns, [1])
    assert cache.lookup(kvc.testing.strategies._cache_namespace("llama", "sql", 2, "org_1"), [1]) == 1
    assert cache.lookup(kvc.testing.strategies._cache_namespace("llama", "sql", 3, "org_1"), [1]) == 0
    with pytest.raises(TypeError):
        cache.insert(["unhashable"], [1])


def test_prefix_cache_model_owns_its_namespace_strings():
    cache = kvc.model.PrefixCache()

    class Namespace:
        def __init__(self, model):
            self.model, self.adapter, self.adapter_revision, self.salt = model, "a" * 40, 0, "s" * 40

    for i in range(8):
        cache.insert(Namespace("model-" + str(i) * 30), [i, i])
    gc.collect()
    for i in range(8):
        assert cache.lookup(Namespace("model-" + str(i) * 30), [i, i]) == 2


def test_prefix_cache_model_refuses_what_it_cannot_hold():
    cache = kvc.model.PrefixCache()
    assert kvc.model.PrefixCache.max_tokens == 64 and kvc.model.PrefixCache.max_entries == 64
    with pytest.raises(ValueError, match="64 tokens"):
        cache.insert("m", [1] * 65)
    for i in range(64):
        cache.insert("m", [i])
    assert cache.insert("m", [3])  # already held: nothing to add
    with pytest.raises(ValueError, match="full"):
        cache.insert("m", [99])
    with pytest.raises(ValueError, match="int32"):
        cache.lookup("m", [2**31])
    with pytest.raises(TypeError):
        cache.lookup("m", [1.5])


def test_prefix_cache_model_takes_numpy_tokens():
    numpy = pytest.importorskip("numpy")
    cache = kvc.model.PrefixCache()
    cache.insert("m", numpy.arange(10, dtype=numpy.int32))
    assert cache.lookup("m", numpy.arange(5, dtype=numpy.int64)) == 5


def test_slot_allocator_model():
    allocator = kvc.model.SlotAllocator(10)
    assert allocator.capacity() == 10
    assert allocator.try_reserve(1, 4) and allocator.try_reserve(2, 6)
    assert not allocator.try_reserve(3, 1) and not allocator.try_reserve(3, 0)
    assert allocator.used() == 10 and allocator.available() == 0 and allocator.held(1) == 4
    assert allocator.release(1) == 4 and allocator.release(1) == 0
    assert allocator.try_reserve(2**64 - 1, 2) and allocator.try_reserve(-1, 2)
    assert allocator.held(2**64 - 1) == 2 and allocator.held(-1) == 2
    with pytest.raises(OverflowError):
        allocator.try_reserve(2**64, 1)
    with pytest.raises(OverflowError):
        allocator.release(-(2**63) - 1)


def test_slot_allocator_model_refuses_a_65th_request():
    allocator = kvc.model.SlotAllocator(1000)
    for request in range(64):
        assert allocator.try_reserve(request, 1)
    assert allocator.try_reserve(5, 1)  # a request already holding slots may add more
    with pytest.raises(ValueError, match="64 requests"):
        allocator.try_reserve(64, 1)
    assert not allocator.try_reserve(64, 0)  # refused anyway: never a capacity question
