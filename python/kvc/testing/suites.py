"""Every suite of kvc's C++ contract descriptors, as Python sequences of fixtures.

Each suite is an attribute named after the C++ suite, with every run of characters that cannot be
in a Python name replaced by ``_``: ``prefix_reuse``, ``segment_positions``,
``prefix_reuse_under_blocks_of_16_last_token_recomputed``. ``by_name`` takes the C++ name.
``prefix_reuse_under(block_size=..., recompute_last_token=...)`` builds the policy suite for any
policy.
"""

from __future__ import annotations

import re
from typing import Dict, List

from ._fixtures import Fixture, Suite, from_export

__all__ = ["by_name", "names", "prefix_reuse_under", "Suite", "Fixture"]


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
    """The C++ names of every suite, in the descriptors' order."""
    return list(_by_name)


def by_name(name: str) -> Suite:
    """The suite the C++ descriptors call ``name`` (or its Python attribute name)."""
    if name in _by_name:
        return _by_name[name]
    for suite in _by_name.values():
        if python_name(suite.name) == name:
            return suite
    raise KeyError(f"kvc.testing.suites: no suite named {name!r}; see names()")


def prefix_reuse_under(block_size: int = 1, recompute_last_token: bool = False) -> Suite:
    """The prefix-reuse suite for an engine with this reuse policy built in.

    The fixtures are the C++ policy suites' (the exact suite's, then block boundaries, requests
    ending at the prefix, whole-cache hits); each expected value is
    ``kvc.reusable_prefix_length(*inputs, block_size=..., recompute_last_token=...)``, the same C++
    code kvc's own checks use. The fn under test takes ``(cache_ns, request_ns, cached, requested)``
    with the policy built in.
    """
    import kvc

    if block_size < 1:
        raise ValueError("kvc.testing.suites.prefix_reuse_under: block_size must be at least 1")
    exact = _by_name["prefix_reuse_under exact"]
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
    suite = exact._derived(f"prefix_reuse_under({policy})", fixtures)
    # Explored as the descriptors' suite of the same policy, when there is one.
    explored = _POLICY_SUITES.get((block_size, recompute_last_token))
    suite._explored = explored if explored in _by_name else None
    return suite


# The descriptors' prefix_reuse_under suites, by policy.
_POLICY_SUITES = {
    (1, False): "prefix_reuse_under exact",
    (16, False): "prefix_reuse_under blocks of 16",
    (1, True): "prefix_reuse_under last token recomputed",
    (16, True): "prefix_reuse_under blocks of 16, last token recomputed",
}
