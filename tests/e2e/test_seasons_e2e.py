"""A season through the fake Discord and the real bot: a member who cannot
manage the server is refused /season start, a manager starts this month's
season on the Formula One table, two sit-and-gos of two members and a
computer player are played to their winners, /season standings shows each
member's points from the places the tournaments gave, /records names the
tournament winner, and once the season is over its end is posted in the
channel it was started in, once, even after the bot restarts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from bot.seasons import TOP_TEN_POINTS, current_season, utc_stamp
from cogs.seasons import today_utc
from tests.e2e.fake_discord import FakeDiscord, Member, permissions
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    return reply.text


async def sit_and_go(
    croupier: Croupier, fake: FakeDiscord, members: dict[str, Member], *, mark: bool = False
) -> None:
    """A sit-and-go of the members and one computer player, shoved to its winner."""
    ann = members["Ann"]
    opened = await answer(
        ann,
        "poker",
        "create",
        tournament=True,
        buy_in=100,
        starting_stack=200,
        level_hands=1,
        seats=3,
    )
    assert "tournament is open" in opened
    if mark:  # only its opener (or a manager) says whether it counts
        refused = await answer(members["Ben"], "season", "mark", season=False)
        assert "Only the member who opened this tournament" in refused
        marked = await answer(ann, "season", "mark", season=True)
        assert marked == "This tournament counts for the season."
    for member in members.values():
        await answer(member, "poker", "join")
    await answer(ann, "poker", "addbot")  # the last seat: it begins
    view, after = TableView(fake), None
    for _ in range(80):
        turn = await view.next_turn(after, timeout=8.0)
        if turn is None:
            break
        after = turn.key
        if turn.actor not in members:
            continue  # the computer player acts by itself
        action = "allin" if "allin" in turn.buttons else "call"
        if "muck" in turn.buttons:
            action = "muck"
        custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
        await members[turn.actor].click(custom_id=custom_id)
    await croupier.settled()
    assert (
        await croupier.database.fetch_value("SELECT status FROM tables ORDER BY id DESC LIMIT 1")
        == "closed"
    )


def seasons_cog(croupier: Croupier) -> Any:
    """The running bot's seasons cog (loaded as an extension: its own module object)."""
    cog = croupier.bot.get_cog("Seasons")
    assert cog is not None and hasattr(cog, "post_season_ends")
    return cog


def season_ends(fake: FakeDiscord) -> list[str]:
    return [m.text() for m in fake.messages(fake.channel) if "Season over" in m.text()]


async def test_a_season_of_two_sit_and_gos_is_ranked_and_its_end_posted_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database_path = tmp_path / "croupier.db"
    async with running_croupier(fake, database_path, deck_seed=5) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        managers = fake.add_role("Managers", permissions.MANAGE_GUILD)
        fake.give_role(cat, managers)
        refused = await answer(
            ben, "season", "start", name="Winter", period="monthly", formula="top_ten"
        )
        assert "Only members who can manage this server can start a season." in refused
        started = await answer(
            cat, "season", "start", name="Winter", period="monthly", formula="top_ten"
        )
        assert "Season **Winter** runs from" in started
        assert "25-18-15-12-10-8-6-4-2-1" in started
        bad = await answer(cat, "season", "start", name="Spring", period="soon", formula="field")
        assert "is not a period" in bad
        no_table = await answer(cat, "season", "mark", season=False)
        assert no_table == "There is no tournament in this channel to mark."

        members = {"Ann": ann, "Ben": ben}
        await sit_and_go(croupier, fake, members, mark=True)
        await sit_and_go(croupier, fake, members)

        rows = await croupier.database.fetch_all(
            "SELECT user_id, place FROM tournament_entries WHERE user_id > 0"
        )
        points = {ann.id: 0, ben.id: 0}
        for row in rows:
            points[row["user_id"]] += TOP_TEN_POINTS[row["place"] - 1]
        standings = await answer(ben, "season", "standings")
        print(standings)  # the report quotes a season's standings
        assert "Season standings: Winter" in standings
        assert "tournaments counted: 2" in standings
        for user_id, total in points.items():
            assert f"<@{user_id}>: **{total}** points (tournaments: 2," in standings
        assert "Bot " not in standings  # the computer player made the field, not the table
        records = await answer(ann, "records")
        assert "Most tournaments won" in records and "Longest winning streak" in records

        season = await current_season(croupier.database, fake.guild.id, today_utc())
        assert season is not None
        cog = seasons_cog(croupier)
        over, now = season.ends_on + timedelta(days=1), datetime.now(UTC)
        assert await cog.post_season_ends(season.ends_on, now) == 0  # its last day is not over
        assert await cog.post_season_ends(over, now) == 1
        assert await cog.post_season_ends(over, now + timedelta(hours=1)) == 0
        (ended,) = season_ends(fake)
        print(ended)  # and the post at its end
        assert "Season over: Winter" in ended and "wins the season with" in ended
        posted = await croupier.database.fetch_value(
            "SELECT end_message_id FROM seasons WHERE id = ?", (season.id,)
        )
        assert posted == fake.messages(fake.channel)[-1].id
        # As if the bot had stopped between posting the end and recording it ...
        async with croupier.database.transaction() as tx:
            await tx.execute("UPDATE seasons SET end_message_id = NULL")
            # ... and, for an autumn season, between claiming its end and posting it.
            await tx.execute(
                "INSERT INTO seasons (guild_id, channel_id, name, starts_on, ends_on, formula,"
                " started_by, end_claimed_at) VALUES (?, ?, 'Autumn', '2026-09-01',"
                " '2026-11-30', 'field', ?, ?)",
                (fake.guild.id, fake.channel.id, cat.id, utc_stamp(now)),
            )

    async with running_croupier(fake, database_path) as croupier:
        cog = seasons_cog(croupier)
        assert await cog.post_season_ends(over, now + timedelta(minutes=1)) == 0  # claims hold
        # Once the claims are stale, the next round finds Winter's post and posts Autumn's.
        assert await cog.post_season_ends(over, now + timedelta(minutes=11)) == 1
        assert await cog.post_season_ends(over, now + timedelta(days=1)) == 0
        ends = season_ends(fake)
        assert len(ends) == 2 and "Season over: Winter" in ends[0]  # posted once, restarts or not
        assert "Season over: Autumn" in ends[1] and "No tournament counted" in ends[1]
        assert (
            await croupier.database.fetch_value(
                "SELECT end_message_id FROM seasons WHERE id = ?", (season.id,)
            )
            == posted
        )
