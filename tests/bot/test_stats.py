"""Leaderboards and player statistics over hand results written as the runner would."""

from __future__ import annotations

import pytest

from bot.cashier import Cashier
from bot.daily import DailyReward
from bot.database import Database
from bot.stats import leaderboard, player_stats, recent_hands
from tests.bot.tables import Result, finished_hand, open_table

GUILD, OTHER_GUILD = 100, 200
ANN, BEN, CAT, DAN = 11, 12, 13, 14

# The statistics' SQL runs on both databases.
pytestmark = pytest.mark.both_databases


@pytest.fixture
async def played(database: Database) -> Database:
    """Three hands on GUILD, one on OTHER_GUILD; Ann and Ben also hold balances."""
    cashier = Cashier(database, starting_chips=1000, daily=DailyReward(100, 10, 7))
    table = await open_table(database, GUILD, 10)
    elsewhere = await open_table(database, OTHER_GUILD, 20)
    await finished_hand(
        database,
        table,
        1,
        [
            Result(ANN, 500, 800, won_chips=400, went_to_showdown=True, won_at_showdown=True),
            Result(BEN, 500, 200, went_to_showdown=True),
            Result(CAT, 500, 500),
        ],
        "2024-05-01T10:00:00Z",
    )
    await finished_hand(
        database,
        table,
        2,
        [Result(ANN, 800, 750), Result(BEN, 200, 250, won_chips=100)],
        "2024-05-01T10:05:00Z",
    )
    await finished_hand(
        database,
        table,
        3,
        # A split pot: both won it.
        [
            Result(ANN, 750, 750, won_chips=50, went_to_showdown=True, won_at_showdown=True),
            Result(CAT, 500, 500, won_chips=50, went_to_showdown=True, won_at_showdown=True),
        ],
        "2024-05-01T10:09:00Z",
    )
    await finished_hand(
        database, elsewhere, 1, [Result(DAN, 100, 5000, won_chips=9999)], "2024-05-01T11:00:00Z"
    )
    await cashier.ensure_balance(GUILD, ANN)
    await cashier.buy_in(GUILD, BEN, table, 4, 300)  # 700 left, 300 at the table
    await cashier.admin_grant(GUILD, CAT, 1, granted_by=1)
    return database


async def test_player_stats_add_up_the_finished_hands(played: Database) -> None:
    stats = await player_stats(played, GUILD, ANN)
    assert stats.hands_played == 3
    assert stats.hands_won == 2
    assert stats.net == 250
    assert stats.biggest_pot_won == 400
    assert (stats.showdowns_seen, stats.showdowns_won) == (2, 2)
    ben = await player_stats(played, GUILD, BEN)
    assert (ben.hands_played, ben.hands_won, ben.net, ben.showdowns_won) == (2, 1, -250, 0)


async def test_a_player_who_never_played_has_zero_stats(played: Database) -> None:
    stats = await player_stats(played, GUILD, DAN)
    assert stats.hands_played == stats.hands_won == stats.net == stats.biggest_pot_won == 0


async def test_leaderboard_by_net_ranks_best_first(played: Database) -> None:
    page = await leaderboard(played, GUILD, "net")
    assert [(e.rank, e.user_id, e.value) for e in page.entries] == [
        (1, ANN, 250),
        (2, CAT, 0),
        (3, BEN, -250),
    ]
    assert (page.total, page.page, page.pages, page.has_next) == (3, 1, 1, False)


async def test_leaderboard_by_hands_won_counts_split_pots_for_both(played: Database) -> None:
    page = await leaderboard(played, GUILD, "hands_won")
    assert [(e.user_id, e.value) for e in page.entries] == [(ANN, 2), (BEN, 1), (CAT, 1)]


async def test_leaderboard_by_chips_counts_balance_and_stacks(played: Database) -> None:
    page = await leaderboard(played, GUILD, "chips")
    assert [(e.user_id, e.value) for e in page.entries] == [(CAT, 1001), (ANN, 1000), (BEN, 1000)]


async def test_leaderboards_are_per_server(played: Database) -> None:
    page = await leaderboard(played, OTHER_GUILD, "net")
    assert [(e.user_id, e.value) for e in page.entries] == [(DAN, 4900)]
    assert (await leaderboard(played, OTHER_GUILD, "chips")).total == 0


async def test_leaderboard_pages(played: Database) -> None:
    first = await leaderboard(played, GUILD, "net", offset=0, limit=2)
    second = await leaderboard(played, GUILD, "net", offset=2, limit=2)
    assert [e.rank for e in first.entries] == [1, 2] and first.has_next
    assert not first.has_previous
    assert [(e.rank, e.user_id) for e in second.entries] == [(3, BEN)]
    assert second.has_previous and not second.has_next
    assert (second.page, second.pages) == (2, 2)


async def test_an_empty_leaderboard_has_one_empty_page(database: Database) -> None:
    page = await leaderboard(database, GUILD, "hands_won")
    assert (page.entries, page.total, page.pages, page.has_next) == ((), 0, 1, False)


async def test_unknown_boards_and_impossible_pages_are_refused(database: Database) -> None:
    with pytest.raises(ValueError):
        await leaderboard(database, GUILD, "luck")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        await leaderboard(database, GUILD, "net", offset=-1)
    with pytest.raises(ValueError):
        await leaderboard(database, GUILD, "net", limit=0)


async def test_recent_hands_newest_first(played: Database) -> None:
    hands = await recent_hands(played, GUILD, ANN, limit=2)
    assert [(h.hand_no, h.net, h.channel_id) for h in hands] == [(3, 0, 10), (2, -50, 10)]
    assert hands[0].went_to_showdown is True
    assert await recent_hands(played, GUILD, DAN) == []


async def test_leaderboard_queries_use_the_players_index(played: Database) -> None:
    if played.backend != "sqlite":
        pytest.skip("SQLite's query plan; PostgreSQL plans a table this small by a scan")
    plan = await played.fetch_all(
        "EXPLAIN QUERY PLAN SELECT user_id, SUM(net) FROM hand_players"
        " WHERE guild_id = ? GROUP BY user_id",
        (GUILD,),
    )
    assert any("hand_players_by_player" in row["detail"] for row in plan)
