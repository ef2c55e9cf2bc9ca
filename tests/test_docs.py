"""The documents hold together: every relative link in README.md, bench/README.md and docs/*.md points at a
file that exists (and, with a #fragment, at a heading of that file, as GitHub names its anchors), and the
README and the bench's README stay short enough to read (issue 30: at most 200 and 150 lines)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").glob("*.md")])

FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def _prose(text: str) -> str:
    """The text without code (fenced blocks and inline spans), where brackets are not links."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings: the heading's text lower-cased, every character but
    letters, digits, spaces, hyphens and underscores dropped, spaces made hyphens; a repeated one numbered."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").replace("*", "")
        slug = re.sub(r"[^\w\- ]", "", words.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def relative_links(document: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(_prose(document.read_text(encoding="utf-8")))
        if not re.match(r"[a-z][a-z0-9+.-]*:", target)  # http:, https:, mailto: ...
    ]


def test_the_documents_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in DOCUMENTS}
    assert {"README.md", "bench/README.md", "docs/laws.md", "docs/files.md", "docs/deployment.md"} <= names


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(document: Path) -> None:
    broken = []
    for target in relative_links(document):
        path_part, _, fragment = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif (
            fragment
            and linked.suffix == ".md"
            and fragment not in anchors(linked.read_text(encoding="utf-8"))
        ):
            broken.append(f"{target}: no such heading in {linked.relative_to(ROOT).as_posix()}")
    assert not broken, f"{document.relative_to(ROOT).as_posix()}: " + "; ".join(broken)


def test_the_anchor_rule_reads_headings_as_github_does() -> None:
    text = "# Running an event\n## Law 77 — the scoring table\n## Speed: `python -m scoring bench`\n## Running an event\n"
    assert anchors(text) == {
        "running-an-event",
        "law-77--the-scoring-table",
        "speed-python--m-scoring-bench",
        "running-an-event-1",
    }


def test_a_broken_link_is_caught(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\nSee [b](b.md), [here](#a), [gone](#nowhere) and `[not](a link)`.\n")
    assert relative_links(tmp_path / "a.md") == ["b.md", "#a", "#nowhere"]
    assert anchors((tmp_path / "a.md").read_text()) == {"a"}


@pytest.mark.parametrize(("name", "most"), [("README.md", 200), ("bench/README.md", 150)])
def test_the_readmes_stay_short(name: str, most: int) -> None:
    lines = (ROOT / name).read_text(encoding="utf-8").count("\n")
    assert lines <= most, f"{name}: {lines} lines, at most {most}"
