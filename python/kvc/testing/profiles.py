"""The engine profiles of kvc::profiles, by their C++ names, as ``kvc.testing.EngineProfile``
values (read from the C++ definitions, so they cannot differ):

- ``contract``: kvc's contracts as they are;
- ``llama_cpp_server``: no cache salt, no adapter revision in the key;
- ``vllm``: vLLM's block hash: model, LoRA name and cache salt, no adapter revision;
- ``transformers_packing``: position ids never hold padding;
- ``consistent_scheduler``: admission never sees an inconsistent state;
- ``conservative_reuse``: reuse may be less than the contract allows, never more.

``kvc.testing.restrict_to(suite, kvc.testing.profiles.vllm)`` checks an engine for its real bugs.
"""

from __future__ import annotations

from typing import List

from ._profiles import PROFILES, EngineProfile

globals().update(PROFILES)

__all__ = ["EngineProfile", "by_name", "names", *PROFILES]


def names() -> List[str]:
    """The names of kvc::profiles, in the C++ order."""
    return list(PROFILES)


def by_name(name: str) -> EngineProfile:
    """The profile kvc::profiles calls ``name``."""
    try:
        return PROFILES[name]
    except KeyError:
        raise KeyError(f"kvc.testing.profiles: no profile named {name!r}; see names()") from None

