"""Who a scheduled tournament with computer players starts with
(bot/scheduled_tournaments.py ``may_start``, bot/scheduled_start.py
``fits_one_table``): the computer players count toward ``min_players`` and
toward the field a table must seat, but never start one without a member."""

from __future__ import annotations

from bot.scheduled_start import field_size, fits_one_table
from bot.scheduled_tournaments import ScheduledTournament, may_start
from bot.tables.table_settings import TableSettings


def a_schedule(*, min_players: int, computers: int, seats: int = 6) -> ScheduledTournament:
    config = TableSettings("nlhe", 5, 10, 0, 0, seats, tournament=True)
    return ScheduledTournament(
        id=1,
        guild_id=1,
        channel_id=1,
        creator_id=1,
        config=config,
        starts_at=100,
        registration_opens_at=0,
        repeat_weekly=False,
        min_players=min_players,
        late_levels=0,
        event_id=None,
        message_id=None,
        reminded=True,
        status="scheduled",
        table_id=None,
        held=0,
        computers=computers,
    )


def test_computer_players_count_toward_min_players() -> None:
    tournament = a_schedule(min_players=4, computers=3)
    assert may_start(tournament, 1)
    assert not may_start(a_schedule(min_players=5, computers=3), 1)


def test_computer_players_alone_never_start_one() -> None:
    assert not may_start(a_schedule(min_players=2, computers=24), 0)


def test_without_computer_players_min_players_counts_members() -> None:
    assert may_start(a_schedule(min_players=2, computers=0), 2)
    assert not may_start(a_schedule(min_players=2, computers=0), 1)


def test_the_field_a_table_must_seat_counts_the_computer_players() -> None:
    tournament = a_schedule(min_players=2, computers=24, seats=5)
    assert field_size(tournament, 3) == 27
    assert not fits_one_table(tournament, 3)
    assert fits_one_table(a_schedule(min_players=2, computers=3, seats=6), 3)
