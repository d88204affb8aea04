"""The documentation's promises hold: every example in the README, docs/ and
bench/RESULTS.md runs (``>>>`` examples as doctests, each ```python block as a
script of its own), and every link between the pages reaches a file and a
heading that exist."""

from __future__ import annotations

import doctest
import functools
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


# -- The organiser's guide (docs/POKER_NIGHT.md) names real commands and options --
#
# It is written for people, so it quotes slash commands as they are typed in
# Discord. Each command it quotes, and each ``option:`` typed after one, must be
# one the cogs declare (read from the cog classes, as discord.py registers
# them), and its table of /tournament schedule's options must list exactly that
# command's options, with the defaults a new table really gets.

GUIDE = ROOT / "docs" / "POKER_NIGHT.md"
CODE_SPAN = re.compile(r"`([^`\n]+)`")
TYPED_OPTION = re.compile(r"(?<!\S)([a-z_]+):")


@functools.cache
def _slash_commands() -> dict[str, list[str]]:
    """Every slash command, ``"group sub"`` or ``"name"``, with its options' names
    in the order Discord shows them."""
    import importlib
    import inspect

    from discord import app_commands
    from discord.ext import commands

    from bot.client import EXTENSIONS

    found: dict[str, list[str]] = {}

    def add(prefix: str, command: object) -> None:
        if isinstance(command, app_commands.Group):
            found.setdefault(f"{prefix}{command.name}", [])
            for sub in command.commands:
                add(f"{prefix}{command.name} ", sub)
        elif isinstance(command, app_commands.Command):
            found[f"{prefix}{command.name}"] = [p.name for p in command.parameters]

    for extension in EXTENSIONS:
        module = importlib.import_module(extension)
        for cog in vars(module).values():
            if not (inspect.isclass(cog) and issubclass(cog, commands.Cog)):
                continue
            group = cog.__cog_group_name__ if cog.__cog_is_app_commands_group__ else None
            if group:
                found.setdefault(group, [])
            for command in cog.__cog_app_commands__:
                add(f"{group} " if group else "", command)
    return found


def _typed_commands(text: str) -> list[str]:
    """What the page shows as typed: code spans, and the lines of fenced blocks."""
    typed, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif fenced:
            typed.append(line.strip())
        else:
            typed.extend(CODE_SPAN.findall(line))
    return [one for one in typed if re.match(r"/[a-z]", one)]


def test_the_organisers_guide_names_only_real_commands_and_options() -> None:
    known = _slash_commands()
    typed = _typed_commands(GUIDE.read_text(encoding="utf-8"))
    wrong = []
    for line in typed:
        words = line[1:].split()
        name = words[0]
        if len(words) > 1 and f"{name} {words[1]}" in known:
            name = f"{name} {words[1]}"
        is_group = any(command.startswith(f"{name} ") for command in known)
        if name not in known or (is_group and len(words) > 1):
            wrong.append(f"{line}: no command /{' '.join(words[:2])}")
            continue
        wrong.extend(
            f"{line}: /{name} has no option {option}"
            for option in TYPED_OPTION.findall(line)
            if option not in known[name]
        )
    assert len(typed) > 30, typed  # the guide's commands were found at all
    assert not wrong, wrong


def _guide_table(header: str) -> list[list[str]]:
    """The rows of the guide's table whose header row is ``header``."""
    rows: list[list[str]] = []
    inside = False
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        if line == header:
            inside = True
        elif inside and line.startswith("|"):
            if not line.startswith("| ---"):
                rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif inside:
            break
    return rows


def test_the_guides_schedule_table_lists_every_option_with_its_real_default() -> None:
    from bot.settings import Settings
    from bot.table_options import SCHEDULE_OPTIONS
    from bot.tables.table_settings import new_table_config

    rows = _guide_table("| Option | What it does | Default | Sensible values |")
    named = [row[0].strip("`") for row in rows]
    assert named == list(_slash_commands()["tournament schedule"]), named
    defaults = {row[0].strip("`"): row[2] for row in rows}
    for option in SCHEDULE_OPTIONS:  # the declared defaults
        if option.default is not None:
            assert defaults[option.name].startswith(str(option.default).lower()), option.name
    table = new_table_config(  # the defaults a new table takes from the settings
        Settings(discord_token="x"),
        variant=None,
        tournament=True,
        small_blind=None,
        big_blind=None,
        min_buy_in=None,
        max_buy_in=None,
        seats=None,
        action_seconds=None,
        provably_fair=False,
        locale="en",
    )
    for name, value in {
        "small_blind": table.small_blind,
        "big_blind": table.big_blind,
        "seats": table.seats,
        "action_seconds": table.action_seconds,
        "buy_in": table.tournament_buy_in,
        "starting_stack": table.starting_stack,
        "level_minutes": table.level_minutes,
    }.items():
        assert re.match(rf"{value}\b", defaults[name]), (name, defaults[name], value)
    assert defaults["variant"] == "No-limit Hold'em" and table.variant == "NT"


def test_the_guides_rebuy_table_names_poker_rebuys_options() -> None:
    options = _slash_commands()["poker rebuys"]
    named = {
        name
        for row in _guide_table("| Option | What it does |")
        for name in CODE_SPAN.findall(row[0])
    }
    assert named and named <= set(options), named - set(options)


def test_the_readme_and_the_players_guide_lead_to_the_organisers_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    players = (ROOT / "docs" / "PLAYERS.md").read_text(encoding="utf-8")
    assert "](docs/POKER_NIGHT.md)" in readme
    assert "](POKER_NIGHT.md)" in players and "](POKER_NIGHT.md#" in players
