"""A multi-table tournament counts for the season as a sit-and-go does, through
the fake Discord and the real bot.

A manager starts this month's season on the ``field`` formula (entrants −
place + 1, so the field's size shows in the points). Ann opens a tournament
with /tournament open, Ann and Ben register and six computer players fill a
field of eight over two tables of four, on a fake clock. Only its opener (or a
manager) marks it for the season or out of it: before the start in its
channel, once it runs in a table's thread too. A first tournament marked out
before its start counts for nothing; a second, played to its winner, counts:
/season standings shows each member's points by the formula from the place
the tournament gave them in a field of eight, and no computer player.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member, permissions
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.product_bot import Croupier, running_croupier

FIELD, SEATS = 8, 4


async def answer(member: Member, *words: str, channel: int = 0, **options: object) -> str:
    reply = await member.slash(*words, channel=channel or None, **options)
    await reply.settled()
    return reply.text


async def shove(tournament: Any, members: dict[int, Member]) -> None:
    """Each member whose turn it is goes all in (or calls): the tournament is short."""
    for runner in list(tournament.runners.values()):
        live = runner.live
        if runner.closed or live is None or live.hand.actor is None:
            continue
        player = live.deal.players[live.hand.actor]
        if player not in members:
            continue
        for action in ("allin", "call", "check"):
            custom_id = table_button_id(runner.table_id, live.hand_no, live.seq, action)
            with contextlib.suppress(ComponentNotFound):
                await (await members[player].click(custom_id=custom_id)).settled()
                break


async def play_one(
    croupier: Croupier,
    clock: FakeClock,
    members: dict[str, Member],
    *,
    counts: bool,
) -> Any:
    """A tournament of the two members and six computer players over two
    tables, marked for (or out of) the season, played to its winner."""
    ann, ben = members["Ann"], members["Ben"]
    cog: Any = croupier.bot.get_cog("MultiTable")
    opened = await answer(
        ann,
        "tournament",
        "open",
        buy_in=100,
        starting_stack=200,
        seats=SEATS,
        level_minutes=1,
        computers=FIELD - 2,
    )
    assert "multi-table tournament is open" in opened, opened
    if not counts:  # marked out before it starts, in its channel
        refused = await answer(ben, "season", "mark", season=False)
        assert "Only the member who opened this tournament" in refused, refused
        marked = await answer(ann, "season", "mark", season=False)
        assert marked == "This tournament does not count for the season.", marked
    for member in (ann, ben):
        await answer(member, "tournament", "join")
    started = await answer(ann, "tournament", "start")
    assert f"{FIELD} players at 2 tables" in started, started
    (tournament,) = [t for t in cog.running.values() if not t.over]
    if counts:  # once it runs: marked out and back in, in a table's thread
        thread = min(tournament.channels.values())
        refused = await answer(ben, "season", "mark", channel=thread, season=False)
        assert "Only the member who opened this tournament" in refused, refused
        for mark in (False, True):
            marked = await answer(ann, "season", "mark", channel=thread, season=mark)
            assert "for the season." in marked, marked
    by_id = {member.id: member for member in members.values()}
    for _step in range(3000):
        await croupier.settled()
        await tournament.settled()
        await croupier.settled()
        if any(f.place == 1 for f in tournament.floor.finishes):
            break
        await shove(tournament, by_id)
        clock.advance(1.0)
    else:
        raise AssertionError("the tournament did not end")
    await croupier.settled()
    await tournament.settled()
    return tournament


async def test_a_multi_table_tournament_counts_for_the_season_by_its_places_and_field(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    options: dict[str, Any] = {
        "clock": clock,
        "deck_seed": 3,
        "computer_pace_seconds": 0,
        "hand_pause_seconds": 1,
    }
    async with running_croupier(fake, tmp_path / "croupier.db", **options) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        fake.give_role(cat, fake.add_role("Managers", permissions.MANAGE_GUILD))
        started = await answer(
            cat, "season", "start", name="Winter", period="monthly", formula="field"
        )
        assert "Season **Winter** runs from" in started, started
        croupier.bot.get_cog("MultiTable").rng = random.Random(2)
        members = {"Ann": ann, "Ben": ben}

        await play_one(croupier, clock, members, counts=False)
        nothing = await answer(ben, "season", "standings")
        assert "tournaments counted: 0" in nothing, nothing  # marked out before its start

        counted = await play_one(croupier, clock, members, counts=True)
        rows = await croupier.database.fetch_all(
            "SELECT user_id, place FROM tournament_entries WHERE table_id = ?",
            (counted.pool_table_id,),
        )
        assert len(rows) == FIELD  # one row a player, computers too: the field is eight
        places = {int(row["user_id"]): int(row["place"]) for row in rows}
        standings = await answer(ben, "season", "standings")
        print(standings)  # the report quotes the standings
        assert "Season standings: Winter" in standings, standings
        assert "tournaments counted: 1" in standings, standings
        for member in (ann, ben):
            points = FIELD - places[member.id] + 1
            assert f"<@{member.id}>: **{points}** points (tournaments: 1," in standings
        assert standings.count(" points (tournaments:") == 2  # no computer player
