from typing import Any, Callable, Optional, Type

from hypothesis import settings as hypothesis_settings
from hypothesis.stateful import RuleBasedStateMachine

def prefix_cache_state_machine(make_cache: Callable[[], Any], *, exact: bool = ..., block_size: int = ...,
                               recompute_last_token: bool = ..., max_tokens: int = ...) -> Type[RuleBasedStateMachine]: ...
def slot_allocator_state_machine(make_allocator: Callable[[int], Any], *,
                                 max_capacity: int = ...) -> Type[RuleBasedStateMachine]: ...
def prefix_cache_machine(make_cache: Callable[[], Any], *, exact: bool = ..., block_size: int = ...,
                         recompute_last_token: bool = ..., max_tokens: int = ...,
                         settings: Optional[hypothesis_settings] = ...) -> type: ...
def slot_allocator_machine(make_allocator: Callable[[int], Any], *, max_capacity: int = ...,
                           settings: Optional[hypothesis_settings] = ...) -> type: ...
def block_pool_state_machine(factory: Callable[[int, int], Any], *, exact: bool = ...,
                             block_size: Optional[int] = ..., policy_block_size: int = ...,
                             recompute_last_token: bool = ...,
                             max_blocks: int = ...) -> Type[RuleBasedStateMachine]: ...
def block_pool_machine(factory: Callable[[int, int], Any], *, exact: bool = ...,
                       block_size: Optional[int] = ..., policy_block_size: int = ...,
                       recompute_last_token: bool = ..., max_blocks: int = ...,
                       settings: Optional[hypothesis_settings] = ...) -> type: ...

class StatefulReport:
    seed: int
    sequences_run: int
    operations_run: int
    sequences_to_failure: int
    failing_step: int
    actual: int
    expected: int
    shrink_runs: int
    error: Optional[str]
    def passed(self) -> bool: ...
    def __bool__(self) -> bool: ...

def check_prefix_cache(make_cache: Callable[[], Any], *, seed: Optional[int] = ...,
                       sequences: Optional[int] = ..., max_steps: Optional[int] = ...,
                       exact: bool = ..., block_size: int = ...,
                       recompute_last_token: bool = ...) -> StatefulReport: ...
def check_slot_allocator(make_allocator: Callable[..., Any], *, seed: Optional[int] = ...,
                         sequences: Optional[int] = ..., max_steps: Optional[int] = ...,
                         capacity: int = ...) -> StatefulReport: ...
def check_block_pool(make_pool: Callable[..., Any], *, seed: Optional[int] = ...,
                     sequences: Optional[int] = ..., max_steps: Optional[int] = ...,
                     exact: bool = ..., policy_block_size: int = ...,
                     recompute_last_token: bool = ..., blocks: int = ..., block_size: int = ...,
                     max_live_requests: int = ...) -> StatefulReport: ...
