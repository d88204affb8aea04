"""A member sees what the bot keeps about them and can be forgotten: their id and
name leave every row (balances, ledger, hands, histories, tournaments, closed
tables), one pseudonym takes their place, and the audit still counts every chip
and replays every hand; on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.member_records import FORGOTTEN_BASE, StillPlaying, forget, records_of
from bot.seasons import current_season, mark_table, standings, start_season
from bot.stats import leaderboard
from bot.tables.histories import history_for_player
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import GUILD, RecordingOutlet, config, new_table
from tests.bot.table_players import play_hands
from tests.bot.test_runner_tournament import play_to_the_end, register, tournament

pytestmark = pytest.mark.both_databases

ANN, BEN, CAT, DAN = 7_000_000_000_000_021, 7_000_000_000_000_022, 23, 24
PLAYERS = {ANN: "Annika", BEN: "Ben", CAT: "Cat"}
OTHER_GUILD = GUILD + 1


async def _every_row(database: Database) -> str:
    """Every row of every table the bot keeps about players, as one text."""
    rows = []
    for name in (
        "balances",
        "ledger",
        "tables",
        "seats",
        "hands",
        "hand_actions",
        "hand_players",
        "hand_habits",
        "hand_shows",
        "tournament_entries",
        "session_chip_moves",
        "player_settings",
        "auto_top_ups",
        "seasons",
        "season_tables",
    ):
        for row in await database.fetch_all(f"SELECT * FROM {name}"):
            rows.append(json.dumps({key: row[key] for key in row.keys()}, default=str))  # noqa: SIM118
    return "\n".join(rows)


async def _played(database: Database) -> tuple[int, FakeClock]:
    """Ann played cash hands and a tournament, granted chips, and left; Ben is seated."""
    clock = FakeClock()
    await start_season(  # Ann started this month's season, in which her tournament counts
        database,
        guild_id=GUILD,
        channel_id=502,
        started_by=ANN,
        name="Winter",
        period="monthly",
        formula="field",
        today=datetime.now(UTC).date(),
    )
    cash = await new_table(database, clock, RecordingOutlet(), config(provably_fair=True))
    for user_id, name in PLAYERS.items():
        await cash.join(user_id, name, buy_in=600)
    await play_hands(cash, clock, random.Random(5), 6)
    night = await new_table(
        database, clock, RecordingOutlet(), config(session_chips=500), channel_id=503
    )
    await night.join(ANN, PLAYERS[ANN], buy_in=None)
    await night.leave(ANN)
    await night.close(1)
    finished = await new_table(
        database, clock, RecordingOutlet(), tournament(seats=3), channel_id=502
    )
    await mark_table(database, finished.state.table_id, True)
    await register(finished, PLAYERS)
    await play_to_the_end(finished, clock)
    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    await cashier.admin_grant(GUILD, DAN, 250, granted_by=ANN, note="welcome")
    await cashier.admin_grant(OTHER_GUILD, ANN, 40, granted_by=DAN)
    async with database.transaction() as tx:  # /poker autotopup
        await tx.execute(
            "INSERT INTO auto_top_ups (guild_id, user_id, below, up_to) VALUES (?, ?, 100, 400)",
            (GUILD, ANN),
        )
    assert str(ANN) in await _every_row(database)
    with pytest.raises(StillPlaying) as refused:
        await forget(database, ANN)
    assert "<#" in refused.value.sentence("en")
    await cash.leave(ANN)  # at the end of the hand under way
    await play_hands(cash, clock, random.Random(6), 2)
    await cash.stop()
    assert not await database.fetch_value("SELECT COUNT(*) FROM seats WHERE user_id = ?", (ANN,))
    return cash.state.table_id, clock


async def test_a_member_who_asks_is_forgotten_everywhere_and_every_chip_still_counts(
    database: Database,
) -> None:
    await _played(database)
    before = await records_of(database, ANN)
    assert before.hands and before.ledger and before.balances and before.tournaments
    assert before.auto_top_ups and before.session_chips
    assert {row["guild_id"] for row in before.balances} == {GUILD, OTHER_GUILD}
    ben_hands = [row["hand_id"] for row in (await records_of(database, BEN)).hands]

    pseudonym = await forget(database, ANN)

    assert pseudonym >= FORGOTTEN_BASE
    everything = await _every_row(database)
    assert str(ANN) not in everything
    assert "Annika" not in everything
    after = await records_of(database, ANN)
    assert not (after.hands or after.ledger or after.balances or after.tournaments)
    assert after.settings is None and not after.auto_top_ups and not after.session_chips
    # The pseudonym holds what she held: the same hands, the same ledger, both servers.
    kept = await records_of(database, pseudonym)
    assert len(kept.hands) == len(before.hands) and len(kept.ledger) == len(before.ledger)
    assert [row["chips"] for row in kept.balances] == [row["chips"] for row in before.balances]
    # Whoever she granted chips to sees that a forgotten member did.
    notes = await database.fetch_all("SELECT note FROM ledger WHERE user_id = ?", (DAN,))
    assert any("a forgotten member" in str(row["note"]) for row in notes)
    # Every chip is still counted, every hand still replays.
    await assert_audit_clean(database)
    # Ben's histories of the hands they played together still download, without her name.
    history = await history_for_player(database, ben_hands[0], BEN)
    assert history is not None and "Forgotten player" in history and "Annika" not in history
    # She is on no leaderboard; the others still are.
    for by in ("chips", "net", "hands_won"):
        page = await leaderboard(database, GUILD, by)  # type: ignore[arg-type]
        assert all(entry.user_id < FORGOTTEN_BASE for entry in page.entries)
    chips = await leaderboard(database, GUILD, "chips")
    assert BEN in [entry.user_id for entry in chips.entries]
    # The season she started stays, started by the pseudonym; she leaves its standings.
    season = await current_season(database, GUILD, datetime.now(UTC).date())
    assert season is not None and season.started_by == pseudonym
    table = await standings(database, season)
    assert table.tournaments == 1 and len(table.entries) == 2
    assert {entry.user_id for entry in table.entries} == {BEN, CAT}


async def test_an_admin_forgets_a_member_on_their_own_server_only(database: Database) -> None:
    await _played(database)

    pseudonym = await forget(database, ANN, guild_id=GUILD)

    kept = await records_of(database, ANN)
    assert [row["guild_id"] for row in kept.balances] == [OTHER_GUILD]
    assert {row["guild_id"] for row in kept.ledger} == {OTHER_GUILD}
    assert not kept.hands
    assert await database.fetch_value(
        "SELECT COUNT(*) FROM hand_players WHERE user_id = ?", (pseudonym,)
    )
    await assert_audit_clean(database)


async def test_nothing_changes_while_the_member_is_still_seated(database: Database) -> None:
    await _played(database)
    everything = await _every_row(database)
    with pytest.raises(StillPlaying) as asked:
        await forget(database, BEN)
    assert asked.value.sentence("en").startswith("You still hold a seat")
    with pytest.raises(StillPlaying) as by_admin:
        await forget(database, BEN, guild_id=GUILD)
    assert by_admin.value.sentence("en").startswith("That member still holds a seat")
    assert await _every_row(database) == everything
    assert not await database.fetch_value("SELECT COUNT(*) FROM forgotten_members")


async def test_a_member_registered_for_a_scheduled_tournament_unregisters_before_being_forgotten(
    database: Database,
) -> None:
    """The buy-in a tournament announced ahead holds goes back to the member, so
    they are not forgotten while it is held; once they unregister they are, and
    the tournament they scheduled names the pseudonym."""
    from bot.scheduled_tournaments import register, schedule, unregister
    from bot.settings import Settings
    from bot.tables.table_settings import new_table_config

    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    settings = Settings(discord_token="x")
    table = new_table_config(
        settings,
        variant=None,
        tournament=True,
        small_blind=None,
        big_blind=None,
        min_buy_in=None,
        max_buy_in=None,
        seats=None,
        action_seconds=None,
        provably_fair=True,
        locale="en",
    )
    announced = await schedule(
        database,
        guild_id=GUILD,
        channel_id=5,
        creator_id=BEN,
        config=table,
        starts_at=2_000,
        registration_opens_at=0,
        repeat_weekly=False,
        min_players=2,
        late_levels=0,
    )
    await register(database, cashier, announced.id, BEN, now=100)
    everything = await _every_row(database)
    with pytest.raises(StillPlaying):
        await forget(database, BEN)
    assert await _every_row(database) == everything
    await unregister(database, cashier, announced.id, BEN, now=200)
    pseudonym = await forget(database, BEN)
    assert (
        await database.fetch_value(
            "SELECT creator_id FROM scheduled_tournaments WHERE id = ?", (announced.id,)
        )
        == pseudonym
    )
    await assert_audit_clean(database)
