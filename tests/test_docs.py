"""The README a newcomer reads in a minute, and the docs/ pages it leads to: every link between
them reaches a file (and a heading) that exists, and every game has its screenshot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def links(page: Path) -> list[str]:
    """The targets of the page's Markdown links, outside code blocks and code spans."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


def anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings, and the ones it names itself."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = set(re.findall(r'<a id="([^"]+)"', text))
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def test_the_readme_is_a_page_a_newcomer_reads_in_a_minute() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 400
    assert "make play" in readme and "make test" in readme


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_reaches_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):  # https:, mailto:: not ours to check offline
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no such heading in {file.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_every_docs_page_is_linked_from_the_readme_or_another_page() -> None:
    reached = {
        (page.parent / target.partition("#")[0]).resolve()
        for page in PAGES
        for target in links(page)
        if not re.match(r"[a-z]+:", target) and target.partition("#")[0]
    }
    assert [page.name for page in PAGES[1:] if page.resolve() not in reached] == []


def test_every_game_has_its_screenshot_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        shot = ROOT / "docs" / "screenshots" / f"{game}.svg"
        assert shot.read_text(encoding="utf-8").startswith("<svg"), game
        assert f"docs/screenshots/{game}.svg" in readme, game
