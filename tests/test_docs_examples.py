"""The documentation's promises hold: every example in the README, docs/ and
bench/RESULTS.md runs (``>>>`` examples as doctests, each ```python block as a
script of its own), and every link between the pages reaches a file and a
heading that exist."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "bench" / "RESULTS.md", *(ROOT / "docs").glob("*.md")])
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_interactive_example_on_the_page_gives_what_it_shows(page: Path) -> None:
    failed, _ = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert failed == 0, f"{failed} example(s) in {_name(page)} do not give what they show"


BLOCKS = [
    (page, number, block)
    for page in PAGES
    for number, block in enumerate(PYTHON_BLOCK.findall(page.read_text(encoding="utf-8")))
]


@pytest.mark.parametrize(
    ("page", "number", "block"), BLOCKS, ids=[f"{_name(p)}-{n}" for p, n, _ in BLOCKS]
)
def test_every_python_block_runs_as_it_stands(page: Path, number: int, block: str) -> None:
    exec(compile(block, f"{_name(page)} block {number}", "exec"), {"__name__": "__docs__"})


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings."""
    anchors, fenced = set(), False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"^#{1,6} (.+)$", line)):
            title = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower())
            anchors.add(title.replace(" ", "-"))
    return anchors


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_link_to_another_page_reaches_it_and_its_heading(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        linked = page if not path else (page.parent / path).resolve()
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
            broken.append(f"{target}: no such heading")
    assert not broken, f"{_name(page)}: {broken}"
