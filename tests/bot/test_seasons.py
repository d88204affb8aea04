"""Seasons and records with sit-and-gos and cash hands played at real table
runners: standings by each formula from the places the tournaments gave, a
tournament marked out of the season left out, computer players making the
field but never ranked, starting refused politely, a season's end claimed
once, and the server's records (biggest pot, most wins, longest winning
streak of cash sessions) without computers or forgotten members; on SQLite
and on PostgreSQL."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.database import Database
from bot.member_records import forget
from bot.records import server_records
from bot.season_embeds import season_end_embed, standings_embed
from bot.seasons import (
    STALE_CLAIM,
    SeasonError,
    claim_end,
    current_season,
    mark_table,
    record_end,
    release_end,
    seasons_over,
    standings,
    start_season,
)
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import GUILD, RecordingOutlet, config, deal_next, new_table, to_act
from tests.bot.test_runner_tournament import play_to_the_end, register, tournament

pytestmark = pytest.mark.both_databases

ANN, BEN, CAT, DAN = 11, 12, 13, 14
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan"}
TODAY = datetime.now(UTC).date()


async def begin(database: Database, formula: str = "field", period: str = "monthly") -> None:
    await start_season(
        database,
        guild_id=GUILD,
        channel_id=900,
        started_by=ANN,
        name="Winter league",
        period=period,
        formula=formula,
        today=TODAY,
    )


async def sit_and_go(
    database: Database,
    clock: FakeClock,
    players: dict[int, str],
    channel: int,
    *,
    computers: int = 0,
    counts: bool | None = None,
) -> dict[int, int]:
    """A sit-and-go played to its winner; every entrant's place."""
    runner = await new_table(
        database,
        clock,
        RecordingOutlet(),
        tournament(seats=len(players) + computers),
        channel_id=channel,
    )
    if counts is not None:
        await mark_table(database, runner.table_id, counts)
    for _ in range(computers):
        await runner.add_computer(None, None)
    await register(runner, players)
    await play_to_the_end(runner, clock)
    rows = await database.fetch_all(
        "SELECT user_id, place FROM tournament_entries WHERE table_id = ?", (runner.table_id,)
    )
    return {int(row["user_id"]): int(row["place"]) for row in rows}


async def test_standings_add_each_formulas_points_over_the_seasons_tournaments(
    database: Database,
) -> None:
    await begin(database, "field")
    clock = FakeClock()
    first = await sit_and_go(database, clock, dict(NAMES), 601)
    second = await sit_and_go(
        database, clock, {ANN: "Ann", BEN: "Ben", CAT: "Cat"}, 602, computers=1
    )
    # A tournament its opener marked out of the season counts for nothing.
    await sit_and_go(database, clock, {ANN: "Ann", DAN: "Dan"}, 603, counts=False)
    assert len(first) == 4 and len(second) == 4  # the computer player made the field
    (computer,) = [user for user in second if user < 0]

    season = await current_season(database, GUILD, TODAY)
    assert season is not None and season.formula == "field"
    formulas = {
        "field": lambda place: 4 - place + 1,
        "sqrt": lambda place: 10 * math.sqrt(4 / place),
        "top_ten": lambda place: (25, 18, 15, 12)[place - 1],
    }
    for formula, earned in formulas.items():
        page = await standings(database, replace(season, formula=formula))  # type: ignore[arg-type]
        expected = {
            user: round(
                sum(earned(places[user]) for places in (first, second) if user in places), 2
            )
            for user in NAMES
        }
        assert page.tournaments == 2 and page.total == 4
        assert computer not in [entry.user_id for entry in page.entries]
        assert {entry.user_id: entry.points for entry in page.entries} == expected
        points = [entry.points for entry in page.entries]
        assert points == sorted(points, reverse=True)
        assert [entry.rank for entry in page.entries] == [1, 2, 3, 4]
        wins = {entry.user_id: entry.wins for entry in page.entries}
        assert wins == {
            user: sum(places.get(user) == 1 for places in (first, second)) for user in NAMES
        }
    page = await standings(database, season)
    text = standings_embed(page, "en").description or ""
    print(text)  # the report quotes a season's standings
    assert "tournaments counted: 2" in text and "entrants − place + 1" in text
    leader = page.entries[0]
    assert f"1. <@{leader.user_id}>: **{leader.points:g}** points" in text
    german = standings_embed(page, "de").description or ""
    assert "gewertete Turniere: 2" in german
    # A page of two turns to the second page and back.
    second_page = await standings(database, season, 2, 2)
    assert [entry.rank for entry in second_page.entries] == [3, 4]
    assert second_page.has_previous and not second_page.has_next and second_page.pages == 2
    await assert_audit_clean(database)


async def test_starting_a_season_refuses_what_cannot_run_and_changes_nothing(
    database: Database,
) -> None:
    cases = {
        "season.bad_period": ("weekly", "field"),
        "season.over_already": ("2020-01-01..2020-01-31", "field"),
        "season.too_long": (
            f"{TODAY.isoformat()}..{(TODAY + timedelta(days=400)).isoformat()}",
            "field",
        ),
        "season.bad_formula": ("monthly", "elo"),
    }
    for key, (period, formula) in cases.items():
        with pytest.raises(SeasonError) as refused:
            await begin(database, formula, period)
        assert refused.value.message_key == key
        assert refused.value.sentence("de") != refused.value.sentence("en")
    with pytest.raises(SeasonError) as refused:
        await start_season(
            database,
            guild_id=GUILD,
            channel_id=900,
            started_by=ANN,
            name="   ",
            period="monthly",
            formula="field",
            today=TODAY,
        )
    assert refused.value.message_key == "season.bad_name"
    assert await database.fetch_value("SELECT COUNT(*) FROM seasons") == 0
    await begin(database, "sqrt", "quarterly")
    with pytest.raises(SeasonError) as refused:
        await begin(database, "field", "monthly")  # this month lies in this quarter
    assert refused.value.message_key == "season.overlaps"
    assert "Winter league" in refused.value.sentence("en")
    assert await database.fetch_value("SELECT COUNT(*) FROM seasons") == 1


async def test_a_seasons_end_is_claimed_once_and_recorded_once_posted(
    database: Database,
) -> None:
    today, now = TODAY.isoformat(), datetime.now(UTC)
    after = TODAY + timedelta(days=1)
    await begin(database, "top_ten", f"{today}..{today}")
    assert await seasons_over(database, TODAY, now) == []  # its last day is not over yet
    (season,) = await seasons_over(database, after, now)
    assert await claim_end(database, season, now)
    assert not await claim_end(database, season, now)  # a second round read it unclaimed too
    assert await seasons_over(database, after, now + timedelta(minutes=5)) == []
    await release_end(database, season.id)  # Discord refused the post: try again later
    (season,) = await seasons_over(database, after, now)
    assert season.end_claimed_at is None and await claim_end(database, season, now)
    # The round stopped before recording its post: the claim goes stale, one round takes it.
    later = now + STALE_CLAIM + timedelta(seconds=1)
    (stale,) = await seasons_over(database, after, later)
    assert stale.end_claimed_at is not None
    assert await claim_end(database, stale, later)
    assert not await claim_end(database, stale, later)
    await record_end(database, season.id, 1234)
    assert await seasons_over(database, after, later + timedelta(days=1)) == []
    await release_end(database, season.id)  # too late: a recorded post stays recorded
    assert await seasons_over(database, after, later + timedelta(days=1)) == []
    page = await standings(database, season)
    ended = season_end_embed(page, "en")
    assert ended.title == "Season over: Winter league"
    assert "No tournament counted for this season." in (ended.description or "")
    assert ended.footer.text == f"Season #{season.id}"


async def heads_up_hand(runner: TableRunner, clock: FakeClock, loser: int) -> None:
    """One hand the other player wins: they go all in, ``loser`` folds to them."""
    await deal_next(runner, clock)
    while (live := runner.live) is not None:
        actor = to_act(runner)
        if actor == loser:
            move = Move.FOLD if live.hand.legal_actions().can_fold else Move.CHECK_OR_CALL
        else:
            move = Move.ALL_IN
        await runner.act(actor, ActionRequest(move))
    await runner.settled()


async def test_records_count_cash_sessions_pots_and_wins_of_members_only(
    database: Database,
) -> None:
    clock = FakeClock()
    # Ann ends three sessions ahead (three tables), then one behind; Ben one ahead.
    for channel, loser in ((701, BEN), (702, BEN), (703, BEN), (704, ANN)):
        runner = await new_table(database, clock, RecordingOutlet(), config(), channel_id=channel)
        await runner.join(ANN, "Ann", buy_in=500)
        await runner.join(BEN, "Ben", buy_in=500)
        await heads_up_hand(runner, clock, loser)
        await runner.leave(ANN)
        await runner.leave(BEN)
        await runner.stop()
    # A computer player wins a bigger pot: no record is a computer's.
    runner = await new_table(database, clock, RecordingOutlet(), config(), channel_id=705)
    computer = (await runner.add_computer(None, None)).user_id
    await runner.join(CAT, "Cat", buy_in=500)
    await deal_next(runner, clock)
    while runner.live is not None:
        actor = to_act(runner)
        if actor == CAT:
            await runner.act(CAT, ActionRequest(Move.FOLD))
        else:
            clock.advance(5.0)  # the computer player's pause
        await runner.settled()
    await runner.stop()
    await sit_and_go(database, clock, {ANN: "Ann", BEN: "Ben"}, 706)

    records = await server_records(database, GUILD)
    pots = await database.fetch_all(
        "SELECT user_id, won_chips FROM hand_players WHERE tournament = 0 AND user_id > 0"
        " ORDER BY won_chips DESC"
    )
    assert records.biggest_pot is not None
    assert records.biggest_pot.user_id == pots[0]["user_id"] != computer
    assert records.biggest_pot.value == pots[0]["won_chips"]
    assert records.longest_winning_streak is not None
    assert (records.longest_winning_streak.user_id, records.longest_winning_streak.value) == (
        ANN,
        3,
    )
    assert records.most_tournaments_won is not None
    assert records.most_tournaments_won.value == 1

    await forget(database, ANN)
    after = await server_records(database, GUILD)
    assert after.longest_winning_streak is not None
    assert (after.longest_winning_streak.user_id, after.longest_winning_streak.value) == (BEN, 1)
    for record in (after.biggest_pot, after.most_tournaments_won):
        assert record is None or record.user_id in (BEN, CAT)
    await assert_audit_clean(database)
