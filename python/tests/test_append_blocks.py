"""kvc.blocks_for_append: the new blocks an append needs, against a ceiling division written out."""

import pytest
from hypothesis import given, strategies as st

import kvc
import kvc.testing as kt


def ceil_div(a, b):
    return -(-a // b)


def expected(held, appended, lookahead, block_size):
    if min(held, appended, lookahead) < 0 or block_size <= 0:
        return 0
    return ceil_div(held + appended + lookahead, block_size) - ceil_div(held, block_size)


def test_block_edges():
    assert kvc.blocks_for_append(16, 1, 0, 16) == 1  # a full block: the next token opens one
    assert kvc.blocks_for_append(15, 1, 0, 16) == 0  # the last slot of an open block
    assert kvc.blocks_for_append(0, 0, 0, 16) == 0  # an empty append needs nothing
    assert kvc.blocks_for_append(15, 1, 1, 16) == 1  # lookahead crosses the edge alone
    assert kvc.blocks_for_append(0, 1, 0, 0) == 0  # no block size: nothing
    assert kvc.blocks_for_append(-1, 1, 0, 16) == 0  # a negative count: nothing


@given(st.integers(-3, 2**40), st.integers(-3, 2**40), st.integers(-3, 64), st.integers(-2, 4096))
def test_agrees_with_ceiling_division(held, appended, lookahead, block_size):
    assert kvc.blocks_for_append(held, appended, lookahead, block_size) == expected(
        held, appended, lookahead, block_size)


def test_extremes_do_not_wrap():
    top = 2**64 - 1
    assert kvc.blocks_for_append(top, 0, 0, 1) == 0
    assert kvc.blocks_for_append(0, top, 0, 1) == top
    assert kvc.blocks_for_append(2**63 - 1, 2**63 - 1, 2, 2**63) == expected(
        2**63 - 1, 2**63 - 1, 2, 2**63)


def test_rejects_what_is_not_an_int():
    with pytest.raises(TypeError):
        kvc.blocks_for_append(1.5, 1, 0, 16)
    with pytest.raises(OverflowError):
        kvc.blocks_for_append(2**64, 1, 0, 16)


def test_passes_its_suites():
    for name in ("append_blocks", "append_blocks_extremes"):
        kt.assert_conforms(kt.suites.by_name(name), kvc.blocks_for_append)
