"""Keeps the links between the README, CONTRIBUTING.md and docs/ working: every relative link names
a file of the repository, and every #anchor one of that page's headings (as GitHub spells them).
Every page of docs/ is linked from the README.

    /usr/bin/python3 tests/docs/check_links.py <repository root>
"""
import pathlib
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def headings(text):
    """The anchors GitHub gives a page's headings, outside code fences."""
    anchors, fenced = set(), False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = re.match(r"^#{1,6} (.*)$", line)
        if match and not fenced:
            slug = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower()).replace(" ", "-")
            anchor, n = slug, 1
            while anchor in anchors:
                anchor, n = f"{slug}-{n}", n + 1
            anchors.add(anchor)
    return anchors


def without_code(text):
    """The text with fenced blocks and inline code removed: links there are not links."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def main(root):
    root = pathlib.Path(root)
    pages = [root / "README.md", root / "CONTRIBUTING.md", *sorted((root / "docs").glob("*.md"))]
    problems, linked = [], set()
    for page in pages:
        for target in LINK.findall(without_code(page.read_text(encoding="utf-8"))):
            if re.match(r"^[a-z]+:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page.resolve()
            if not file.exists():
                problems.append(f"{page.relative_to(root)}: {target}: no such file")
                continue
            linked.add((page.name, file))
            if anchor and file.suffix == ".md" and anchor not in headings(file.read_text(encoding="utf-8")):
                problems.append(f"{page.relative_to(root)}: {target}: no heading #{anchor}")
    readme_links = {file for name, file in linked if name == "README.md"}
    for page in sorted((root / "docs").glob("*.md")):
        if page.resolve() not in readme_links:
            problems.append(f"docs/{page.name} is not linked from the README")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"check_links: every link of {len(pages)} pages resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
