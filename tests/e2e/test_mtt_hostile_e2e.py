"""A hostile member and a careless organiser at a multi-table tournament,
through the fake Discord and the real bot: double clicks, buttons pressed by
the wrong member or at the wrong time, commands from the wrong place, and
display names made of markdown and mentions. Each refusal is polite and
changes nothing; the audit (running_croupier) is clean to the chip at each stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path
from typing import Any

from bot.render.custom_ids import seat_desk_button_id, table_button_id
from bot.tournaments.final_deal import deal_button_id
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member, permissions
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.test_multi_table_e2e import ephemeral_answer, fold_when_nearly_timed_out
from tests.e2e.test_scheduled_tournament_e2e import (
    NOON,
    START,
    events,
    ledger_kinds,
    move_to,
    schedule_one,
)

STACK, BUY_IN = 400, 100
COMPUTERS_BOUGHT = (
    "SELECT COALESCE(-SUM(delta), 0) FROM ledger WHERE kind = 'house_stake'"
    " AND (note LIKE 'tournament_rebuy%' OR note LIKE 'tournament_add_on%')"
)
OPTIONS: dict[str, Any] = {"deck_seed": 2, "computer_pace_seconds": 0, "hand_pause_seconds": 1}
BOLD, EVERYONE, LINK = "**Boss**", "@everyone", "[FREE](https://evil.example/x)"
LONG = "Lorem" * 20


async def one_table(croupier: Croupier, opener: Member, members: list[Member]) -> Any:
    """A tournament of the members and 3 computer players at one table (its final table)."""
    cog: Any = croupier.bot.get_cog("MultiTable")
    cog.rng = random.Random(1)
    await ephemeral_answer(
        opener, "tournament", "open", buy_in=BUY_IN, starting_stack=STACK, seats=9, computers=3
    )
    for member in members:
        joined = await ephemeral_answer(member, "tournament", "join")
        assert "You are registered" in joined, joined
    started = await ephemeral_answer(opener, "tournament", "start")
    assert "has begun" in started, started
    await croupier.settled()
    (tournament,) = cog.running.values()
    return tournament


async def test_hostile_names_read_as_names_in_the_lobby_and_the_deal_offer(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Members named in markdown, a mention, a masked link and a very long name
    join a tournament: the table, the lobby and a deal offer show each name as
    text (escaped, cut), never bold, a ping or a link."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        boss, ping, link, long = (fake.add_member(n) for n in (BOLD, EVERYONE, LINK, LONG))
        tournament = await one_table(croupier, boss, [boss, ping, link, long])
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        offered = await ephemeral_answer(boss, "tournament", "deal", kind="chop", channel=thread)
        assert "Your offer is posted" in offered, offered
        await croupier.settled()
        (offer,) = [m.text() for m in fake.messages(thread) if "offers a" in m.text()]
        (lobby,) = [m.text() for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
        table = fake.messages(thread)[0].text()
        for content in (offer, lobby, table):
            assert "**Boss**" not in content and "\\*\\*Boss\\*\\*" in content, content
            assert "@everyone" not in content, content
            assert "[FREE](" not in content, content
        assert LONG not in offer and LONG[:20] in offer, offer  # cut to a name's length


async def texts_of(*replies: Any) -> list[str]:
    for reply in replies:
        await reply.settled()
    return sorted(reply.text for reply in replies)


async def test_deal_buttons_pressed_by_the_wrong_member_late_or_twice_at_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Cat, who is not in the tournament, offers a deal and presses Accept on
    Ann's: refused. Ben declines with a double click: one decline, the other
    told the offer is gone. Ben presses the first offer's Accept after Ann's
    second offer: refused. Ben accepts the second with a double click: the deal
    is made once, every share paid once (the audit checks the chips)."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        tournament = await one_table(croupier, ann, [ann, ben])
        (runner,) = tournament.runners.values()
        thread, number = runner.record.channel_id, tournament.tournament_id
        players_only = "Only the players left at the final table take part in a deal."
        spectator = await ephemeral_answer(cat, "tournament", "deal", kind="chop", channel=thread)
        assert spectator == players_only
        assert tournament.offer is None
        await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        first = deal_button_id(number, 1, "accept")
        assert await texts_of(await cat.click(custom_id=first)) == [players_only]
        assert tournament.offer is not None and tournament.offer.accepted == {ann.id, -1, -2, -3}
        decline = deal_button_id(number, 1, "decline")
        declined = await asyncio.gather(ben.click(custom_id=decline), ben.click(custom_id=decline))
        assert await texts_of(*declined) == [
            "That offer is no longer open.",
            "You declined; the table plays on.",
        ]
        texts = [m.text() for m in fake.messages(thread)]
        assert sum("Ben declines the deal" in text for text in texts) == 1
        await ephemeral_answer(ann, "tournament", "deal", kind="icm", channel=thread)
        assert await texts_of(await ben.click(custom_id=first)) == ["That offer is no longer open."]
        assert tournament.offer is not None and ben.id not in tournament.offer.accepted
        second = deal_button_id(number, 2, "accept")
        accepted = await asyncio.gather(ben.click(custom_id=second), ben.click(custom_id=second))
        assert await texts_of(*accepted) == [
            "Everyone agreed: the deal is made and the prizes are paid. The tournament is over.",
            "That offer is no longer open.",
        ]
        await croupier.settled()
        rows = await croupier.database.fetch_all(
            "SELECT user_id, delta FROM ledger WHERE kind = 'tournament_prize'"
        )
        assert sorted(row["user_id"] for row in rows if row["delta"]) == sorted([ann.id, ben.id])
        assert not tournament.runners or all(r.closed for r in tournament.runners.values())


async def test_double_clicks_on_join_start_and_cancel_and_commands_from_the_wrong_member(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ann opens twice at once: one opened, the other refused. Ann joins twice
    at once: registered once, told so. Ann starts twice at
    once: one start, the other told registration is closed (it was "something
    went wrong"). Cat's /tournament join in the channel or a table's thread of
    the running tournament: registration is closed (not "open one"). Ben and
    Cat (plain members) cannot cancel it. Ann offers a deal; Mo, who manages
    the channel, cancels twice at once: cancelled once, the offer withdrawn
    (its Accept then refused), the pool shared once by the chips."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben, cat, mo = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Mo"))
    fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        opens = [
            ann.slash(
                "tournament", "open", buy_in=BUY_IN, starting_stack=STACK, seats=9, computers=3
            )
            for _ in range(2)
        ]
        opened = await texts_of(*await asyncio.gather(*opens))
        assert opened[0].startswith("A multi-table tournament is open"), opened
        assert opened[1] == "A tournament is already open or running in this channel.", opened
        joins = await asyncio.gather(
            ann.slash("tournament", "join"), ann.slash("tournament", "join")
        )
        assert await texts_of(*joins) == [
            "You are registered already.",
            "You are registered; **100** chips are taken from your balance at the start."
            " Players so far: 4.",
        ]
        await ephemeral_answer(ben, "tournament", "join")
        starts = await asyncio.gather(
            ann.slash("tournament", "start"), ann.slash("tournament", "start")
        )
        closed = "The tournament in this channel has begun: registration is closed."
        assert await texts_of(*starts) == [
            "The tournament has begun: 5 players at 1 tables.",
            closed,
        ]
        await croupier.settled()
        (tournament,) = cog.running.values()
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        assert await ephemeral_answer(cat, "tournament", "join") == closed
        assert await ephemeral_answer(cat, "tournament", "join", channel=thread) == closed
        managers_only = (
            "Only a member who can manage the channel can end a running tournament early."
        )
        assert await ephemeral_answer(ben, "tournament", "cancel") == managers_only
        assert await ephemeral_answer(cat, "tournament", "cancel", channel=thread) == managers_only
        assert not tournament.cancelling
        await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        cancels = await asyncio.gather(
            mo.slash("tournament", "cancel"), mo.slash("tournament", "cancel")
        )
        assert await texts_of(*cancels) == [
            "The tournament is cancelled and the prize pool left is shared.",
            "This tournament is over or being cancelled already.",
        ]
        await croupier.settled()
        accept = deal_button_id(tournament.tournament_id, 1, "accept")
        assert await texts_of(await ben.click(custom_id=accept)) == [
            "That offer is no longer open."
        ]
        rows = await croupier.database.fetch_all(
            "SELECT user_id, delta, note FROM ledger WHERE kind = 'tournament_prize'"
        )
        assert sorted((row["user_id"], row["delta"]) for row in rows) == sorted(
            [(ann.id, BUY_IN), (ben.id, BUY_IN)]  # five equal stacks share the pool of 500
        )
        assert {row["note"] for row in rows} == {"the tournament was cancelled"}


async def test_rebuy_and_add_on_clicked_twice_short_of_chips_or_by_someone_else(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Two tables of four (Ann, Ben, six computer players), rebuys in level 1
    and an add-on. Before the first hand: Cat, not in the tournament, clicks
    Rebuy on Ann's table; Ann clicks Rebuy on the other table's message;
    Ann clicks Rebuy three times at once (one rebuy: her stack is then above
    the starting stack) and Add-on twice at once (one add-on); Ben, whose
    balance no longer covers a rebuy, is told so. Each refusal takes and
    gives nothing (the ledger and the audit)."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben, cat, mo = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Mo"))
    fake.give_role(mo, fake.add_role("Managers", permissions.MANAGE_GUILD))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        granted = await mo.slash("chips", "grant", user=ann, amount=1000, reason="host")
        await granted.settled()
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        buy_in = 600
        await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=buy_in,
            starting_stack=STACK,
            seats=4,
            computers=6,
            rebuy_levels=1,
            add_on_price=50,
            add_on_chips=200,
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        assert "8 players at 2 tables" in await ephemeral_answer(ann, "tournament", "start")
        await croupier.settled()
        (tournament,) = cog.running.values()

        def table_of(member: Member) -> Any:
            return next(
                runner
                for runner in tournament.runners.values()
                if member.id in {seat.player for seat in runner.table.seats.values()}
            )

        mine = table_of(ann)
        other = next(runner for runner in tournament.runners.values() if runner is not mine)
        assert mine.live is None and other.live is None  # the pause before the first hands

        def button(runner: Any, action: str) -> str:
            return seat_desk_button_id(runner.table_id, action)

        not_seated = "You don't have a seat at this table. Take one with /poker join."
        assert await texts_of(await cat.click(custom_id=button(mine, "rebuy"))) == [not_seated]
        if other is not table_of(ben):
            raise AssertionError("Ann and Ben were drawn to one table")
        assert await texts_of(await ann.click(custom_id=button(other, "rebuy"))) == [not_seated]
        rebuys = [ann.click(custom_id=button(mine, "rebuy")) for _ in range(3)]
        assert await texts_of(*await asyncio.gather(*rebuys)) == [
            "You can rebuy with 400 chips or fewer in front of you.",
            "You can rebuy with 400 chips or fewer in front of you.",
            f"You rebought: **{STACK}** chips for **{buy_in}**.",
        ]
        add_ons = [ann.click(custom_id=button(mine, "addon")) for _ in range(2)]
        assert await texts_of(*await asyncio.gather(*add_ons)) == [
            "You have had your add-on.",
            "Your add-on: **200** chips for **50**.",
        ]
        assert mine.table.seat_of(ann.id).stack == 2 * STACK + 200
        short = await texts_of(await ben.click(custom_id=button(other, "rebuy")))
        assert short == [f"That needs **{buy_in}** chips, but your balance is **400**."]
        assert other.table.seat_of(ben.id).stack == STACK
        extras = tournament.the_extras
        assert (extras.rebuys, extras.add_ons) == (1, {ann.id})
        rows = await croupier.database.fetch_all(
            "SELECT user_id, kind, delta FROM ledger WHERE kind LIKE 'tournament_%'"
        )
        assert sorted((row["user_id"], row["kind"], row["delta"]) for row in rows) == sorted(
            [
                (ann.id, "tournament_buy_in", -buy_in),
                (ben.id, "tournament_buy_in", -buy_in),
                (ann.id, "tournament_rebuy", -buy_in),
                (ann.id, "tournament_add_on", -50),
            ]
        )


async def test_a_careless_organiser_and_double_clicks_at_a_scheduled_tournament(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """/tournament schedule with registration_hours 0 (registration would open
    only at the start: nobody could ever register) is refused, in English and
    in German, and nothing is scheduled; so is a start in the past in German,
    and 200 computer players at two seats a table (101 tables, the server
    allows 25).
    Then a tournament is scheduled: Ann double-clicks Register (one buy-in held)
    and, at check-in, Check in (checked in once). Once it has started, its
    organiser's /tournament cancel with its number says how to end it early
    (it said "Registration for that tournament has closed.")."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        never = await schedule_one(fake, registration_hours=0)
        assert never == (
            "With registration_hours 0, registration would open only at the start and nobody"
            " could register: give 1 or more hours, or leave it out to open registration at"
            " once. Nothing was scheduled."
        )
        fake.owner.locale = "de"
        nie = await schedule_one(fake, registration_hours=0)
        assert nie.startswith("Mit registration_hours 0 öffnete die Anmeldung erst zum Start")
        vorbei = await schedule_one(fake, start="2026-12-12 09:00")
        assert vorbei == "Diese Zeit, <t:1797066000:F>, ist schon vorbei. Nichts wurde angesetzt."
        fake.owner.locale = "en-US"
        crowd = await schedule_one(fake, computers=200, seats=2)
        assert crowd.startswith("This tournament needs 101 tables, and this server may have 25"), (
            crowd
        )
        assert events(fake) == []
        count = "SELECT COUNT(*) FROM scheduled_tournaments"
        assert await croupier.database.fetch_value(count) == 0

        await schedule_one(fake, min_players=2)
        registers = await asyncio.gather(ann.click("Register"), ann.click("Register"))
        answers = await texts_of(*registers)
        assert answers[0] == "You are registered already; your buy-in is held for you."
        assert answers[1].startswith("You are registered for"), answers
        assert await ledger_kinds(croupier, ann) == [("scheduled_buy_in", -100)]
        await ephemeral_answer(ben, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        check_ins = await asyncio.gather(ann.click("Check in"), ann.click("Check in"))
        answers = await texts_of(*check_ins)
        assert answers[0] == "You are checked in already."
        assert answers[1].startswith("You are checked in for"), answers
        await ephemeral_answer(ben, "tournament", "checkin")
        await move_to(fake, clock, START, "starts now")
        too_late = await ephemeral_answer(fake.owner, "tournament", "cancel", tournament=1)
        assert too_late == (
            "That tournament has started: a member who can manage the channel ends it early in"
            f" <#{fake.channel.id}>, with /tournament cancel (several tables) or /poker close"
            " (one table)."
        )


async def test_an_organiser_cancels_during_a_hand_for_hand_round(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Nine players over three tables of three, three paid: on the bubble the
    tables play hand for hand (TDA RP-8). Mo cancels while one table still
    plays the round's hand and another waits for it: that hand is played out,
    no table deals again, and the pool is shared by the chips of the players
    still in, to the chip (the audit checks every ledger row)."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, mo = fake.add_member("Ann"), fake.add_member("Mo")
    fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=200,
            seats=3,
            level_minutes=1,
            computers=8,
        )
        await ephemeral_answer(ann, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        (tournament,) = cog.running.values()
        floor, members = tournament.floor, {ann.id: ann}
        for _ in range(400):
            await croupier.settled()
            await tournament.settled()
            if floor.hand_for_hand and floor.dealing and floor.round_dealt - floor.dealing:
                break
            await fold_when_nearly_timed_out(tournament, members, clock)
            clock.advance(1.0)
        else:
            raise AssertionError("no hand-for-hand round")
        hands = {n: runner.table.hand_number for n, runner in tournament.runners.items()}
        cancelled = await ephemeral_answer(mo, "tournament", "cancel")
        assert cancelled == (
            "The tournament is cancelled: it ends once the hands in progress are played out."
        )
        for _ in range(100):
            if tournament.over:
                break
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
            await fold_when_nearly_timed_out(tournament, members, clock)
        else:
            raise AssertionError("the cancelled tournament did not end")
        await croupier.settled()
        assert {n: r.table.hand_number for n, r in tournament.runners.items()} == hands
        rows = await croupier.database.fetch_all(
            "SELECT user_id, place, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        assert sum(row["prize"] for row in rows) == 9 * BUY_IN
        shared = [row for row in rows if row["place"] is None]
        assert len(shared) >= 3 and all(row["prize"] for row in shared)
        (lobby,) = [m.text() for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
        assert "Cancelled by an organiser" in lobby


async def test_a_member_who_leaves_the_server_mid_tournament_sits_out_with_their_chips(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ben leaves the server during a multi-table tournament (the members
    intent on): his seat sits out with its chips still in play (blinded away,
    as a tournament does), nothing is cashed out to his balance, and the
    tournament plays on (the audit clean as the bot stops)."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake, tmp_path / "c.db", clock=clock, members_intent=True, **OPTIONS
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann, "tournament", "open", buy_in=BUY_IN, starting_stack=200, seats=3, computers=5
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        await croupier.settled()
        (tournament,) = cog.running.values()
        clock.advance(2.0)
        await croupier.settled()
        fake.remove_member(ben)
        for _ in range(5):
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
        (seat,) = [
            seat
            for runner in tournament.runners.values()
            for seat in runner.table.seats.values()
            if seat.player == ben.id
        ]
        assert seat.sitting_out and seat.stack > 0
        rows = await croupier.database.fetch_all(
            "SELECT kind FROM ledger WHERE user_id = ? AND kind != 'starting_grant'", (ben.id,)
        )
        assert [row["kind"] for row in rows] == ["tournament_buy_in"]
        assert not tournament.over


async def test_a_tournament_may_not_open_more_tables_than_the_server_allows(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The server allows two open tables (CROUPIER_MAX_TABLES_PER_SERVER). Ann
    opens a tournament of 10 computer players at two seats a table (six
    tables): refused, nothing open. She opens one that fits (three players,
    one table); Ann and four members join, and the seven players would need three
    tables: the start is refused, nothing taken, registration still open."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake, tmp_path / "c.db", clock=clock, max_tables_per_server=2, **OPTIONS
    ) as croupier:
        ann, *others = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve"))
        cog: Any = croupier.bot.get_cog("MultiTable")
        huge = await ephemeral_answer(
            ann, "tournament", "open", buy_in=BUY_IN, seats=2, computers=10
        )
        assert huge == (
            "This tournament needs 6 tables, and this server may have 2 open at once"
            " (0 are open now): fewer computer players or more seats a table. Nothing was taken."
        )
        assert not cog.open
        opened = await ephemeral_answer(
            ann, "tournament", "open", buy_in=BUY_IN, seats=3, computers=2
        )
        assert "multi-table tournament is open" in opened, opened
        for member in [ann, *others]:
            joined = await ephemeral_answer(member, "tournament", "join")
            assert "You are registered" in joined, joined
        refused = await ephemeral_answer(ann, "tournament", "start")
        assert refused.startswith("This tournament needs 3 tables"), refused
        assert not cog.running and fake.channel.id in cog.open
        rows = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM ledger WHERE kind = 'tournament_buy_in'"
        )
        assert rows == 0
        assert await croupier.database.fetch_value("SELECT COUNT(*) FROM tables") == 0


async def test_hostile_names_read_as_names_at_a_scheduled_tournament(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A member named in markdown and one named @everyone play a scheduled
    tournament (the scheduler names its players itself, from the server): the
    table shows both names as text."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    boss, ping = fake.add_member(BOLD), fake.add_member(EVERYONE)
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS):
        await schedule_one(fake, min_players=2, computers=1)
        for member in (boss, ping):
            await ephemeral_answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in (boss, ping):
            await ephemeral_answer(member, "tournament", "checkin")
        await move_to(fake, clock, START, "starts now")

        def seated(text: str) -> bool:
            return "Boss" in text and "everyone" in text and "·" in text

        await fake.wait_for(lambda: any(seated(m.text()) for m in fake.messages()), timeout=5.0)
        for content in [m.text() for m in fake.messages() if "Boss" in m.text()]:
            assert "**Boss**" not in content and "\\*\\*Boss\\*\\*" in content, content
        for content in [m.text() for m in fake.messages() if seated(m.text())]:
            assert "@everyone" not in content and "@\u200beveryone" in content, content


async def test_no_rebuy_or_add_on_once_the_tournament_is_being_cancelled(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Rebuys in level 1 and an add-on of 400 chips for 50. Mo cancels while
    both tables play a hand; Ann's hand ends first, and before Ben's does she
    clicks Add-on and Rebuy: both refused, nothing taken (the add-on, at a
    price per chip below the buy-in's, would have taken a bigger share of the
    pool shared by the chips, out of the others' buy-ins). Each player still in
    is paid their share of the pool of buy-ins only."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben, mo = (fake.add_member(n) for n in ("Ann", "Ben", "Mo"))
    fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=4,
            computers=6,
            rebuy_levels=1,
            add_on_price=50,
            add_on_chips=400,
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        await croupier.settled()
        (tournament,) = cog.running.values()

        def table_of(member: Member) -> Any:
            return next(
                runner
                for runner in tournament.runners.values()
                if member.id in {seat.player for seat in runner.table.seats.values()}
            )

        mine, bens = table_of(ann), table_of(ben)
        assert mine is not bens
        for _ in range(60):  # both tables deal
            clock.advance(1.0)
            await croupier.settled()
            if mine.live is not None and bens.live is not None:
                break
        cancelled = await ephemeral_answer(mo, "tournament", "cancel")
        assert cancelled.startswith("The tournament is cancelled"), cancelled
        # The computer players' rebuys and add-ons before the cancel (staked by the house bank).
        bought_before = await croupier.database.fetch_value(COMPUTERS_BOUGHT)
        for _ in range(60):  # Ann folds when her turn comes; Ben takes his time
            live = mine.live
            if live is None:
                break
            if live.hand.actor is not None and live.deal.players[live.hand.actor] == ann.id:
                for action in ("fold", "check"):
                    custom_id = table_button_id(mine.table_id, live.hand_no, live.seq, action)
                    with contextlib.suppress(ComponentNotFound):
                        await (await ann.click(custom_id=custom_id)).settled()
                        break
            clock.advance(1.0)
            await croupier.settled()
        assert mine.live is None and bens.live is not None and not tournament.over
        refused = "The tournament is being cancelled: no more rebuys or add-ons. Nothing was taken."
        for action in ("addon", "rebuy"):
            clicked = await ann.click(custom_id=seat_desk_button_id(mine.table_id, action))
            assert await texts_of(clicked) == [refused]
        for _ in range(200):
            if tournament.over:
                break
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
            await fold_when_nearly_timed_out(tournament, {ann.id: ann, ben.id: ben}, clock)
        assert tournament.over
        kinds = await croupier.database.fetch_all(
            "SELECT kind FROM ledger WHERE kind IN ('tournament_rebuy', 'tournament_add_on')"
        )
        assert kinds == []
        # Nobody, computer players included, bought chips once the cancel was made.
        assert await croupier.database.fetch_value(COMPUTERS_BOUGHT) == bought_before
        rows = await croupier.database.fetch_all(
            "SELECT prize FROM tournament_entries WHERE table_id = ?", (tournament.pool_table_id,)
        )
        # The buy-ins and what was bought before the cancel, and nothing else.
        assert sum(row["prize"] for row in rows) == 8 * BUY_IN + bought_before


async def test_no_rebuy_or_add_on_while_a_deal_is_offered(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """At a final table with rebuys and an add-on, Ann offers a chip chop, then
    clicks Add-on and Ben clicks Rebuy: both refused while the offer is open
    (a rebuy then made the pool differ from the shares offered, and Ben's
    Accept answered "something went wrong", the deal never made). Ben accepts:
    the deal is made, the shares the pool of buy-ins to the chip."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben = (fake.add_member(n) for n in ("Ann", "Ben"))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=9,
            computers=3,
            rebuy_levels=1,
            add_on_price=50,
            add_on_chips=400,
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        await croupier.settled()
        (tournament,) = cog.running.values()
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        refused = (
            "A deal is on the table: no rebuys or add-ons until it is answered. Nothing was taken."
        )
        for member, action in ((ann, "addon"), (ben, "rebuy")):
            clicked = await member.click(custom_id=seat_desk_button_id(runner.table_id, action))
            assert await texts_of(clicked) == [refused]
        accept = deal_button_id(tournament.tournament_id, 1, "accept")
        assert await texts_of(await ben.click(custom_id=accept)) == [
            "Everyone agreed: the deal is made and the prizes are paid. The tournament is over."
        ]
        await croupier.settled()
        assert tournament.over
        rows = await croupier.database.fetch_all(
            "SELECT prize FROM tournament_entries WHERE table_id = ?", (tournament.pool_table_id,)
        )
        assert sum(row["prize"] for row in rows) == 5 * BUY_IN


async def test_a_cancel_at_the_moment_a_deal_is_made_is_refused(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Ben's Accept, which makes the deal, and Mo's /tournament cancel arrive
    together: the deal is made and paid once; Mo is told the tournament is
    over (he was told it was cancelled, and the table and lobby said so)."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben, mo = (fake.add_member(n) for n in ("Ann", "Ben", "Mo"))
    fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        tournament = await one_table(croupier, ann, [ann, ben])
        (runner,) = tournament.runners.values()
        thread = runner.record.channel_id
        await ephemeral_answer(ann, "tournament", "deal", kind="chop", channel=thread)
        accept = deal_button_id(tournament.tournament_id, 1, "accept")
        both = await asyncio.gather(ben.click(custom_id=accept), mo.slash("tournament", "cancel"))
        assert await texts_of(*both) == [
            "Everyone agreed: the deal is made and the prizes are paid. The tournament is over.",
            "This tournament is over or being cancelled already.",
        ]
        await croupier.settled()
        rows = await croupier.database.fetch_all(
            "SELECT note FROM ledger WHERE kind = 'tournament_prize'"
        )
        assert [row["note"] for row in rows] == ["final-table deal (chop)"] * 2
        texts = [m.text() for m in fake.messages()]
        assert not any("cancelled by an organiser" in text for text in texts)
        (lobby,) = [m.text() for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
        assert "Ended in a deal" in lobby and "Cancelled" not in lobby, lobby


async def test_a_table_thread_deleted_mid_tournament_cancels_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """An organiser deletes a table's thread during a multi-table tournament.
    Its players could no longer see their table, and closing it as a table of
    its own was refused (an error logged, the table playing on unseen): the
    tournament is now cancelled as /tournament cancel does, the pool shared by
    the chips of the players still in, every table closed."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    ann, ben = (fake.add_member(n) for n in ("Ann", "Ben"))
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann, "tournament", "open", buy_in=BUY_IN, starting_stack=STACK, seats=4, computers=6
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        await croupier.settled()
        (tournament,) = cog.running.values()
        clock.advance(2.0)
        await croupier.settled()
        runner = next(iter(tournament.runners.values()))
        fake.delete_channel(runner.record.channel_id)
        for _ in range(100):
            if tournament.over:
                break
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
            await fold_when_nearly_timed_out(tournament, {ann.id: ann, ben.id: ben}, clock)
        assert tournament.over and tournament.cancelling
        rows = await croupier.database.fetch_all(
            "SELECT prize FROM tournament_entries WHERE table_id = ?", (tournament.pool_table_id,)
        )
        assert sum(row["prize"] for row in rows) == 8 * BUY_IN
        open_tables = "SELECT COUNT(*) FROM tables WHERE status = 'open'"
        assert await croupier.database.fetch_value(open_tables) == 0


async def test_a_hostile_name_registering_late_reads_as_a_name(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A member named with a mention and a masked link registers late into a
    running tournament: the seat, the table's notice and the lobby show the
    name as text, never a ping or a link."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(fake, tmp_path / "c.db", clock=clock, **OPTIONS) as croupier:
        ann, hostile = fake.add_member("Ann"), fake.add_member(f"{EVERYONE} {LINK}")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(1)
        await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=5,
            computers=7,
            late_levels=2,
        )
        await ephemeral_answer(ann, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        await croupier.settled()
        (tournament,) = cog.running.values()
        late = await ephemeral_answer(hostile, "tournament", "register")
        assert "You are in" in late, late
        await croupier.settled()
        table, _seat = tournament.floor.table_of(hostile.id)
        runner = tournament.runners[table]
        assert "@everyone" not in tournament.name(hostile.id)
        notices = [m.text() for m in fake.messages(runner.record.channel_id)]
        (notice,) = [text for text in notices if "registers late" in text]
        (lobby,) = [m.text() for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
        for content in (notice, lobby):
            assert "@everyone" not in content and "[FREE](" not in content, content
