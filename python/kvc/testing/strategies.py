"""Hypothesis strategies for kvc's inputs: token sequences, namespaces, segment ids, and pairs of
token sequences that share a prefix (where prefix-reuse bugs live)."""

from __future__ import annotations

from typing import Any, List, Tuple

from hypothesis import strategies as st

__all__ = ["namespaces", "segment_ids", "shared_prefix_pairs", "token_sequences"]


def token_sequences(min_size: int = 0, max_size: int = 64, vocabulary: int = 4) -> st.SearchStrategy[List[int]]:
    """Lists of token ids in ``[0, vocabulary)``. A small vocabulary (the default 4) makes equal
    tokens, and so long common prefixes, likely."""
    return st.lists(st.integers(0, vocabulary - 1), min_size=min_size, max_size=max_size)


def _cache_namespace(model: str, adapter: str, revision: int, salt: str) -> Any:
    import kvc

    make = getattr(kvc, "CacheNamespace", None)
    return (model, adapter, revision, salt) if make is None else make(model, adapter, revision, salt)


def namespaces(structured: bool = True) -> st.SearchStrategy[Any]:
    """Namespaces from a small alphabet, so that equal ones and ones differing in one field come up
    often: strings such as "m", "m1", "" and, with ``structured``, ``kvc.CacheNamespace`` values
    differing in model, adapter, adapter revision or salt."""
    names = st.sampled_from(["", "m", "m1", "m-lora", "lora-a", "lora-b"])
    if not structured:
        return names
    fields = st.builds(
        _cache_namespace,
        st.sampled_from(["", "m", "m1"]),
        st.sampled_from(["", "sql", "sq"]),
        st.integers(0, 2),
        st.sampled_from(["", "org_1", "org_2"]),
    )
    return st.one_of(names, fields)


def segment_ids(min_size: int = 0, max_size: int = 64, distinct: int = 4) -> st.SearchStrategy[List[int]]:
    """Segment (sequence) ids of a packed batch: runs of equal ids, a new run wherever the id
    changes. Few distinct ids (the default 4) give long runs and ids that come back."""
    return st.lists(st.integers(0, distinct - 1), min_size=min_size, max_size=max_size)


@st.composite
def shared_prefix_pairs(draw: Any, max_prefix: int = 48, max_tail: int = 16,
                        vocabulary: int = 4) -> Tuple[List[int], List[int]]:
    """(cached, requested): a common prefix of any length, including block boundaries, then tails
    that may or may not differ."""
    prefix = draw(token_sequences(0, max_prefix, vocabulary))
    cached = prefix + draw(token_sequences(0, max_tail, vocabulary))
    requested = prefix + draw(token_sequences(0, max_tail, vocabulary))
    return cached, requested
