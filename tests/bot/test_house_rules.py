"""A table's house rules, chosen when it is created: an ante besides the blinds
(from everyone, or a big-blind ante), live straddles, and the house's rake.

Each is refused politely where the game cannot have it, and each reaches the
hands dealt and the table message."""

from __future__ import annotations

from typing import Any

import pytest

from bot.database import Database
from bot.render.table_message import table_message
from bot.settings import Settings
from bot.tables.errors import Refused
from bot.tables.requests import ActionRequest, Move
from bot.tables.table_settings import TableSettingsError, new_table_config
from engine.stakes import AnteKind
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import (
    RecordingOutlet,
    check_or_call,
    config,
    deal_next,
    new_table,
    seated_table,
    to_act,
)

NAMES = {11: "Ann", 12: "Ben", 13: "Cat", 14: "Dan"}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def created(**options: Any) -> Any:
    """The configuration /poker create makes of these options (5/10 by default)."""
    chosen: dict[str, Any] = {
        "variant": "NT",
        "small_blind": 5,
        "big_blind": 10,
        "min_buy_in": None,
        "max_buy_in": None,
        "seats": 6,
        "action_seconds": None,
        "provably_fair": False,
        "locale": "en",
    }
    chosen.update(options)
    return new_table_config(Settings(discord_token="x"), **chosen)


def test_the_options_reach_the_engines_stakes_and_rake() -> None:
    table = created(ante=2, straddle=True, rake_percent=2.5).rules()
    stakes = table.first_stakes
    assert (stakes.ante, stakes.ante_kind, stakes.straddle) == (2, AnteKind.EVERY_PLAYER, True)
    assert table.rake is not None and (table.rake.basis_points, table.rake.cap) == (250, 30)
    big_blind_ante = created(ante=10, big_blind_ante=True).rules().first_stakes
    assert (big_blind_ante.ante, big_blind_ante.ante_kind) == (10, AnteKind.BIG_BLIND)
    assert created(rake_percent=5, rake_cap=7).rake_cap == 7


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"variant": "F7S", "ante": 2}, "engine.ante_game"),
        ({"variant": "F5D", "ante": 2}, "engine.ante_game"),
        ({"variant": None, "game": "horse", "ante": 2}, "engine.ante_game"),
        ({"ante": 11}, "engine.ante"),
        ({"big_blind_ante": True}, "engine.ante"),
        ({"variant": "FT", "straddle": True}, "engine.straddle"),
        ({"variant": "F7S", "straddle": True}, "engine.straddle"),
        ({"rake_percent": 12.0}, "engine.rake"),
        ({"rake_percent": -1.0}, "engine.rake"),
    ],
)
def test_what_a_game_cannot_have_is_refused_with_a_sentence(
    options: dict[str, Any], key: str
) -> None:
    with pytest.raises(TableSettingsError) as refusal:
        created(**options)
    assert refusal.value.message_key == key
    assert refusal.value.sentence("en") and refusal.value.sentence("de")


async def test_everyone_antes_and_the_message_says_so(database: Database, clock: FakeClock) -> None:
    outlet = RecordingOutlet()
    runner = await seated_table(
        database, clock, outlet, config(ante=2), dict(list(NAMES.items())[:3])
    )
    live = runner.live
    assert live is not None and live.deal.setup.antes == (2, 2, 2)
    assert "Ante 2" in outlet.table.public_text()
    await runner.stop()


async def test_the_big_blind_antes_for_the_table(database: Database, clock: FakeClock) -> None:
    outlet = RecordingOutlet()
    table = config(ante=10, big_blind_ante=True)
    runner = await seated_table(database, clock, outlet, table, dict(list(NAMES.items())[:3]))
    live = runner.live
    assert live is not None and live.deal.big_blind_seat is not None
    big_blind = live.deal.seats.index(live.deal.big_blind_seat)
    antes = live.deal.setup.antes
    assert antes[big_blind] == 10 and sum(antes) == 10
    assert "Big blind ante 10" in outlet.table.public_text()
    await runner.stop()


async def test_a_player_who_chooses_to_straddle_posts_it_under_the_gun(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(straddle=True), NAMES)
    assert "Straddles allowed" in outlet.table.public_text()
    for user_id in NAMES:
        await runner.choose_straddle(user_id, True)
    live = runner.live
    assert live is not None
    # Straddling starts with the next hand: play this one out by folding round.
    while runner.live is live:
        await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await deal_next(runner, clock)
    live = runner.live
    assert live is not None and live.deal.straddle_seat is not None
    straddler = live.deal.seats.index(live.deal.straddle_seat)
    assert live.deal.setup.blinds[straddler] == 20
    await runner.stop()


async def test_a_table_without_straddles_refuses_one(database: Database, clock: FakeClock) -> None:
    outlet = RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), dict(list(NAMES.items())[:2]))
    with pytest.raises(Refused) as refusal:
        await runner.choose_straddle(11, True)
    assert refusal.value.sentence("en") == "This table does not allow a straddle."
    await runner.stop()


async def test_the_house_rakes_a_pot_that_saw_a_flop_and_the_audit_agrees(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    table = config(rake_basis_points=500, rake_cap=3)
    runner = await seated_table(database, clock, outlet, table, dict(list(NAMES.items())[:2]))
    assert "Rake 5 % up to 3" in outlet.table.public_text()
    assert "Rake 5 % bis 3" in table_message(runner.snapshot(), "de").public_text()
    live = runner.live
    assert live is not None
    while runner.live is live:
        await check_or_call(runner)
    await runner.settled()
    assert live.hand.rake_taken == 1  # 5 % of a pot of 20
    assert "The house takes **1**." in outlet.table.public_text()
    await runner.stop()
    await assert_audit_clean(database)


async def test_the_pots_shown_are_the_pots_the_hand_holds_with_a_big_blind_ante(
    database: Database, clock: FakeClock
) -> None:
    """The big blind's ante is dead money in the main pot, not part of the big
    blind's bet: a short big blind all in makes a main pot of 160 and a side
    pot of 100 (the table once showed 180 and 80)."""
    outlet = RecordingOutlet()
    table = config(ante=10, big_blind_ante=True, min_buy_in=50)
    # Seed 2 makes Ann, the short stack, the big blind, and Ben the button.
    runner = await new_table(database, clock, outlet, table, seed=2)
    for user_id, name, buy_in in ((11, "Ann", 60), (12, "Ben", 500), (13, "Cat", 500)):
        await runner.join(user_id, name, buy_in=buy_in)
    await deal_next(runner, clock)
    live = runner.live
    assert live is not None and live.deal.big_blind_seat == live.deal.seats[1]
    assert live.deal.players == (13, 11, 12)
    await runner.act(12, ActionRequest(Move.RAISE_TO, 100))
    await runner.act(13, ActionRequest(Move.CHECK_OR_CALL))
    await runner.act(11, ActionRequest(Move.CHECK_OR_CALL))  # all in for 50 more
    await runner.settled()
    assert len(live.hand.board) == 3
    assert [pot.amount for pot in live.hand.pots()] == [160, 100]
    assert "Main pot: **160** · Side pot: **100**" in outlet.table.public_text()
    await runner.stop()


async def test_a_rake_with_a_fraction_is_written_as_each_language_writes_it(
    database: Database, clock: FakeClock
) -> None:
    outlet = RecordingOutlet()
    table = config(rake_basis_points=250, rake_cap=1500)
    runner = await seated_table(database, clock, outlet, table, dict(list(NAMES.items())[:2]))
    assert "Rake 2.5 % up to 1,500" in table_message(runner.snapshot(), "en").public_text()
    assert "Rake 2,5 % bis 1.500" in table_message(runner.snapshot(), "de").public_text()
    await runner.stop()
