"""Engine profiles: what an engine legitimately does differently from kvc's contracts
(kvc::engine_profile), and the suites restricted to one (kvc::restrict_to).

The rules a profile applies are the C++ rules (kvc/spec/engine_profile.hpp): the suites are
exported with, for each fixture, the profiles that cover it and whether a bound profile compares
its result as a bound (``_fixtures.RULES``); what a profile gives up, in words, is
kvc::profile_consequences itself. Nothing here re-implements them.
"""

from __future__ import annotations

import dataclasses
from typing import Dict, List, Sequence, Tuple

from .. import _kvc
from ._fixtures import RULES, Fixture, Suite

# The boolean fields of kvc::engine_profile in the C++ order, which numbers the bits of the
# fixtures' coverage masks (EngineProfile declares the same fields; a test holds them equal).
_BOOLEAN_FIELDS = tuple(name for name in _kvc._engine_profile_fields() if name != "reuse")
_REUSE_MATCHES = ("exact", "bound")


@dataclasses.dataclass(frozen=True)
class EngineProfile:
    """What an engine legitimately does differently from kvc's contracts (kvc::engine_profile).
    The default is kvc's contracts as they are.

    - ``keys_model``, ``keys_adapter``, ``keys_adapter_revision``, ``keys_salt``: the fields of
      ``kvc.CacheNamespace`` the engine keys its cache on. Two namespaces that differ only in a
      field it does not key on are the same to it; fixtures that tell them apart are not covered.
    - ``position_padding``: whether position ids may hold padding (negative ids).
    - ``empty_inputs``: whether empty sequences are in the engine's domain.
    - ``inconsistent_admission_states``: whether negative capacity or used slots, or used above
      capacity, are in the engine's domain.
    - ``reuse``: ``"exact"``, or ``"bound"``: a reuse result passes from 0 up to the contract's.
    """

    keys_model: bool = True
    keys_adapter: bool = True
    keys_adapter_revision: bool = True
    keys_salt: bool = True
    position_padding: bool = True
    empty_inputs: bool = True
    inconsistent_admission_states: bool = True
    reuse: str = "exact"

    def __post_init__(self) -> None:
        for name in _BOOLEAN_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise TypeError(f"EngineProfile.{name} must be a bool, not "
                                f"{type(value).__qualname__}")
        if self.reuse not in _REUSE_MATCHES:
            raise ValueError(f"EngineProfile.reuse must be 'exact' or 'bound', not {self.reuse!r}")

    def consequences(self) -> List[str]:
        """What the profile gives up, in words (kvc::profile_consequences), as reports print it."""
        return list(_kvc._profile_consequences(self))

    def _index(self) -> int:
        # The bit of the profile in a fixture's coverage mask (suites.cpp, coverage_of).
        return sum(1 << i for i, name in enumerate(_BOOLEAN_FIELDS) if getattr(self, name))


# The profiles of kvc::profiles, by their C++ names (kvc.testing.profiles holds them).
PROFILES: Dict[str, EngineProfile] = {
    name: EngineProfile(**fields) for name, fields in _kvc._engine_profiles()
}


class RestrictedSuite(Suite):
    """A suite as it applies to an engine with ``profile`` (``restrict_to(suite, profile)``): every
    fixture of ``base``; ``check`` reports those outside the profile "not covered" (counted, never
    run, never failed) and compares the others as the profile says. ``explore`` explores the suite
    under the profile."""

    def __init__(self, base: Suite, profile: EngineProfile) -> None:
        super().__init__(f"{base.name} restricted to an engine profile", base, base.contract)
        self.base = base
        self.profile = profile
        self._source, self._explored = base._source, base._explored
        rules = RULES.get(base._source or "")
        if rules is None:
            raise ValueError(
                f"kvc.testing.restrict_to: {base.name!r} is not one of kvc's spec suites "
                "(kvc.testing.suites), a slice of one or a policy suite made from one")
        index = profile._index()
        covered: List[bool] = []
        bound: List[bool] = []
        for fixture in base:
            rule = rules.get(fixture.label)
            if rule is None:
                raise ValueError(f"kvc.testing.restrict_to: {base.name!r} has a fixture the "
                                 f"spec suite {base._source!r} does not: {fixture.label!r}")
            covered.append(bool(rule.coverage >> index & 1))
            bound.append(profile.reuse == "bound" and rule.bound)
        self._covered: Tuple[bool, ...] = tuple(covered)
        self._bound: Tuple[bool, ...] = tuple(bound)
        self.notes: List[str] = profile.consequences()

    def _derived(self, name: str, fixtures: Sequence[Fixture]) -> "RestrictedSuite":
        return RestrictedSuite(self.base._derived(self.base.name, fixtures), self.profile)

    def covered(self) -> List[bool]:
        """For each fixture, in order, whether the profile covers it."""
        return list(self._covered)

    def __repr__(self) -> str:
        outside = self._covered.count(False)
        return (f"<kvc.testing suite {self.name!r}: {len(self)} fixtures, {outside} not covered "
                f"by {self.profile!r}>")


def restrict_to(suite: Suite, profile: EngineProfile) -> RestrictedSuite:
    """``suite`` for an engine with ``profile`` (kvc::restrict_to): usable wherever the suite is
    (``check``, ``assert_conforms``, ``parametrize``, ``explore``). A suite restricted twice keeps
    the last profile. ``suite`` is one of ``kvc.testing.suites``, a slice of one, or a policy suite
    of ``suites.prefix_reuse_under``."""
    if not isinstance(profile, EngineProfile):
        raise TypeError("kvc.testing.restrict_to: the profile must be a kvc.testing.EngineProfile, "
                        f"not {type(profile).__qualname__}")
    if isinstance(suite, RestrictedSuite):
        suite = suite.base
    if not isinstance(suite, Suite):
        raise TypeError("kvc.testing.restrict_to: the suite must be a kvc.testing.Suite, not "
                        f"{type(suite).__qualname__}")
    return RestrictedSuite(suite, profile)
