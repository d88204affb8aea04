"""Reading PHH: ``.phh`` files (one hand) and ``.phhs`` files (one hand per
TOML table ``[1]``, ``[2]``, …) into :class:`~engine.phh.history.HandHistory` values.

TOML is read by the standard library's :mod:`tomllib`, with floats read as
exact :class:`~decimal.Decimal` values so that ``0.10`` stays one tenth. Each
field is checked for its PHH type; fields PHH defines for metadata and any
user-defined ones are kept, in file order, in ``extra``.

>>> history = loads('variant = "NT"\\nstarting_stacks = [100, 80.5]\\nevent = "Club night"')
>>> history.starting_stacks, history.extra
((100, Decimal('80.5')), {'event': 'Club night'})
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from engine.phh.history import FIELDS, HandHistory, HistoryError
from engine.phh.notation import Amount

#: File name endings: one hand, several hands.
SINGLE_SUFFIX = ".phh"
BULK_SUFFIX = ".phhs"


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text as a dictionary, floats as exact decimals."""
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise HistoryError(f"Not valid TOML: {error}.") from None


def _amount(name: str, value: object) -> Amount:
    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        raise HistoryError(f"{name} must be a number, not {value!r}.")
    if isinstance(value, float):
        return Decimal(repr(value))
    return value


def _amounts(name: str, value: object) -> tuple[Amount, ...]:
    if not isinstance(value, list | tuple):
        raise HistoryError(f"{name} must be an array of numbers.")
    return tuple(_amount(name, v) for v in value)


def _strings(name: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise HistoryError(f"{name} must be an array of strings.")
    return tuple(value)


def from_fields(fields: Mapping[str, object]) -> HandHistory:
    """Build a :class:`HandHistory` from a TOML table's fields, checking their types."""
    variant = fields.get("variant")
    if not isinstance(variant, str):
        raise HistoryError("The variant field is missing or not a string.")
    if "starting_stacks" not in fields:
        raise HistoryError("The starting_stacks field is missing.")
    stacks = _amounts("starting_stacks", fields["starting_stacks"])
    n = len(stacks)

    def per_player(name: str) -> tuple[Amount, ...]:
        values = _amounts(name, fields[name]) if name in fields else ()
        if values and len(values) != n:
            raise HistoryError(f"{name} has {len(values)} entries for {n} players.")
        return values

    def single(name: str) -> Amount | None:
        return _amount(name, fields[name]) if name in fields else None

    trimming = fields.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise HistoryError("ante_trimming_status must be true or false.")
    players = _strings("players", fields["players"]) if "players" in fields else ()
    if players and len(players) != n:
        raise HistoryError(f"players names {len(players)} players, not {n}.")
    finishing = per_player("finishing_stacks") if "finishing_stacks" in fields else None
    return HandHistory(
        variant=variant,
        starting_stacks=stacks,
        actions=_strings("actions", fields.get("actions", [])),
        antes=per_player("antes"),
        blinds_or_straddles=per_player("blinds_or_straddles"),
        bring_in=single("bring_in"),
        small_bet=single("small_bet"),
        big_bet=single("big_bet"),
        min_bet=single("min_bet"),
        ante_trimming_status=trimming,
        players=players,
        finishing_stacks=finishing,
        extra={key: value for key, value in fields.items() if key not in FIELDS},
    )


def loads(text: str) -> HandHistory:
    """Read one hand from ``.phh`` text."""
    return from_fields(parse_toml(text))


def loads_all(text: str) -> dict[str, HandHistory]:
    """Read every hand of ``.phhs`` text, by table name, in file order."""
    tables = parse_toml(text)
    hands: dict[str, HandHistory] = {}
    for name, table in tables.items():
        if not isinstance(table, dict):
            raise HistoryError(f"{name} is not a table; a .phhs file holds one table per hand.")
        try:
            hands[name] = from_fields(table)
        except HistoryError as error:
            raise HistoryError(f"[{name}]: {error}") from None
    return hands


def load(path: str | Path) -> list[HandHistory]:
    """Every hand in a ``.phh`` or ``.phhs`` file (by its ending)."""
    text = Path(path).read_text(encoding="utf-8")
    if str(path).endswith(BULK_SUFFIX):
        return list(loads_all(text).values())
    return [loads(text)]
