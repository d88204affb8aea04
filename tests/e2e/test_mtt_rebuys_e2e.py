"""Rebuys, the add-on and progressive knockout bounties at a multi-table
tournament, through the fake Discord and the real bot.

Ann opens a tournament with /tournament open (rebuys for two levels, an
add-on, a bounty of 20 of each buy-in of 100, progressive knockouts); Ann and
Ben register and 8 computer players fill a field of 10 over two tables of
five, each in its thread. The clock is a fake one (a level a minute). A member
rebuys with the Rebuy button of their table's message between their hands,
and takes the add-on in the second level; computer players bust each other
and their bounties are paid across the busts, and rebuy and take the add-on by
themselves (engine.chips_to_buy), staked by the house bank. The bot is stopped and started
again from its database in the middle: every bounty on every head is as it
was. The tournament is played to a winner: the prize money is the buy-ins,
rebuys and add-ons less the bounties, paid out to the chip; every bounty set
aside is paid (the winner's own included); the audit is clean at each stop.
"""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

from bot.render.custom_ids import seat_desk_button_id
from bot.tournaments.final_deal import deal_button_id
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.product_bot import running_croupier
from tests.e2e.test_multi_table_e2e import fold_when_nearly_timed_out
from tests.e2e.test_scheduled_tournament_e2e import (
    NOON,
    START,
    answer,
    click,
    move_to,
    schedule_one,
)

FIELD, STACK, BUY_IN, BOUNTY = 10, 400, 100, 20
ADD_ON_PRICE, ADD_ON_CHIPS = 50, 400


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


def chips_bought(tournament: Any) -> int:
    extras = tournament.the_extras
    return (FIELD + extras.rebuys) * STACK + len(extras.add_ons) * ADD_ON_CHIPS


async def buy(tournament: Any, member: Member, action: str) -> str | None:
    """The member clicks Rebuy or Add-on on their table's message, between
    their hands; the answer, or ``None`` where there is no such button now."""
    for runner in tournament.runners.values():
        if runner.closed or member.id not in {s.player for s in runner.table.seats.values()}:
            continue
        if runner.live is not None:
            return None
        with contextlib.suppress(ComponentNotFound):
            reply = await member.click(custom_id=seat_desk_button_id(runner.table_id, action))
            await reply.settled()
            return reply.text
    return None


def bounties_paid(texts: list[str]) -> int:
    """The chips the bounty notices say were paid."""
    paid = 0
    for text in texts:
        if text.startswith("🎯") and "Biggest bounties" not in text:
            found = re.search(r"\*\*(\d[\d,]*)\*\*", text)
            assert found is not None, text
            paid += int(found[1].replace(",", ""))
    return paid


async def test_rebuys_an_add_on_and_bounties_at_a_multi_table_tournament_survive_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock, database = fake_discord, FakeClock(), tmp_path / "croupier.db"
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    options: dict[str, Any] = {
        "clock": clock,
        "deck_seed": 7,
        "computer_pace_seconds": 0,
        "hand_pause_seconds": 1,
    }
    async with running_croupier(fake, database, **options) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(4)
        refused = await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            add_on_price=ADD_ON_PRICE,
            add_on_chips=ADD_ON_CHIPS,
        )
        assert "add-on" in refused.lower() and "rebuy" in refused.lower(), refused
        opened = await ephemeral_answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=5,
            level_minutes=1,
            computers=FIELD - 2,
            rebuy_levels=2,
            add_on_price=ADD_ON_PRICE,
            add_on_chips=ADD_ON_CHIPS,
            bounty=BOUNTY,
            progressive_bounty=True,
        )
        assert "multi-table tournament is open" in opened, opened
        assert "rebuys until the end of level 2" in opened, opened
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        started = await ephemeral_answer(ann, "tournament", "start")
        assert "10 players at 2 tables" in started, started
        (tournament,) = cog.running.values()
        assert tournament.prize_money == FIELD * (BUY_IN - BOUNTY)

        members = {ann.id: ann, ben.id: ben}
        answers: dict[str, str] = {}
        for _step in range(2000):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            assert chips_in_seats(tournament) == chips_bought(tournament)
            if "rebuy" not in answers:
                answer = await buy(tournament, ann, "rebuy")
                if answer is not None and "chips for" in answer:
                    answers["rebuy"] = answer
            elif "add_on" not in answers:
                answer = await buy(tournament, ben, "addon")
                if answer is not None and "chips for" in answer:
                    answers["add_on"] = answer
            # A knockout: a bounty paid off a busted player's head.
            knocked_out = len(tournament.the_extras.book.heads) < FIELD
            if len(answers) == 2 and knocked_out:
                break
            await fold_when_nearly_timed_out(tournament, members, clock)
            clock.advance(1.0)
        else:
            raise AssertionError(f"no rebuy, add-on and bounty: {answers}")
        assert answers["rebuy"] == f"You rebought: **{STACK}** chips for **{BUY_IN}**."
        assert answers["add_on"] == f"Your add-on: **{ADD_ON_CHIPS}** chips for **{ADD_ON_PRICE}**."
        heads = dict(tournament.the_extras.book.heads)
        saved = (tournament.prize_money, tournament.the_extras.rebuys, heads)
        # The lobby: the prize pool with the rebuy and the add-on, the biggest bounties.
        tournament.show_lobby()
        await croupier.settled()
        (lobby,) = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        money = tournament.prize_money
        rebuys, add_ons = tournament.the_extras.rebuys, len(tournament.the_extras.add_ons)
        assert money == (FIELD + rebuys) * (BUY_IN - BOUNTY) + add_ons * ADD_ON_PRICE
        assert f"Prize pool **{money:,}** (rebuys {rebuys}, add-ons {add_ons})" in lobby.text()
        biggest = max(heads.values())
        assert "🎯 Biggest bounties: " in lobby.text() and f" **{biggest}**" in lobby.text()

    async with running_croupier(fake, database, **options) as croupier:
        cog = croupier.bot.get_cog("MultiTable")
        (tournament,) = cog.running.values()
        extras = tournament.the_extras
        # After the restart: the pool, the rebuys and every bounty as they were.
        assert (tournament.prize_money, extras.rebuys, extras.book.heads) == saved
        assert chips_in_seats(tournament) == chips_bought(tournament)
        for _step in range(3000):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            if any(f.place == 1 for f in tournament.floor.finishes):
                break
            assert chips_in_seats(tournament) == chips_bought(tournament)
            await fold_when_nearly_timed_out(tournament, members, clock)
            clock.advance(1.0)
        else:
            raise AssertionError("the tournament did not end")
        await croupier.settled()
        await tournament.settled()

        rebuys, add_ons = extras.rebuys, len(extras.add_ons)
        assert rebuys >= 1 and add_ons >= 1
        # The prize money: buy-ins, rebuys and add-ons, less the bounties set aside.
        prize_money = (FIELD + rebuys) * (BUY_IN - BOUNTY) + add_ons * ADD_ON_PRICE
        assert tournament.prize_money == prize_money
        rows = await croupier.database.fetch_all(
            "SELECT kind, SUM(delta) AS total FROM ledger WHERE table_id = ? GROUP BY kind",
            (tournament.pool_table_id,),
        )
        sums = {row["kind"]: int(row["total"]) for row in rows}
        # The members' rebuys and add-ons from their balances; the computer
        # players' staked by the house bank, a house_stake row each.
        computers_bought = await croupier.database.fetch_all(
            "SELECT note, delta FROM ledger WHERE table_id = ? AND kind = 'house_stake'"
            " AND (note LIKE 'tournament_rebuy%' OR note LIKE 'tournament_add_on%')",
            (tournament.pool_table_id,),
        )
        computer_rebuys = [r for r in computers_bought if r["note"].startswith("tournament_rebuy")]
        computer_add_ons = [r for r in computers_bought if r["note"].startswith("tournament_add_")]
        assert computer_rebuys and computer_add_ons  # computer players rebuy and add on too
        assert all(r["delta"] == -BUY_IN for r in computer_rebuys)
        assert all(r["delta"] == -ADD_ON_PRICE for r in computer_add_ons)
        assert sums["tournament_rebuy"] == -BUY_IN * (rebuys - len(computer_rebuys))
        assert sums["tournament_add_on"] == -ADD_ON_PRICE * (add_ons - len(computer_add_ons))
        entries = await croupier.database.fetch_all(
            "SELECT place, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        assert len(entries) == FIELD
        assert sum(row["prize"] for row in entries) == prize_money
        assert (
            await croupier.database.fetch_value(
                "SELECT prize_pool FROM tables WHERE id = ?", (tournament.pool_table_id,)
            )
            == 0
        )
        # Every bounty set aside (each buy-in's and rebuy's) is paid, the winner's own with it.
        threads = fake.threads(fake.channel)
        texts = [m.text() for thread in threads for m in fake.messages(thread)]
        assert bounties_paid(texts) == (FIELD + rebuys) * BOUNTY
        assert any("onto" in text and text.startswith("🎯") for text in texts)
        assert any(text.startswith("🔁 Ann rebuys") for text in texts)
        # The table tells of a computer player's rebuy and add-on as of a member's.
        members_said = ("🔁 Ann", "🔁 Ben", "➕ Ann", "➕ Ben")
        said = [t for t in texts if t.startswith(("🔁", "➕")) and not t.startswith(members_said)]
        assert any(t.startswith("🔁") for t in said) and any(t.startswith("➕") for t in said)
        assert any(text.startswith("➕ Ben takes the add-on") for text in texts)
        lobby = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobby) == 1
        assert f"Prize pool **{prize_money:,}** (rebuys {rebuys}, add-ons {add_ons})" in (
            lobby[0].text()
        ), lobby[0].text()


async def test_a_scheduled_tournament_starting_over_two_tables_sets_its_bounties_aside(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """/tournament schedule takes the same options: an add-on without rebuys is
    refused politely (nothing scheduled); five members checked in where a
    table seats three start over two tables with a bounty on every head, the
    prize money the buy-ins less the bounties."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=3, hand_pause_seconds=1
    ) as croupier:
        players = [fake.add_member(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")]
        refused = await schedule_one(fake, seats=3, add_on_price=50, add_on_chips=200)
        assert refused == "An add-on comes at the end of the rebuy levels: set some.", refused
        assert (
            await croupier.database.fetch_value("SELECT COUNT(*) FROM scheduled_tournaments") == 0
        )
        await schedule_one(fake, seats=3, rebuy_levels=1, bounty=BOUNTY)
        for member in players:
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in players:
            await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        tournament = croupier.bot.multi_tables[fake.channel.id]
        assert len(tournament.runners) == 2
        assert tournament.the_extras.book.heads == {member.id: BOUNTY for member in players}
        assert tournament.prize_money == 5 * (100 - BOUNTY)
        assert (
            await croupier.database.fetch_value(
                "SELECT prize_pool FROM tables WHERE id = ?", (tournament.pool_table_id,)
            )
            == 5 * 100
        )


async def test_a_deal_at_the_final_table_gives_each_player_left_their_own_bounty(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A deal shares the prize money (the buy-ins less the bounties); the
    bounties set aside go to the players left, each their own, a ledger row
    each; the pool is empty and the audit clean."""
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
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
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=9,
            computers=3,
            bounty=BOUNTY,
        )
        for member in (ann, ben):
            await ephemeral_answer(member, "tournament", "join")
        await ephemeral_answer(ann, "tournament", "start")
        tournament = cog.running[fake.channel.id]
        await croupier.settled()
        (runner,) = tournament.runners.values()
        offered = await ephemeral_answer(
            ann, "tournament", "deal", kind="chop", channel=runner.record.channel_id
        )
        assert "Your offer is posted" in offered, offered
        offer = tournament.offer
        assert offer is not None and sum(offer.amounts) == 5 * (BUY_IN - BOUNTY)
        await croupier.settled()  # the offer's message, with its buttons
        accepted = await ben.click(
            custom_id=deal_button_id(tournament.tournament_id, offer.number, "accept")
        )
        await accepted.settled()
        await croupier.settled()
        assert "the deal is made" in accepted.text, accepted.text
        rows = await croupier.database.fetch_all(
            "SELECT user_id, delta, note FROM ledger WHERE kind = 'tournament_bounty'"
        )
        assert sorted((row["user_id"], row["delta"], row["note"]) for row in rows) == sorted(
            (member.id, BOUNTY, "own bounty") for member in (ann, ben)
        )
        assert (
            await croupier.database.fetch_value(
                "SELECT prize_pool FROM tables WHERE id = ?", (tournament.pool_table_id,)
            )
            == 0
        )
