"""kvc.model.BlockPool and kvc.testing.stateful.block_pool_machine (kvc::check_block_pool through
the binding) on pools written in Python: correct ones in the style of vLLM's BlockPool and of an
OrderedDict LRU pass, in bound and exact mode; the vLLM-style pool with each bug engines have
shipped put back in fails, with a short falsifying sequence."""

import unittest

import pytest
from hypothesis import Phase, settings

import kvc.model
from kvc.testing.stateful import block_pool_machine, block_pool_state_machine, check_block_pool

from block_pool_engines import BUGGY_POOLS, CORRECT_POOLS

# Derandomized: the same examples on every run, so that CI and a developer see one verdict.
QUICK = settings(max_examples=60, stateful_step_count=30, deadline=None, derandomize=True)
# Finding is what the known-bad pools test: shrinking is shown once, in test_failures_shrink.
SEARCH = settings(max_examples=300, stateful_step_count=30, deadline=None, derandomize=True,
                  phases=[Phase.explicit, Phase.reuse, Phase.generate])


def _run(case: type) -> unittest.TestResult:
    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(case).run(result)
    return result


def test_block_pool_model_basics():
    pool = kvc.model.BlockPool(num_blocks=4, block_size=2)
    assert pool.allocate(1, 0, [1, 2, 3]) == 0
    assert len(pool.block_table(1)) == 2 and pool.free_blocks() == 2
    assert pool.allocate(1, 0, [1]) is None  # live already
    assert pool.free(1) and not pool.free(1)
    assert pool.allocate(2, 0, [1, 2, 9]) == 2
    assert pool.allocate(3, 1, [1, 2, 9]) == 0  # another namespace
    assert pool.free_blocks() == 0
    assert pool.allocate(4, 0, [1, 2], recompute_last_token=True) is None  # no free block
    assert not pool.reset_prefix_cache()
    assert pool.free(2) and pool.free(3)
    # Under vLLM's policy a prompt of exactly one cached block reuses none of it.
    assert pool.allocate(4, 0, [1, 2], recompute_last_token=True) == 0
    with pytest.raises(ValueError):
        kvc.model.BlockPool(65, 2)
    with pytest.raises(ValueError):
        pool.allocate(5, 0, list(range(65)))


def test_shadow_names_what_is_wrong():
    shadow = kvc.model.BlockPoolShadow(4, 2)
    assert shadow.allocate(1, 0, [1, 2, 3], 0, [7, 8]) == ""
    assert shadow.free_blocks(2) == ""
    verdict = shadow.allocate(2, 0, [4, 5], 0, [7])
    assert "still hold" in verdict  # block 7 is request 1's
    assert "free_blocks() is 3" in kvc.model.BlockPoolShadow(4, 2).free_blocks(3)


@pytest.mark.parametrize("name", sorted(CORRECT_POOLS))
@pytest.mark.parametrize("exact", [False, True])
def test_correct_pools_pass(name, exact):
    factory = CORRECT_POOLS[name]
    case = block_pool_machine(factory, exact=exact,
                              recompute_last_token=factory.recompute_last_token, settings=QUICK)
    result = _run(case)
    assert result.wasSuccessful(), (result.failures + result.errors)[0][1]


@pytest.mark.parametrize("name", sorted(BUGGY_POOLS))
def test_buggy_pools_fail(name):
    factory = BUGGY_POOLS[name]
    # Bound mode first; a bug that only loses hits (a forked child's blocks cached under the
    # wrong namespace, say) passes it, and is caught in exact mode, which the pool's correct
    # version passes.
    for exact in (False, True):
        case = block_pool_machine(factory, exact=exact,
                                  recompute_last_token=factory.recompute_last_token,
                                  settings=SEARCH)
        result = _run(case)
        if not result.wasSuccessful():
            break
    assert not result.wasSuccessful(), f"{name} passed the block pool machine"
    report = (result.failures + result.errors)[0][1]
    assert "AssertionError" in report, report  # a verdict, not a crash of the machine


def test_failures_shrink_to_a_short_sequence():
    case = block_pool_machine(BUGGY_POOLS["hash_without_namespace"], settings=QUICK)
    result = _run(case)
    assert not result.wasSuccessful()
    report = (result.failures + result.errors)[0][1]
    # The C++ report's shrunk sequence: one numbered line per operation.
    steps = [line for line in report.splitlines() if line.strip()[:1].isdigit() and ". " in line]
    assert 0 < len(steps) <= 8, report
    assert "kvc::check_block_pool FAILED" in report and "TEST_CASE(" in report


def test_check_block_pool_reports_as_the_cpp_check():
    buggy = check_block_pool(BUGGY_POOLS["hash_without_namespace"], seed=3)
    assert not buggy and not buggy.passed() and buggy.seed == 3
    assert buggy.sequences_to_failure >= 1 and "wrong at" in str(buggy)
    again = check_block_pool(BUGGY_POOLS["hash_without_namespace"], seed=3)
    assert str(again) == str(buggy)
    name = sorted(CORRECT_POOLS)[0]
    report = check_block_pool(CORRECT_POOLS[name], sequences=50)
    assert report.passed() and report.sequences_run == 50, str(report)
    with pytest.raises(ValueError):
        check_block_pool(CORRECT_POOLS[name], seed=-1)


def test_the_state_machine_runs_the_cpp_sequences():
    machine = block_pool_state_machine(BUGGY_POOLS["hash_without_namespace"])
    result = _run(machine.TestCase)
    assert not result.wasSuccessful()


def test_a_pool_that_raises_fails_and_names_the_exception():
    class Raising:
        def __init__(self, num_blocks, block_size):
            self.num_blocks = num_blocks

        def allocate(self, request, namespace, tokens):
            raise RuntimeError("no allocation today")

        def append(self, request, tokens):
            return False

        def free(self, request):
            pass

        def free_blocks(self):
            return self.num_blocks

        def block_table(self, request):
            return []

    report = check_block_pool(Raising, sequences=5)
    assert not report.passed() and "no allocation today" in str(report)
