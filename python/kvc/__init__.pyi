# Type stubs of the kvc package (its contracts live in the compiled module kvc._kvc).
from collections.abc import Hashable, Sequence
from typing import Any, SupportsIndex, Union

import numpy as np
import numpy.typing as npt

from . import model as model

__version__: str

# A 1-D integer sequence: a NumPy integer array of any integer dtype (viewed without a copy;
# non-contiguous ones are copied once) or a list or tuple of ints.
IntegerSequence = Union[npt.NDArray[np.integer[Any]], Sequence[SupportsIndex]]

class CacheNamespace:
    """The identity a KV-cache entry belongs to: model, adapter, adapter revision and salt."""

    def __init__(
        self, model: str, adapter: str = "", adapter_revision: int = 0, salt: str = ""
    ) -> None: ...
    @property
    def model(self) -> str: ...
    @property
    def adapter(self) -> str: ...
    @property
    def adapter_revision(self) -> int: ...
    @property
    def salt(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def reusable_prefix_length(
    cache_ns: Hashable,
    request_ns: Hashable,
    cached: IntegerSequence,
    requested: IntegerSequence,
    *,
    block_size: SupportsIndex = 1,
    recompute_last_token: bool = False,
) -> int: ...
def admitted_append(capacity: SupportsIndex, used: SupportsIndex, requested: SupportsIndex) -> int: ...
def blocks_for_append(
    held: SupportsIndex, appended: SupportsIndex, lookahead: SupportsIndex, block_size: SupportsIndex
) -> int: ...
def admitted_batch(capacity: SupportsIndex, used: SupportsIndex, requests: IntegerSequence) -> int: ...
def admitted_requests(
    capacity: SupportsIndex, used: SupportsIndex, requests: IntegerSequence
) -> int: ...
def segment_positions(
    ids: IntegerSequence, *, dtype: npt.DTypeLike = None
) -> npt.NDArray[np.integer[Any]]: ...
def segment_offsets(
    ids: IntegerSequence, *, dtype: npt.DTypeLike = None
) -> npt.NDArray[np.integer[Any]]: ...
def segment_run_count(ids: IntegerSequence) -> int: ...
def max_segment_length(ids: IntegerSequence) -> int: ...
def offsets_from_positions(
    positions: IntegerSequence, *, components: SupportsIndex = 1, dtype: npt.DTypeLike = None
) -> npt.NDArray[np.integer[Any]]: ...
def max_sequence_length_from_positions(
    positions: IntegerSequence, *, components: SupportsIndex = 1
) -> int: ...

__all__ = [
    "CacheNamespace",
    "__version__",
    "admitted_append",
    "blocks_for_append",
    "admitted_batch",
    "admitted_requests",
    "max_segment_length",
    "max_sequence_length_from_positions",
    "offsets_from_positions",
    "reusable_prefix_length",
    "segment_offsets",
    "segment_positions",
    "segment_run_count",
]
