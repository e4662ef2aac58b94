"""check / assert_conforms: a suite run against a Python function, reported as kvc::check does
(a suite restricted to an engine profile too, as kvc::check reports one)."""

from __future__ import annotations

import copy
import inspect
import operator
from typing import Any, Callable, Iterable, List, NamedTuple, Optional

from ._fixtures import OPTIONAL_FORMS, Fixture
from ._profiles import RestrictedSuite


class Outcome(NamedTuple):
    """One fixture's result: the label, the actual and expected values and their text.
    ``not_covered``: not run, the fixture is outside the engine profile of a restricted suite
    (not failed, so ``passed`` is true, and never counted as passed: ``actual_text`` says so)."""

    label: str
    inputs: tuple
    actual: Any
    expected: Any
    passed: bool
    skipped: bool = False
    actual_text: str = ""
    expected_text: str = ""
    not_covered: bool = False


NOT_COVERED = "(not covered: outside the engine profile)"


def _is_namespace(value: Any) -> bool:
    # Typed fields, not bare attributes: a Mock has every attribute, and would pass for anything.
    return (all(isinstance(getattr(value, f, None), str) for f in ("model", "adapter", "salt"))
            and isinstance(getattr(value, "adapter_revision", None), int))


def _is_item(value: Any) -> bool:
    return all(isinstance(getattr(value, f, None), int) for f in ("offset", "length", "content_hash"))


def text(value: Any) -> str:
    """``value`` as kvc's C++ reports print it (kvc/verification/text.hpp)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if _is_namespace(value):
        return "{" + ", ".join(
            text(getattr(value, f)) for f in ("model", "adapter", "adapter_revision", "salt")
        ) + "}"
    if _is_item(value):
        return f"{{offset {value.offset}, length {value.length}, hash {value.content_hash}}}"
    try:
        return str(operator.index(value))
    except TypeError:
        pass
    if hasattr(value, "tolist"):
        listed = value.tolist()
        if isinstance(listed, (list, tuple)):
            return "[" + ", ".join(text(v) for v in listed) + "]"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(text(v) for v in value) + "]"
    # Anything kvc's results never are (a float, a set, a generator): shown as Python shows it, so
    # that a failure says what came back.
    return repr(value)


class _Unequal:
    """A result of a type no kvc result has: equal to nothing, itself included, so that
    ``3.0 == 3``, ``True == 1`` or ``mock.ANY`` cannot pass a fixture."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: Any) -> bool:
        return False

    def __ne__(self, other: Any) -> bool:
        return True

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<not a kvc result: {self.value!r}>"


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool) or type(value).__name__ == "bool_"


def normalized(value: Any) -> Any:
    """``value`` compared as the C++ checks compare results, where types are fixed: any integer
    (int, NumPy integer) as an int; a bool only as a bool; a list, tuple or array (anything with
    ``tolist``: NumPy, PyTorch) as a list of the same; anything else (floats, sets, iterators) as
    a value equal to nothing."""
    if _is_bool(value):
        return ("bool", bool(value))
    if isinstance(value, str) or _is_namespace(value) or _is_item(value):
        return value
    if not isinstance(value, float):
        try:
            return operator.index(value)
        except TypeError:
            pass
    if isinstance(value, (list, tuple)):
        return [normalized(v) for v in value]
    if hasattr(value, "tolist"):
        # Called once: a NumPy scalar gives a Python scalar, an array a (nested) list; anything
        # else (a Mock answers every attribute) is not a result.
        listed = value.tolist()
        if isinstance(listed, (list, tuple, int, float)):
            return normalized(listed)
    return _Unequal(value)


def _takes(fn: Callable[..., Any], inputs: tuple) -> bool:
    try:
        inspect.signature(fn).bind(*inputs)
    except TypeError:
        return False
    except ValueError:  # no signature to read (some builtins): assume it takes them
        return True
    return True


def raised_text(error: BaseException) -> str:
    """A raised exception as a report's actual: ``(raised ValueError: ...)``."""
    return f"(raised {type(error).__name__}: {error})"


def agrees(actual: Any, expected: Any, bound: bool = False) -> bool:
    """Whether ``actual`` is what a fixture expects: equal as the C++ checks compare results, or,
    for a fixture a bound profile compares as a bound (``bound``), an integer from 0 to
    ``expected`` (kvc::agrees_under)."""
    a, e = normalized(actual), normalized(expected)
    if bound and type(a) is int and type(e) is int:
        return 0 <= a <= e
    return a == e


def run_fixture(fixture: Fixture, fn: Callable[..., Any], covered: bool = True,
                bound: bool = False) -> Outcome:
    """One fixture run against ``fn``; ``covered`` and ``bound`` as a restricted suite's profile
    says for it."""
    expected_text = text(fixture.expected)
    form = OPTIONAL_FORMS.get(fixture.call)
    if form is not None and not _takes(fn, fixture.inputs):
        return Outcome(fixture.label, fixture.inputs, None, fixture.expected, True, True,
                       f"(skipped: does not implement {form})", expected_text)
    if not covered:
        return Outcome(fixture.label, fixture.inputs, None, fixture.expected, True, False,
                       NOT_COVERED, expected_text, True)
    try:
        # A copy per call: the suites are shared by every test of a session, and a function that
        # changes its arguments must not change the fixtures other tests see.
        actual = fn(*copy.deepcopy(fixture.inputs))
    except Exception as error:  # a raised exception is this fixture's failure, not the run's
        return Outcome(fixture.label, fixture.inputs, error, fixture.expected, False, False,
                       raised_text(error), expected_text)
    passed = agrees(actual, fixture.expected, bound)
    return Outcome(fixture.label, fixture.inputs, actual, fixture.expected, passed, False,
                   text(actual), expected_text)


def _cell(text_: str) -> str:
    """``text_`` as one Markdown table cell: a raised error's message may hold line breaks and
    bars."""
    return text_.replace("\r", " ").replace("\n", " ").replace("|", "\\|")


class Report:
    """What ``check(suite, fn)`` found: one ``Outcome`` per fixture, in the suite's order.
    ``str(report)`` is the records' Markdown table, as ``kvc::check`` prints it. ``notes``: what
    the engine profile of a restricted suite gives up, in words."""

    def __init__(self, suite_name: str, outcomes: List[Outcome],
                 notes: Iterable[str] = ()) -> None:
        self.suite = suite_name
        self.outcomes = outcomes
        self.notes: List[str] = list(notes)

    def passed(self) -> bool:
        return all(o.passed for o in self.outcomes)

    @property
    def failures(self) -> List[Outcome]:
        return [o for o in self.outcomes if not o.passed]

    @property
    def skipped(self) -> List[Outcome]:
        return [o for o in self.outcomes if o.skipped]

    @property
    def not_covered(self) -> List[Outcome]:
        """The fixtures outside the engine profile of a restricted suite: not run."""
        return [o for o in self.outcomes if o.not_covered]

    def __bool__(self) -> bool:
        return self.passed()

    def __str__(self) -> str:
        lines = ["| Boundary fixture | Actual | Expected | Outcome |", "|---|---|---|---|"]
        for o in self.outcomes:
            code = o.actual_text.startswith("[") or o.expected_text.startswith("[")
            cell = (lambda t: f"`{t}`") if code else (lambda t: t)
            outcome = ("Not covered" if o.not_covered else "Skipped" if o.skipped
                       else "Passed" if o.passed else "Failed")
            lines.append(f"| {_cell(o.label)} | {_cell(cell(o.actual_text))} | "
                         f"{_cell(cell(o.expected_text))} | {outcome} |")
        table = "\n".join(lines) + "\n"
        if self.not_covered:
            table += (f"\n{len(self.not_covered)} of {len(self.outcomes)} fixtures not covered by "
                      "the engine profile:")
            table += "".join(f"\n  - {o.label}" for o in self.not_covered) + "\n"
        for note in self.notes:
            table += f"\nnote: {note}\n"
        if self.skipped:
            table += (f"\n{len(self.skipped)} of {len(self.outcomes)} fixtures skipped: forms the "
                      "implementation does not take\n")
        return table

    def __repr__(self) -> str:
        verdict = "passed" if self.passed() else f"{len(self.failures)} failed"
        outside = f", {len(self.not_covered)} not covered" if self.not_covered else ""
        return (f"<kvc.testing.Report {self.suite!r}: {len(self.outcomes)} fixtures, "
                f"{verdict}{outside}>")


def check(suite: Iterable[Fixture], fn: Callable[..., Any]) -> Report:
    """Runs every fixture of ``suite`` against ``fn`` and reports each; never raises for a
    failing or raising ``fn``. For a suite restricted to an engine profile (``restrict_to``), the
    fixtures outside the profile are reported "not covered" and not run, and the others are
    compared as the profile says."""
    if isinstance(suite, RestrictedSuite):
        outcomes = [run_fixture(f, fn, covered, bound)
                    for f, covered, bound in zip(suite, suite._covered, suite._bound)]
        return Report(suite.name, outcomes, suite.notes)
    return Report(getattr(suite, "name", ""), [run_fixture(f, fn) for f in suite])


def _elided(value: Any, head: int = 8, tail: int = 4) -> str:
    """``text(value)``, a list longer than ``head + tail + 1`` shown as its head, its length and
    its tail (a segment run of 65,537 ids stays one short line)."""
    if isinstance(value, (list, tuple)) and len(value) > head + tail + 1:
        shown = [text(v) for v in value[:head]] + [f"... ({len(value)} elements)"]
        return "[" + ", ".join(shown + [text(v) for v in value[-tail:]]) + "]"
    return text(value)


def summary(report: Report) -> str:
    """One line: ``suite: 36 fixtures, 34 passed, 2 failed`` (and skipped, not covered)."""
    counts = [f"{len(report.outcomes)} fixtures",
              f"{sum(o.passed and not o.skipped and not o.not_covered for o in report.outcomes)} "
              "passed", f"{len(report.failures)} failed"]
    if report.skipped:
        counts.append(f"{len(report.skipped)} skipped")
    if report.not_covered:
        counts.append(f"{len(report.not_covered)} not covered")
    return f"{report.suite or 'the suite'}: " + ", ".join(counts)


def failure_message(report: Report, fn: Optional[Callable[..., Any]] = None) -> str:
    """Every failing fixture with its label, inputs, actual and expected values, as the C++
    adapters print them, then the report's one-line summary (``print(report)`` gives the whole
    table)."""
    name = getattr(fn, "__qualname__", None) or repr(fn)
    lines = [f"{name} fails {len(report.failures)} of {len(report.outcomes)} fixtures of "
             f"{report.suite or 'the suite'}:"]
    for o in report.failures:
        inputs = ", ".join(_elided(i) for i in o.inputs)
        actual = o.actual_text if isinstance(o.actual, BaseException) else _elided(o.actual)
        lines.append(f'  fixture "{o.label}": inputs ({inputs}), actual {actual}, '
                     f"expected {_elided(o.expected)}")
    notes = "".join(f"\nnote: {note}" for note in report.notes)
    return "\n".join(lines) + "\n" + summary(report) + notes


def assert_conforms(suite: Iterable[Fixture], fn: Callable[..., Any]) -> Report:
    """``check(suite, fn)``, raising AssertionError that names every failing fixture with its
    inputs, actual and expected values, then a one-line summary (``print(check(suite, fn))`` shows
    the whole table). Returns the report when it passes."""
    report = check(suite, fn)
    if not report.passed():
        raise AssertionError(failure_message(report, fn))
    return report


def parametrize(suite: Iterable[Fixture], argname: str = "fixture") -> Any:
    """A ``pytest.mark.parametrize`` decorator: one test case per fixture, its id the label; the
    test receives the fixture as ``argname``. Of a restricted suite, the fixtures outside the
    engine profile are skipped (not covered)."""
    import pytest

    fixtures = list(suite)
    if isinstance(suite, RestrictedSuite):
        skip = pytest.mark.skip(reason=NOT_COVERED)
        params = [pytest.param(f, id=f.label, marks=() if covered else skip)
                  for f, covered in zip(fixtures, suite._covered)]
        return pytest.mark.parametrize(argname, params)
    return pytest.mark.parametrize(argname, fixtures, ids=[f.label for f in fixtures])
