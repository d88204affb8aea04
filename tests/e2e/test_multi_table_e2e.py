"""A multi-table tournament through the fake Discord and the real bot: the
bot restarted at the moments a floor is most fragile, and a deal at the final
table.

Ann opens a tournament with /tournament open in the channel; Ann, Ben and Cat
register with /tournament join; 24 computer players fill a field of 27;
/tournament start seats everyone at random over six tables of five, each a
table in its own thread of the channel. The tournament's clock is a fake one,
moved a second at a time. The bot stops and starts again from its database
while a broken table's players are still to be moved (TDA 11-C) and in the
middle of a hand-for-hand round (TDA RP-8); the floor comes back as it was,
not a chip is lost, and the tournament plays on to its winner.

The whole evening the issue describes, a scheduled 27-player tournament
played with balancing, breaking, hand for hand, the final table and a deal,
is tests/e2e/test_poker_night_e2e.py; the same moments killed with SIGKILL in
a real process, tests/e2e/test_mtt_kill_e2e.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from bot.tournaments.final_deal import deal_button_id
from engine import MoveReason, TournamentFloor
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.product_bot import running_croupier

STARTING_CHIPS = 1000  # the settings' default starting grant
FIELD, STACK, BUY_IN = 27, 400, 100


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    return reply.text


def chips_in_seats(tournament: Any) -> int:
    return sum(
        seat.stack
        for runner in tournament.runners.values()
        if not runner.closed
        for seat in runner.table.seats.values()
    )


def won(tournament: Any) -> bool:
    return any(f.place == 1 for f in tournament.floor.finishes)


def waits_for_a_player(tournament: Any, table: int | None) -> bool:
    """``table`` is in the middle of a hand whose player to act is thinking: a
    hand that is still in progress after a restart (replayed from its log, the
    player given a fresh clock), so the floor cannot have moved on meanwhile."""
    runner = tournament.runners.get(table)
    return runner is not None and runner.live is not None and runner.live.hand.actor is not None


def breaking(tournament: Any) -> bool:
    """A table broken, its players' moves not all carried out (TDA 11-C): held
    back by a hand still being played at a table they touch."""
    return any(
        m.reason is MoveReason.BREAK
        and any(waits_for_a_player(tournament, n) for n in (m.from_table, m.to_table))
        for m in tournament.floor.pending
    )


def in_hand_for_hand_round(tournament: Any) -> bool:
    """Hand for hand (TDA RP-8), some tables having dealt the round's hand, not
    all: one still plays it, its player to act thinking."""
    floor = tournament.floor
    return (
        floor.hand_for_hand
        and bool(floor.round_dealt)
        and any(waits_for_a_player(tournament, n) for n in floor.dealing)
    )


async def fold_when_nearly_timed_out(
    tournament: Any, members: dict[int, Member], clock: FakeClock
) -> None:
    """The members take their time: each folds by its button a few seconds
    before their clock runs out (so they are never sat out, and their tables
    are often in the middle of a hand while the others play on)."""
    for runner in list(tournament.runners.values()):
        live = runner.live
        if runner.closed or live is None or live.hand.actor is None or live.deadline is None:
            continue
        player = live.deal.players[live.hand.actor]
        if player in members and live.deadline - clock.now() <= 5:
            for action in ("fold", "call"):  # folding is disabled where checking is free
                custom_id = table_button_id(runner.table_id, live.hand_no, live.seq, action)
                with contextlib.suppress(ComponentNotFound):
                    await (await members[player].click(custom_id=custom_id)).settled()
                    break


async def test_a_restart_during_a_table_break_and_during_hand_for_hand_loses_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The bot stops at two moments and starts again from its database: while a
    broken table's players are still to be moved, and in the middle of a
    hand-for-hand round. The floor comes back as it was (the moves still to
    make, the tables that dealt the round's hand), not a chip is lost, the
    audit is clean at every stop, and the tournament plays on to its winner."""
    fake, clock, database = fake_discord, FakeClock(), tmp_path / "croupier.db"
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # a tournament of hands at machine speed
    options: dict[str, Any] = {
        "clock": clock,
        "deck_seed": 5,
        "computer_pace_seconds": 0,
        "hand_pause_seconds": 1,
    }
    moments = [breaking, in_hand_for_hand_round]
    restarted: list[str] = []
    saved_floor: TournamentFloor | None = None
    async with running_croupier(fake, database, **options) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(3)
        await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=5,
            level_minutes=1,
            computers=FIELD - 3,
        )
        for member in (ann, ben, cat):
            await ephemeral_answer(member, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
    members = {member.id: member for member in (ann, ben, cat)}
    for _ in range(4):  # a run of the bot: until the next moment, or the end
        async with running_croupier(fake, database, **options) as croupier:
            cog = croupier.bot.get_cog("MultiTable")
            (tournament,) = cog.running.values()
            if saved_floor is not None:  # just restarted: the floor is as it was saved
                assert tournament.floor.pending == saved_floor.pending
                assert tournament.floor.round_dealt >= saved_floor.round_dealt
                assert tournament.floor.finishes == saved_floor.finishes
                assert chips_in_seats(tournament) == FIELD * STACK
            stop = False
            for _step in range(3000):
                await croupier.settled()
                await tournament.settled()
                await croupier.settled()
                saved_floor = None
                if won(tournament):
                    break
                assert chips_in_seats(tournament) == FIELD * STACK
                await fold_when_nearly_timed_out(tournament, members, clock)
                if moments and moments[0](tournament):
                    restarted.append(moments.pop(0).__name__)
                    saved_floor = TournamentFloor.from_data(tournament.floor.to_data())
                    stop = True
                    break
                clock.advance(1.0)
            if not stop:
                rows = await croupier.database.fetch_all(
                    "SELECT place, prize FROM tournament_entries WHERE table_id = ?",
                    (tournament.pool_table_id,),
                )
                break
    assert won(tournament), "the tournament played on to its winner"
    assert restarted == ["breaking", "in_hand_for_hand_round"]
    assert len(rows) == FIELD and sum(row["prize"] for row in rows) == FIELD * BUY_IN


async def test_a_deal_at_the_final_table_is_made_only_when_everyone_agrees(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ann offers a chip chop at the final table; Ben declines it and the table
    plays on. Ann offers it again and Ben does not answer: it lapses after two
    minutes and the table plays on. Ann offers an ICM deal; the computer players take the engine's
    fair share, Ben accepts by the button, and the deal is made: each player
    paid their share of the prize pool, a ledger row each, the audit clean."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # a tournament of hands at machine speed
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        clock=clock,
        deck_seed=2,
        computer_pace_seconds=0,
        hand_pause_seconds=1,
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann, "tournament", "open", buy_in=BUY_IN, starting_stack=STACK, seats=9, computers=3
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        early = await ephemeral_answer(ann, "tournament", "deal", kind="chop")
        assert "No multi-table tournament" in early or "final table" in early, early
        await ephemeral_answer(ann, "tournament", "start")
        tournament = cog.running[fake.channel.id]
        await croupier.settled()
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        assert runner.live is None  # the pause before the first hand

        offered = await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        assert "Your offer is posted" in offered, offered
        offer = tournament.offer
        assert offer is not None and offer.kind == "chop"
        assert sum(offer.amounts) == 5 * BUY_IN
        again = await ephemeral_answer(ben, "tournament", "deal", kind="icm", channel=thread)
        assert again == "A deal is on the table already: answer it first."
        clock.advance(5.0)  # no hand is dealt while the offer is open
        await croupier.settled()
        assert runner.live is None and runner.table.hand_number == 0
        declined = await ben.click(custom_id=deal_button_id(tournament.tournament_id, 1, "decline"))
        await declined.settled()
        texts = [m.text() for m in fake.messages(thread)]
        assert any("Ben declines the deal: the final table plays on." in t for t in texts)
        for _ in range(3):  # the table plays on
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
            await fold_when_nearly_timed_out(tournament, {ann.id: ann, ben.id: ben}, clock)
        while runner.live is not None:
            clock.advance(1.0)
            await croupier.settled()
            await fold_when_nearly_timed_out(tournament, {ann.id: ann, ben.id: ben}, clock)
            await croupier.settled()
        assert runner.table.hand_number >= 1

        # An offer not answered by everyone in two minutes lapses: the table plays on.
        await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        hands = runner.table.hand_number
        clock.advance(119.0)
        await croupier.settled()
        assert tournament.offer is not None and runner.table.hand_number == hands
        clock.advance(1.0)
        await asyncio.sleep(0.01)  # the alarm's callback runs on the loop's next turn
        await tournament.settled()
        await croupier.settled()
        texts = [m.text() for m in fake.messages(thread)]
        assert any("Not everyone answered the deal in time" in t for t in texts)
        assert tournament.offer is None
        while runner.live is not None or runner.table.hand_number == hands:
            clock.advance(1.0)
            await croupier.settled()
            await fold_when_nearly_timed_out(tournament, {ann.id: ann, ben.id: ben}, clock)
            await croupier.settled()

        await ephemeral_answer(ann, "tournament", "deal", kind="icm", channel=thread)
        offer = tournament.offer
        assert offer is not None and offer.kind == "icm"
        shares = dict(zip(offer.players, offer.amounts, strict=True))
        accepted = await ben.click(
            custom_id=deal_button_id(tournament.tournament_id, offer.number, "accept")
        )
        await accepted.settled()
        await croupier.settled()
        assert "the deal is made" in accepted.text, accepted.text
        entries = await croupier.database.fetch_all(
            "SELECT user_id, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        prizes = {row["user_id"]: row["prize"] for row in entries}
        assert {p: prizes[p] for p in shares} == shares
        assert sum(prizes.values()) == 5 * BUY_IN  # the pool paid out to the chip
        # The members' prizes are ledger rows of their own (the computer players' go
        # back to the house bank, rows of its own too).
        rows = await croupier.database.fetch_all(
            "SELECT user_id, delta, note FROM ledger WHERE kind = 'tournament_prize'"
        )
        assert {row["user_id"]: row["delta"] for row in rows} == {
            p: amount for p, amount in shares.items() if amount and p > 0
        }
        assert all(row["note"] == "final-table deal (icm)" for row in rows)
        assert sum(shares.values()) == 5 * BUY_IN - sum(
            prize for p, prize in prizes.items() if p not in shares
        )
        for member in (ann, ben):
            balance = await croupier.database.fetch_value(
                "SELECT chips FROM balances WHERE user_id = ?", (member.id,)
            )
            assert balance == STARTING_CHIPS - BUY_IN + shares[member.id]
        assert (
            await croupier.database.fetch_value("SELECT COUNT(*) FROM tables WHERE status = 'open'")
            == 0
        )
        lobby = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobby) == 1 and "Ended in a deal" in lobby[0].text()
