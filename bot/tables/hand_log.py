"""The write-ahead log of hands: what the database knows about each deal.

A hand is started with everything needed to deal it again: ``hands.initial``
holds the table's :class:`~engine.table.Deal` (the setup with its deck order,
the seat and player of each hand index, the button and blinds); a provably
fair hand also keeps its commitment and secret. Each action is appended and
committed before anything shows it to a player, so after a crash the hand is
rebuilt by dealing the same deck and replaying the log. The actions of many
tables are committed in groups (group commit: one transaction, one disk sync),
each table's action answered only once its group has committed. A finished hand is
settled in one transaction: stacks, ``hand_players`` rows, the rake's ledger
row and the hand's result. A voided hand leaves every stack as it was when
the hand began.

Seats' stacks in the database change only when a hand finishes (or between
hands: by the cashier, or by a 7-2 bounty collected on a show after the hand,
:func:`record_bounty`), so during a hand they still hold the hand's starting
stacks; voiding only needs to say so.

Writes that belong with other writes (the table's state, chips moved by the
cashier) take the caller's :class:`~bot.database.Transaction`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.database import Database, Reader, Transaction
from engine import (
    Action,
    BountyPaid,
    Deal,
    Hand,
    deal_from_data,
    deal_to_data,
    parse_action,
    parse_cards,
    seven_deuce_turned_up,
    shows_seven_deuce,
)


@dataclass(frozen=True, slots=True)
class LoggedAction:
    seq: int
    #: The Discord user who acted; ``None`` when the clock acted for them.
    actor: int | None
    #: PHH notation, e.g. ``p2 cbr 60``.
    text: str

    def parsed(self) -> tuple[int, Action]:
        return parse_action(self.text)


@dataclass(frozen=True, slots=True)
class LoggedHand:
    """An unfinished hand as the log holds it; ``deal`` is ``None`` when damaged."""

    hand_id: int
    hand_no: int
    deal: Deal | None
    actions: tuple[LoggedAction, ...]
    commitment: str | None
    secret: str | None
    damage: str | None = None


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

    async def start(
        self,
        tx: Transaction,
        table_id: int,
        deal: Deal,
        *,
        commitment: str | None = None,
        secret: str | None = None,
    ) -> int:
        """Record a new hand; return its id."""
        return await tx.insert(
            "INSERT INTO hands (table_id, hand_no, variant, initial, commitment, secret)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                table_id,
                deal.number,
                deal.setup.variant.code,
                json.dumps({"deal": deal_to_data(deal)}),
                commitment,
                secret,
            ),
        )

    async def append(self, hand_id: int, seq: int, action: str, actor: int | None) -> None:
        """Commit one action (PHH notation) by ``actor`` (``None``: the clock).

        Returns once the row is committed. Other tables' actions appended
        meanwhile share its transaction (:meth:`Database.commit_grouped`); a
        row the database refuses raises here and refuses no other table's.
        """
        await self.database.commit_grouped(
            (
                "INSERT INTO hand_actions (hand_id, seq, actor, action) VALUES (?, ?, ?, ?)",
                (hand_id, seq, actor, action),
            )
        )

    async def finish(
        self,
        tx: Transaction,
        *,
        hand_id: int,
        table_id: int,
        guild_id: int,
        results: Sequence[PlayerResult],
        rake: int,
        result: Mapping[str, Any],
        phh: str | None,
        tournament: bool = False,
    ) -> None:
        """Settle a finished hand: stacks, players' results, rake, the hand's row.
        A ``tournament`` hand's results are marked: its chips are not cash."""
        for line in results:
            changed = await tx.execute(
                "UPDATE seats SET stack = ? WHERE table_id = ? AND seat_no = ? AND user_id = ?",
                (line.finishing_stack, table_id, line.seat, line.user_id),
            )
            if changed != 1:
                raise RuntimeError(f"seat {line.seat} of table {table_id} was emptied mid-hand")
            await tx.execute(
                "INSERT INTO hand_players (hand_id, guild_id, user_id, seat_no,"
                " starting_stack, finishing_stack, net, won_chips, went_to_showdown,"
                " won_at_showdown, tournament) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    tournament,
                ),
            )
        if rake:
            await tx.execute(
                "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind,"
                " table_id, hand_id) VALUES (?, NULL, ?, NULL, 'rake', ?, ?)",
                (guild_id, rake, table_id, hand_id),
            )
        await tx.execute(
            f"UPDATE hands SET status = 'finished', result = ?, phh = ?, ended_at = {tx.sql_now}"
            " WHERE id = ? AND status = 'in_progress'",
            (json.dumps(result), phh, hand_id),
        )

    async def void(
        self, tx: Transaction, *, hand_id: int, table_id: int, deal: Deal | None, reason: str
    ) -> None:
        """Give up a hand: every stack goes back to what it was when the hand began.

        Each player's ledger gets a ``void_refund`` row saying so. Its delta is
        0: the chips a voided hand put in the pot never left the table, so no
        balance changes, but a player reading their ledger sees that hand N was
        voided and which stack they had back. A hand no longer in progress
        (settled, or voided already) is left as it is: its stacks are not its
        starting stacks any more.
        """
        voided = await tx.execute(
            f"UPDATE hands SET status = 'voided', result = ?, ended_at = {tx.sql_now}"
            " WHERE id = ? AND status = 'in_progress'",
            (json.dumps({"voided": reason}), hand_id),
        )
        if deal is not None and voided:
            guild_id = await _guild_of(tx, table_id)
            for seat, user_id, stack in zip(
                deal.seats, deal.players, deal.setup.starting_stacks, strict=True
            ):
                await tx.execute(
                    "UPDATE seats SET stack = ? WHERE table_id = ? AND seat_no = ? AND user_id = ?",
                    (stack, table_id, seat, user_id),
                )
                await tx.execute(
                    "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind,"
                    " table_id, hand_id, note)"
                    " SELECT guild_id, user_id, 0, chips, 'void_refund', ?, ?, ? FROM balances"
                    " WHERE guild_id = ? AND user_id = ?",
                    (
                        table_id,
                        hand_id,
                        f"hand {deal.number} voided ({reason}): stack back to {stack}",
                        guild_id,
                        user_id,
                    ),
                )

    async def last_hand_no(self, table_id: int) -> int:
        """The number of the table's latest logged hand (0: none yet)."""
        last = await self.database.fetch_value(
            "SELECT COALESCE(MAX(hand_no), 0) FROM hands WHERE table_id = ?", (table_id,)
        )
        return int(last)

    async def in_progress(self, table_id: int) -> LoggedHand | None:
        """The unfinished hand of a table with its logged actions, if there is one."""
        row = await self.database.fetch_one(
            "SELECT id, hand_no, initial, commitment, secret FROM hands"
            " WHERE table_id = ? AND status = 'in_progress'",
            (table_id,),
        )
        if row is None:
            return None
        actions = await self.database.fetch_all(
            "SELECT seq, actor, action FROM hand_actions WHERE hand_id = ? ORDER BY seq",
            (row["id"],),
        )
        deal, damage = None, None
        try:
            deal = deal_from_data(json.loads(row["initial"])["deal"])
        except (KeyError, TypeError, ValueError) as error:
            damage = f"the hand's start cannot be read: {error!r}"
        return LoggedHand(
            row["id"],
            row["hand_no"],
            deal,
            tuple(LoggedAction(a["seq"], a["actor"], a["action"]) for a in actions),
            row["commitment"],
            row["secret"],
            damage,
        )


async def record_bounty(
    tx: Transaction,
    *,
    hand_id: int,
    table_id: int,
    deal: Deal,
    paid: BountyPaid,
    stacks: Mapping[int, tuple[int, int]],
) -> None:
    """A 7-2 bounty collected after hand ``hand_id`` (its uncontested winner
    showed the seven-deuce before the next deal). Written: each seat's stack
    now (``stacks``: user id -> (seat, stack)); each player's result of the
    hand and the hand's recorded finishing stacks changed by what they paid
    or collected, as a bounty shown down changes them; and the bounty itself
    (``bounty_after_show``), which the audit checks against the engine before
    it adds it to the replayed hand (:func:`replay_finished_hand`)."""
    for user_id, (seat, stack) in stacks.items():
        changed = await tx.execute(
            "UPDATE seats SET stack = ? WHERE table_id = ? AND seat_no = ? AND user_id = ?",
            (stack, table_id, seat, user_id),
        )
        if changed != 1:
            raise RuntimeError(f"seat {seat} of table {table_id} is not {user_id}'s")
    moved = bounty_moves(paid, deal.setup.player_count)
    for index, chips in enumerate(moved):
        if chips:
            await tx.execute(
                "UPDATE hand_players SET finishing_stack = finishing_stack + ?, net = net + ?"
                " WHERE hand_id = ? AND user_id = ?",
                (chips, chips, hand_id, deal.players[index]),
            )
    row = await tx.fetch_one("SELECT result FROM hands WHERE id = ?", (hand_id,))
    result = json.loads(row["result"]) if row is not None and row["result"] else {}
    result["finishing_stacks"] = [
        stack + chips for stack, chips in zip(result["finishing_stacks"], moved, strict=True)
    ]
    result["bounty_after_show"] = {
        "winner": deal.players[paid.winner],
        "payments": [[deal.players[index], chips] for index, chips in paid.payments],
    }
    await tx.execute("UPDATE hands SET result = ? WHERE id = ?", (json.dumps(result), hand_id))


def bounty_moves(paid: BountyPaid, player_count: int) -> list[int]:
    """What a bounty changed of each hand index's chips."""
    moved = [0] * player_count
    for index, chips in paid.payments:
        moved[index] -= chips
        moved[paid.winner] += chips
    return moved


async def _guild_of(tx: Transaction, table_id: int) -> int:
    row = await tx.fetch_one("SELECT guild_id FROM tables WHERE id = ?", (table_id,))
    if row is None:
        raise RuntimeError(f"there is no table {table_id}")
    return int(row["guild_id"])


def replay(
    deal: Deal, actions: Sequence[LoggedAction], *, runout_streets: int | None = None
) -> Hand:
    """Deal the logged hand again and apply its actions in order.

    The hand is dealt as the table deals it, an all-in run-out street by street
    (:mod:`bot.tables.runout`): nobody acts during a run-out, so a logged action
    after one means it was dealt; at the end it is dealt to its last street, or
    to ``runout_streets`` streets (a hand being played: as far as it had come).
    At the showdown a player whose hand cannot win shows or mucks by an action
    of the log, as the dealer deals it.

    Raises :class:`~engine.errors.EngineError` or :class:`ValueError` when the
    log does not describe a hand the engine can play (damaged or out of order).
    """
    hand = Hand(deal.setup, muck_choices=True, pause_runouts=True)
    for expected_seq, logged in enumerate(actions, start=1):
        if logged.seq != expected_seq:
            raise ValueError(f"action {expected_seq} is missing from the log")
        player, action = logged.parsed()
        hand.deal_runout_to()
        hand.act(player, action)
    hand.deal_runout_to(runout_streets)
    return hand


async def replay_logged_hand(database: Reader, hand_id: int) -> tuple[Deal, Hand]:
    """Deal hand ``hand_id`` again from its log, as far as the log goes.

    Raises as :func:`replay` does, and :class:`LookupError` if there is no such hand.
    A finished hand logged before the showdown was a turn (its log ends at the
    showdown) is finished as its automatic showdown did: the losers mucked.
    """
    row = await database.fetch_one("SELECT initial, status FROM hands WHERE id = ?", (hand_id,))
    if row is None:
        raise LookupError(f"there is no hand {hand_id}")
    deal = deal_from_data(json.loads(row["initial"])["deal"])
    actions = await database.fetch_all(
        "SELECT seq, actor, action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
    )
    hand = replay(deal, [LoggedAction(a["seq"], a["actor"], a["action"]) for a in actions])
    if row["status"] == "finished":
        hand.finish()
    return deal, hand


async def replay_finished_hand(database: Reader, hand_id: int) -> str | None:
    """Deal a finished hand again from its log and compare it with what was recorded.

    The audit's replay check (:mod:`bot.audit`): the replayed hand must be over,
    and its finishing stacks, chips won, rake and board must equal the hand's
    recorded result, its players' rows and its rake in the ledger. A 7-2 bounty
    collected on a show after the hand is checked against the engine's rule and
    then added to the replayed stacks; so is one a hand settled before that
    show was a choice paid at once (:func:`_bounty_turned_up`). Returns the
    first difference as a sentence, or ``None`` when everything agrees.
    """
    row = await database.fetch_one(
        "SELECT result FROM hands WHERE id = ? AND status = 'finished'", (hand_id,)
    )
    if row is None:
        return "no finished hand has this id"
    try:
        recorded = json.loads(row["result"] or "null")
        deal, hand = await replay_logged_hand(database, hand_id)
    except Exception as error:  # anything that stops the replay is the finding
        return f"the log does not replay: {error!r}"
    if not hand.is_complete:
        return f"the log replays to an unfinished hand after {len(hand.actions)} action(s)"
    if not isinstance(recorded, dict):
        return "the hand has no recorded result"
    finishing = list(hand.finishing_stacks)
    paid = await _bounty_beyond_the_hand(database, hand_id, deal, hand, recorded)
    if isinstance(paid, str):
        return paid
    if paid is not None:
        finishing = [
            stack + chips
            for stack, chips in zip(finishing, bounty_moves(paid, len(finishing)), strict=True)
        ]
    replayed = {
        "players": list(deal.players),
        "finishing_stacks": finishing,
        "awarded": list(hand.awarded),
        "rake": hand.rake_taken,
        "board": " ".join(str(card) for card in hand.board),
        "carried_over": hand.carried_over,
    }
    # Results recorded before jackpots carried pots have no "carried_over": none.
    recorded.setdefault("carried_over", 0)
    for key, value in replayed.items():
        if recorded.get(key) != value:
            return f"{key}: recorded {recorded.get(key)!r}, replayed {value!r}"
    players = await database.fetch_all(
        "SELECT user_id, seat_no, starting_stack, finishing_stack, won_chips FROM hand_players"
        " WHERE hand_id = ? ORDER BY user_id",
        (hand_id,),
    )
    expected = sorted(
        (user_id, seat, start, finish, won)
        for user_id, seat, start, finish, won in zip(
            deal.players,
            deal.seats,
            deal.setup.starting_stacks,
            finishing,
            hand.awarded,
            strict=True,
        )
    )
    found = [tuple(p) for p in players]
    if found != expected:
        return f"players' rows {found} differ from the replay's {expected}"
    rake = await database.fetch_value(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'rake' AND hand_id = ?",
        (hand_id,),
    )
    if int(rake) != hand.rake_taken:
        return f"the ledger's rake {rake} differs from the replay's {hand.rake_taken}"
    return None


async def _bounty_beyond_the_hand(
    database: Reader, hand_id: int, deal: Deal, hand: Hand, recorded: Mapping[str, Any]
) -> BountyPaid | str | None:
    """A 7-2 bounty the replayed hand does not pay itself but its records hold:
    collected on a show after the hand (``bounty_after_show``), or paid at once
    under the rule before that show was a choice; checked against the engine
    either way. ``None``: none; a sentence: what is wrong with it."""
    turned_up = await _bounty_turned_up(database, hand_id, deal, hand, recorded)
    bounty = recorded.get("bounty_after_show")
    if bounty is None:
        return turned_up
    if turned_up is not None:
        return "a 7-2 bounty was paid with the hand and collected again on a show after it"
    return await _bounty_after_show(database, hand_id, deal, hand, bounty)


async def _bounty_turned_up(
    database: Reader, hand_id: int, deal: Deal, hand: Hand, recorded: Mapping[str, Any]
) -> BountyPaid | None:
    """The 7-2 bounty of a hand settled before the uncontested winner chose to
    show (:func:`engine.seven_deuce_turned_up`): the engine of that time turned
    the seven-deuce up at the end of the hand and paid the bounty with the pots,
    so the hand's records say so as that code wrote them, and nothing else
    writes: its result's ``shown`` names the winner's two cards (today's
    engine turns up nothing for an uncontested winner), the winner's players'
    row has them shown down and winning there, and there is no
    ``bounty_after_show``. Such a hand is replayed under that rule: what it paid
    is worked out by the engine from the hand's own cards, log and stacks, and
    the replay's comparisons then prove the recorded amounts; none is taken on
    trust. Any other hand is replayed under today's rule (``None``)."""
    paid = seven_deuce_turned_up(hand)
    if paid is None:
        return None
    winner = deal.players[paid.winner]
    shown = recorded.get("shown")
    cards = " ".join(str(card) for card in hand.hole_cards[paid.winner])
    if not isinstance(shown, dict) or shown.get(str(winner)) != cards:
        return None
    row = await database.fetch_one(
        "SELECT went_to_showdown, won_at_showdown FROM hand_players"
        " WHERE hand_id = ? AND user_id = ?",
        (hand_id, winner),
    )
    if row is None or not (row["went_to_showdown"] and row["won_at_showdown"]):
        return None
    return paid


async def _bounty_after_show(
    database: Reader, hand_id: int, deal: Deal, hand: Hand, bounty: Mapping[str, Any]
) -> BountyPaid | str:
    """The 7-2 bounty recorded as collected after the hand, as the engine pays
    it (:func:`engine.shows_seven_deuce`: the collector showed the seven-deuce
    that won without a showdown; each payer was dealt in and paid at most the
    bounty), or what is wrong with it."""
    winner = bounty.get("winner")
    row = await database.fetch_one(
        "SELECT cards FROM hand_shows WHERE hand_id = ? AND user_id = ?", (hand_id, winner)
    )
    shown = parse_cards(str(row["cards"])) if row is not None else []
    if winner not in deal.players or not shows_seven_deuce(hand, deal.players.index(winner), shown):
        return f"a 7-2 bounty went to {winner}, who did not show the seven-deuce that won"
    limit = hand.setup.seven_deuce_bounty
    payments = []
    for user_id, chips in bounty.get("payments", ()):
        if user_id == winner or user_id not in deal.players or not 0 < chips <= limit:
            return f"a 7-2 bounty of {limit} cannot take {chips} from {user_id}"
        payments.append((deal.players.index(user_id), int(chips)))
    return BountyPaid(deal.players.index(winner), tuple(payments))
