"""Every contract of the kvc package against a deliberately simple pure-Python reference, on random
inputs (Hypothesis), in every integer dtype and as lists; and the package's surface: stubs,
docstrings, CacheNamespace."""

import ast
import pickle
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kvc

settings.register_profile("kvc", max_examples=150, deadline=None)
settings.load_profile("kvc")

INT64_MIN, INT64_MAX, UINT64_MAX = -(2**63), 2**63 - 1, 2**64 - 1
DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


# ---- references --------------------------------------------------------------------------------


def reference_prefix(cache_ns, request_ns, cached, requested, block_size=1, recompute=False):
    exact = 0
    if cache_ns == request_ns:
        for a, b in zip(cached, requested):
            if int(a) != int(b):
                break
            exact += 1
    if block_size == 0:
        return 0
    capped = min(exact, max(len(requested) - 1, 0)) if recompute else exact
    return capped - capped % block_size


def reference_append(capacity, used, requested):
    ok = 0 <= used <= capacity and 0 <= requested <= capacity - used
    return requested if ok else 0


def reference_batch(capacity, used, requests):
    if not 0 <= used <= capacity:
        return 0
    total = 0
    for r in requests:
        if r < 0 or r > capacity - used - total:
            return 0
        total += r
    return total


def reference_requests(capacity, used, requests):
    if not 0 <= used <= capacity:
        return 0
    total = admitted = 0
    for r in requests:
        if r < 0 or r > capacity - used - total:
            break
        total += r
        admitted += 1
    return admitted


def reference_positions(ids):
    return [0 if i == 0 or ids[i] != ids[i - 1] else None for i in range(len(ids))]


def reference_runs(ids):
    """The length of every run of equal ids, in order."""
    runs = []
    for i, x in enumerate(ids):
        if i > 0 and x == ids[i - 1]:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def positions_from_runs(runs):
    return [p for length in runs for p in range(length)]


def offsets_from_runs(runs):
    offsets = [0]
    for length in runs:
        offsets.append(offsets[-1] + length)
    return offsets


def reference_sequences(positions, components=1):
    """The token count of every sequence of position ids (row 0 deciding; negatives are padding)."""
    tokens = len(positions) // components if positions else 0
    lengths = []
    for p in positions[:tokens]:
        if p < 0:
            continue
        if not lengths or p == 0:
            lengths.append(1)
        else:
            lengths[-1] += 1
    return lengths


# ---- strategies --------------------------------------------------------------------------------


@st.composite
def token_arrays(draw, min_size=0, max_size=60):
    """A token sequence as a NumPy array of a random integer dtype, or as a list."""
    dtype = draw(st.sampled_from(DTYPES + [list]))
    info = np.iinfo(np.int16 if dtype is list else dtype)
    # A small alphabet, so that prefixes and runs are long enough to matter.
    base = draw(st.integers(max(info.min, -3), min(info.max, 3)))
    values = draw(
        st.lists(st.integers(base, min(base + 3, info.max)), min_size=min_size, max_size=max_size)
    )
    return values if dtype is list else np.array(values, dtype=dtype)


@st.composite
def related_pair(draw):
    """Two token sequences that share a prefix, of independent dtypes."""
    shared = draw(st.lists(st.integers(0, 50), max_size=40))
    tails = [draw(st.lists(st.integers(0, 50), max_size=10)) for _ in range(2)]
    out = []
    for tail in tails:
        dtype = draw(st.sampled_from(DTYPES + [list]))
        values = shared + tail
        out.append(values if dtype is list else np.array(values, dtype=dtype))
    return out


namespaces = st.one_of(
    st.sampled_from(["llama", "mistral", 0, 1, ("m", 1), ("m", 2)]),
    st.builds(
        kvc.CacheNamespace,
        st.sampled_from(["llama", "mistral"]),
        st.sampled_from(["", "lora-a"]),
        st.integers(0, 2),
        st.sampled_from(["", "tenant"]),
    ),
)


def fields(ns):
    if isinstance(ns, kvc.CacheNamespace):
        return ("CacheNamespace", ns.model, ns.adapter, ns.adapter_revision, ns.salt)
    return ns


# ---- prefix reuse ------------------------------------------------------------------------------


@given(related_pair(), namespaces, namespaces, st.integers(0, 20), st.booleans())
def test_reusable_prefix_length_matches_the_reference(pair, cache_ns, request_ns, block, recompute):
    cached, requested = pair
    expected = reference_prefix(
        fields(cache_ns), fields(request_ns), list(cached), list(requested), block, recompute
    )
    actual = kvc.reusable_prefix_length(
        cache_ns, request_ns, cached, requested, block_size=block, recompute_last_token=recompute
    )
    assert actual == expected
    assert type(actual) is int


@given(token_arrays(), token_arrays())
def test_reusable_prefix_length_compares_tokens_by_value_across_dtypes(cached, requested):
    expected = reference_prefix("m", "m", list(cached), list(requested))
    assert kvc.reusable_prefix_length("m", "m", cached, requested) == expected


def test_reusable_prefix_length_defaults_and_vllm_policy():
    prompt = np.arange(40, dtype=np.int32)
    assert kvc.reusable_prefix_length("m", "m", prompt, prompt) == 40
    # vLLM: blocks of 16, the last prompt token recomputed: 39 capped, 32 reused.
    assert kvc.reusable_prefix_length(
        "m", "m", prompt, prompt, block_size=16, recompute_last_token=True
    ) == 32
    assert kvc.reusable_prefix_length("m", "m", prompt, prompt, block_size=0) == 0
    assert kvc.reusable_prefix_length("m", "other", prompt, prompt) == 0


def test_namespaces_are_compared_with_python_equality_once():
    calls = []

    class Counted:
        def __eq__(self, other):
            calls.append(other)
            return True

        __hash__ = object.__hash__

    tokens = list(range(100))
    assert kvc.reusable_prefix_length(Counted(), Counted(), tokens, tokens) == 100
    assert len(calls) == 1


def test_long_prefix_with_the_difference_near_the_end():
    a = np.arange(1 << 20, dtype=np.int32)
    b = a.copy()
    b[-5] = -1
    assert kvc.reusable_prefix_length("m", "m", a, b) == (1 << 20) - 5
    assert kvc.reusable_prefix_length("m", "m", a, b.astype(np.int64)) == (1 << 20) - 5


# ---- CacheNamespace ----------------------------------------------------------------------------


def test_cache_namespace_fields_defaults_equality_hash_repr_pickle():
    ns = kvc.CacheNamespace("llama", "lora", 3, "tenant")
    assert (ns.model, ns.adapter, ns.adapter_revision, ns.salt) == ("llama", "lora", 3, "tenant")
    base = kvc.CacheNamespace("llama")
    assert (base.adapter, base.adapter_revision, base.salt) == ("", 0, "")
    assert base == kvc.CacheNamespace(model="llama", adapter="", adapter_revision=0, salt="")
    assert hash(base) == hash(kvc.CacheNamespace("llama"))
    assert ns != base and base != "llama" and not (base == "llama")
    # Fields never alias as concatenated keys do.
    assert kvc.CacheNamespace("org_1", salt="2345") != kvc.CacheNamespace("org_12345")
    assert kvc.CacheNamespace("m", "a", 2**64 - 1).adapter_revision == 2**64 - 1
    assert repr(ns) == "CacheNamespace(model='llama', adapter='lora', adapter_revision=3, salt='tenant')"
    assert pickle.loads(pickle.dumps(ns)) == ns
    assert len({base, kvc.CacheNamespace("llama"), ns}) == 2
    with pytest.raises(AttributeError):
        ns.model = "other"


@given(namespaces, namespaces)
def test_cache_namespace_equality_is_field_by_field(a, b):
    assert (a == b) == (fields(a) == fields(b))
    if a == b:
        assert hash(a) == hash(b)


# ---- admission ---------------------------------------------------------------------------------

counts = st.one_of(st.integers(-5, 40), st.integers(INT64_MIN, UINT64_MAX))


@given(counts, counts, counts)
def test_admitted_append_matches_the_reference(capacity, used, requested):
    assert kvc.admitted_append(capacity, used, requested) == reference_append(
        capacity, used, requested
    )


@given(counts, counts, st.lists(st.one_of(st.integers(-2, 15), st.integers(0, INT64_MAX)), max_size=8))
def test_admission_of_lists_matches_the_reference(capacity, used, requests):
    assert kvc.admitted_batch(capacity, used, requests) == reference_batch(capacity, used, requests)
    assert kvc.admitted_requests(capacity, used, requests) == reference_requests(
        capacity, used, requests
    )


@given(st.integers(-2, 100), st.integers(-2, 50), st.sampled_from(DTYPES), st.data())
def test_admission_of_arrays_matches_the_reference(capacity, used, dtype, data):
    info = np.iinfo(dtype)
    requests = data.draw(st.lists(st.integers(max(info.min, -2), min(info.max, 30)), max_size=8))
    array = np.array(requests, dtype=dtype)
    assert kvc.admitted_batch(capacity, used, array) == reference_batch(capacity, used, requests)
    assert kvc.admitted_requests(capacity, used, array) == reference_requests(
        capacity, used, requests
    )


def test_admission_sums_exactly_near_64_bits():
    assert kvc.admitted_batch(UINT64_MAX, 0, [INT64_MAX, INT64_MAX, 1]) == UINT64_MAX
    assert kvc.admitted_batch(UINT64_MAX, 1, [INT64_MAX, INT64_MAX, 1]) == 0
    assert kvc.admitted_requests(UINT64_MAX, 1, [INT64_MAX, INT64_MAX, 1]) == 2
    assert kvc.admitted_append(UINT64_MAX, INT64_MAX, INT64_MAX) == INT64_MAX
    assert kvc.admitted_append(np.int32(10), np.uint8(2), np.int64(8)) == 8


# ---- segments ----------------------------------------------------------------------------------


@given(token_arrays(max_size=100))
def test_segments_match_the_reference(ids):
    runs = reference_runs([int(x) for x in ids])
    positions = kvc.segment_positions(ids)
    assert positions.dtype == np.int32
    assert positions.tolist() == positions_from_runs(runs)
    offsets = kvc.segment_offsets(ids)
    assert offsets.dtype == np.int32
    assert offsets.tolist() == offsets_from_runs(runs)
    assert kvc.segment_run_count(ids) == len(runs)
    assert kvc.max_segment_length(ids) == max(runs, default=0)


@given(token_arrays(max_size=2000), st.sampled_from([np.int16, np.int64, np.uint32, np.uint64]))
def test_segments_in_a_chosen_dtype(ids, dtype):
    runs = reference_runs([int(x) for x in ids])
    positions = kvc.segment_positions(ids, dtype=dtype)
    assert positions.dtype == dtype and positions.tolist() == positions_from_runs(runs)
    offsets = kvc.segment_offsets(ids, dtype=dtype)
    assert offsets.dtype == dtype and offsets.tolist() == offsets_from_runs(runs)


@given(st.lists(st.integers(1, 300), max_size=40), st.sampled_from([np.int32, np.uint16, np.int64]))
def test_segment_offsets_of_random_runs(lengths, dtype):
    # Consecutive runs take alternating ids, so every run is its own.
    ids = np.concatenate([np.full(n, i % 2, dtype=dtype) for i, n in enumerate(lengths)] or [np.zeros(0, dtype)])
    assert kvc.segment_offsets(ids).tolist() == offsets_from_runs(lengths)
    assert kvc.segment_positions(ids).tolist() == positions_from_runs(lengths)
    assert kvc.max_segment_length(ids) == max(lengths, default=0)


def test_segment_positions_of_a_large_int32_array_take_the_vector_kernel():
    rng = np.random.default_rng(7)
    ids = np.repeat(np.arange(5000, dtype=np.int32), rng.integers(1, 400, size=5000))
    starts = np.flatnonzero(np.diff(ids, prepend=ids[0] - 1))
    expected = np.arange(ids.size) - np.repeat(starts, np.diff(np.append(starts, ids.size)))
    assert np.array_equal(kvc.segment_positions(ids), expected)


def test_segments_of_no_ids():
    for ids in ([], np.zeros(0, dtype=np.int32)):
        assert kvc.segment_positions(ids).tolist() == []
        assert kvc.segment_offsets(ids).tolist() == [0]
        assert kvc.segment_run_count(ids) == 0
        assert kvc.max_segment_length(ids) == 0


# ---- position ids ------------------------------------------------------------------------------


@given(
    st.lists(st.integers(-1, 3), max_size=60),
    st.sampled_from([1, 3]),
    st.sampled_from([np.int8, np.int32, np.int64, list]),
)
def test_offsets_from_positions_match_the_reference(row0, components, dtype):
    positions = row0 * components  # row 0 decides; the other rows are anything of the same length
    values = positions if dtype is list else np.array(positions, dtype=dtype)
    lengths = reference_sequences(positions, components)
    assert kvc.offsets_from_positions(values, components=components).tolist() == offsets_from_runs(
        lengths
    )
    assert kvc.max_sequence_length_from_positions(values, components=components) == max(
        lengths, default=0
    )


def test_offsets_from_positions_of_mrope_rows_count_tokens_once():
    temporal = [0, 1, 1, 1, 2, 0, 1]
    positions = np.array([temporal, temporal, temporal], dtype=np.int64).reshape(-1)
    assert kvc.offsets_from_positions(positions, components=3).tolist() == [0, 5, 7]
    assert kvc.max_sequence_length_from_positions(positions, components=3) == 5


# ---- the package's surface ---------------------------------------------------------------------

STUBS = Path(kvc.__file__).with_name("__init__.pyi")


def stub_names():
    tree = ast.parse(STUBS.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            # `from . import model as model`: a re-exported submodule.
            names.update(alias.asname for alias in node.names if alias.asname == alias.name)
    return names


def test_every_name_the_stubs_declare_exists_and_is_documented():
    names = stub_names()
    assert names >= set(kvc.__all__)
    for name in names:
        assert hasattr(kvc, name), name
        if callable(getattr(kvc, name)):
            assert getattr(kvc, name).__doc__, name


def test_all_lists_the_public_names():
    public = {name for name in dir(kvc) if not name.startswith("_")} - {"testing"}
    assert public <= set(kvc.__all__)
    for name in kvc.__all__:
        assert hasattr(kvc, name)


def test_version_is_the_headers():
    assert kvc.__version__.count(".") == 2
