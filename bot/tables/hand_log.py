"""The write-ahead log of hands: what the database knows about each deal.

A hand is started with everything needed to deal it again (``hands.initial``:
the variant and stakes, the stacks and seat of each hand index, the button,
the deck order, the commitment of a provably fair deck). Each action is
appended and committed before anything shows it to a player, so after a crash
the hand can be rebuilt by dealing the same deck and replaying the log. A
finished hand is settled in one transaction: stacks, ``hand_players`` rows,
the rake's ledger row and the hand's result. A voided hand leaves every stack
as it was when the hand began.

Seats' stacks in the database change only when a hand finishes (or by the
cashier between hands), so during a hand they still hold the hand's starting
stacks; voiding only needs to say so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.database import Database
from bot.tables.table_store import save_state
from engine.actions import Action, format_action, parse_action
from engine.cards import format_cards, parse_cards
from engine.hand import Hand, HandSetup, Rake
from engine.variants import VARIANTS

_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


@dataclass(frozen=True, slots=True)
class HandStart:
    """A hand as it began: the engine's setup and who sits at each hand index."""

    hand_no: int
    setup: HandSetup
    seats: tuple[int, ...]
    players: tuple[int, ...]
    button: int
    small_blind: int | None
    big_blind: int
    commitment: str | None = None
    secret: str | None = None

    def to_json(self) -> str:
        setup = self.setup
        assert setup.deck is not None, "a logged hand is dealt from a known deck"
        return json.dumps(
            {
                "hand_no": self.hand_no,
                "variant": setup.variant.code,
                "starting_stacks": list(setup.starting_stacks),
                "antes": list(setup.antes),
                "blinds": list(setup.blinds),
                "bring_in": setup.bring_in,
                "min_bet": setup.min_bet,
                "small_bet": setup.small_bet,
                "big_bet": setup.big_bet,
                "ante_trimming": setup.ante_trimming,
                "rake": None
                if setup.rake is None
                else [setup.rake.basis_points, setup.rake.cap, setup.rake.no_flop_no_drop],
                "deck": format_cards(setup.deck, " "),
                "seats": list(self.seats),
                "players": list(self.players),
                "button": self.button,
                "small_blind": self.small_blind,
                "big_blind": self.big_blind,
                "commitment": self.commitment,
            }
        )

    @classmethod
    def from_json(cls, text: str, secret: str | None = None) -> HandStart:
        """Read ``hands.initial``; raises ``KeyError``/``ValueError``/``TypeError`` if damaged."""
        data = json.loads(text)
        rake = data["rake"]
        setup = HandSetup(
            VARIANTS[data["variant"]],
            tuple(int(s) for s in data["starting_stacks"]),
            antes=tuple(int(a) for a in data["antes"]),
            blinds=tuple(int(b) for b in data["blinds"]),
            bring_in=int(data["bring_in"]),
            min_bet=int(data["min_bet"]),
            small_bet=int(data["small_bet"]),
            big_bet=int(data["big_bet"]),
            ante_trimming=bool(data["ante_trimming"]),
            rake=None if rake is None else Rake(int(rake[0]), int(rake[1]), bool(rake[2])),
            deck=tuple(parse_cards(data["deck"])),
        )
        return cls(
            hand_no=int(data["hand_no"]),
            setup=setup,
            seats=tuple(int(s) for s in data["seats"]),
            players=tuple(int(p) for p in data["players"]),
            button=int(data["button"]),
            small_blind=None if data["small_blind"] is None else int(data["small_blind"]),
            big_blind=int(data["big_blind"]),
            commitment=data.get("commitment"),
            secret=secret,
        )


@dataclass(frozen=True, slots=True)
class LoggedAction:
    seq: int
    actor: int | None
    text: str

    def parsed(self) -> tuple[int, Action]:
        return parse_action(self.text)


@dataclass(frozen=True, slots=True)
class LoggedHand:
    """An unfinished hand read back from the log."""

    hand_id: int
    start: HandStart
    actions: tuple[LoggedAction, ...]


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """What one finished hand meant for the player at one hand index."""

    user_id: int
    seat: int
    starting_stack: int
    finishing_stack: int
    won_chips: int
    went_to_showdown: bool
    won_at_showdown: bool


class HandLog:
    """Writes and reads the hands of every table in one database."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def start(self, table_id: int, start: HandStart, table_state: Mapping[str, Any]) -> int:
        """Record a new hand and the table's state with it; return the hand's id."""
        async with self.database.transaction() as tx:
            hand_id = await tx.insert(
                "INSERT INTO hands (table_id, hand_no, variant, initial, commitment, secret)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    start.hand_no,
                    start.setup.variant.code,
                    start.to_json(),
                    start.commitment,
                    start.secret,
                ),
            )
            await save_state(tx, table_id, table_state)
        return hand_id

    async def append(self, hand_id: int, seq: int, action: str, actor: int | None) -> None:
        """Commit one action (PHH notation) by ``actor`` (``None``: the clock or the dealer)."""
        async with self.database.transaction() as tx:
            await tx.execute(
                "INSERT INTO hand_actions (hand_id, seq, actor, action) VALUES (?, ?, ?, ?)",
                (hand_id, seq, actor, action),
            )

    async def finish(
        self,
        *,
        hand_id: int,
        table_id: int,
        guild_id: int,
        results: Sequence[PlayerResult],
        rake: int,
        result: Mapping[str, Any],
        phh: str | None,
        table_state: Mapping[str, Any],
    ) -> None:
        """Settle a finished hand in one transaction."""
        async with self.database.transaction() as tx:
            for line in results:
                changed = await tx.execute(
                    "UPDATE seats SET stack = ? WHERE table_id = ? AND seat_no = ? AND user_id = ?",
                    (line.finishing_stack, table_id, line.seat, line.user_id),
                )
                if changed != 1:
                    raise RuntimeError(f"seat {line.seat} of table {table_id} left mid-hand")
                await tx.execute(
                    "INSERT INTO hand_players (hand_id, guild_id, user_id, seat_no,"
                    " starting_stack, finishing_stack, net, won_chips, went_to_showdown,"
                    " won_at_showdown) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        hand_id,
                        guild_id,
                        line.user_id,
                        line.seat,
                        line.starting_stack,
                        line.finishing_stack,
                        line.finishing_stack - line.starting_stack,
                        line.won_chips,
                        line.went_to_showdown,
                        line.won_at_showdown,
                    ),
                )
            if rake:
                await tx.execute(
                    "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind,"
                    " table_id, hand_id) VALUES (?, NULL, ?, NULL, 'rake', ?, ?)",
                    (guild_id, rake, table_id, hand_id),
                )
            await tx.execute(
                f"UPDATE hands SET status = 'finished', result = ?, phh = ?, ended_at = {_NOW}"
                " WHERE id = ? AND status = 'in_progress'",
                (json.dumps(result), phh, hand_id),
            )
            await save_state(tx, table_id, table_state)

    async def void(
        self,
        *,
        hand_id: int,
        table_id: int,
        start: HandStart | None,
        reason: str,
        table_state: Mapping[str, Any] | None,
    ) -> None:
        """Give up a hand: every stack goes back to what it was when the hand began."""
        async with self.database.transaction() as tx:
            if start is not None:
                for seat, user_id, stack in zip(
                    start.seats, start.players, start.setup.starting_stacks, strict=True
                ):
                    await tx.execute(
                        "UPDATE seats SET stack = ?"
                        " WHERE table_id = ? AND seat_no = ? AND user_id = ?",
                        (stack, table_id, seat, user_id),
                    )
            await tx.execute(
                f"UPDATE hands SET status = 'voided', result = ?, ended_at = {_NOW}"
                " WHERE id = ? AND status = 'in_progress'",
                (json.dumps({"voided": reason}), hand_id),
            )
            if table_state is not None:
                await save_state(tx, table_id, table_state)

    async def in_progress(self, table_id: int) -> tuple[int, str, str | None] | None:
        """The unfinished hand of a table as ``(hand_id, initial, secret)``, if any."""
        row = await self.database.fetch_one(
            "SELECT id, initial, secret FROM hands WHERE table_id = ? AND status = 'in_progress'",
            (table_id,),
        )
        return None if row is None else (row["id"], row["initial"], row["secret"])

    async def actions(self, hand_id: int) -> tuple[LoggedAction, ...]:
        rows = await self.database.fetch_all(
            "SELECT seq, actor, action FROM hand_actions WHERE hand_id = ? ORDER BY seq",
            (hand_id,),
        )
        return tuple(LoggedAction(row["seq"], row["actor"], row["action"]) for row in rows)

    async def last_hand_no(self, table_id: int) -> int:
        value: int = await self.database.fetch_value(
            "SELECT COALESCE(MAX(hand_no), 0) FROM hands WHERE table_id = ?", (table_id,)
        )
        return value


def replay(start: HandStart, actions: Sequence[LoggedAction]) -> Hand:
    """Deal the logged hand again and apply its actions in order.

    Raises :class:`~engine.errors.EngineError` or :class:`ValueError` when the
    log does not describe a hand the engine can play (damaged or out of order).
    """
    hand = Hand(start.setup)
    for expected_seq, logged in enumerate(actions, start=1):
        if logged.seq != expected_seq:
            raise ValueError(f"action {expected_seq} is missing from the log")
        player, action = logged.parsed()
        hand.act(player, action)
    return hand


def action_text(player: int, action: Action) -> str:
    """An action as the log writes it: PHH notation."""
    return format_action(player, action)
