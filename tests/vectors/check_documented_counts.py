"""Keeps the fixture counts that the README and docs/ state equal to the suites' (as the JSON
vectors hold them, which a test keeps equal to the descriptors): every table row that names
`kvc::suites::<suite>` and gives its fixtures starts with their number, and a breakdown after it
("36: the 16 of `prefix_reuse` under `P`, + 20 ...") adds up to it.

    /usr/bin/python3 tests/vectors/check_documented_counts.py share/kvc/vectors README.md docs/*.md
"""

import json
import pathlib
import re
import sys


def main(vectors, *documents):
    counts = {}
    for path in pathlib.Path(vectors).glob("*.json"):
        if path.name != "schema.json":
            document = json.loads(path.read_text(encoding="utf-8"))
            counts[document["suite"]] = len(document["fixtures"])
    errors, rows = [], 0
    for name in documents:
        for number, line in enumerate(pathlib.Path(name).read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith("| `kvc::suites::"):
                continue
            cells = line.split("|")
            suites = re.findall(r"`kvc::suites::(\w+)(<P>)?`", cells[1])
            stated = re.match(r"\s*(\d+(?:, \d+)*)(:|\s|$)", cells[-2] if len(cells) > 3 else "")
            if not suites or stated is None:
                continue
            rows += 1
            totals = [int(n) for n in stated.group(1).split(", ")]
            if len(totals) != len(suites):
                errors.append(f"{name}:{number}: {len(suites)} suites, {len(totals)} counts")
                continue
            for (suite, policy), total in zip(suites, totals):
                key = suite + (" exact" if policy else "")
                if key not in counts:
                    errors.append(f"{name}:{number}: no vectors for {key!r}")
                elif counts[key] != total:
                    errors.append(f"{name}:{number}: {suite} has {counts[key]} fixtures, the text "
                                  f"says {total}")
            if stated.group(2) == ":":
                breakdown = cells[-2][stated.end():]
                parts = [int(n) for n in re.findall(
                    r"(?:^\s*|the |the same |\+ )(\d+)(?= of| again| at| over| \(| with|\s*$)",
                    breakdown)]
                if sum(parts) != totals[0]:
                    errors.append(f"{name}:{number}: the breakdown {parts} adds up to "
                                  f"{sum(parts)}, not {totals[0]}")
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    print(f"check_documented_counts: {rows} rows agree with the suites")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
