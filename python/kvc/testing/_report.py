"""check / assert_conforms: a suite run against a Python function, reported as kvc::check does."""

from __future__ import annotations

import copy
import inspect
import operator
from typing import Any, Callable, Iterable, List, NamedTuple, Optional

from ._fixtures import OPTIONAL_FORMS, Fixture


class Outcome(NamedTuple):
    """One fixture's result: the label, the actual and expected values and their text."""

    label: str
    inputs: tuple
    actual: Any
    expected: Any
    passed: bool
    skipped: bool = False
    actual_text: str = ""
    expected_text: str = ""


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


def run_fixture(fixture: Fixture, fn: Callable[..., Any]) -> Outcome:
    expected_text = text(fixture.expected)
    form = OPTIONAL_FORMS.get(fixture.call)
    if form is not None and not _takes(fn, fixture.inputs):
        return Outcome(fixture.label, fixture.inputs, None, fixture.expected, True, True,
                       f"(skipped: does not implement {form})", expected_text)
    try:
        # A copy per call: the suites are shared by every test of a session, and a function that
        # changes its arguments must not change the fixtures other tests see.
        actual = fn(*copy.deepcopy(fixture.inputs))
    except Exception as error:  # a raised exception is this fixture's failure, not the run's
        return Outcome(fixture.label, fixture.inputs, error, fixture.expected, False, False,
                       f"(raised {type(error).__name__}: {error})", expected_text)
    passed = normalized(actual) == normalized(fixture.expected)
    return Outcome(fixture.label, fixture.inputs, actual, fixture.expected, passed, False,
                   text(actual), expected_text)


def _cell(text_: str) -> str:
    """``text_`` as one Markdown table cell: a raised error's message may hold line breaks and
    bars."""
    return text_.replace("\r", " ").replace("\n", " ").replace("|", "\\|")


class Report:
    """What ``check(suite, fn)`` found: one ``Outcome`` per fixture, in the suite's order.
    ``str(report)`` is the records' Markdown table, as ``kvc::check`` prints it."""

    def __init__(self, suite_name: str, outcomes: List[Outcome]) -> None:
        self.suite = suite_name
        self.outcomes = outcomes

    def passed(self) -> bool:
        return all(o.passed for o in self.outcomes)

    @property
    def failures(self) -> List[Outcome]:
        return [o for o in self.outcomes if not o.passed]

    @property
    def skipped(self) -> List[Outcome]:
        return [o for o in self.outcomes if o.skipped]

    def __bool__(self) -> bool:
        return self.passed()

    def __str__(self) -> str:
        lines = ["| Boundary fixture | Actual | Expected | Outcome |", "|---|---|---|---|"]
        for o in self.outcomes:
            code = o.actual_text.startswith("[") or o.expected_text.startswith("[")
            cell = (lambda t: f"`{t}`") if code else (lambda t: t)
            outcome = "Skipped" if o.skipped else "Passed" if o.passed else "Failed"
            lines.append(f"| {_cell(o.label)} | {_cell(cell(o.actual_text))} | "
                         f"{_cell(cell(o.expected_text))} | {outcome} |")
        table = "\n".join(lines) + "\n"
        if self.skipped:
            table += (f"\n{len(self.skipped)} of {len(self.outcomes)} fixtures skipped: forms the "
                      "implementation does not take\n")
        return table

    def __repr__(self) -> str:
        verdict = "passed" if self.passed() else f"{len(self.failures)} failed"
        return f"<kvc.testing.Report {self.suite!r}: {len(self.outcomes)} fixtures, {verdict}>"


def check(suite: Iterable[Fixture], fn: Callable[..., Any]) -> Report:
    """Runs every fixture of ``suite`` against ``fn`` and reports each; never raises for a
    failing or raising ``fn``."""
    return Report(getattr(suite, "name", ""), [run_fixture(f, fn) for f in suite])


def failure_message(report: Report, fn: Optional[Callable[..., Any]] = None) -> str:
    name = getattr(fn, "__qualname__", None) or repr(fn)
    lines = [f"{name} fails {len(report.failures)} of {len(report.outcomes)} fixtures of "
             f"{report.suite or 'the suite'}:"]
    for o in report.failures:
        lines.append(f"  - {o.label}: actual {o.actual_text}, expected {o.expected_text}")
    return "\n".join(lines) + "\n\n" + str(report)


def assert_conforms(suite: Iterable[Fixture], fn: Callable[..., Any]) -> Report:
    """``check(suite, fn)``, raising AssertionError that names every failing fixture with its
    actual and expected values (and prints the whole table). Returns the report when it passes."""
    report = check(suite, fn)
    if not report.passed():
        raise AssertionError(failure_message(report, fn))
    return report


def parametrize(suite: Iterable[Fixture], argname: str = "fixture") -> Any:
    """A ``pytest.mark.parametrize`` decorator: one test case per fixture, its id the label; the
    test receives the fixture as ``argname``."""
    import pytest

    fixtures = list(suite)
    return pytest.mark.parametrize(argname, fixtures, ids=[f.label for f in fixtures])
