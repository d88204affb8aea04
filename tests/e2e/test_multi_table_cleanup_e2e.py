"""A multi-table tournament's edges, through the fake Discord and the real bot:
a deal offer standing across a restart, a start Discord refuses half way
(opened by /tournament start, or by a schedule), a member short of the buy-in
at the start, an organiser ending a running tournament early, and two
tournaments in a row in one channel (on SQLite and on PostgreSQL). Each ends with the audit
(running_croupier), so no chip is created or lost on any of these paths.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.database import Database
from bot.tournaments.final_deal import deal_button_id
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member, permissions
from tests.e2e.fake_discord.scheduled_events import CANCELED
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.test_multi_table_e2e import ephemeral_answer, fold_when_nearly_timed_out
from tests.e2e.test_scheduled_tournament_e2e import (
    NOON,
    START,
    answer,
    click,
    events,
    move_to,
    schedule_one,
)

STARTING_CHIPS = 1000  # the settings' default starting grant
STACK, BUY_IN = 400, 100
OPTIONS: dict[str, Any] = {"deck_seed": 2, "computer_pace_seconds": 0, "hand_pause_seconds": 1}


async def open_and_start(
    croupier: Croupier,
    opener: Member,
    members: list[Member],
    *,
    seats: int,
    computers: int,
    seed: int = 1,
) -> str:
    """``/tournament open``, everyone's ``join`` and the opener's ``start``: its answer."""
    cog: Any = croupier.bot.get_cog("MultiTable")
    cog.rng = random.Random(seed)
    opened = await ephemeral_answer(
        opener,
        "tournament",
        "open",
        buy_in=BUY_IN,
        starting_stack=STACK,
        seats=seats,
        computers=computers,
    )
    assert "multi-table tournament is open" in opened, opened
    for member in members:
        joined = await ephemeral_answer(member, "tournament", "join")
        assert "You are registered" in joined, joined
    return await ephemeral_answer(opener, "tournament", "start")


async def balance(database: Database, member: Member) -> int:
    return int(
        await database.fetch_value("SELECT chips FROM balances WHERE user_id = ?", (member.id,))
    )


async def open_tables(database: Database) -> int:
    return int(await database.fetch_value("SELECT COUNT(*) FROM tables WHERE status = 'open'"))


def thread_texts(fake: FakeDiscord, thread: int) -> list[str]:
    return [m.text() for m in fake.messages(thread)]


async def play_a_hand(croupier: Croupier, tournament: Any, clock: FakeClock, members: Any) -> None:
    """The final table plays a hand to its end (the members fold when their time runs low)."""
    (runner,) = tournament.runners.values()
    hands = runner.table.hand_number
    while runner.live is not None or runner.table.hand_number == hands:
        clock.advance(1.0)
        await croupier.settled()
        await fold_when_nearly_timed_out(tournament, members, clock)
        await croupier.settled()


async def test_a_deal_offer_at_the_final_table_stands_across_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ann offers a chip chop; the bot restarts 30 s later. The offer still
    stands: no hand is dealt while it is open, and it lapses when its two
    minutes have run (the time before the restart counted, as the table was
    told). Ann offers an ICM deal; the bot restarts again; Ben's click on the
    offer's button, posted before the restart, makes the deal (Ann's own
    acceptance kept), each share paid from the prize pool."""
    fake, clock, database = fake_discord, FakeClock(), tmp_path / "croupier.db"
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    members = {ann.id: ann, ben.id: ben}
    async with running_croupier(fake, database, clock=clock, **OPTIONS) as croupier:
        await open_and_start(croupier, ann, [ann, ben], seats=9, computers=3)
        await croupier.settled()
        tournament = croupier.bot.get_cog("MultiTable").running[fake.channel.id]
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        assert runner.live is None  # the pause before the first hand
        offered = await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        assert "Your offer is posted" in offered, offered
        clock.advance(30.0)
        await croupier.settled()

    async with running_croupier(fake, database, clock=clock, **OPTIONS) as croupier:
        (tournament,) = croupier.bot.get_cog("MultiTable").running.values()
        (runner,) = tournament.runners.values()
        clock.advance(89.0)  # 119 s of the offer's 120
        await asyncio.sleep(0.01)
        await tournament.settled()
        await croupier.settled()
        assert runner.live is None and runner.table.hand_number == 0, "a hand during the offer"
        assert not any("answered the deal in time" in text for text in thread_texts(fake, thread))
        clock.advance(1.0)
        await asyncio.sleep(0.01)  # the alarm's callback runs on the loop's next turn
        await tournament.settled()
        await croupier.settled()
        lapsed = [text for text in thread_texts(fake, thread) if "in time" in text]
        assert lapsed == ["Not everyone answered the deal in time: the final table plays on."]
        await play_a_hand(croupier, tournament, clock, members)
        await ephemeral_answer(ann, "tournament", "deal", kind="icm", channel=thread)
        offer = tournament.offer
        assert offer is not None and offer.kind == "icm"
        shares = dict(zip(offer.players, offer.amounts, strict=True))

    async with running_croupier(fake, database, clock=clock, **OPTIONS) as croupier:
        (tournament,) = croupier.bot.get_cog("MultiTable").running.values()
        accepted = await ben.click(
            custom_id=deal_button_id(tournament.tournament_id, offer.number, "accept")
        )
        await accepted.settled()
        await croupier.settled()
        assert "the deal is made" in accepted.text, accepted.text
        rows = await croupier.database.fetch_all(
            "SELECT user_id, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        assert {row["user_id"]: row["prize"] for row in rows} == shares
        for member in (ann, ben):
            assert await balance(croupier.database, member) == (
                STARTING_CHIPS - BUY_IN + shares[member.id]
            )
        assert await open_tables(croupier.database) == 0


async def test_a_start_that_discord_refuses_half_way_takes_nothing_and_leaves_nothing_open(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ten players over two tables; Discord refuses the second table's thread
    (403). The start is all or nothing: the organiser is told politely,
    nobody's buy-in is kept, no table or tournament is left open, and the
    registration still stands, so the next /tournament start begins it."""
    fake = fake_discord
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with running_croupier(fake, tmp_path / "croupier.db", clock=FakeClock(), **OPTIONS) as (
        croupier
    ):
        refused = fake.fail_next("POST /channels/{channel}/threads", status=403, skip=1)
        answer = await open_and_start(croupier, ann, [ann, ben], seats=5, computers=8)
        assert refused.hits, "the second thread was refused"
        assert answer.startswith("The tournament could not start"), answer
        assert "registration is still open" in answer
        database = croupier.database
        for member in (ann, ben):
            assert await balance(database, member) == STARTING_CHIPS
        assert await open_tables(database) == 0
        running = await database.fetch_value(
            "SELECT COUNT(*) FROM multi_table_tournaments WHERE status = 'running'"
        )
        assert running == 0
        cog: Any = croupier.bot.get_cog("MultiTable")
        assert fake.channel.id not in cog.running and not croupier.bot.tables.runners

        again = await ephemeral_answer(ann, "tournament", "start")
        assert "10 players at 2 tables" in again, again
        for member in (ann, ben):
            assert await balance(database, member) == STARTING_CHIPS - BUY_IN
        assert await open_tables(database) == 2


async def test_an_organiser_ends_a_running_multi_table_tournament_with_tournament_cancel(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """At a tournament's table /poker close says to use /tournament cancel,
    which only a member who can manage the channel may use once it runs (as at
    a sit-and-go). Mo does: no table deals again, the hands in progress are
    played out, then the prize pool is shared by the chips of the players
    still in (a ledger row each), every table closes, and the channel is free
    for a new tournament at once."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben, mo = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Mo")
    fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock, **OPTIONS) as (
        croupier
    ):
        started = await open_and_start(croupier, ann, [ann, ben], seats=5, computers=8)
        assert "10 players at 2 tables" in started, started
        cog: Any = croupier.bot.get_cog("MultiTable")
        tournament = cog.running[fake.channel.id]
        thread = next(iter(tournament.channels.values()))
        closing = await ephemeral_answer(ann, "poker", "close", channel=thread)
        assert "uses /tournament cancel" in closing, closing
        clock.advance(2.0)  # the tables deal their first hands
        await croupier.settled()
        assert any(runner.live is not None for runner in tournament.runners.values())
        not_yours = await ephemeral_answer(ann, "tournament", "cancel")
        assert (
            not_yours
            == "Only a member who can manage the channel can end a running tournament early."
        )
        dealt = {n: runner.table.hand_number for n, runner in tournament.runners.items()}
        cancelled = await ephemeral_answer(mo, "tournament", "cancel", channel=thread)
        assert cancelled == (
            "The tournament is cancelled: it ends once the hands in progress are played out."
        )
        await croupier.settled()
        assert any("no new hand is dealt" in text for text in thread_texts(fake, thread))
        members = {ann.id: ann, ben.id: ben}
        for _ in range(600):
            if fake.channel.id not in cog.running:
                break
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
            await fold_when_nearly_timed_out(tournament, members, clock)
        else:
            raise AssertionError("the cancelled tournament did not end")
        await tournament.settled()
        await croupier.settled()

        # The hands in progress were played out; no table dealt another.
        assert {n: runner.table.hand_number for n, runner in tournament.runners.items()} == dealt
        database = croupier.database
        assert await open_tables(database) == 0
        rows = await database.fetch_all(
            "SELECT user_id, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        assert len(rows) == 10 and sum(row["prize"] for row in rows) == 10 * BUY_IN
        prizes = {row["user_id"]: row["prize"] for row in rows}
        for member in (ann, ben):
            assert await balance(database, member) == STARTING_CHIPS - BUY_IN + prizes[member.id]
        notes = await database.fetch_all(
            "SELECT DISTINCT note FROM ledger WHERE kind = 'tournament_prize'"
        )
        assert {row["note"] for row in notes} <= {"the tournament was cancelled", None}
        lobby = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobby) == 1 and "Cancelled by an organiser" in lobby[0].text()
        assert not croupier.bot.tables.runners
        reopened = await ephemeral_answer(ann, "tournament", "open", buy_in=BUY_IN, computers=3)
        assert "multi-table tournament is open" in reopened, reopened


@pytest.mark.both_databases
async def test_two_multi_table_tournaments_in_a_row_in_one_channel(
    fake_discord: FakeDiscord, tmp_path: Path, database_target: str, backend: str
) -> None:
    """The first ends in a deal at its (only) table, and the channel takes a
    second one at once; the second, over two tables, plays a few hands, comes
    back from a restart as it was, and is cancelled by a member who can manage
    the channel. Each, once over, leaves the bot's memory (no tournament, no
    table runner kept)."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben, mo = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Mo")
    fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
    where: dict[str, Any] = {"database_url": database_target} if backend == "postgresql" else {}
    options = {"clock": clock, **OPTIONS, **where}
    members = {ann.id: ann, ben.id: ben}
    async with running_croupier(fake, tmp_path / "croupier.db", **options) as croupier:
        assert croupier.database.backend == backend
        cog: Any = croupier.bot.get_cog("MultiTable")
        await open_and_start(croupier, ann, [ann], seats=9, computers=2)
        await croupier.settled()
        first = cog.running[fake.channel.id]
        thread = next(iter(first.channels.values()))
        await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        await croupier.settled()  # the offer's message posted
        offer = first.offer
        accepted = await ann.click(
            custom_id=deal_button_id(first.tournament_id, offer.number, "accept")
        )
        await accepted.settled()
        await croupier.settled()
        assert "the deal is made" in accepted.text, accepted.text
        assert fake.channel.id not in cog.running and not croupier.bot.tables.runners

        started = await open_and_start(croupier, ann, [ann, ben], seats=3, computers=4, seed=2)
        assert "6 players at 2 tables" in started, started
        second = cog.running[fake.channel.id]
        for _ in range(5):  # hands settled and the floor saved on this database
            clock.advance(1.0)
            await croupier.settled()
            await second.settled()
            await fold_when_nearly_timed_out(second, members, clock)
        assert any(runner.table.hand_number for runner in second.runners.values())
        finishes, left = list(second.floor.finishes), second.floor.players_left

    async with running_croupier(fake, tmp_path / "croupier.db", **options) as croupier:
        cog = croupier.bot.get_cog("MultiTable")
        (second,) = cog.running.values()  # the first, over, is not restored
        assert second.floor.finishes == finishes and second.floor.players_left == left
        await ephemeral_answer(mo, "tournament", "cancel")
        for _ in range(600):
            if fake.channel.id not in cog.running:
                break
            clock.advance(1.0)
            await croupier.settled()
            await second.settled()
            await fold_when_nearly_timed_out(second, members, clock)
        else:
            raise AssertionError("the cancelled tournament did not end")
        await second.settled()
        await croupier.settled()
        assert not croupier.bot.tables.runners
        assert await open_tables(croupier.database) == 0
        rows = await croupier.database.fetch_all(
            "SELECT id FROM multi_table_tournaments WHERE status = 'running'"
        )
        assert rows == []


async def test_a_member_who_spent_the_buy_in_since_registering_stops_the_start_taking_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ben registers, then sits at a cash table with 950 of his 1000 chips:
    /tournament start is refused naming him, nobody's buy-in is taken, no
    tournament table opens, and the registration stands for a later start."""
    fake = fake_discord
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    side = fake.add_channel("cash-game")
    async with running_croupier(fake, tmp_path / "croupier.db", clock=FakeClock(), **OPTIONS) as (
        croupier
    ):
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(ann, "tournament", "open", buy_in=BUY_IN, seats=5, computers=8)
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        created = await ben.slash("poker", "create", channel=side.id)
        await created.settled()
        seated = await ben.slash("poker", "join", channel=side.id, buy_in=950)
        await seated.settled()
        assert "You sit in seat" in seated.text, seated.text
        refused = await ephemeral_answer(ann, "tournament", "start")
        assert refused.startswith("Ben no longer has the buy-in on their balance"), refused
        database = croupier.database
        assert await balance(database, ann) == STARTING_CHIPS
        assert await balance(database, ben) == STARTING_CHIPS - 950
        tournament_tables = await database.fetch_value(
            "SELECT COUNT(*) FROM tables WHERE tournament = 1"
        )
        assert tournament_tables == 0 and fake.channel.id not in cog.running
        again = await ephemeral_answer(ben, "tournament", "join")
        assert again == "You are registered already."


async def test_a_scheduled_multi_table_start_discord_refuses_is_cancelled_with_every_buy_in_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A scheduled tournament of five where a table seats three starts over two
    tables at its time; Discord refuses the second thread. It is cancelled as
    the channel is told ("its tables could not be opened. Every buy-in went
    back."), and so it is: every balance whole, no table open, Discord's event
    canceled."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock, **OPTIONS) as (
        croupier
    ):
        players = [fake.add_member(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")]
        await schedule_one(fake, seats=3, level_hands=1)
        for member in players:
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in players:
            await click(member, "Check in")
        refused = fake.fail_next("POST /channels/{channel}/threads", status=403, skip=1)
        await move_to(fake, clock, START, "its tables could not be opened")
        assert refused.hits, "the second thread was refused"
        await croupier.settled()
        database = croupier.database
        for member in players:
            assert await balance(database, member) == STARTING_CHIPS
        assert await open_tables(database) == 0
        assert fake.channel.id not in croupier.bot.multi_tables
        (event,) = events(fake)
        assert event.status == CANCELED  # type: ignore[attr-defined]
