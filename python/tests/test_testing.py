"""kvc.testing: the C++ suites as Python data, check / assert_conforms / parametrize, the policy
suites, the differential helper and lazy imports."""

import math
import subprocess
import sys
import textwrap

import pytest

import kvc
import kvc.testing as kt
from kvc.testing._report import normalized

# The policies of the C++ policy suites, by the suffix of their names.
POLICIES = {
    "exact": dict(block_size=1, recompute_last_token=False),
    "blocks of 16": dict(block_size=16, recompute_last_token=False),
    "last token recomputed": dict(block_size=1, recompute_last_token=True),
    "blocks of 16, last token recomputed": dict(block_size=16, recompute_last_token=True),
}


def reuse_under(policy):
    return lambda cache_ns, request_ns, cached, requested: kvc.reusable_prefix_length(
        cache_ns, request_ns, cached, requested, **policy)


def block_reuse_under(policy):
    # kvc's block form: the reuse under the policy, in whole blocks of the call's block size.
    # One rule: whole blocks of the call's block size and of the policy's at once, within the
    # policy's cap (not one rounding after the other).
    def reuse(cache_ns, request_ns, cached, requested, block):
        policy_block = policy.get("block_size", 1)
        if block <= 0 or policy_block == 0:
            return 0
        prefix = kvc.reusable_prefix_length(cache_ns, request_ns, cached, requested)
        cap = prefix
        if policy.get("recompute_last_token", False):
            cap = min(prefix, max(len(requested) - 1, 0))
        unit = math.lcm(policy_block, block)
        return cap - cap % unit
    return reuse


def per_row(contract, shift):
    # The row form from the one-row contract: each row of L ids on its own, concatenated.
    def rows(ids, row_length):
        if not ids:
            return [0] if shift else []
        out = []
        for start in range(0, len(ids), row_length):
            part = normalized(contract(ids[start:start + row_length]))
            part = [v + start for v in part] if shift else part
            out.extend(part[1:] if shift and out else part)
        return out if out or not shift else [0]
    return rows


def reference(suite_name):
    """kvc's own function for a suite, built from the package's contracts; None when the package
    does not export the contract."""
    name, _, policy = suite_name.partition(" ")
    try:
        if name in ("prefix_reuse", "namespace_isolation"):
            return reuse_under(POLICIES["exact"])
        if name in ("prefix_reuse_under", "namespace_isolation_under"):
            return reuse_under(POLICIES[policy])
        if name == "block_prefix_reuse":
            return block_reuse_under(POLICIES["exact"])
        if name == "block_prefix_reuse_under":
            return block_reuse_under(POLICIES[policy])
        if name in ("append_admission", "append_admission_extremes"):
            return kvc.admitted_append
        if name in ("batch_admission", "batch_admission_extremes"):
            return kvc.admitted_batch
        if name in ("request_admission", "request_admission_extremes"):
            return kvc.admitted_requests
        if name in ("segment_positions", "segment_positions_long"):
            return kvc.segment_positions
        if name == "segment_positions_rows":
            return per_row(kvc.segment_positions, shift=False)
        if name == "segment_offsets":
            return kvc.segment_offsets
        if name == "segment_offsets_rows":
            return per_row(kvc.segment_offsets, shift=True)
        if name == "segment_run_count":
            return kvc.segment_run_count
        if name == "max_segment_length":
            return kvc.max_segment_length
        if name in ("offsets_from_positions", "max_sequence_length_from_positions"):
            # The suites call impl(positions) and impl(positions, C), as the C++ suites do; the
            # Python functions take the component count as a keyword.
            function = getattr(kvc, name)
            return lambda positions, *components: function(positions, components=components[0]) \
                if components else function(positions)
        return getattr(kvc, name.replace("_under", "").replace("multimodal_prefix_reuse_edges",
                                                               "multimodal_prefix_reuse"), None)
    except AttributeError:
        return None


def test_every_descriptor_suite_is_exported():
    names = kt.suites.cpp_names()
    for expected in ("prefix_reuse", "block_prefix_reuse", "append_admission", "segment_positions",
                     "segment_offsets", "segment_run_count", "max_segment_length",
                     "namespace_isolation", "batch_admission", "request_admission",
                     "multimodal_prefix_reuse", "offsets_from_positions",
                     "prefix_reuse_under blocks of 16, last token recomputed"):
        assert expected in names
    for name in names:
        suite = kt.suites.by_name(name)
        assert len(suite) > 0
        assert getattr(kt.suites, kt.suites.python_name(name)) is suite
        for fixture in suite:
            assert isinstance(fixture.label, str) and fixture.label
            assert isinstance(fixture.inputs, tuple)


def test_fixture_values_are_python_values():
    first = kt.suites.prefix_reuse[0]
    assert first.inputs == ("m", "m", [ord("a")], [ord("a"), ord("b")])
    assert first.expected == 1
    isolation = kt.suites.namespace_isolation[0].inputs[0]
    assert (isolation.model, isolation.adapter, isolation.adapter_revision, isolation.salt) == (
        "llama", "sql", 2, "org_1")
    item = kt.suites.multimodal_prefix_reuse[0].inputs[3][0]
    assert (item.offset, item.length) == (2, 3) and item.content_hash == 0x9E3779B97F4A7C15
    assert kt.suites.append_admission_extremes[0].inputs[0] == 2**64 - 1


@pytest.mark.parametrize("name", kt.suites.cpp_names())
def test_every_suite_passes_kvc_reference(name):
    fn = reference(name)
    if fn is None:
        pytest.skip(f"the package exports no Python function for {name}")
    report = kt.check(kt.suites.by_name(name), fn)
    assert report.passed(), str(report)


def ignores_namespace(cache_ns, request_ns, cached, requested):
    return kvc.reusable_prefix_length("m", "m", cached, requested)


def test_mutant_fails_with_the_right_fixtures_named():
    suite = kt.suites.prefix_reuse
    report = kt.check(suite, ignores_namespace)
    failed = {o.label for o in report.failures}
    wrong = {f.label for f in suite if ignores_namespace(*f.inputs) != f.expected}
    assert failed == wrong
    assert {"different model", "namespace is a prefix of the other",
            "namespaces differ in last character"} <= failed
    with pytest.raises(AssertionError) as error:
        kt.assert_conforms(suite, ignores_namespace)
    message = str(error.value)
    for outcome in report.failures:
        assert f'fixture "{outcome.label}": inputs (' in message
        assert f"), actual {outcome.actual_text}, expected {outcome.expected_text}" in message
    assert "ignores_namespace fails" in message
    assert 'fixture "different model": inputs ("m1", "m2", [97, 98], [97, 98]), actual 2, expected 0' in message
    # A summary, not the whole table.
    assert "| Boundary fixture |" not in message
    assert message.rstrip().endswith(f"{len(report.failures)} failed")


def test_a_failure_elides_long_lists():
    def always_restarts(segments):
        return [0] * len(segments)
    with pytest.raises(AssertionError) as error:
        kt.assert_conforms(kt.suites.segment_positions_long, always_restarts)
    message = str(error.value)
    assert "... (65537 elements)" in message and len(message) < 600


def test_a_raising_implementation_fails_its_fixtures_without_stopping_the_run():
    def raises_on_empty(cache_ns, request_ns, cached, requested):
        if not requested:
            raise IndexError("empty request")
        return kvc.reusable_prefix_length(cache_ns, request_ns, cached, requested)
    report = kt.check(kt.suites.prefix_reuse, raises_on_empty)
    assert len(report.outcomes) == len(kt.suites.prefix_reuse)
    assert report.failures and all("raised IndexError" in o.actual_text for o in report.failures)


def test_report_string_is_the_records_table():
    report = kt.check(kt.suites.segment_offsets, lambda ids: [0])
    lines = str(report).splitlines()
    assert lines[0] == "| Boundary fixture | Actual | Expected | Outcome |"
    assert lines[1] == "|---|---|---|---|"
    assert len(lines) == 2 + len(kt.suites.segment_offsets)
    first = kt.suites.segment_offsets[0]
    assert lines[2] == f"| {first.label} | `[0]` | `[0, 1, 3]` | Failed |"
    integers = str(kt.check(kt.suites.prefix_reuse, reuse_under(POLICIES["exact"]))).splitlines()
    assert integers[2] == "| same namespace prefix | 1 | 1 | Passed |"
    assert kt.check(kt.suites.prefix_reuse, lambda *a: True).outcomes[0].actual_text == "true"


def test_optional_forms_are_skipped_not_failed():
    # A one-row offsets implementation skips the 3-row fixtures, as the C++ checks do.
    def one_row(positions):
        starts = [i for i, p in enumerate(positions) if p == 0 and (i == 0 or positions[i - 1] >= 0)]
        return starts + [len(positions)] if positions else [0]
    report = kt.check(kt.suites.offsets_from_positions, one_row)
    assert report.skipped and all(o.passed for o in report.skipped)
    assert "fixtures skipped: forms the implementation does not take" in str(report)
    assert "(skipped: does not implement the 3-row form)" in str(report)


def test_parametrize_yields_one_case_per_fixture():
    suite = kt.suites.segment_run_count
    mark = kt.parametrize(suite).mark
    argname, values = mark.args
    assert argname == "fixture"
    assert list(values) == list(suite)
    assert mark.kwargs["ids"] == [f.label for f in suite]


@kt.parametrize(kt.suites.segment_offsets)
def test_parametrized_segment_offsets(fixture):
    assert normalized(kvc.segment_offsets(*fixture.inputs)) == fixture.expected


@pytest.mark.parametrize("suffix", list(POLICIES))
def test_prefix_reuse_under_any_policy_matches_the_cpp_policy_suites(suffix):
    built = kt.suites.prefix_reuse_under(**POLICIES[suffix])
    cpp = kt.suites.by_name(f"prefix_reuse_under {suffix}")
    assert [(f.label, f.inputs, f.expected) for f in built] == [
        (f.label, f.inputs, f.expected) for f in cpp]


def test_prefix_reuse_under_a_policy_no_cpp_suite_has():
    suite = kt.suites.prefix_reuse_under(block_size=4, recompute_last_token=True)
    assert len(suite) == len(kt.suites.prefix_reuse_under_exact)
    kt.assert_conforms(suite, reuse_under(dict(block_size=4, recompute_last_token=True)))
    assert not kt.check(suite, reuse_under(POLICIES["blocks of 16"])).passed()
    with pytest.raises(ValueError):
        kt.suites.prefix_reuse_under(block_size=0)


def test_differential_against_kvc():
    hypothesis = pytest.importorskip("hypothesis")
    settings = dict(max_examples=60, database=None)

    def positions(ids):
        out = []
        for i, x in enumerate(ids):
            out.append(out[-1] + 1 if i and ids[i - 1] == x else 0)
        return out
    kt.assert_matches_reference("segment_positions", positions, **settings)

    def restarts_never(ids):
        return list(range(len(ids)))
    with pytest.raises(AssertionError, match="restarts_never"):
        kt.assert_matches_reference("segment_positions", restarts_never, **settings)

    with pytest.raises(AssertionError):
        kt.assert_matches_reference("reusable_prefix_length", ignores_namespace, **settings)
    kt.differential(lambda a, b: a + b, lambda a, b: b + a,
                    hypothesis.strategies.tuples(hypothesis.strategies.integers(),
                                                 hypothesis.strategies.integers()),
                    max_examples=20, database=None)


def test_strategies_draw_kvc_inputs():
    hypothesis = pytest.importorskip("hypothesis")
    strategies = kt.strategies

    @hypothesis.settings(max_examples=50, database=None)
    @hypothesis.given(strategies.token_sequences(max_size=8), strategies.segment_ids(max_size=8),
                      strategies.namespaces(), strategies.shared_prefix_pairs(max_prefix=20))
    def draws(tokens, ids, ns, pair):
        assert len(tokens) <= 8 and all(isinstance(t, int) for t in tokens)
        assert len(ids) <= 8
        hash(ns)
        cached, requested = pair
        assert kvc.reusable_prefix_length("m", "m", cached, requested) >= 0
    draws()


def test_importing_kvc_testing_needs_neither_pytest_nor_hypothesis():
    script = textwrap.dedent("""
        import sys
        sys.modules["pytest"] = None
        sys.modules["hypothesis"] = None
        import kvc.testing as kt
        suite = kt.suites.segment_run_count
        report = kt.check(suite, lambda ids: 0)
        assert not report.passed()
        try:
            kt.strategies
        except ImportError:
            print("lazy")
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "lazy"


def test_the_suites_stub_lists_every_suite():
    import pathlib
    import re
    stub = pathlib.Path(kt.suites.__file__).with_suffix(".pyi")
    if not stub.exists():
        pytest.skip("the .pyi stubs are not installed next to kvc.testing")
    listed = set(re.findall(r"^(\w+): Suite$", stub.read_text(), flags=re.M))
    assert listed == {kt.suites.python_name(n) for n in kt.suites.cpp_names()}


def test_names_are_the_attributes_and_cpp_names_the_descriptors():
    assert len(kt.suites.names()) == len(kt.suites.cpp_names())
    for name, cpp in zip(kt.suites.names(), kt.suites.cpp_names()):
        assert getattr(kt.suites, name) is kt.suites.by_name(name) is kt.suites.by_name(cpp)
        assert kt.suites.python_name(cpp) == name
    assert "namespace_isolation_under_blocks_of_16_last_token_recomputed" in kt.suites.names()


def test_every_policy_suite_is_a_function():
    for family in ("prefix_reuse_under", "namespace_isolation_under", "block_prefix_reuse_under",
                   "multimodal_prefix_reuse_under"):
        make = getattr(kt.suites, family)
        for (block, recompute), words in ((1, False), "exact"), ((16, True),
                                                                 "blocks of 16, last token recomputed"):
            suite = make(block_size=block, recompute_last_token=recompute)
            descriptors = kt.suites.by_name(f"{family} {words}")
            assert [f.label for f in suite] == [f.label for f in descriptors]
            assert [f.expected for f in suite] == [f.expected for f in descriptors]
        with pytest.raises(ValueError):
            make(block_size=0)
    # Any policy for the two a Python function computes; a correct engine passes it.
    odd = kt.suites.namespace_isolation_under(block_size=5, recompute_last_token=True)
    assert len(odd) == len(kt.suites.namespace_isolation_under_exact)
    engine = lambda a, b, cached, requested: kvc.reusable_prefix_length(
        a, b, cached, requested, block_size=5, recompute_last_token=True)
    assert kt.check(odd, engine).passed()
    assert not kt.check(odd, kvc.reusable_prefix_length).passed()
    with pytest.raises(ValueError, match="standard"):
        kt.suites.multimodal_prefix_reuse_under(block_size=5)
