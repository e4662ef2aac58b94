"""explore / assert_explores: a Python function explored beyond a suite's fixtures by kvc::explore
itself (kvc/explore.hpp), with kvc's contract as the oracle.

The cases are the C++ exploration's: the same generators, the same shrinking, and the same seed
gives the same cases as ``kvc::explore`` with that seed in C++. The function is called as
``kvc.testing.check`` calls it for the suite's fixtures (lists of ints, str namespaces,
``kvc.CacheNamespace``, lists of ``MultimodalItem``) and its result compared as ``check``
compares one. Hypothesis plays no part.
"""

from __future__ import annotations

import reprlib
from typing import Any, Callable, List, Optional

from .. import _kvc
from ._fixtures import MultimodalItem, Suite
from ._profiles import RestrictedSuite
from ._report import normalized, raised_text, text

# The C++ defaults (kvc::explore_options): the seed, and the number of cases when none is given.
DEFAULT_SEED: int = _kvc._default_exploration_seed
DEFAULT_CASES: int = _kvc._default_exploration_cases


def explorable() -> List[str]:
    """The names of the spec suites ``explore`` explores (``kvc::explorable``, for the call
    shapes a Python function is explored in)."""
    return list(_kvc._explorable_suites())


class ExplorationReport:
    """What ``explore(suite, fn)`` found (kvc::exploration_report): a verdict, the seed and the
    number of cases, and for a failure the shrunk counterexample, as C++ text (``inputs``,
    ``actual``, ``expected``, the ``fixture`` line to add to a C++ suite, a doctest ``test_case``)
    and as the Python ``arguments`` ``fn`` was called with (``fn(*report.arguments)`` replays it),
    with what it returned (``result``) or raised (``error``). ``str(report)`` prints it as the C++
    report prints: one line when it passed, the counterexample in full when it failed."""

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

    def __init__(self, fields: dict) -> None:
        self._text: str = fields.pop("text")
        for name, value in fields.items():
            setattr(self, name, value)
        self.notes = list(self.notes)

    def passed(self) -> bool:
        """True when no case failed."""
        return not self.failed

    def __bool__(self) -> bool:
        return self.passed()

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        verdict = f"FAILED at case {self.failing_case}" if self.failed else "passed"
        return (f"<kvc.testing.ExplorationReport {self.suite!r}: {verdict} (seed {self.seed}, "
                f"{self.cases_run} cases)>")


def _actual_text(result: Any, error: Optional[BaseException]) -> str:
    # The counterexample's actual as kvc.testing.check prints a fixture's.
    return raised_text(error) if error is not None else text(result)


def _target(suite: Any) -> tuple:
    """The spec suite to explore for ``suite``, and the engine profile (or None)."""
    profile = suite.profile if isinstance(suite, RestrictedSuite) else None
    if not isinstance(suite, Suite):
        raise TypeError("kvc.testing.explore: the suite must be a kvc.testing.Suite (one of "
                        f"kvc.testing.suites), not {type(suite).__qualname__}")
    name = suite._explored
    if name is None or name not in _kvc._explorable_suites():
        raise ValueError(
            f"kvc.testing.explore: the suite {suite.name!r} cannot be explored (explorable: "
            f"{', '.join(explorable())})")
    return name, profile


def explore(suite: Suite, fn: Callable[..., Any], *, cases: Optional[int] = None,
            seed: Optional[int] = None) -> ExplorationReport:
    """Explores ``fn`` beyond the fixtures of ``suite`` (kvc::explore): ``cases`` cases (by default
    kvc's, ``DEFAULT_CASES``) drawn from ``seed`` (by default kvc's) in the suite's call shape and input
    forms, each compared with kvc's contract under the suite's policy and, for a suite restricted
    with ``restrict_to``, its engine profile; the first difference shrunk to a minimal
    counterexample. Never raises for a failing or raising ``fn`` (a raised Exception fails its
    case); ValueError for a suite that cannot be explored."""
    name, profile = _target(suite)
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
        raise ValueError("kvc.testing.explore: seed must be an int from 0 to 2**64 - 1, not "
                         f"{seed!r}")
    if cases is not None and (type(cases) is not int or cases < 1):
        raise ValueError(f"kvc.testing.explore: cases must be a positive int, not {cases!r}")
    fields = _kvc._explore(name, fn, normalized, MultimodalItem, _actual_text, seed, cases or 0,
                           profile)
    return ExplorationReport(fields)


def _short(arguments: tuple) -> str:
    shorter = reprlib.Repr()
    shorter.maxlist = shorter.maxtuple = 24
    shorter.maxstring = shorter.maxother = 120
    return shorter.repr(arguments)


def assert_explores(suite: Suite, fn: Callable[..., Any], **kwargs: Any) -> ExplorationReport:
    """``explore(suite, fn, **kwargs)``, raising AssertionError with the report (the shrunk
    counterexample, its fixture line and test case, and the Python arguments) when a case fails.
    Returns the report when it passes."""
    report = explore(suite, fn, **kwargs)
    if not report.passed():
        name = getattr(fn, "__qualname__", None) or repr(fn)
        raise AssertionError(f"{name} fails kvc::explore of {report.suite} (seed {report.seed}):\n"
                             f"  called as fn(*{_short(report.arguments or ())})\n\n{report}")
    return report
