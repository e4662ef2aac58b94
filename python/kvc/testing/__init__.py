"""kvc.testing: kvc's C++ conformance suites, checks and stateful models for Python code.

``check`` / ``assert_conforms`` run a suite's fixtures; ``explore`` / ``assert_explores`` run
kvc::explore itself beyond them (the C++ generators and shrinking, the contract as the oracle);
``restrict_to(suite, profile)`` adapts a suite to an engine's ``EngineProfile`` (the named ones of
kvc::profiles are in ``kvc.testing.profiles``).

Importing it needs neither pytest nor Hypothesis: ``parametrize`` imports pytest when called, and
``strategies``, ``stateful``, ``differential`` and ``assert_matches_reference`` import Hypothesis
when first used.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import profiles, suites
from ._explore import ExplorationReport, assert_explores, explorable, explore
from ._fixtures import Fixture, MultimodalItem, Suite
from ._profiles import EngineProfile, RestrictedSuite, restrict_to
from ._report import Outcome, Report, assert_conforms, check, parametrize

__all__ = [
    "EngineProfile",
    "ExplorationReport",
    "Fixture",
    "MultimodalItem",
    "Outcome",
    "Report",
    "RestrictedSuite",
    "Suite",
    "assert_conforms",
    "assert_explores",
    "assert_matches_reference",
    "check",
    "differential",
    "explorable",
    "explore",
    "parametrize",
    "profiles",
    "restrict_to",
    "stateful",
    "strategies",
    "suites",
]

_LAZY_MODULES = {"strategies", "stateful"}
_LAZY_FUNCTIONS = {"differential": "_differential", "assert_matches_reference": "_differential"}


def __getattr__(name: str) -> Any:
    # Hypothesis is imported only when a part that needs it is used.
    if name in _LAZY_MODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY_FUNCTIONS:
        module = importlib.import_module(f".{_LAZY_FUNCTIONS[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list:
    return sorted(set(globals()) | set(__all__))
