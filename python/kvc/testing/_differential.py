"""Differential checks: a user's function against kvc's reference on inputs Hypothesis generates."""

from __future__ import annotations

from typing import Any, Callable, Optional

from hypothesis import given, settings
from hypothesis import strategies as st

from . import strategies as kst
from ._report import normalized, text


def _default_inputs(contract: str) -> Optional[st.SearchStrategy[tuple]]:
    if contract == "reusable_prefix_length":
        return st.tuples(kst.namespaces(), kst.namespaces(), kst.shared_prefix_pairs()).map(
            lambda t: (t[0], t[1], t[2][0], t[2][1])
        ) | kst.shared_prefix_pairs().map(lambda pair: ("m", "m", pair[0], pair[1]))
    if contract in ("segment_positions", "segment_offsets", "segment_run_count", "max_segment_length"):
        return kst.segment_ids().map(lambda ids: (ids,))
    return None


def differential(fn: Callable[..., Any], reference: Callable[..., Any],
                 inputs: st.SearchStrategy[tuple], *, max_examples: int = 200,
                 **settings_kwargs: Any) -> None:
    """Asserts ``fn(*args) == reference(*args)`` (sequences and integers compared as kvc's checks
    compare them) for every tuple ``args`` that ``inputs`` generates; Hypothesis shrinks a
    counterexample before the AssertionError names it."""
    settings_kwargs.setdefault("deadline", None)

    @settings(max_examples=max_examples, **settings_kwargs)
    @given(inputs)
    def agrees(args: tuple) -> None:
        actual, expected = fn(*args), reference(*args)
        if normalized(actual) != normalized(expected):
            shown = ", ".join(text(a) for a in args)
            raise AssertionError(
                f"{getattr(fn, '__qualname__', fn)}({shown}) returned {text(actual)}, "
                f"{getattr(reference, '__qualname__', reference)} returned {text(expected)}"
            )

    agrees()


def assert_matches_reference(contract: str, fn: Callable[..., Any],
                             inputs: Optional[st.SearchStrategy[tuple]] = None, **kwargs: Any) -> None:
    """``differential(fn, kvc.<contract>, inputs)``. ``inputs`` may be left out for
    reusable_prefix_length (namespaces and shared-prefix pairs) and the segment contracts
    (segment ids); keyword arguments go to ``differential`` (``max_examples``, Hypothesis
    settings)."""
    import kvc

    reference = getattr(kvc, contract, None)
    if reference is None:
        raise ValueError(f"kvc.testing.assert_matches_reference: kvc has no contract {contract!r}")
    if inputs is None:
        inputs = _default_inputs(contract)
        if inputs is None:
            raise ValueError(
                f"kvc.testing.assert_matches_reference: pass the inputs strategy for {contract!r}"
            )
    differential(fn, reference, inputs, **kwargs)
