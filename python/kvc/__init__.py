"""kvc: compile-time verified contracts for KV-cache bookkeeping, on Python values and NumPy arrays.

The functions are kvc's C++ contracts themselves (the compiled module ``kvc._kvc``), not ports:

- ``reusable_prefix_length`` and ``CacheNamespace``: prefix reuse stays inside its namespace;
- ``admitted_append``, ``admitted_batch``, ``admitted_requests``: all-or-nothing admission;
- ``blocks_for_append``: the new blocks an append needs;
- ``segment_positions``, ``segment_offsets``, ``segment_run_count``, ``max_segment_length``:
  packed sequences and their varlen ``cu_seqlens``;
- ``offsets_from_positions``, ``max_sequence_length_from_positions``: ``cu_seqlens`` and
  ``max_seqlen`` from position ids.

Token and id arguments are 1-D NumPy integer arrays of any integer dtype (viewed without a copy)
or lists and tuples of ints. ``kvc.testing`` holds the conformance suites for pytest.
"""

from ._kvc import (
    CacheNamespace,
    __version__,
    admitted_append,
    admitted_batch,
    admitted_requests,
    blocks_for_append,
    max_segment_length,
    max_sequence_length_from_positions,
    offsets_from_positions,
    reusable_prefix_length,
    segment_offsets,
    segment_positions,
    segment_run_count,
)
from . import model  # kvc.model.PrefixCache and kvc.model.SlotAllocator after a plain `import kvc`

__all__ = [
    "CacheNamespace",
    "__version__",
    "admitted_append",
    "admitted_batch",
    "admitted_requests",
    "blocks_for_append",
    "max_segment_length",
    "model",
    "max_sequence_length_from_positions",
    "offsets_from_positions",
    "reusable_prefix_length",
    "segment_offsets",
    "segment_positions",
    "segment_run_count",
]
