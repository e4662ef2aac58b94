"""Bad input gets a clear Python exception, never a crash or a wrong answer: for every function that
takes token or id sequences, every kind of bad sequence; for every integer argument, every kind of
bad integer. And the inputs that look odd but are valid (non-contiguous, byte-swapped, read-only
arrays, NumPy scalars) give the right answer."""

import numpy as np
import pytest

import kvc

# Every function that takes one integer sequence, as a call on that sequence.
SEQUENCE_CALLS = {
    "reusable_prefix_length(cached)": lambda ids: kvc.reusable_prefix_length("m", "m", ids, [1]),
    "reusable_prefix_length(requested)": lambda ids: kvc.reusable_prefix_length("m", "m", [1], ids),
    "admitted_batch": lambda ids: kvc.admitted_batch(10, 0, ids),
    "admitted_requests": lambda ids: kvc.admitted_requests(10, 0, ids),
    "segment_positions": kvc.segment_positions,
    "segment_offsets": kvc.segment_offsets,
    "segment_run_count": kvc.segment_run_count,
    "max_segment_length": kvc.max_segment_length,
    "offsets_from_positions": kvc.offsets_from_positions,
    "max_sequence_length_from_positions": kvc.max_sequence_length_from_positions,
}

# Bad sequences: (value, exception, words the message must contain).
BAD_SEQUENCES = {
    "None": (None, TypeError, "None"),
    "float64 array": (np.array([1.0, 2.0]), TypeError, "float64"),
    "float32 array": (np.array([1.0], dtype=np.float32), TypeError, "float32"),
    "complex array": (np.array([1j]), TypeError, "complex128"),
    "bool array": (np.array([True, False]), TypeError, "bool"),
    "object array": (np.array([1, "a"], dtype=object), TypeError, "object"),
    "string array": (np.array(["a", "b"]), TypeError, "<U1"),
    "2-D array": (np.zeros((2, 3), dtype=np.int32), ValueError, "1-D"),
    "0-D array": (np.array(5, dtype=np.int64), ValueError, "1-D"),
    "list of floats": ([1, 2.5], TypeError, "[1]"),
    "list with None": ([1, None], TypeError, "None"),
    "list of bools": ([True, False], TypeError, "bool"),
    "list with a string": ([1, "2"], TypeError, "str"),
    "int beyond 64 bits": ([1, 2**64], OverflowError, "64 bits"),
    "int below -2**63": ([-(2**63) - 1], OverflowError, "64 bits"),
    "negative and above int64": ([-1, 2**63], OverflowError, "no 64-bit integer type"),
    "str": ("abc", TypeError, "str"),
    "bytes": (b"abc", TypeError, "bytes"),
    "dict": ({1: 2}, TypeError, "dict"),
    "int": (5, TypeError, "int"),
    "generator": ((i for i in range(3)), TypeError, "generator"),
}


@pytest.mark.parametrize("call", SEQUENCE_CALLS.values(), ids=SEQUENCE_CALLS.keys())
@pytest.mark.parametrize("bad", BAD_SEQUENCES.values(), ids=BAD_SEQUENCES.keys())
def test_a_bad_sequence_raises_a_clear_exception(call, bad):
    value, exception, words = bad
    with pytest.raises(exception, match=None) as raised:
        call(value)
    assert words in str(raised.value)


# Every integer argument, as a call with that argument replaced.
SCALAR_CALLS = {
    "admitted_append(capacity)": lambda x: kvc.admitted_append(x, 0, 1),
    "admitted_append(used)": lambda x: kvc.admitted_append(10, x, 1),
    "admitted_append(requested)": lambda x: kvc.admitted_append(10, 0, x),
    "admitted_batch(capacity)": lambda x: kvc.admitted_batch(x, 0, [1]),
    "admitted_requests(used)": lambda x: kvc.admitted_requests(10, x, [1]),
}

BAD_SCALARS = {
    "None": (None, TypeError),
    "float": (1.5, TypeError),
    "integral float": (2.0, TypeError),
    "bool": (True, TypeError),
    "numpy bool": (np.bool_(True), TypeError),
    "str": ("3", TypeError),
    "list": ([3], TypeError),
    "above uint64": (2**64, OverflowError),
    "below int64": (-(2**63) - 1, OverflowError),
}


@pytest.mark.parametrize("call", SCALAR_CALLS.values(), ids=SCALAR_CALLS.keys())
@pytest.mark.parametrize("bad", BAD_SCALARS.values(), ids=BAD_SCALARS.keys())
def test_a_bad_integer_raises_a_clear_exception(call, bad):
    value, exception = bad
    with pytest.raises(exception):
        call(value)


def test_block_size_must_be_a_non_negative_64_bit_int():
    with pytest.raises(ValueError, match="block_size"):
        kvc.reusable_prefix_length("m", "m", [1], [1], block_size=-1)
    with pytest.raises(OverflowError, match="block_size"):
        kvc.reusable_prefix_length("m", "m", [1], [1], block_size=2**64)
    with pytest.raises(TypeError, match="block_size"):
        kvc.reusable_prefix_length("m", "m", [1], [1], block_size=1.0)
    with pytest.raises(TypeError):
        kvc.reusable_prefix_length("m", "m", [1], [1], recompute_last_token=1)
    with pytest.raises(TypeError):  # keyword-only
        kvc.reusable_prefix_length("m", "m", [1], [1], 16)


def test_namespace_equality_errors_propagate():
    class Broken:
        def __eq__(self, other):
            raise RuntimeError("no equality here")

        __hash__ = object.__hash__

    with pytest.raises(RuntimeError, match="no equality here"):
        kvc.reusable_prefix_length(Broken(), Broken(), [1], [1])
    # An array namespace is unhashable, so no cache key: refused before its elementwise == runs.
    with pytest.raises(TypeError, match="hashable"):
        kvc.reusable_prefix_length(np.array([1, 2]), np.array([1, 2]), [1], [1])


def test_cache_namespace_rejects_bad_fields():
    with pytest.raises(OverflowError):
        kvc.CacheNamespace("m", "a", -1)
    with pytest.raises(OverflowError):
        kvc.CacheNamespace("m", "a", 2**64)
    with pytest.raises(TypeError):
        kvc.CacheNamespace(None)
    with pytest.raises(TypeError):
        kvc.CacheNamespace("m", adapter_revision=1.0)


def test_results_that_do_not_fit_the_output_dtype_raise_overflow_error():
    ids = np.zeros(300, dtype=np.int32)
    with pytest.raises(OverflowError, match="result_out_of_range"):
        kvc.segment_offsets(ids, dtype=np.int8)
    with pytest.raises(OverflowError, match="result_out_of_range"):
        kvc.segment_positions(ids, dtype=np.uint8)
    with pytest.raises(OverflowError, match="result_out_of_range"):
        kvc.offsets_from_positions(np.arange(300), dtype=np.int8)
    # A short run fits a narrow dtype whatever the length of the sequence.
    alternating = np.arange(300) % 2
    assert kvc.segment_positions(alternating, dtype=np.int8).tolist() == [0] * 300


def test_output_dtype_must_be_an_integer_dtype():
    for dtype in (np.float32, bool, "U3", object):
        with pytest.raises(TypeError, match="dtype"):
            kvc.segment_positions([1, 2], dtype=dtype)
        with pytest.raises(TypeError, match="dtype"):
            kvc.segment_offsets([1, 2], dtype=dtype)


def test_positions_that_are_not_whole_rows_raise_value_error():
    with pytest.raises(ValueError, match="whole rows"):
        kvc.offsets_from_positions([0, 1, 2, 0], components=3)
    with pytest.raises(ValueError, match="whole rows"):
        kvc.max_sequence_length_from_positions([0, 1], components=0)
    with pytest.raises(ValueError):
        kvc.offsets_from_positions([0, 1], components=-1)


# ---- odd but valid ----------------------------------------------------------------------------


def test_non_contiguous_arrays_are_copied_once_and_read_correctly():
    ids = np.array([5, 0, 5, 1, 7, 2, 7, 3], dtype=np.int32)
    strided = ids[::2]  # [5, 5, 7, 7]
    assert not strided.flags.c_contiguous
    assert kvc.segment_positions(strided).tolist() == [0, 1, 0, 1]
    assert kvc.segment_offsets(strided).tolist() == [0, 2, 4]
    reversed_view = np.arange(10, dtype=np.int64)[::-1]
    assert kvc.reusable_prefix_length("m", "m", reversed_view, list(range(9, -1, -1))) == 10
    column = np.zeros((4, 3), dtype=np.int16)[:, 1]
    assert kvc.segment_run_count(column) == 1


def test_byte_swapped_read_only_and_scalar_inputs():
    swapped = np.array([1, 1, 256, 256], dtype=">i4")
    assert kvc.segment_positions(swapped).tolist() == [0, 1, 0, 1]
    assert kvc.reusable_prefix_length("m", "m", swapped, [1, 1, 256, 255]) == 3
    frozen = np.array([3, 3, 4], dtype=np.uint64)
    frozen.setflags(write=False)
    assert kvc.segment_run_count(frozen) == 2
    assert kvc.segment_positions([np.int64(2), np.uint8(2), 3]).tolist() == [0, 1, 0]
    assert kvc.admitted_batch(10, 0, (np.int16(3), 4)) == 7
    assert kvc.segment_run_count(memoryview(np.array([1, 1, 2], dtype=np.int8))) == 2


def test_the_input_array_is_not_copied_or_changed():
    ids = np.array([4, 4, 9], dtype=np.int32)
    before = ids.copy()
    kvc.segment_positions(ids)
    kvc.reusable_prefix_length("m", "m", ids, ids)
    assert np.array_equal(ids, before)
