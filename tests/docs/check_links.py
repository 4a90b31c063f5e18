#!/usr/bin/env python3
"""Every link and image of README.md and docs/*.md resolves: the file exists and, for #anchors, a heading of
that page has the anchor GitHub would give it. Exit 1 with the broken links listed."""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page):
    out = set()
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        out.add(slug)
    return out


def broken_links(page):
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+://|mailto:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            yield f"{page.relative_to(ROOT)}: {target}: no such file"
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            yield f"{page.relative_to(ROOT)}: {target}: no heading #{anchor}"


def check(root):
    pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    count = sum(len(LINK.findall(re.sub(r"```.*?```", "", p.read_text(), flags=re.S))) for p in pages)
    return pages, count, [b for p in pages for b in broken_links(p)]


def self_test():
    # The checker itself must see a missing file and a missing anchor.
    import tempfile
    global ROOT
    saved, tmp = ROOT, tempfile.TemporaryDirectory()
    ROOT = pathlib.Path(tmp.name)
    (ROOT / "docs").mkdir()
    (ROOT / "README.md").write_text("[a](docs/A.md#there) [b](docs/B.md) ![c](x.png)\n")
    (ROOT / "docs" / "A.md").write_text("# Here\n")
    found = check(ROOT)[2]
    ROOT = saved
    assert len(found) == 3, found


self_test()
pages, count, broken = check(ROOT)
for b in broken:
    print(b)
lines = len((ROOT / "README.md").read_text().splitlines())
print(f"{len(pages)} pages, {count} links, {len(broken)} broken; README {lines} lines (at most 300)")
sys.exit(1 if broken or lines > 300 else 0)
