from typing import Any, Callable, Iterable, List, NamedTuple, Optional, Sequence, Tuple, overload

from hypothesis.strategies import SearchStrategy

from . import profiles as profiles
from . import stateful as stateful
from . import strategies as strategies
from . import suites as suites

class MultimodalItem(NamedTuple):
    offset: int
    length: int
    content_hash: int

class Fixture(NamedTuple):
    label: str
    inputs: Tuple[Any, ...]
    expected: Any
    call: str = ...

class Suite(Sequence[Fixture]):
    name: str
    contract: str
    def __init__(self, name: str, fixtures: Sequence[Fixture], contract: str = ...) -> None: ...
    @overload
    def __getitem__(self, index: int) -> Fixture: ...
    @overload
    def __getitem__(self, index: slice) -> Suite: ...
    def __len__(self) -> int: ...
    def labels(self) -> List[str]: ...

class Outcome(NamedTuple):
    label: str
    inputs: tuple
    actual: Any
    expected: Any
    passed: bool
    skipped: bool = ...
    actual_text: str = ...
    expected_text: str = ...
    not_covered: bool = ...

class Report:
    suite: str
    outcomes: List[Outcome]
    notes: List[str]
    def __init__(self, suite_name: str, outcomes: List[Outcome], notes: Iterable[str] = ...) -> None: ...
    def passed(self) -> bool: ...
    @property
    def failures(self) -> List[Outcome]: ...
    @property
    def skipped(self) -> List[Outcome]: ...
    @property
    def not_covered(self) -> List[Outcome]: ...
    def __bool__(self) -> bool: ...

class EngineProfile:
    keys_model: bool
    keys_adapter: bool
    keys_adapter_revision: bool
    keys_salt: bool
    position_padding: bool
    empty_inputs: bool
    inconsistent_admission_states: bool
    reuse: str
    def __init__(self, keys_model: bool = ..., keys_adapter: bool = ...,
                 keys_adapter_revision: bool = ..., keys_salt: bool = ...,
                 position_padding: bool = ..., empty_inputs: bool = ...,
                 inconsistent_admission_states: bool = ..., reuse: str = ...) -> None: ...
    def consequences(self) -> List[str]: ...

class RestrictedSuite(Suite):
    base: Suite
    profile: EngineProfile
    notes: List[str]
    def __init__(self, base: Suite, profile: EngineProfile) -> None: ...
    def covered(self) -> List[bool]: ...

class ExplorationReport:
    suite: str
    seed: int
    cases_run: int
    not_covered: int
    outside_parameter_types: int
    failed: bool
    failing_case: int
    shrink_runs: int
    inputs: str
    actual: str
    expected: str
    fixture: str
    test_case: str
    notes: List[str]
    arguments: Optional[tuple]
    result: Any
    error: Optional[BaseException]
    def passed(self) -> bool: ...
    def __bool__(self) -> bool: ...

def check(suite: Iterable[Fixture], fn: Callable[..., Any]) -> Report: ...
def assert_conforms(suite: Iterable[Fixture], fn: Callable[..., Any]) -> Report: ...
def parametrize(suite: Iterable[Fixture], argname: str = ...) -> Any: ...
def restrict_to(suite: Suite, profile: EngineProfile) -> RestrictedSuite: ...
def explorable() -> List[str]: ...
def explore(suite: Suite, fn: Callable[..., Any], *, cases: Optional[int] = ...,
            seed: Optional[int] = ...) -> ExplorationReport: ...
def assert_explores(suite: Suite, fn: Callable[..., Any], *, cases: Optional[int] = ...,
                    seed: Optional[int] = ...) -> ExplorationReport: ...
def differential(fn: Callable[..., Any], reference: Callable[..., Any],
                 inputs: SearchStrategy[tuple], *, max_examples: int = ..., **settings_kwargs: Any) -> None: ...
def assert_matches_reference(contract: str, fn: Callable[..., Any],
                             inputs: Optional[SearchStrategy[tuple]] = ..., **kwargs: Any) -> None: ...
