"""What the bot keeps about a member, shown to them, and forgotten on request.

A member may ask what Croupier keeps about them (:func:`records_of`: their
settings, balances, every ledger row, the hands and tournaments they played,
their buy-ins and cash-outs of session chips)
and ask to be forgotten (:func:`forget`). Forgetting does not delete rows: the
ledger must stay balanced and every other player's hands must still replay
and audit. Instead one *pseudonym* takes the member's id everywhere it is kept
(balances, the ledger, hand results and habits, shown cards, tournament
entries, session chips' moves, hand actions, the saved deal and result of every hand and the state
of closed tables, the tables they opened, the seasons they started, the
tournaments they scheduled) and their name leaves the hand
histories, in one transaction. The audit counts the pseudonym's rows like any
player's; leaderboards leave them out.

A pseudonym is a number no Discord user can have: Discord's ids are
snowflakes whose top bits are milliseconds since 2015, and
:data:`FORGOTTEN_BASE` would be a user created in 2084. Computer players'
ids are negative (:func:`bot.house_bank.is_computer`), so the two never meet.

A member who asks is forgotten on every server (their per-user settings are
deleted too); an admin forgets a member who left on their own server only.
Nobody can be forgotten while seated or registered at an open table, or
registered for a tournament announced ahead: they leave first
(:class:`StillPlaying`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.database import Database, Transaction
from bot.errors import CroupierError
from engine.phh import HistoryError, dumps, loads

#: The first pseudonym; ``FORGOTTEN_BASE + n`` is the n-th forgotten member.
FORGOTTEN_BASE: Final = 2**63 - 2**32
#: The name a forgotten member has in the hand histories they played.
FORGOTTEN_NAME: Final = "Forgotten player"
#: What replaces a forgotten member's id in a ledger note (an admin grant's "granted by").
FORGOTTEN_NOTE: Final = "a forgotten member"


def is_forgotten(user_id: int) -> bool:
    """Whether ``user_id`` is a forgotten member's pseudonym."""
    return user_id >= FORGOTTEN_BASE


class StillPlaying(CroupierError):
    """The member is seated at, or registered for, a table that is still open."""

    key = "privacy.still_playing"


@dataclass(frozen=True, slots=True)
class MemberRecords:
    """Everything kept about one member, as plain data for a JSON file."""

    user_id: int
    settings: dict[str, Any] | None
    auto_top_ups: list[dict[str, Any]]
    balances: list[dict[str, Any]]
    ledger: list[dict[str, Any]]
    hands: list[dict[str, Any]]
    tournaments: list[dict[str, Any]]
    shown_cards: list[dict[str, Any]]
    #: Buy-ins, top-ups and cash-outs of session chips (issue 28).
    session_chips: list[dict[str, Any]]

    def to_json(self) -> str:
        """The records as an indented JSON document (the file a member receives)."""
        return json.dumps(
            {
                "user_id": str(self.user_id),
                "settings": self.settings,
                "auto_top_ups": self.auto_top_ups,
                "balances": self.balances,
                "ledger": self.ledger,
                "hands": self.hands,
                "tournaments": self.tournaments,
                "shown_cards": self.shown_cards,
                "session_chips": self.session_chips,
            },
            indent=2,
            default=str,
        )


async def records_of(database: Database, user_id: int) -> MemberRecords:
    """What the bot keeps about ``user_id``, on every server."""
    settings = await database.fetch_one(
        "SELECT dm_cards, deck, turn_notice, updated_at FROM player_settings WHERE user_id = ?",
        (user_id,),
    )
    auto_top_ups = await database.fetch_all(
        "SELECT guild_id, below, up_to FROM auto_top_ups WHERE user_id = ? ORDER BY guild_id",
        (user_id,),
    )
    balances = await database.fetch_all(
        "SELECT guild_id, chips, daily_streak, last_daily_date, last_refill_at, created_at"
        " FROM balances"
        " WHERE user_id = ? ORDER BY guild_id",
        (user_id,),
    )
    ledger = await database.fetch_all(
        "SELECT id, guild_id, delta, balance_after, kind, table_id, hand_id, note, created_at"
        " FROM ledger WHERE user_id = ? ORDER BY id",
        (user_id,),
    )
    hands = await database.fetch_all(
        "SELECT p.hand_id, p.guild_id, hands.table_id, hands.hand_no, hands.variant,"
        " p.seat_no, p.starting_stack, p.finishing_stack, p.net, p.tournament, hands.ended_at"
        " FROM hand_players p JOIN hands ON hands.id = p.hand_id"
        " WHERE p.user_id = ? ORDER BY p.hand_id",
        (user_id,),
    )
    tournaments = await database.fetch_all(
        "SELECT table_id, guild_id, buy_in, place, prize FROM tournament_entries"
        " WHERE user_id = ? ORDER BY table_id",
        (user_id,),
    )
    shown = await database.fetch_all(
        "SELECT hand_id, cards, shown_at FROM hand_shows WHERE user_id = ? ORDER BY hand_id",
        (user_id,),
    )
    session_chips = await database.fetch_all(
        "SELECT table_id, guild_id, kind, chips, created_at FROM session_chip_moves"
        " WHERE user_id = ? ORDER BY id",
        (user_id,),
    )
    return MemberRecords(
        user_id=user_id,
        settings=None if settings is None else dict(settings),
        auto_top_ups=[dict(row) for row in auto_top_ups],
        balances=[dict(row) for row in balances],
        ledger=[dict(row) for row in ledger],
        hands=[dict(row) for row in hands],
        tournaments=[dict(row) for row in tournaments],
        shown_cards=[dict(row) for row in shown],
        session_chips=[dict(row) for row in session_chips],
    )


async def forget(database: Database, user_id: int, *, guild_id: int | None = None) -> int:
    """Put a pseudonym in ``user_id``'s place everywhere the bot keeps them; return it.

    With ``guild_id`` (an admin forgetting a member who left) only that server's
    rows change; without it (the member's own request) every server's do, and
    their settings are deleted. Raises :class:`StillPlaying` while they hold a
    seat or a tournament entry at an open table, changing nothing.
    """
    async with database.transaction() as tx:
        await _refuse_while_playing(tx, user_id, guild_id)
        pseudonym = FORGOTTEN_BASE + await tx.insert(
            "INSERT INTO forgotten_members (guild_id, by_admin) VALUES (?, ?)",
            (guild_id, int(guild_id is not None)),
        )
        guilds = await _guilds_of(tx, user_id) if guild_id is None else [guild_id]
        for guild in guilds:
            await _forget_on(tx, guild, user_id, pseudonym)
        if guild_id is None:
            await tx.execute("DELETE FROM player_settings WHERE user_id = ?", (user_id,))
    return pseudonym


async def _refuse_while_playing(tx: Transaction, user_id: int, guild_id: int | None) -> None:
    playing = (
        "SELECT t.channel_id, t.guild_id FROM tables t WHERE t.status = 'open'"
        " AND (EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?)"
        " OR EXISTS (SELECT 1 FROM tournament_entries e"
        " WHERE e.table_id = t.id AND e.user_id = ? AND e.place IS NULL))"
        " ORDER BY t.id"
    )
    # Registered for a tournament announced ahead (bot/scheduled_tournaments.py):
    # unregistering first gives the held buy-in back to the member, not to a pseudonym.
    registered = (
        "SELECT s.channel_id, s.guild_id FROM scheduled_tournaments s"
        " JOIN scheduled_entries e ON e.schedule_id = s.id"
        " WHERE s.status = 'scheduled' AND e.user_id = ? ORDER BY s.id"
    )
    rows = [
        row
        for row in [
            *await tx.fetch_all(playing, (user_id, user_id)),
            *await tx.fetch_all(registered, (user_id,)),
        ]
        if guild_id is None or row["guild_id"] == guild_id
    ]
    if rows:
        # An admin forgetting a member who left reads about that member, not about themselves.
        key = "privacy.still_playing" if guild_id is None else "privacy.member_still_playing"
        raise StillPlaying(key, channels=", ".join(f"<#{row['channel_id']}>" for row in rows))


async def _guilds_of(tx: Transaction, user_id: int) -> list[int]:
    rows = await tx.fetch_all(
        "SELECT guild_id FROM balances WHERE user_id = ?"
        " UNION SELECT guild_id FROM hand_players WHERE user_id = ?"
        " UNION SELECT guild_id FROM tournament_entries WHERE user_id = ?"
        " UNION SELECT guild_id FROM tables WHERE creator_id = ?"
        " UNION SELECT guild_id FROM auto_top_ups WHERE user_id = ?"
        " UNION SELECT guild_id FROM session_chip_moves WHERE user_id = ?"
        " UNION SELECT guild_id FROM seasons WHERE started_by = ?"
        " UNION SELECT guild_id FROM scheduled_tournaments WHERE creator_id = ?",
        (user_id,) * 8,
    )
    return sorted(int(row["guild_id"]) for row in rows)


_HANDS_OF_GUILD: Final = (
    "SELECT hands.id FROM hands JOIN tables ON tables.id = hands.table_id WHERE tables.guild_id = ?"
)


async def _forget_on(tx: Transaction, guild_id: int, user_id: int, pseudonym: int) -> None:
    """Every row of one server that names ``user_id`` names ``pseudonym`` instead."""
    # The ledger refers to its balance row: the pseudonym's balance comes first,
    # the ledger moves to it, then the member's balance goes.
    await tx.execute(
        "INSERT INTO balances (guild_id, user_id, chips, daily_streak, last_daily_date,"
        " last_refill_at, created_at) SELECT guild_id, ?, chips, daily_streak,"
        " last_daily_date, last_refill_at, created_at"
        " FROM balances WHERE guild_id = ? AND user_id = ?",
        (pseudonym, guild_id, user_id),
    )
    await tx.execute(
        "UPDATE ledger SET user_id = ? WHERE guild_id = ? AND user_id = ?",
        (pseudonym, guild_id, user_id),
    )
    await tx.execute("DELETE FROM balances WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
    # A setting, not a record: nobody plays under a pseudonym to use it.
    await tx.execute(
        "DELETE FROM auto_top_ups WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
    )
    for sql in (
        "UPDATE hand_players SET user_id = ? WHERE guild_id = ? AND user_id = ?",
        "UPDATE tournament_entries SET user_id = ? WHERE guild_id = ? AND user_id = ?",
        "UPDATE session_chip_moves SET user_id = ? WHERE guild_id = ? AND user_id = ?",
        "UPDATE tables SET creator_id = ? WHERE guild_id = ? AND creator_id = ?",
        # The member who started a season (bot/seasons.py); standings are read
        # from tournament_entries, which the line above rewrites.
        "UPDATE seasons SET started_by = ? WHERE guild_id = ? AND started_by = ?",
        # The organiser of a tournament announced ahead (bot/scheduled_tournaments.py).
        "UPDATE scheduled_tournaments SET creator_id = ? WHERE guild_id = ? AND creator_id = ?",
    ):
        await tx.execute(sql, (pseudonym, guild_id, user_id))
    for sql in (
        f"UPDATE hand_habits SET user_id = ? WHERE user_id = ? AND hand_id IN ({_HANDS_OF_GUILD})",
        f"UPDATE hand_shows SET user_id = ? WHERE user_id = ? AND hand_id IN ({_HANDS_OF_GUILD})",
        f"UPDATE hand_actions SET actor = ? WHERE actor = ? AND hand_id IN ({_HANDS_OF_GUILD})",
    ):
        await tx.execute(sql, (pseudonym, user_id, guild_id))
    await _forget_in_hands(tx, guild_id, user_id, pseudonym)
    await _forget_in_closed_tables(tx, guild_id, user_id, pseudonym)
    await _forget_in_notes(tx, guild_id, user_id)


async def _forget_in_hands(tx: Transaction, guild_id: int, user_id: int, pseudonym: int) -> None:
    """The saved deal, result and history of each hand the member was dealt into."""
    rows = await tx.fetch_all(
        "SELECT hands.id, hands.initial, hands.result, hands.phh FROM hands"
        " JOIN tables ON tables.id = hands.table_id"
        " WHERE tables.guild_id = ? AND CAST(hands.initial AS TEXT) LIKE ?",
        (guild_id, f"%{user_id}%"),
    )
    for row in rows:
        initial = _loaded(row["initial"])
        players = initial["deal"]["players"]
        if user_id not in players:
            continue  # the digits matched something else
        index = players.index(user_id)
        result = None if row["result"] is None else _loaded(row["result"])
        await tx.execute(
            "UPDATE hands SET initial = ?, result = ?, phh = ? WHERE id = ?",
            (
                json.dumps(_renamed(initial, user_id, pseudonym)),
                None if result is None else json.dumps(_renamed(result, user_id, pseudonym)),
                _history_without(row["phh"], index),
                row["id"],
            ),
        )


def _history_without(phh: str | None, index: int) -> str | None:
    """The hand's PHH text with the player at ``index`` renamed :data:`FORGOTTEN_NAME`."""
    if not phh:
        return phh
    try:
        history = loads(str(phh))
    except HistoryError:
        return None  # a history we cannot read cannot be left holding the name
    if index >= len(history.players):
        return phh
    names = list(history.players)
    names[index] = FORGOTTEN_NAME
    return dumps(replace(history, players=tuple(names)))


async def _forget_in_closed_tables(
    tx: Transaction, guild_id: int, user_id: int, pseudonym: int
) -> None:
    """The last saved state of a closed table: its seats, names, last deal, places."""
    rows = await tx.fetch_all(
        "SELECT id, state FROM tables WHERE guild_id = ? AND status = 'closed'"
        " AND state IS NOT NULL AND CAST(state AS TEXT) LIKE ?",
        (guild_id, f"%{user_id}%"),
    )
    for row in rows:
        state = _renamed(_loaded(row["state"]), user_id, pseudonym)
        await tx.execute("UPDATE tables SET state = ? WHERE id = ?", (json.dumps(state), row["id"]))


def _renamed(data: Any, user_id: int, pseudonym: int, key: str = "") -> Any:
    """Saved JSON with the member's id replaced where the bot keeps a player's id:
    a ``player`` value, the entries of a ``players`` list, the first of a
    ``finishing_places`` pair, and any object key; a name kept under that key
    (a ``players`` object maps ids to names, or to details with a ``name``)
    becomes :data:`FORGOTTEN_NAME`.
    Other numbers (stacks, seats) are left alone even where they are equal."""
    member, renamed = str(user_id), str(pseudonym)
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for name, value in data.items():
            if name == member:
                out[renamed] = _nameless(_renamed(value, user_id, pseudonym, name))
            else:
                out[name] = _renamed(value, user_id, pseudonym, name)
        return out
    if isinstance(data, list):
        if key == "players":
            return [pseudonym if item == user_id else item for item in data]
        if key == "finishing_places":
            return [[pseudonym if pair[0] == user_id else pair[0], *pair[1:]] for pair in data]
        return [_renamed(item, user_id, pseudonym) for item in data]
    if key == "player" and data == user_id:
        return pseudonym
    return data


async def _forget_in_notes(tx: Transaction, guild_id: int, user_id: int) -> None:
    """Ledger notes that name the member (an admin grant's "granted by")."""
    pattern = re.compile(rf"(?<!\d){user_id}(?!\d)")
    rows = await tx.fetch_all(
        "SELECT id, note FROM ledger WHERE guild_id = ? AND note LIKE ?",
        (guild_id, f"%{user_id}%"),
    )
    for row in rows:
        note = pattern.sub(FORGOTTEN_NOTE, str(row["note"]))
        if note != row["note"]:
            await tx.execute("UPDATE ledger SET note = ? WHERE id = ?", (note, row["id"]))


def _nameless(value: Any) -> Any:
    if isinstance(value, str):
        return FORGOTTEN_NAME
    if isinstance(value, dict) and "name" in value:
        return {**value, "name": FORGOTTEN_NAME}
    return value


def _loaded(value: Any) -> Any:
    """A JSON column's value: text in SQLite, text or already parsed in PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value
