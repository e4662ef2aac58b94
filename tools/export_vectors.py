"""Writes kvc's fixture suites as JSON vectors: share/kvc/vectors/<suite>.json, one file per suite
of the C++ contract descriptors (kvc::verification::suite_index), in the format that
share/kvc/vectors/schema.json defines and docs/vectors.md describes.

The data comes from the descriptors themselves, through the Python extension (kvc._kvc._suites:
each fixture's label, call shape, inputs, expected result, and the engine-profile rules' answers
for it), so the files cannot say anything the C++ suites do not.

    PYTHONPATH=build/python/python /usr/bin/python3 tools/export_vectors.py share/kvc/vectors
    PYTHONPATH=... /usr/bin/python3 tools/export_vectors.py --check share/kvc/vectors

--check writes nothing and exits 1, naming the files, when any differs from what it would write.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import sys
from typing import Any, Dict, List, Optional

FORMAT = "kvc-vectors"
FORMAT_VERSION = 1

# The policies the descriptors' policy suites are built under, by the words their names end in
# (kvc/verification/standard_policies.hpp).
POLICIES = {
    "exact": {"block_size": 1, "recompute_last_token": False},
    "blocks of 16": {"block_size": 16, "recompute_last_token": False},
    "last token recomputed": {"block_size": 1, "recompute_last_token": True},
    "blocks of 16, last token recomputed": {"block_size": 16, "recompute_last_token": True},
}

# The failure records the suites begin with: a contract's record, and the suite whose first
# fixtures are the record's own, verbatim (kvc::suites::seed_*). A fixture of that contract with
# one of those labels comes from the record; every other fixture was added by kvc so that
# plausible wrong implementations fail too.
RECORDS = {
    "prefix_reuse": ("FA-98601", "prefix_reuse", 6),
    "append_admission": ("FA-98626", "append_admission", 7),
    "segment_positions": ("FA-98576", "segment_positions", 6),
}


def file_name(suite_name: str) -> str:
    """`prefix_reuse_under blocks of 16` -> `prefix_reuse_under_blocks_of_16.json`."""
    return re.sub(r"[^0-9a-zA-Z_]+", "_", suite_name).strip("_") + ".json"


def policy_of(suite_name: str) -> Optional[Dict[str, Any]]:
    head, _, words = suite_name.partition("_under ")
    return POLICIES.get(words) if words else None


def value(exported: Any) -> Any:
    """An exported value as JSON: the two kvc types as objects with named fields."""
    if isinstance(exported, dict):
        if "cache_namespace" in exported:
            model, adapter, revision, salt = exported["cache_namespace"]
            return {"cache_namespace": {"model": model, "adapter": adapter,
                                        "adapter_revision": revision, "salt": salt}}
        if "multimodal_item" in exported:
            offset, length, content_hash = exported["multimodal_item"]
            return {"multimodal_item": {"offset": offset, "length": length,
                                        "content_hash": content_hash}}
        raise ValueError(f"export_vectors: unknown tagged value {exported!r}")
    if isinstance(exported, (list, tuple)):
        return [value(element) for element in exported]
    return exported


def build(kvc_module: Any) -> Dict[str, Dict[str, Any]]:
    """Every suite's JSON document, by file name."""
    native = kvc_module._kvc
    fields = [name for name in native._engine_profile_fields() if name != "reuse"]
    every_field = 2 ** len(fields) - 1  # kvc's contracts as they are: every boolean field true
    # The bit of a profile in a fixture's coverage mask: bit i of its index is boolean field i.
    def index_of(profile_fields: Dict[str, Any]) -> int:
        return sum(1 << i for i, name in enumerate(fields) if profile_fields[name])

    named = {name: index_of(profile) for name, profile in native._engine_profiles()}
    suites = native._suites()
    seed_labels: Dict[str, tuple] = {}
    for contract, (record, suite_name, count) in RECORDS.items():
        suite = next(s for s in suites if s["suite"] == suite_name)
        seed_labels[contract] = (record, {f[0] for f in suite["fixtures"][:count]})

    documents: Dict[str, Dict[str, Any]] = {}
    for suite in suites:
        fixtures: List[Dict[str, Any]] = []
        for label, call, inputs, expected, coverage, bound in suite["fixtures"]:
            mask = 0
            for word_index, word in enumerate(coverage):
                mask |= word << (64 * word_index)
            # The fields without which a profile does not cover the fixture.
            needs = [name for i, name in enumerate(fields)
                     if not mask >> (every_field & ~(1 << i)) & 1]
            record, labels = seed_labels.get(suite["contract"], ("", set()))
            fixtures.append({
                "label": label,
                "call": call,
                "inputs": [value(i) for i in inputs],
                "expected": value(expected),
                "profiles": {
                    "needs": needs,
                    "not_covered_by": [name for name, index in named.items()
                                       if not mask >> index & 1],
                    "bound_when_reuse_is_bound": bool(bound),
                },
                "source": record if label in labels else "kvc",
            })
        documents[file_name(suite["suite"])] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "kvc_version": kvc_module.__version__,
            "suite": suite["suite"],
            "contract": suite["contract"],
            "policy": policy_of(suite["suite"]),
            "fixtures": fixtures,
        }
    return documents


def text_of(document: Dict[str, Any]) -> str:
    """The document as ASCII JSON, a line per field and a line per fixture (diffs stay readable)."""
    lines = [f" {json.dumps(key)}: {json.dumps(field, ensure_ascii=True)}"
             for key, field in document.items() if key != "fixtures"]
    fixtures = [f"  {json.dumps(f, ensure_ascii=True)}" for f in document["fixtures"]]
    lines.append(' "fixtures": [\n' + ",\n".join(fixtures) + "\n ]")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail when a file differs from what would be written")
    arguments = parser.parse_args(argv)
    import kvc

    documents = build(kvc)
    directory: pathlib.Path = arguments.directory
    present = {p.name for p in directory.glob("*.json") if p.name != "schema.json"}
    if arguments.check:
        stale = sorted(name for name, document in documents.items()
                       if not (directory / name).is_file()
                       or (directory / name).read_text(encoding="ascii") != text_of(document))
        extra = sorted(present - set(documents))
        if stale or extra:
            print("export_vectors: out of date (run tools/export_vectors.py "
                  f"{directory}): {', '.join(stale + extra)}", file=sys.stderr)
            return 1
        print(f"export_vectors: {len(documents)} suites current in {directory}")
        return 0
    directory.mkdir(parents=True, exist_ok=True)
    for name in present - set(documents):
        (directory / name).unlink()
    for name, document in documents.items():
        (directory / name).write_text(text_of(document), encoding="ascii")
    print(f"export_vectors: wrote {len(documents)} suites to {directory}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
