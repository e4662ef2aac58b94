"""Every suite of kvc's specs (the C++ spec list, kvc::specs::all), as Python sequences of fixtures.

Each suite is an attribute named after the C++ suite, with every run of characters that cannot be
in a Python name replaced by ``_``: ``prefix_reuse``, ``segment_positions``,
``prefix_reuse_under_blocks_of_16_last_token_recomputed``. ``by_name`` takes the C++ name.
``names()`` lists the attributes, ``cpp_names()`` the C++ names, ``python_name(name)`` turns a C++
name into its attribute, and ``by_name`` takes either. ``prefix_reuse_under(block_size=..., recompute_last_token=...)`` and
``namespace_isolation_under(...)`` build the policy suite for any policy;
``block_prefix_reuse_under(...)`` and ``multimodal_prefix_reuse_under(...)`` give the spec's
suites of the four standard policies.
"""

from __future__ import annotations

import re
from typing import Dict, List

from ._fixtures import Fixture, Suite, from_export

__all__ = ["by_name", "names", "cpp_names", "python_name", "prefix_reuse_under", "namespace_isolation_under",
           "block_prefix_reuse_under", "multimodal_prefix_reuse_under", "Suite", "Fixture"]


def python_name(suite_name: str) -> str:
    """The attribute a C++ suite name is found under: ``"a b, c"`` -> ``"a_b_c"``."""
    return re.sub(r"[^0-9a-zA-Z_]+", "_", suite_name).strip("_")


def _load() -> Dict[str, Suite]:
    from .. import _kvc

    return {s.name: s for s in (from_export(e) for e in _kvc._suites())}


_by_name: Dict[str, Suite] = _load()

for _suite in _by_name.values():
    globals()[python_name(_suite.name)] = _suite
    __all__.append(python_name(_suite.name))
del _suite


def names() -> List[str]:
    """The attribute of every suite, in the spec list's order: ``getattr(suites, n)`` for each
    (``prefix_reuse_under_blocks_of_16``); ``cpp_names()`` gives the C++ names."""
    return [python_name(name) for name in _by_name]


def cpp_names() -> List[str]:
    """The C++ name of every suite, in the spec list's order (``"prefix_reuse_under blocks of
    16"``), as kvc-report, kvc::explore and the JSON vectors name them."""
    return list(_by_name)


def by_name(name: str) -> Suite:
    """The suite named ``name``: its attribute name (``names()``) or its C++ name
    (``cpp_names()``)."""
    if name in _by_name:
        return _by_name[name]
    for suite in _by_name.values():
        if python_name(suite.name) == name:
            return suite
    raise KeyError(f"kvc.testing.suites: no suite named {name!r}; see names()")


def _policy_suite(family: str, block_size: int, recompute_last_token: bool,
                  computable: bool) -> Suite:
    """The ``family`` suite under a policy: the spec's own suite for a standard policy; for
    another, when ``computable``, the exact suite's fixtures with each expected value computed by
    ``kvc.reusable_prefix_length`` under the policy (the same C++ code kvc's checks use)."""
    import kvc

    if isinstance(block_size, bool) or not isinstance(block_size, int) or block_size < 1:
        raise ValueError(f"kvc.testing.suites.{family}: block_size must be an int of at least 1")
    standard = _POLICY_SUITES.get((block_size, bool(recompute_last_token)))
    if standard is not None:
        # The spec's own suite: under a policy, some fixtures' inputs are the policy's (the fewest
        # equal tokens that reuse a whole block), not the exact suite's.
        return _by_name[f"{family} {standard}"]
    if not computable:
        raise ValueError(
            f"kvc.testing.suites.{family}: the specs hold this suite for the standard "
            "policies only: block_size 1 or 16, recompute_last_token False or True")
    exact = _by_name[f"{family} exact"]
    fixtures = [
        f._replace(
            expected=int(
                kvc.reusable_prefix_length(
                    *f.inputs, block_size=block_size, recompute_last_token=recompute_last_token
                )
            )
        )
        for f in exact
    ]
    policy = f"block_size={block_size}, recompute_last_token={recompute_last_token}"
    suite = exact._derived(f"{family}({policy})", fixtures)
    suite._explored = None  # kvc::explore has the standard policies' suites only
    return suite


def prefix_reuse_under(block_size: int = 1, recompute_last_token: bool = False) -> Suite:
    """The prefix-reuse suite for an engine with this reuse policy built in.

    The fixtures are the C++ policy suites' (the exact suite's, then block boundaries, requests
    ending at the prefix, whole-cache hits); each expected value is
    ``kvc.reusable_prefix_length(*inputs, block_size=..., recompute_last_token=...)``, the same C++
    code kvc's own checks use. The fn under test takes ``(cache_ns, request_ns, cached, requested)``
    with the policy built in.
    """
    return _policy_suite("prefix_reuse_under", block_size, recompute_last_token, True)


def namespace_isolation_under(block_size: int = 1, recompute_last_token: bool = False) -> Suite:
    """The namespace-isolation suite (structured namespaces: ``kvc.CacheNamespace``) for an engine
    with this reuse policy built in, any policy: expected values computed as for
    ``prefix_reuse_under``. The fn takes ``(cache_ns, request_ns, cached, requested)``."""
    return _policy_suite("namespace_isolation_under", block_size, recompute_last_token, True)


def block_prefix_reuse_under(block_size: int = 1, recompute_last_token: bool = False) -> Suite:
    """The block-reuse suite (a fifth argument: the call's own block size) under one of the
    standard policies (block_size 1 or 16, the last token recomputed or not)."""
    return _policy_suite("block_prefix_reuse_under", block_size, recompute_last_token, False)


def multimodal_prefix_reuse_under(block_size: int = 1,
                                  recompute_last_token: bool = False) -> Suite:
    """The multimodal prefix-reuse suite under one of the standard policies (block_size 1 or 16,
    the last token recomputed or not). The fn takes ``(cache_ns, request_ns, cached,
    cached_items, requested, requested_items)``."""
    return _policy_suite("multimodal_prefix_reuse_under", block_size, recompute_last_token, False)


# The specs' policy suites, by policy: the words their names end in.
_POLICY_SUITES = {
    (1, False): "exact",
    (16, False): "blocks of 16",
    (1, True): "last token recomputed",
    (16, True): "blocks of 16, last token recomputed",
}
