"""Each field of a running table's state has one writer, read from the source:
every assignment to a :class:`bot.tables.state.TableState` field (``x.field =``,
``x.field[...] =``, ``del``, ``x.field.append(...)`` and the like) in bot/ and
cogs/ is in the module that owns that job. The others ask it through a method
or hand it a value (the constructor). A new writer elsewhere is a second
owner: give the job to the owner instead.
"""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

from bot.tables.state import TableState

ROOT = Path(__file__).resolve().parents[1]

#: The one module that writes each field of TableState.
OWNERS: dict[str, str] = {
    # What the table is: set once, the home-game options changed by their owner.
    "record": "",
    "settings": "bot/tables/state.py",
    "rules": "bot/tables/state.py",
    # Put back after a refused write (TableState.put_back) and otherwise changed
    # only through the engine's own methods.
    "table": "bot/tables/state.py",
    # Changed through TableState's methods (add_player, hand_dealt, close...).
    "players": "bot/tables/state.py",
    "live": "bot/tables/state.py",
    "last_hand": "bot/tables/state.py",
    "closed": "bot/tables/state.py",
    "closing": "bot/tables/state.py",
    "unposted_result": "bot/tables/state.py",
    # The runner keeps what the action timer answers (action_timer.next_deal_at).
    "next_hand_at": "bot/tables/runner.py",
    "runout": "bot/tables/runout.py",
}

#: Fields of the hand being played and of a player that several parts wrote
#: once, with the one module that writes them now.
HAND_AND_PLAYER_OWNERS: dict[str, str] = {
    "deadline": "bot/tables/stand_ins.py",  # LiveHand: when the clock next acts
    "timeouts": "bot/tables/stand_ins.py",  # Player: timeouts in a row
}

MUTATORS = frozenset(
    {"append", "add", "discard", "clear", "update", "pop", "remove", "extend", "setdefault"}
)


WATCHED = OWNERS.keys() | HAND_AND_PLAYER_OWNERS.keys()


def _field_of(node: ast.expr) -> ast.Attribute | None:
    while isinstance(node, ast.Subscript):
        node = node.value
    return node if isinstance(node, ast.Attribute) else None


def writers() -> dict[str, set[str]]:
    """Field name: the files that write a field of that name on something not ``self``."""
    found: dict[str, set[str]] = {}
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            where = path.relative_to(ROOT).as_posix()
            for node in ast.walk(tree):
                targets: list[ast.expr] = []
                if isinstance(node, ast.Assign | ast.Delete):
                    targets = list(node.targets)
                elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                    targets = [node.target]
                elif (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in MUTATORS
                ):
                    targets = [node.func.value]
                for target in targets:
                    for one in target.elts if isinstance(target, ast.Tuple) else [target]:
                        attribute = _field_of(one)
                        if attribute is None or attribute.attr not in WATCHED:
                            continue
                        own = isinstance(attribute.value, ast.Name) and attribute.value.id == "self"
                        if own and where != "bot/tables/state.py":
                            continue  # another class's own field of that name
                        found.setdefault(attribute.attr, set()).add(where)
    return found


def test_the_owners_name_every_field_of_the_table_state() -> None:
    assert set(OWNERS) == {f.name for f in fields(TableState)}


def test_each_field_of_the_table_state_has_one_writer() -> None:
    found = writers()
    for name, owner in OWNERS.items():
        # The engine's Table has fields of the same names written by the engine,
        # and a view's or a record's "table"/"settings": only bot/tables counts.
        seen = {w for w in found.get(name, set()) if w.startswith("bot/tables/")}
        # TableState.put_back puts any field back after a refused write.
        allowed = {owner, "bot/tables/state.py"}
        assert seen <= allowed, f"{name} is written by {sorted(seen)}, its owner is {owner!r}"


def test_the_hands_deadline_and_a_players_timeouts_have_one_writer() -> None:
    found = writers()
    for name, owner in HAND_AND_PLAYER_OWNERS.items():
        seen = found.get(name, set())
        assert seen <= {owner}, f"{name} is written by {sorted(seen)}, its owner is {owner!r}"
