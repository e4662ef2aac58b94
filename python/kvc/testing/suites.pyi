from typing import List

from . import Fixture as Fixture
from . import Suite as Suite

def python_name(suite_name: str) -> str: ...
def names() -> List[str]: ...
def cpp_names() -> List[str]: ...
def by_name(name: str) -> Suite: ...
def prefix_reuse_under(block_size: int = ..., recompute_last_token: bool = ...) -> Suite: ...
def namespace_isolation_under(block_size: int = ..., recompute_last_token: bool = ...) -> Suite: ...
def block_prefix_reuse_under(block_size: int = ..., recompute_last_token: bool = ...) -> Suite: ...
def multimodal_prefix_reuse_under(block_size: int = ...,
                                  recompute_last_token: bool = ...) -> Suite: ...

# Every suite of kvc's specs (names() lists them all, cpp_names() by their C++ names; these are the ones at the
# time of writing).
prefix_reuse: Suite
block_prefix_reuse: Suite
prefix_reuse_under_exact: Suite
prefix_reuse_under_blocks_of_16: Suite
prefix_reuse_under_last_token_recomputed: Suite
prefix_reuse_under_blocks_of_16_last_token_recomputed: Suite
block_prefix_reuse_under_exact: Suite
block_prefix_reuse_under_blocks_of_16: Suite
block_prefix_reuse_under_last_token_recomputed: Suite
block_prefix_reuse_under_blocks_of_16_last_token_recomputed: Suite
append_admission: Suite
append_admission_extremes: Suite
append_blocks: Suite
append_blocks_extremes: Suite
segment_positions: Suite
segment_positions_long: Suite
segment_positions_rows: Suite
namespace_isolation: Suite
namespace_isolation_under_exact: Suite
namespace_isolation_under_blocks_of_16: Suite
namespace_isolation_under_last_token_recomputed: Suite
namespace_isolation_under_blocks_of_16_last_token_recomputed: Suite
segment_offsets: Suite
segment_offsets_rows: Suite
segment_run_count: Suite
max_segment_length: Suite
batch_admission: Suite
batch_admission_extremes: Suite
request_admission: Suite
request_admission_extremes: Suite
multimodal_prefix_reuse: Suite
multimodal_prefix_reuse_edges: Suite
multimodal_prefix_reuse_under_exact: Suite
multimodal_prefix_reuse_under_blocks_of_16: Suite
multimodal_prefix_reuse_under_last_token_recomputed: Suite
multimodal_prefix_reuse_under_blocks_of_16_last_token_recomputed: Suite
offsets_from_positions: Suite
max_sequence_length_from_positions: Suite
