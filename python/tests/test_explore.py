"""kvc.testing.explore, restrict_to and the engine profiles: Python functions explored by
kvc::explore itself, kvc's own functions passing, wrong ones caught and shrunk, engine profiles
that excuse what an engine legitimately does differently and nothing else."""

import math
import subprocess
import sys
import textwrap

import pytest

import kvc
import kvc.testing as kt
from kvc.testing import profiles
from kvc.testing._report import normalized

CASES = 1500  # per exploration in this file: enough to find every bug below, quick to run


# ---- Implementations ------------------------------------------------------------------------

def reuse(cache_ns, request_ns, cached, requested):
    return kvc.reusable_prefix_length(cache_ns, request_ns, cached, requested)


def reuse_under(block_size, recompute_last_token):
    return lambda cache_ns, request_ns, cached, requested: kvc.reusable_prefix_length(
        cache_ns, request_ns, cached, requested, block_size=block_size,
        recompute_last_token=recompute_last_token)


def block_reuse_under(block_size, recompute_last_token):
    # The block form: within the policy's cap, whole blocks of the call's block size and of the
    # policy's alike (their least common multiple; one too large for 64 bits reuses nothing).
    # Rounding down to the policy's blocks and then to the call's passes every fixture, but not
    # exploration: 16 tokens in blocks of 16 and of 5 reuse 0, not 15.
    capped = reuse_under(1, recompute_last_token)

    def block_reuse(cache_ns, request_ns, cached, requested, block):
        if block <= 0:
            return 0
        unit = math.lcm(block, block_size)
        if unit >= 2**64:
            return 0
        reused = capped(cache_ns, request_ns, cached, requested)
        return reused - reused % unit
    return block_reuse


POLICIES = {
    "exact": (1, False),
    "blocks of 16": (16, False),
    "last token recomputed": (1, True),
    "blocks of 16, last token recomputed": (16, True),
}


def kvc_function(suite_name):
    """kvc's own function for an explorable suite."""
    name, _, policy = suite_name.partition(" ")
    if name in ("prefix_reuse", "namespace_isolation"):
        return reuse
    if name in ("prefix_reuse_under", "namespace_isolation_under"):
        return reuse_under(*POLICIES[policy])
    if name == "block_prefix_reuse":
        return block_reuse_under(1, False)
    if name == "block_prefix_reuse_under":
        return block_reuse_under(*POLICIES[policy])
    if name.startswith("append_admission"):
        return kvc.admitted_append
    if name.startswith("append_blocks"):
        return kvc.blocks_for_append
    if name.startswith("batch_admission"):
        return kvc.admitted_batch
    if name.startswith("request_admission"):
        return kvc.admitted_requests
    if name in ("segment_run_count", "max_segment_length"):
        return getattr(kvc, name)
    return None  # the multimodal suites: kvc's Python package has no multimodal function


def common_prefix(cached, requested, same=lambda a, b: a == b):
    n = 0
    for a, b in zip(cached, requested):
        if not same(a, b):
            break
        n += 1
    return n


def first_8_characters(cache_ns, request_ns, cached, requested):
    # A namespace compared on its first 8 characters: long tenant names alias.
    return common_prefix(cached, requested) if cache_ns[:8] == request_ns[:8] else 0


def narrowed_to(bits):
    def narrowed(cache_ns, request_ns, cached, requested):
        # Tokens compared as an int of `bits` bits would: 2**bits + 5 equals 5.
        if cache_ns != request_ns:
            return 0
        return common_prefix(cached, requested, lambda a, b: (a - b) % 2**bits == 0)
    return narrowed


narrowed_to_16_bits = narrowed_to(16)


def runs_of_ids_narrowed_to_32_bits(ids):
    # Segment ids compared as int32 would: ids 5 and 2**32 + 5 make one run.
    low = [i % 2**32 for i in ids]
    return sum(1 for k, i in enumerate(low) if k == 0 or i != low[k - 1])


def admits_negative_used(capacity, used, requested):
    # Checks every bound but `used < 0`: a negative used count frees slots that do not exist.
    if used > capacity or requested < 0:
        return 0
    return requested if requested <= capacity - used else 0


def vllm_key(ns, *, join_adapter_and_salt):
    """vLLM's block-hash extra keys: the LoRA name and the cache salt, never the adapter
    revision. Joined into one string, LoRA "X" and salt "X" are one key."""
    if not isinstance(ns, kvc.CacheNamespace):
        return ns
    if join_adapter_and_salt:
        return (ns.model, ns.adapter + ns.salt)
    return (ns.model, ns.adapter, ns.salt)


def vllm_lookup(join_adapter_and_salt=False):
    def lookup(cache_ns, request_ns, cached, requested):
        return kvc.reusable_prefix_length(
            vllm_key(cache_ns, join_adapter_and_salt=join_adapter_and_salt),
            vllm_key(request_ns, join_adapter_and_salt=join_adapter_and_salt), cached, requested)
    return lookup


# ---- kvc's own functions pass ---------------------------------------------------------------

EXPLORABLE = kt.explorable()


def test_the_prefix_admission_and_policy_suites_are_explorable():
    for name in ("prefix_reuse", "block_prefix_reuse", "namespace_isolation",
                 "prefix_reuse_under blocks of 16, last token recomputed",
                 "namespace_isolation_under exact", "block_prefix_reuse_under blocks of 16",
                 "append_admission", "append_admission_extremes", "batch_admission",
                 "request_admission_extremes"):
        assert name in EXPLORABLE
    assert set(EXPLORABLE) <= set(kt.suites.cpp_names())


@pytest.mark.parametrize("name", EXPLORABLE)
def test_kvcs_own_function_passes(name):
    fn = kvc_function(name)
    if fn is None:
        pytest.skip(f"no Python function of kvc's for {name}")
    report = kt.assert_explores(kt.suites.by_name(name), fn, cases=CASES)
    assert report.passed() and report
    assert report.cases_run == CASES and report.not_covered == 0
    assert report.arguments is None and report.error is None
    assert str(report).startswith(f"kvc::explore {report.suite}: passed (seed ")


def test_the_policy_suites_made_in_python_explore_as_the_descriptors_do():
    suite = kt.suites.prefix_reuse_under(block_size=16, recompute_last_token=True)
    report = kt.explore(suite, reuse_under(16, True), cases=CASES)
    assert report.passed()
    assert report.suite == "prefix_reuse_under<{16, true, false}>"
    same = kt.explore(kt.suites.prefix_reuse_under_blocks_of_16_last_token_recomputed,
                      reuse_under(16, True), cases=CASES)
    assert str(report) == str(same)
    with pytest.raises(ValueError, match="cannot be explored"):
        kt.explore(kt.suites.prefix_reuse_under(block_size=3), reuse_under(3, False))


# ---- Wrong functions fail, shrunk -----------------------------------------------------------

def test_a_namespace_compared_on_its_first_8_characters_fails():
    report = kt.explore(kt.suites.prefix_reuse, first_8_characters)
    assert not report.passed() and not report
    cache_ns, request_ns, cached, requested = report.arguments
    assert cache_ns != request_ns and cache_ns[:8] == request_ns[:8]
    assert report.result == first_8_characters(*report.arguments) != reuse(*report.arguments)
    # A fixture row to paste into the spec's table, and a doctest test case.
    assert report.fixture.startswith('{"explored", {') and report.fixture.endswith("},")
    assert f'TEST_CASE("kvc explore: prefix_reuse, seed {report.seed}")' in report.test_case
    assert "FAILED" in str(report) and report.fixture in str(report)


def test_a_prefix_counted_on_narrowed_tokens_fails():
    # The tokens of namespace_isolation are ints (prefix_reuse's are chars): narrowed to 16 bits,
    # two of them collide.
    report = kt.explore(kt.suites.namespace_isolation, narrowed_to_16_bits)
    assert not report.passed()
    _, _, cached, requested = report.arguments
    mismatch = common_prefix(cached, requested)
    # Shrunk to the collision: the first tokens that differ agree in their low 16 bits.
    assert (cached[mismatch] - requested[mismatch]) % 2**16 == 0
    assert int(report.actual) > int(report.expected)


def test_ids_narrowed_to_32_bits_fail():
    # The segment ids of segment_run_count are 64-bit: narrowed to 32 bits, two runs are one.
    report = kt.explore(kt.suites.segment_run_count, runs_of_ids_narrowed_to_32_bits)
    assert not report.passed(), str(report)
    (ids,) = report.arguments
    assert int(report.actual) < int(report.expected) == kvc.segment_run_count(ids)
    assert any(a != b and (a - b) % 2**32 == 0 for a, b in zip(ids, ids[1:]))


def test_admission_that_ignores_a_negative_used_count_fails():
    report = kt.explore(kt.suites.append_admission, admits_negative_used)
    assert not report.passed()
    capacity, used, requested = report.arguments
    assert used < 0 and report.expected == "0" and report.actual == str(requested)
    assert kt.check(kt.suites.append_admission, kvc.admitted_append).passed()


def test_a_vllm_like_key_that_joins_adapter_and_salt_fails_even_for_vllm():
    joined = vllm_lookup(join_adapter_and_salt=True)
    for suite in (kt.suites.namespace_isolation,
                  kt.restrict_to(kt.suites.namespace_isolation, profiles.vllm)):
        report = kt.explore(suite, joined)
        assert not report.passed(), str(report)
        cache_ns, request_ns, _, _ = report.arguments
        assert cache_ns != request_ns
        assert cache_ns.adapter + cache_ns.salt == request_ns.adapter + request_ns.salt


def test_a_vllm_like_lookup_without_the_adapter_revision_passes_only_under_the_vllm_profile():
    lookup = vllm_lookup()
    plain = kt.explore(kt.suites.namespace_isolation, lookup)
    assert not plain.passed()
    cache_ns, request_ns, _, _ = plain.arguments
    assert (cache_ns.model, cache_ns.adapter, cache_ns.salt) == (
        request_ns.model, request_ns.adapter, request_ns.salt)
    assert cache_ns.adapter_revision != request_ns.adapter_revision

    vllm = kt.restrict_to(kt.suites.namespace_isolation, profiles.vllm)
    report = kt.assert_explores(vllm, lookup)
    assert report.not_covered > 0 and report.cases_run > 0
    assert report.suite == "namespace_isolation restricted to an engine profile"
    assert report.notes == profiles.vllm.consequences() != []
    assert "adapter revision" in str(report) and "not covered by the profile" in str(report)

    # And the fixtures, as kvc::check reports a restricted suite.
    with pytest.raises(AssertionError):
        kt.assert_conforms(kt.suites.namespace_isolation, lookup)
    checked = kt.assert_conforms(vllm, lookup)
    assert checked.not_covered and all(o.passed for o in checked.outcomes)
    assert "Not covered" in str(checked) and "note: the engine does not key on the adapter " \
        "revision" in str(checked)


def test_a_raised_exception_fails_its_case_and_is_reported():
    def raises_on_empty(cache_ns, request_ns, cached, requested):
        if not requested:
            raise ValueError("no tokens")
        return reuse(cache_ns, request_ns, cached, requested)

    report = kt.explore(kt.suites.prefix_reuse, raises_on_empty)
    assert not report.passed()
    assert report.actual == "(raised ValueError: no tokens)"
    assert isinstance(report.error, ValueError) and report.arguments[3] == []
    assert "(raised ValueError: no tokens)" in str(report)


def test_a_result_of_another_type_fails():
    report = kt.explore(kt.suites.request_admission,
                        lambda capacity, used, requests: float(kvc.admitted_requests(
                            capacity, used, requests)))
    assert not report.passed() and isinstance(report.result, float)
    report = kt.explore(kt.suites.append_admission, lambda *args: None)
    assert not report.passed() and report.actual == "None"


def test_numpy_results_compare_as_check_compares_them():
    np = pytest.importorskip("numpy")
    report = kt.explore(kt.suites.append_admission,
                        lambda *args: np.uint64(kvc.admitted_append(*args))
                        if kvc.admitted_append(*args) >= 0 else None, cases=CASES)
    assert report.passed(), str(report)


def test_keyboard_interrupt_is_not_a_failed_case():
    def interrupted(*args):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        kt.explore(kt.suites.append_admission, interrupted)


# ---- Determinism and the options ------------------------------------------------------------

def test_the_same_seed_gives_the_same_report():
    first = kt.explore(kt.suites.namespace_isolation, narrowed_to_16_bits, seed=7)
    again = kt.explore(kt.suites.namespace_isolation, narrowed_to_16_bits, seed=7)
    assert str(first) == str(again) and first.arguments == again.arguments
    assert first.seed == 7 and "seed 7" in str(first)
    assert not first.passed()
    default = kt.explore(kt.suites.namespace_isolation, narrowed_to_16_bits)
    assert default.seed == kt._explore.DEFAULT_SEED
    others = {kt.explore(kt.suites.namespace_isolation, narrowed_to_16_bits, seed=s).fixture
              for s in range(8, 12)}
    assert len(others) > 1


def test_cases_counts_every_case_drawn():
    report = kt.explore(kt.suites.append_admission, kvc.admitted_append, cases=50)
    assert report.cases_run + report.not_covered + report.outside_parameter_types == 50
    restricted = kt.restrict_to(kt.suites.append_admission, profiles.consistent_scheduler)
    report = kt.explore(restricted, kvc.admitted_append, cases=400)
    assert report.not_covered > 0 and report.cases_run + report.not_covered == 400
    assert kt.explore(kt.suites.append_admission, kvc.admitted_append).cases_run == \
        kt._explore.DEFAULT_CASES


def test_the_results_do_not_depend_on_hypothesis():
    here = str(kt.explore(kt.suites.prefix_reuse, first_8_characters, seed=3))
    script = textwrap.dedent("""
        import sys
        sys.modules["hypothesis"] = None  # importing Hypothesis now fails
        import kvc.testing as kt
        def first_8_characters(cache_ns, request_ns, cached, requested):
            if cache_ns[:8] != request_ns[:8]:
                return 0
            n = 0
            for a, b in zip(cached, requested):
                if a != b:
                    break
                n += 1
            return n
        print(kt.explore(kt.suites.prefix_reuse, first_8_characters, seed=3), end="")
        assert "hypothesis" not in [m.split(".")[0] for m in sys.modules if sys.modules[m]]
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    assert out == here


def test_bad_options_and_suites_are_refused():
    with pytest.raises(ValueError, match="segment_positions"):
        kt.explore(kt.suites.segment_positions, kvc.segment_positions)
    with pytest.raises(ValueError, match="'mine'"):
        kt.explore(kt.Suite("mine", list(kt.suites.prefix_reuse)), reuse)
    with pytest.raises(TypeError):
        kt.explore([kt.suites.prefix_reuse[0]], reuse)
    for seed in (-1, 2**64, 1.0, True):
        with pytest.raises(ValueError):
            kt.explore(kt.suites.prefix_reuse, reuse, seed=seed)
    for cases in (0, -3, 2.5):
        with pytest.raises(ValueError):
            kt.explore(kt.suites.prefix_reuse, reuse, cases=cases)


def test_assert_explores_raises_with_the_report():
    with pytest.raises(AssertionError) as error:
        kt.assert_explores(kt.suites.append_admission, admits_negative_used, seed=1)
    message = str(error.value)
    report = kt.explore(kt.suites.append_admission, admits_negative_used, seed=1)
    assert message.startswith("admits_negative_used fails kvc::explore of append_admission")
    assert "called as fn(*(" in message and str(report) in message


# ---- Engine profiles ------------------------------------------------------------------------

def test_engine_profile_mirrors_the_cpp_profile():
    import dataclasses

    fields = [f.name for f in dataclasses.fields(kt.EngineProfile)]
    assert fields == list(kvc._kvc._engine_profile_fields())
    assert kvc._kvc._engine_profile_count == 2 ** (len(fields) - 1)
    assert kt.EngineProfile() == profiles.contract
    assert profiles.names() == [name for name, _ in kvc._kvc._engine_profiles()]
    assert profiles.vllm == kt.EngineProfile(keys_adapter_revision=False)
    assert profiles.llama_cpp_server == kt.EngineProfile(keys_adapter_revision=False,
                                                         keys_salt=False)
    assert profiles.conservative_reuse.reuse == "bound"
    assert profiles.by_name("vllm") is profiles.vllm
    assert profiles.contract.consequences() == []
    with pytest.raises(TypeError):
        kt.EngineProfile(keys_salt=0)
    with pytest.raises(ValueError):
        kt.EngineProfile(reuse="less")
    with pytest.raises(KeyError):
        profiles.by_name("sglang")


def test_restrict_to_covers_what_the_cpp_rules_cover():
    vllm = kt.restrict_to(kt.suites.namespace_isolation, profiles.vllm)
    assert len(vllm) == len(kt.suites.namespace_isolation) and list(vllm) == list(
        kt.suites.namespace_isolation)
    outside = [f for f, covered in zip(vllm, vllm.covered()) if not covered]
    assert outside
    for fixture in outside:
        a, b = fixture.inputs[:2]
        # Not covered: the namespaces differ only in the adapter revision vLLM does not key on.
        assert (a.model, a.adapter, a.salt) == (b.model, b.adapter, b.salt) and a != b
    assert all(kt.restrict_to(kt.suites.namespace_isolation, profiles.contract).covered())
    # Restricted twice, the last profile counts; a slice keeps its profile.
    again = kt.restrict_to(kt.restrict_to(kt.suites.namespace_isolation, profiles.contract),
                           profiles.vllm)
    assert again.covered() == vllm.covered() and again.base is kt.suites.namespace_isolation
    assert vllm[:4].covered() == vllm.covered()[:4] and vllm[:4].profile == profiles.vllm
    # Empty inputs and inconsistent admission states.
    no_empty = kt.restrict_to(kt.suites.prefix_reuse, kt.EngineProfile(empty_inputs=False))
    for fixture, covered in zip(no_empty, no_empty.covered()):
        assert covered == all(len(i) > 0 for i in fixture.inputs[2:])
    consistent = kt.restrict_to(kt.suites.append_admission, profiles.consistent_scheduler)
    for fixture, covered in zip(consistent, consistent.covered()):
        capacity, used, _ = fixture.inputs
        assert covered == (0 <= used <= capacity)


def test_restrict_to_refuses_suites_made_in_python():
    with pytest.raises(ValueError, match="'mine'"):
        kt.restrict_to(kt.Suite("mine", list(kt.suites.prefix_reuse)), profiles.vllm)
    with pytest.raises(TypeError):
        kt.restrict_to(kt.suites.prefix_reuse, {"keys_salt": False})


def test_a_bound_profile_passes_an_engine_that_reuses_less_never_more():
    def never_reuses(cache_ns, request_ns, cached, requested):
        return 0

    conservative = kt.restrict_to(kt.suites.prefix_reuse, profiles.conservative_reuse)
    assert not kt.check(kt.suites.prefix_reuse, never_reuses).passed()
    assert kt.check(conservative, never_reuses).passed()
    assert not kt.explore(kt.suites.prefix_reuse, never_reuses).passed()
    assert kt.explore(conservative, never_reuses).passed()
    # More than the contract allows is a bug under every profile.
    report = kt.explore(conservative, first_8_characters)
    assert not report.passed() and int(report.actual) > int(report.expected) == 0
    assert not kt.check(conservative, lambda *args: reuse(*args) + 1).passed()


def test_parametrize_skips_the_fixtures_a_profile_does_not_cover():
    vllm = kt.restrict_to(kt.suites.namespace_isolation, profiles.vllm)
    marks = kt.parametrize(vllm)
    params = marks.args[1]
    skipped = [p for p in params if p.marks]
    assert len(skipped) == vllm.covered().count(False)
    assert [p.id for p in params] == vllm.labels()


@kt.parametrize(kt.restrict_to(kt.suites.namespace_isolation, profiles.vllm))
def test_each_covered_fixture(fixture):
    assert normalized(vllm_lookup()(*fixture.inputs)) == normalized(fixture.expected)


# ---- The stubs --------------------------------------------------------------------------------

def test_the_stubs_declare_every_public_name():
    import ast
    import pathlib
    import re

    stub = pathlib.Path(kt.__file__).with_name("__init__.pyi")
    if not stub.exists():
        pytest.skip("the .pyi stubs are not installed next to kvc.testing")
    names = set()
    for node in ast.parse(stub.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            names.update(alias.asname for alias in node.names if alias.asname == alias.name)
    assert names >= set(kt.__all__)
    listed = set(re.findall(r"^(\w+): EngineProfile$",
                            stub.with_name("profiles.pyi").read_text(), flags=re.M))
    assert listed == set(profiles.names())
