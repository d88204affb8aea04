"""Late registration and re-entry at a multi-table tournament, through the
fake Discord and the real bot.

Ann opens a tournament with late registration until the end of level 3 and
one re-entry per player; Ann and Ben join, eight computer players fill two
tables of five (six seats each), and it starts. Cat registers late with
/tournament register while it runs: she is seated at once at a table with the
fewest players (TDA Rule 8-A), her buy-in in the prize pool, the payouts
follow the field of 11. Ben, still in, may not re-enter; he goes all in every
hand until he busts; his balance is short of a second buy-in and he is
refused, nothing taken (the floor as it was); granted chips, he re-enters
for a new buy-in with a fresh stack (not
a new entrant for the payout table, engine/payouts.py); he busts again and
has no re-entry left. His busts during late registration are told without a
place (the field still grows): they are placed when it closes. The
bot restarts: the floor, the pool, the re-entry made and the busts waiting
for their places come back from the database. Once level 3 is over, Dan is
refused politely (in German) and the busts held take the places below
everyone still in, the first bust last: every place once, from the number
of entries (12) down, Ben's one row of results keeping his better place. Not
a chip created or lost: the chips in the seats are the entries' starting
stacks, the prize pool is every buy-in, and the audit is clean as the bot
stops.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from engine import mtt_prizes
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.product_bot import running_croupier

STACK, BUY_IN = 400, 550  # a member has 1000 chips: enough for one buy-in, not two


async def answer(member: Member, *words: str, **options: object) -> str:
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


async def shove(tournament: Any, member: Member) -> None:
    """``member`` goes all in whenever it is their turn (calls when they cannot)."""
    for runner in list(tournament.runners.values()):
        live = runner.live
        if runner.closed or live is None or live.hand.actor is None:
            continue
        if live.deal.players[live.hand.actor] != member.id:
            continue
        for action in ("allin", "call"):
            custom_id = table_button_id(runner.table_id, live.hand_no, live.seq, action)
            with contextlib.suppress(ComponentNotFound):
                await (await member.click(custom_id=custom_id)).settled()
                break


def busts_of(tournament: Any, player: int) -> int:
    """The entries of ``player`` that busted, placed or waiting for a place."""
    floor = tournament.floor
    placed = sum(f.player == player for f in floor.finishes)
    return placed + sum(b.player == player for busts in floor.held for b in busts)


def all_threads(fake: FakeDiscord, tournament: Any) -> list[str]:
    return [
        m.text()
        for runner in tournament.runners.values()
        for m in fake.messages(runner.record.channel_id)
    ]


async def pool_and_buy_ins(croupier: Any, pool_table_id: int) -> tuple[int, int]:
    pool = await croupier.database.fetch_value(
        "SELECT prize_pool FROM tables WHERE id = ?", (pool_table_id,)
    )
    buy_ins = await croupier.database.fetch_value(
        # The members' buy-ins, and the computer players' from the house bank.
        "SELECT -SUM(delta) FROM ledger WHERE kind IN ('tournament_buy_in', 'house_stake')"
        " AND table_id = ?",
        (pool_table_id,),
    )
    return int(pool), int(buy_ins)


async def test_a_late_registrant_and_a_re_entry_are_seated_at_a_running_multi_table_tournament(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock, database = fake_discord, FakeClock(), tmp_path / "croupier.db"
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    options: dict[str, Any] = {
        "clock": clock,
        "deck_seed": 1,
        "computer_pace_seconds": 0,
        "hand_pause_seconds": 1,
    }
    async with running_croupier(fake, database, **options) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        dan = fake.add_member("Dan", locale="de")
        cog: Any = croupier.bot.get_cog("MultiTable")
        cog.rng = random.Random(4)
        opened = await answer(
            ann,
            "tournament",
            "open",
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=6,
            level_minutes=1,
            computers=8,
            late_levels=3,
            reentries=1,
        )
        assert "multi-table tournament is open" in opened, opened
        for member in (ann, ben):
            await answer(member, "tournament", "join")
        started = await answer(ann, "tournament", "start")
        assert "10 players at 2 tables" in started, started
        tournament = cog.running[fake.channel.id]
        assert len(tournament.prizes) == 3  # 10 entrants: three places paid

        # Cat registers late: seated at once at a table with the fewest players.
        await croupier.settled()
        shortest = min(len(r.table.seats) for r in tournament.runners.values())
        late = await answer(cat, "tournament", "register")
        assert f"You are in: **{BUY_IN}** chips went to the prize pool" in late, late
        table, seat = tournament.floor.table_of(cat.id)
        runner = tournament.runners[table]
        assert len(runner.table.seats) == shortest + 1
        assert runner.table.seats[seat].player == cat.id and runner.table.seats[seat].stack == STACK
        assert tournament.floor.entrants == 11
        assert tournament.prizes == mtt_prizes(11 * BUY_IN, 11)  # two places paid (15 %)
        assert len(tournament.prizes) == 2
        assert await pool_and_buy_ins(croupier, tournament.pool_table_id) == (11 * BUY_IN,) * 2
        thread_texts = [m.text() for m in fake.messages(runner.record.channel_id)]
        assert any("Cat registers late and sits at table" in t for t in thread_texts)
        await croupier.settled()
        lobby = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobby) == 1
        assert f"{tournament.prizes[0]:,}" in lobby[0].text(), lobby[0].text()

        # Nobody enters twice while in.
        again = await answer(cat, "tournament", "register")
        assert again == "You are still in this tournament: you can re-enter only once you bust."
        assert await pool_and_buy_ins(croupier, tournament.pool_table_id) == (11 * BUY_IN,) * 2

        in_still = await answer(ben, "tournament", "register")
        assert in_still == "You are still in this tournament: you can re-enter only once you bust."

        # Ben goes all in every hand until he busts.
        for _step in range(400):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            if busts_of(tournament, ben.id) == 1:
                break
            assert chips_in_seats(tournament) == 11 * STACK
            await shove(tournament, ben)
            clock.advance(1.0)
        else:
            raise AssertionError("Ben never busted")
        assert tournament.floor.table_of(ben.id) is None
        # Ben's balance is short of a second buy-in: refused, nothing taken or seated.
        short = await answer(ben, "tournament", "register")
        assert short == f"That needs **{BUY_IN}** chips, but your balance is **450**.", short
        assert tournament.floor.table_of(ben.id) is None and tournament.late.made == {}
        assert tournament.floor.entrants == 11 and tournament.prize_money == 11 * BUY_IN
        assert await pool_and_buy_ins(croupier, tournament.pool_table_id) == (11 * BUY_IN,) * 2
        granted = await answer(fake.owner, "chips", "grant", user=ben, amount=200, reason="rebuy")
        assert "200" in granted, granted
        reentered = await answer(ben, "tournament", "register")
        assert f"You re-entered: **{BUY_IN}** chips went to the prize pool" in reentered, reentered
        assert tournament.floor.table_of(ben.id) is not None
        assert tournament.floor.entrants == 11  # a re-entry is no new entrant (engine/payouts.py)
        assert tournament.late.made == {ben.id: 1}
        assert await pool_and_buy_ins(croupier, tournament.pool_table_id) == (12 * BUY_IN,) * 2
        assert chips_in_seats(tournament) == 12 * STACK
        assert tournament.prizes == mtt_prizes(12 * BUY_IN, 11)
        await croupier.settled()
        lobby = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobby) == 1
        pool_text = f"Re-entries: 1 · prize pool **{12 * BUY_IN:,}** chips"
        assert pool_text in lobby[0].text(), lobby[0].text()
        balance = await croupier.database.fetch_value(
            "SELECT chips FROM balances WHERE user_id = ?", (ben.id,)
        )
        assert balance == 1000 + 200 - 2 * BUY_IN
        entry = await croupier.database.fetch_one(
            "SELECT buy_in, place FROM tournament_entries WHERE table_id = ? AND user_id = ?",
            (tournament.pool_table_id, ben.id),
        )
        # Out during late registration: no place yet (the field still grows).
        assert entry["buy_in"] == 2 * BUY_IN and entry["place"] is None
        assert not [f for f in tournament.floor.finishes if f.player == ben.id]
        out = "Ben is out. Late registration is still open, so the places are given when it closes"
        assert any(out in text for text in all_threads(fake, tournament))

        # Ben shoves again and busts again: a second finish; no re-entry left.
        for _step in range(400):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            if busts_of(tournament, ben.id) == 2:
                break
            assert chips_in_seats(tournament) == 12 * STACK
            await shove(tournament, ben)
            clock.advance(1.0)
        else:
            raise AssertionError("Ben never busted again")
        used = await answer(ben, "tournament", "register")
        assert used == "You have used your re-entries (1) in this tournament.", used
        assert await pool_and_buy_ins(croupier, tournament.pool_table_id) == (12 * BUY_IN,) * 2
        held = [[b.player for b in busts] for busts in tournament.floor.held]
        assert tournament.floor.late_open and [ben.id] in held

    # A restart: the late rule, the re-entry made and the seats come back.
    async with running_croupier(fake, database, **options) as croupier:
        cog = croupier.bot.get_cog("MultiTable")
        (tournament,) = cog.running.values()
        assert tournament.late.made == {ben.id: 1} and tournament.late.last_level == 3
        assert tournament.floor.entrants == 11 and tournament.prize_money == 12 * BUY_IN
        assert tournament.floor.table_of(ben.id) is None
        assert tournament.floor.table_of(cat.id) is not None
        assert [[b.player for b in busts] for busts in tournament.floor.held] == held
        await croupier.settled()
        assert chips_in_seats(tournament) == 12 * STACK
        # After level 3 late registration is over.
        while tournament.elapsed() < 3 * 60:
            clock.advance(5.0)
            await croupier.settled()
            await tournament.settled()
        refused = await answer(dan, "tournament", "register")
        assert refused == "Die späte Anmeldung endete mit Level 3.", refused
        # Late registration closed at the first hand's end after level 3: the
        # busts held are placed below everyone still in, the first bust last.
        for _step in range(200):
            if not tournament.floor.late_open:
                break
            clock.advance(1.0)
            await croupier.settled()
            await tournament.settled()
        floor = tournament.floor
        assert not floor.late_open and not floor.held and floor.entries == 12
        places = sorted(f.place for f in floor.finishes)
        assert len(places) == len(set(places)), places  # every place once
        assert places == list(range(floor.players_left + 1, 13)), places  # 12 entries
        assert places[-1] == 12 and (ben.id, 12) in [(f.player, f.place) for f in floor.finishes]
        await croupier.settled()
        closed = "Late registration is closed: **12** entries"
        assert any(closed in text for text in all_threads(fake, tournament))
        # One row for Ben in the tournament's results: his best place (bot/seasons.py).
        entry = await croupier.database.fetch_one(
            "SELECT buy_in, place FROM tournament_entries WHERE table_id = ? AND user_id = ?",
            (tournament.pool_table_id, ben.id),
        )
        finishes = [f.place for f in floor.finishes if f.player == ben.id]
        assert entry["buy_in"] == 2 * BUY_IN and len(finishes) == 2
        assert entry["place"] == min(finishes)
        balance = await croupier.database.fetch_value(
            "SELECT chips FROM balances WHERE user_id = ?", (dan.id,)
        )
        assert balance in (None, 1000)
        pool, buy_ins = await pool_and_buy_ins(croupier, tournament.pool_table_id)
        assert buy_ins == 12 * BUY_IN
        paid = await croupier.database.fetch_value(
            "SELECT COALESCE(SUM(prize), 0) FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        assert pool + paid == 12 * BUY_IN
