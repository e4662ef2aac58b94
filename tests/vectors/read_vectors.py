"""kvc's JSON vectors read with Python's standard library alone, as an engine in another language
reads them (docs/vectors.md): every file is checked against schema.json (the subset of JSON Schema
that schema.json uses, implemented here), then plain-Python implementations of four contracts run
the suites of their contract, and wrong ones must fail.

    /usr/bin/python3 tests/vectors/read_vectors.py share/kvc/vectors
"""

import json
import pathlib
import re
import sys


def validate(value, schema, root, where="$"):
    """The errors of `value` against `schema` (type, const, enum, required, properties,
    additionalProperties, items, minItems, minimum, pattern, oneOf, $ref)."""
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return validate(value, target, root, where)
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not validate(value, s, root, where)]
        return [] if len(matching) == 1 else [f"{where}: matches {len(matching)} of oneOf"]
    errors = []
    kinds = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}
    expected_type = schema.get("type")
    if expected_type == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return [f"{where}: not an integer"]
    elif expected_type is not None and (not isinstance(value, kinds[expected_type]) or
                                        (expected_type != "boolean" and isinstance(value, bool))):
        return [f"{where}: not {expected_type}"]
    if "const" in schema and value != schema["const"]:
        errors.append(f"{where}: not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r} not one of the enum")
    if "minimum" in schema and value < schema["minimum"]:
        errors.append(f"{where}: below {schema['minimum']}")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        errors.append(f"{where}: does not match {schema['pattern']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{where}: no {key!r}")
        properties = schema.get("properties", {})
        for key, member in value.items():
            if key in properties:
                errors += validate(member, properties[key], root, f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{where}: unexpected {key!r}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append(f"{where}: fewer than {schema['minItems']} items")
        if "items" in schema:
            for i, element in enumerate(value):
                errors += validate(element, schema["items"], root, f"{where}[{i}]")
    return errors


def key(ns):
    """A namespace as a comparable value: a string names a model, an object every field."""
    if isinstance(ns, str):
        return (ns, "", 0, "")
    fields = ns["cache_namespace"]
    return (fields["model"], fields["adapter"], fields["adapter_revision"], fields["salt"])


def common_prefix(a, b):
    n = 0
    while n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def reuse(policy):
    block = policy["block_size"] if policy else 1
    recompute = policy["recompute_last_token"] if policy else False

    def fn(cache_ns, request_ns, cached, requested):
        p = common_prefix(cached, requested) if key(cache_ns) == key(request_ns) else 0
        if recompute:
            p = min(p, max(len(requested) - 1, 0))
        return p // block * block
    return fn


def admit(capacity, used, requested):
    if requested <= 0 or used < 0 or used > capacity:
        return 0
    return requested if requested <= capacity - used else 0


def positions(segments):
    out = []
    for i, s in enumerate(segments):
        out.append(0 if i == 0 or segments[i - 1] != s else out[-1] + 1)
    return out


def offsets(segments):
    out = [0]
    for i in range(1, len(segments) + 1):
        if i == len(segments) or segments[i] != segments[i - 1]:
            out.append(i)
    return out if segments else [0]


def failures(document, fn):
    return [f["label"] for f in document["fixtures"] if fn(*f["inputs"]) != f["expected"]]


def main(directory):
    directory = pathlib.Path(directory)
    schema = json.loads((directory / "schema.json").read_text(encoding="utf-8"))
    documents = {}
    for path in sorted(directory.glob("*.json")):
        if path.name == "schema.json":
            continue
        document = json.loads(path.read_text(encoding="utf-8"))
        errors = validate(document, schema, schema)
        assert not errors, f"{path.name}: {errors[:5]}"
        labels = [f["label"] for f in document["fixtures"]]
        assert len(labels) == len(set(labels)), f"{path.name}: a label twice"
        documents[document["suite"]] = document
    assert len(documents) == 38, len(documents)

    run = 0
    for name, document in documents.items():
        if document["contract"] == "prefix_reuse" and not name.startswith("block_"):
            fn = reuse(document["policy"])
        elif document["contract"] == "cache_namespace":
            fn = reuse(document["policy"])
        elif name in ("append_admission", "append_admission_extremes"):
            fn = admit
        elif name in ("segment_positions", "segment_positions_long"):
            fn = positions
        elif name == "segment_offsets":
            fn = offsets
        else:
            continue
        failed = failures(document, fn)
        assert not failed, f"{name}: a right implementation fails {failed}"
        run += len(document["fixtures"])

    # Wrong implementations fail.
    def strict(capacity, used, requested):
        return requested if 0 < requested < capacity - used and 0 <= used <= capacity else 0

    def unsalted(cache_ns, request_ns, cached, requested):
        a, b = list(key(cache_ns)), list(key(request_ns))
        a[3] = b[3] = ""
        return common_prefix(cached, requested) if a == b else 0

    def counting(segments):
        return list(range(len(segments)))

    assert "fits exactly" in failures(documents["append_admission"], strict)
    assert failures(documents["namespace_isolation"], unsalted)
    assert failures(documents["segment_positions"], counting)
    assert failures(documents["prefix_reuse_under blocks of 16"], reuse(None))
    print(f"read_vectors: {len(documents)} files valid; {run} fixtures passed by plain-Python "
          "implementations; wrong ones rejected")


if __name__ == "__main__":
    main(sys.argv[1])
