"""Fixtures and suites: the C++ specs' data (kvc._kvc._suites, from kvc::specs::all) as Python values."""

from __future__ import annotations

from typing import Any, Dict, Iterator, NamedTuple, Optional, Sequence, Tuple, overload


class MultimodalItem(NamedTuple):
    """A placeholder's span in the token ids and its content's hash (kvc::multimodal_item)."""

    offset: int
    length: int
    content_hash: int


class Fixture(NamedTuple):
    """One checked call: ``fn(*inputs)`` must return ``expected``.

    ``call`` names how the C++ suite hands the inputs over ("direct", "positions", "offsets",
    "row_positions", "row_offsets", "position_offsets", "component_offsets", "position_length",
    "component_length"); in Python every shape is ``fn(*inputs)``, and a fixture of an optional
    form ("position_...", "component_...") is skipped when ``fn`` does not take its arguments.
    """

    label: str
    inputs: Tuple[Any, ...]
    expected: Any
    call: str = "direct"


OPTIONAL_FORMS = {
    "position_offsets": "the one-row form",
    "position_length": "the one-row form",
    "component_offsets": "the 3-row form",
    "component_length": "the 3-row form",
}


def _cache_namespace(model: str, adapter: str, adapter_revision: int, salt: str) -> Any:
    # kvc.CacheNamespace when the extension defines it, so that fixtures reach user code as the
    # type kvc's own functions take; a plain tuple otherwise.
    import kvc

    make = getattr(kvc, "CacheNamespace", None)
    if make is None:
        return (model, adapter, adapter_revision, salt)
    return make(model, adapter, adapter_revision, salt)


def decode(value: Any) -> Any:
    """A value of the exported data as user code gets it (lists stay lists)."""
    if isinstance(value, dict):
        if "cache_namespace" in value:
            return _cache_namespace(*value["cache_namespace"])
        if "multimodal_item" in value:
            return MultimodalItem(*value["multimodal_item"])
        raise ValueError(f"kvc.testing: unknown tagged value {value!r}")
    if isinstance(value, (list, tuple)):
        return [decode(element) for element in value]
    return value


class FixtureRules(NamedTuple):
    """What the C++ engine-profile rules (kvc/spec/engine_profile.hpp) say of one spec
    fixture, computed by them when the suites are exported: ``coverage``, a mask of the profiles
    that cover it (bit i: the profile whose boolean field i is bit i of the index, in
    ``EngineProfile``'s field order), and ``bound``, whether a profile with ``reuse="bound"``
    compares its result as a bound (an integer from 0 to the expected one agrees)."""

    coverage: int
    bound: bool


# The rules of every spec fixture, by C++ suite name and label (labels are unique in a
# suite).
RULES: Dict[str, Dict[str, FixtureRules]] = {}


class Suite(Sequence[Fixture]):
    """A named, immutable sequence of fixtures."""

    def __init__(self, name: str, fixtures: Sequence[Fixture], contract: str = "") -> None:
        self.name = name
        self.contract = contract
        self._fixtures: Tuple[Fixture, ...] = tuple(fixtures)
        # The spec suite whose fixtures these are, by label (their engine-profile rules),
        # and the one kvc.testing.explore explores for it; None for a suite made in Python.
        self._source: Optional[str] = None
        self._explored: Optional[str] = None

    def _derived(self, name: str, fixtures: Sequence[Fixture]) -> "Suite":
        """A suite of some of these fixtures (or of them changed), from the same spec."""
        derived = Suite(name, fixtures, self.contract)
        derived._source, derived._explored = self._source, self._explored
        return derived

    @overload
    def __getitem__(self, index: int) -> Fixture: ...
    @overload
    def __getitem__(self, index: slice) -> "Suite": ...
    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        if isinstance(index, slice):
            return self._derived(self.name, self._fixtures[index])
        return self._fixtures[index]

    def __len__(self) -> int:
        return len(self._fixtures)

    def __iter__(self) -> Iterator[Fixture]:
        return iter(self._fixtures)

    def labels(self) -> list:
        return [f.label for f in self._fixtures]

    def __repr__(self) -> str:
        return f"<kvc.testing suite {self.name!r}: {len(self)} fixtures>"


def from_export(exported: dict) -> Suite:
    fixtures = []
    rules = RULES.setdefault(exported["suite"], {})
    for label, call, inputs, expected, coverage, bound in exported["fixtures"]:
        fixtures.append(Fixture(label, tuple(decode(i) for i in inputs), decode(expected), call))
        mask = 0
        for word_index, word in enumerate(coverage):
            mask |= word << (64 * word_index)
        rules[label] = FixtureRules(mask, bound)
    suite = Suite(exported["suite"], fixtures, exported["contract"])
    suite._source = suite._explored = suite.name
    return suite
