"""A hostile review of the package (issue 13): inputs meant to crash the extension or make it
answer wrongly, exact agreement with pure-Python references on every dtype and stride, and wrong
implementations that kvc.testing must not accept."""

import array
import copy
import pickle
import subprocess
import sys
import threading
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kvc
import kvc.testing as kt

INTEGER_DTYPES = ["i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", ">i2", ">i4", ">i8", ">u4",
                  ">u8", np.intp]


# ---- pure-Python references -------------------------------------------------------------------

def common_prefix(a, b):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def reference_prefix(same_ns, cached, requested, block_size=1, recompute_last_token=False):
    if not same_ns:
        return 0
    n = common_prefix(cached, requested)
    if recompute_last_token and len(requested) > 0:
        n = min(n, len(requested) - 1)
    return 0 if block_size == 0 else n - n % block_size


def reference_positions(ids):
    positions = []
    for i, id_ in enumerate(ids):
        positions.append(positions[-1] + 1 if i and ids[i - 1] == id_ else 0)
    return positions


def reference_offsets(ids):
    return [i for i in range(len(ids)) if i == 0 or ids[i] != ids[i - 1]] + [len(ids)]


def reference_runs(ids):
    return len(reference_offsets(ids)) - 1


def reference_longest(ids):
    offsets = reference_offsets(ids)
    return max((b - a for a, b in zip(offsets, offsets[1:])), default=0)


def reference_append(capacity, used, requested):
    ok = 0 <= used <= capacity and 0 <= requested <= capacity - used
    return requested if ok else 0


def reference_batch(capacity, used, requests):
    ok = 0 <= used <= capacity and all(r >= 0 for r in requests) and sum(requests) <= capacity - used
    return sum(requests) if ok else 0


def reference_requests(capacity, used, requests):
    if not 0 <= used <= capacity:
        return 0
    free, n = capacity - used, 0
    for r in requests:
        if not 0 <= r <= free:
            break
        free -= r
        n += 1
    return n


# ---- strategies: the same values in every dtype, stride and container ---------------------------

@st.composite
def id_arguments(draw, elements=st.integers(0, 3), max_size=40):
    """(values, argument): the values as a Python list, and the same values as kvc receives them -
    a list, a tuple, or an array of any integer dtype that holds them, contiguous, reversed,
    strided, read-only or unaligned."""
    values = draw(st.lists(elements, max_size=max_size))
    form = draw(st.sampled_from(["list", "tuple", "array", "reversed", "strided", "readonly",
                                 "unaligned", "array.array"]))
    if form == "list":
        return values, list(values)
    if form == "tuple":
        return values, tuple(values)
    if form == "array.array":
        return values, array.array("q", values)
    fits = [d for d in INTEGER_DTYPES
            if not values or (np.iinfo(np.dtype(d)).min <= min(values)
                              and max(values) <= np.iinfo(np.dtype(d)).max)]
    dtype = np.dtype(draw(st.sampled_from(fits)))
    if form == "reversed":
        return values, np.array(values[::-1], dtype=dtype)[::-1]
    if form == "strided":
        doubled = np.zeros(2 * len(values), dtype=dtype)
        doubled[::2] = values
        return values, doubled[::2]
    if form == "unaligned":
        raw = np.zeros(len(values) * dtype.itemsize + 1, dtype=np.uint8)
        a = raw[1:].view(dtype)
        a[:] = values
        return values, a
    a = np.array(values, dtype=dtype)
    if form == "readonly":
        a.flags.writeable = False
    return values, a


@settings(max_examples=300, deadline=None)
@given(id_arguments(), id_arguments(), st.integers(0, 5), st.booleans(), st.booleans())
def test_prefix_agrees_with_python_on_every_dtype_and_stride(cached, requested, block, recompute,
                                                              same):
    (c, c_arg), (r, r_arg) = cached, requested
    actual = kvc.reusable_prefix_length("m", "m" if same else "n", c_arg, r_arg,
                                        block_size=block, recompute_last_token=recompute)
    assert type(actual) is int
    assert actual == reference_prefix(same, c, r, block, recompute)


@settings(max_examples=300, deadline=None)
@given(id_arguments(), id_arguments())
def test_prefix_compares_values_not_bits_across_signedness(cached, requested):
    # -1 in int32 and 2**32 - 1 in uint32 share their bits: they must not be a common prefix.
    (c, c_arg), (r, r_arg) = cached, requested
    assert kvc.reusable_prefix_length("m", "m", c_arg, r_arg) == common_prefix(c, r)


@pytest.mark.parametrize("a, b", [(np.array([-1], "i4"), np.array([2**32 - 1], "u4")),
                                  (np.array([-1], "i8"), np.array([2**64 - 1], "u8")),
                                  ([-1], [2**64 - 1]), (np.array([-1], "i1"), [255])])
def test_equal_bits_of_different_values_are_no_prefix(a, b):
    assert kvc.reusable_prefix_length("m", "m", a, b) == 0


@settings(max_examples=300, deadline=None)
@given(id_arguments(st.integers(-3, 3)))
def test_segment_contracts_agree_with_python_on_every_dtype_and_stride(ids):
    values, argument = ids
    if any(v < 0 for v in values) and isinstance(argument, np.ndarray) and argument.dtype.kind == "u":
        return
    positions = kvc.segment_positions(argument)
    assert positions.dtype == np.int32 and positions.tolist() == reference_positions(values)
    offsets = kvc.segment_offsets(argument)
    assert offsets.dtype == np.int32 and offsets.tolist() == reference_offsets(values)
    assert kvc.segment_run_count(argument) == reference_runs(values)
    assert kvc.max_segment_length(argument) == reference_longest(values)


@settings(max_examples=300, deadline=None)
@given(st.integers(-2, 2**64 - 1) | st.integers(-5, 20), st.integers(-2, 2**63) | st.integers(-5, 20),
       id_arguments(st.integers(-2, 12) | st.sampled_from([2**62, 2**63 - 1])))
def test_admission_agrees_with_python_on_every_dtype(capacity, used, requests):
    values, argument = requests
    if isinstance(argument, np.ndarray) and argument.dtype.kind == "u" and min(values, default=0) < 0:
        return
    assert kvc.admitted_batch(capacity, used, argument) == reference_batch(capacity, used, values)
    assert kvc.admitted_requests(capacity, used, argument) == reference_requests(capacity, used,
                                                                                   values)
    for r in values[:3]:
        assert kvc.admitted_append(capacity, used, r) == reference_append(capacity, used, r)


@pytest.mark.parametrize("dtype", ["i2", "i4", "i8", "u2", "u4", "u8"])
def test_unaligned_arrays_are_read_correctly(dtype):
    # The contracts read through typed pointers: an unaligned array must be copied, not viewed.
    raw = np.zeros(4 * np.dtype(dtype).itemsize + 1, dtype=np.uint8)
    ids = raw[1:].view(dtype)
    ids[:] = [1, 1, 2, 2]
    assert not ids.flags.aligned
    assert kvc.segment_positions(ids).tolist() == [0, 1, 0, 1]
    assert kvc.reusable_prefix_length("m", "m", ids, [1, 1, 2, 3]) == 3


# ---- crashes: objects whose __init__ never ran --------------------------------------------------

UNINITIALIZED_SOURCE = {
    "repr": "repr(ns)",
    "model": "ns.model",
    "salt": "ns.salt",
    "eq": "ns == kvc.CacheNamespace('m')",
    "eq reflected": "kvc.CacheNamespace('m') == ns",
    "hash": "hash(ns)",
    "pickle": "pickle.dumps(ns)",
    "reusable_prefix_length": "kvc.reusable_prefix_length(ns, ns, [1], [1])",
}


@pytest.mark.parametrize("call", list(UNINITIALIZED_SOURCE))
def test_a_namespace_made_by_new_alone_raises_instead_of_crashing(call):
    # Run in a child: before the fix these read uninitialized memory and killed the interpreter.
    code = ("import kvc, pickle\n"
            "ns = kvc.CacheNamespace.__new__(kvc.CacheNamespace)\n"
            "try:\n"
            f"    ({UNINITIALIZED_SOURCE[call]})\n"
            "except TypeError as e:\n"
            "    assert 'not initialized' in str(e), e\n"
            "else:\n"
            "    raise SystemExit('no TypeError')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr + done.stdout




@pytest.mark.parametrize("source", [
    "kvc.model.PrefixCache.__new__(kvc.model.PrefixCache).lookup('m', [1])",
    "kvc.model.PrefixCache.__new__(kvc.model.PrefixCache).insert('m', [1])",
    "len(kvc.model.PrefixCache.__new__(kvc.model.PrefixCache))",
    "kvc.model.SlotAllocator.__new__(kvc.model.SlotAllocator).try_reserve(1, 1)",
    "kvc.model.SlotAllocator.__new__(kvc.model.SlotAllocator).available()",
])
def test_a_model_made_by_new_alone_raises_instead_of_crashing(source):
    code = (f"import kvc\ntry:\n    {source}\nexcept TypeError as e:\n"
            "    assert 'not initialized' in str(e), e\nelse:\n    raise SystemExit('no TypeError')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr + done.stdout


def test_pickle_and_copy_still_round_trip():
    ns = kvc.CacheNamespace("m", "a\0b", 2**64 - 1, "s")
    assert pickle.loads(pickle.dumps(ns)) == ns
    assert copy.deepcopy(ns) == ns and copy.copy(ns) == ns


@pytest.mark.parametrize("state", [(1, "", 0, ""), ("m", b"a", 0, ""), ("m", "", 1.0, ""),
                                   ("m", "", 0, None)])
def test_a_forged_pickle_state_is_refused_not_coerced(state):
    ns = kvc.CacheNamespace.__new__(kvc.CacheNamespace)
    with pytest.raises(TypeError):
        ns.__setstate__(state)


# ---- namespaces ---------------------------------------------------------------------------------

@pytest.mark.parametrize("field", ["model", "adapter", "salt"])
def test_text_that_is_not_utf8_is_a_clear_error(field):
    with pytest.raises(UnicodeEncodeError):
        kvc.CacheNamespace(**{"model": "m", field: "\ud800"})


@pytest.mark.parametrize("ns", [[1], {"m": 1}, np.array([1, 2]), np.array([1])])
def test_unhashable_namespaces_are_refused_as_the_model_refuses_them(ns):
    with pytest.raises(TypeError, match="hashable"):
        kvc.reusable_prefix_length(ns, ns, [1, 2], [1, 2])
    with pytest.raises(TypeError):
        kvc.model.PrefixCache().insert(ns, [1, 2])


def test_namespaces_with_nul_bytes_stay_distinct():
    a, b = kvc.CacheNamespace("a\0b"), kvc.CacheNamespace("a\0c")
    assert a != b and a.model == "a\0b"
    assert kvc.reusable_prefix_length(a, b, [1], [1]) == 0


# ---- threads ------------------------------------------------------------------------------------

def test_an_array_mutated_by_another_thread_during_a_call_does_not_crash():
    ids = np.zeros(4_000_000, dtype=np.int32)
    stop = threading.Event()

    def mutate():
        while not stop.is_set():
            ids[::997] += 1

    writer = threading.Thread(target=mutate)
    writer.start()
    try:
        for _ in range(20):
            assert len(kvc.segment_positions(ids)) == len(ids)
            assert kvc.reusable_prefix_length("m", "m", ids, ids[::-1]) <= len(ids)
            # Counted, then written: a writer may make the count stale four times running, and
            # the documented answer to that is a RuntimeError, never a crash or a short array.
            try:
                assert kvc.segment_offsets(ids)[-1] == len(ids)
            except RuntimeError as error:
                assert "the input changed while it was read" in str(error)
    finally:
        stop.set()
        writer.join()


def test_a_list_argument_outlives_the_caller_dropping_it():
    results = []

    def call():
        results.append(kvc.segment_run_count(list(range(1_000_000))))

    threads = [threading.Thread(target=call) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [1_000_000] * 4


# ---- kvc.testing must not accept wrong implementations ------------------------------------------

def _positions_as(convert):
    return lambda ids: convert(kvc.segment_positions(ids))


WRONG_RESULTS = {
    "floats in a list": (kt.suites.segment_positions, _positions_as(lambda a: [float(x) for x in a])),
    "a float array": (kt.suites.segment_positions, _positions_as(lambda a: a.astype(float))),
    "a float count": (kt.suites.segment_run_count, lambda ids: float(kvc.segment_run_count(ids))),
    "a numpy float": (kt.suites.prefix_reuse,
                      lambda *a: np.float64(kvc.reusable_prefix_length(*a))),
    "a bool for a count": (kt.suites.segment_run_count,
                           lambda ids: bool(kvc.segment_run_count(ids))),
    "bools for positions": (kt.suites.segment_positions,
                            _positions_as(lambda a: [bool(x) for x in a])),
    "mock.ANY": (kt.suites.prefix_reuse, lambda *a: mock.ANY),
    "a set of offsets": (kt.suites.segment_offsets, lambda ids: set(kvc.segment_offsets(ids).tolist())),
    "a generator of positions": (kt.suites.segment_positions,
                                 _positions_as(lambda a: (int(x) for x in a))),
}


@pytest.mark.parametrize("case", list(WRONG_RESULTS))
def test_a_result_of_the_wrong_type_fails_the_suite(case):
    suite, fn = WRONG_RESULTS[case]
    report = kt.check(suite, fn)
    assert not report.passed()
    with pytest.raises(AssertionError):
        kt.assert_conforms(suite, fn)


def test_a_bool_for_a_one_run_count_fails_though_true_equals_1():
    fn = lambda ids: bool(kvc.segment_run_count(ids))  # noqa: E731
    one_run = [f for f in kt.suites.segment_run_count if f.expected == 1]
    assert one_run and not kt.check(one_run, fn).passed()


def test_numpy_integers_and_arrays_still_pass():
    assert kt.check(kt.suites.segment_positions, kvc.segment_positions).passed()
    assert kt.check(kt.suites.segment_run_count,
                    lambda ids: np.int64(kvc.segment_run_count(ids))).passed()
    assert kt.check(kt.suites.segment_positions,
                    lambda ids: tuple(kvc.segment_positions(ids).tolist())).passed()
    assert kt.check(kt.suites.segment_offsets,
                    lambda ids: kvc.segment_offsets(ids).astype(np.uint64)).passed()


def test_a_mock_result_fails_without_recursing_forever():
    report = kt.check(kt.suites.prefix_reuse, lambda *a: mock.Mock())
    assert not report.passed()


def test_a_function_that_mutates_its_inputs_cannot_change_the_suite():
    before = [copy.deepcopy(f.inputs) for f in kt.suites.prefix_reuse]

    def mutating(cache_ns, request_ns, cached, requested):
        result = kvc.reusable_prefix_length(cache_ns, request_ns, cached, requested)
        cached.append(99)
        requested.clear()
        return result

    assert kt.check(kt.suites.prefix_reuse, mutating).passed()
    assert [f.inputs for f in kt.suites.prefix_reuse] == before
    assert kt.check(kt.suites.prefix_reuse, kvc.reusable_prefix_length).passed()


def test_the_report_shows_a_float_and_keeps_its_table_when_fn_raises_a_multiline_error():
    report = kt.check(kt.suites.segment_run_count, lambda ids: 1.5)
    assert "1.5" in report.failures[0].actual_text

    def raises(ids):
        raise ValueError("first line\nsecond | line")

    table = str(kt.check(kt.suites.segment_run_count, raises))
    rows = table.strip().splitlines()
    assert len(rows) == 2 + len(kt.suites.segment_run_count)
    assert all(row.count(" | ") == 3 for row in rows[2:]), table
