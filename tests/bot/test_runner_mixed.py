"""A H.O.R.S.E. table in the bot: it deals each game for an orbit, tells the
channel what comes next and when the game changes, comes back after restarts
at the same game and the same place, and every hand replays in the audit."""

from __future__ import annotations

import json
import random

import pytest

from bot.database import Database
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings, TableSettingsError
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    RecordingOutlet,
    config,
    registry,
)
from tests.bot.table_players import fallback_request, player_to_act

PLAYERS = {11: "Ann", 12: "Ben", 13: "Cat"}
CHANGES = "H.O.R.S.E.: the game changes to **{}**."


async def deal_next(runner: TableRunner, clock: FakeClock) -> None:
    await runner.settled()
    assert runner.live is None and runner.state.next_hand_at is not None
    clock.advance(runner.state.next_hand_at - clock.now())
    await runner.settled()
    assert runner.live is not None


async def act_once(runner: TableRunner, rng: random.Random) -> None:
    user_id = player_to_act(runner)
    assert user_id is not None
    await runner.act(user_id, fallback_request(rng, runner))


async def play_out(runner: TableRunner, rng: random.Random) -> None:
    while runner.live is not None:
        await act_once(runner, rng)
    await runner.settled()


async def play_hands(runner: TableRunner, clock: FakeClock, rng: random.Random, n: int) -> None:
    for _ in range(n):
        await deal_next(runner, clock)
        await play_out(runner, rng)


async def variants_dealt(database: Database) -> list[str]:
    rows = await database.fetch_all("SELECT variant FROM hands ORDER BY hand_no")
    return [row["variant"] for row in rows]


def table_text(outlet: RecordingOutlet) -> str:
    return outlet.table.public_text()


async def test_a_horse_table_switches_games_across_restarts_and_replays_in_the_audit(
    database: Database,
) -> None:
    clock, rng = FakeClock(), random.Random(3)
    before, outlets = registry(database, clock)
    horse = config(variant="NT", rotation="horse", seats=6)
    assert horse.variant == "FT"
    runner = await before.create(GUILD, CHANNEL, CREATOR, horse)
    for user_id, name in PLAYERS.items():
        await runner.join(user_id, name, buy_in=500)
    await runner.settled()
    assert "H.O.R.S.E.: Fixed-limit Texas Hold'em · 5/10" in table_text(outlets[0])
    assert "Blinds 5/10 · bets 10/20" in table_text(outlets[0])

    await deal_next(runner, clock)
    text = table_text(outlets[0])
    assert "Next game: **Fixed-limit Omaha Hi-Lo** in 3 hands, after this orbit." in text
    await play_out(runner, rng)
    await play_hands(runner, clock, rng, 1)
    await deal_next(runner, clock)  # Hold'em's third and last hand of the orbit
    assert "Next game: **Fixed-limit Omaha Hi-Lo** after this hand." in table_text(outlets[0])
    await play_out(runner, rng)
    assert "The next hand starts **Fixed-limit Omaha Hi-Lo**." in table_text(outlets[0])
    assert CHANGES.format("Fixed-limit Omaha Hi-Lo") not in outlets[0].posts()
    await deal_next(runner, clock)
    assert CHANGES.format("Fixed-limit Omaha Hi-Lo") in outlets[0].posts()
    assert "H.O.R.S.E.: Fixed-limit Omaha Hi-Lo" in table_text(outlets[0])
    await play_out(runner, rng)
    await play_hands(runner, clock, rng, 2)  # Omaha's three hands are over
    await deal_next(runner, clock)  # Razz, hand 7
    await play_out(runner, rng)
    await deal_next(runner, clock)  # Razz, hand 8: the bot stops in the middle of it
    live = runner.live
    assert live is not None and live.deal.setup.variant.code == "FR"
    assert live.deal.setup.antes == (1, 1, 1) and live.deal.setup.bring_in == 5
    await act_once(runner, rng)
    await before.stop_all()

    after, outlets = registry(database, clock)
    (runner,) = await after.restore_all()
    await runner.settled()
    live = runner.live
    assert live is not None and live.hand_no == 8 and live.hand.variant.code == "FR"
    assert len(live.hand.actions) == 1
    text = table_text(outlets[0])
    assert "H.O.R.S.E.: Fixed-limit Razz" in text
    assert "Ante 1 · bring-in 5 · bets 10/20" in text
    assert "Next game: **Fixed-limit Seven Card Stud** in 2 hands, after this orbit." in text
    await play_out(runner, rng)
    await play_hands(runner, clock, rng, 6)  # Razz's last, Stud and two of Stud hi-lo
    await deal_next(runner, clock)  # hand 15: Stud hi-lo's last
    await play_out(runner, rng)
    assert "The next hand starts **Fixed-limit Texas Hold'em**." in table_text(outlets[0])
    await after.stop_all()  # stopped between hands, just before the switch

    again, outlets = registry(database, clock)
    (runner,) = await again.restore_all()
    await runner.settled()
    # Between hands the message is still the last hand's, ending with its result,
    # and says what comes next.
    text = table_text(outlets[0])
    assert "H.O.R.S.E.: Fixed-limit Seven Card Stud Hi-Lo" in text and "Hand 15" in text
    assert "The next hand starts **Fixed-limit Texas Hold'em**." in text
    await deal_next(runner, clock)
    assert CHANGES.format("Fixed-limit Texas Hold'em") in outlets[0].posts()
    await play_out(runner, rng)
    await again.stop_all()

    assert await variants_dealt(database) == (
        ["FT"] * 3 + ["FO/8"] * 3 + ["FR"] * 3 + ["F7S"] * 3 + ["F7S/8"] * 3 + ["FT"]
    )
    # The button went round each blind game once and came back one seat on.
    rows = await database.fetch_all("SELECT initial FROM hands ORDER BY hand_no")
    buttons = [json.loads(row["initial"])["deal"]["button_seat"] for row in rows]
    assert buttons[0:3] == buttons[3:6] and buttons[15] == buttons[0]
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_table_switching_every_two_hands_says_so(database: Database) -> None:
    clock, rng = FakeClock(), random.Random(5)
    tables, outlets = registry(database, clock)
    runner = await tables.create(
        GUILD, CHANNEL, CREATOR, config(variant="NT", rotation="ppc", hands_per_game=2)
    )
    for user_id, name in PLAYERS.items():
        await runner.join(user_id, name, buy_in=500)
    await deal_next(runner, clock)
    text = table_text(outlets[0])
    assert "2023 Poker Players Championship: No-limit Texas Hold'em · 5/10" in text
    assert "Blinds 2/5 · big-blind ante 5" in text
    assert "Next game: **Fixed-limit Seven Card Stud** in 2 hands." in text
    await play_out(runner, rng)
    await play_hands(runner, clock, rng, 5)
    await tables.stop_all()
    assert await variants_dealt(database) == ["NT", "NT", "F7S", "F7S", "FO/8", "FO/8"]
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"rotation": "omaha"}, "table.config.variant"),
        ({"hands_per_game": 3}, "table.config.hands_per_game_alone"),
        ({"rotation": "horse", "hands_per_game": 0}, "engine.hands_per_game"),
        ({"rotation": "horse", "hands_per_game": 101}, "engine.hands_per_game"),
        ({"rotation": "horse", "seats": 9}, "engine.seats"),
        ({"rotation": "ppc", "seats": 7}, "engine.seats"),
    ],
)
def test_a_mix_that_cannot_be_dealt_is_refused_with_a_sentence(
    options: dict[str, object], key: str
) -> None:
    with pytest.raises(TableSettingsError) as refused:
        config(**options)
    assert refused.value.message_key == key
    assert refused.value.sentence("en")


def test_a_mixed_configuration_survives_its_json() -> None:
    mixed = config(variant="NT", rotation="hose", hands_per_game=4)
    assert TableSettings.from_json(mixed.to_json()) == mixed
    assert mixed.display_name == "H.O.S.E."
    engine = mixed.rules()
    assert engine.rotation is not None and engine.rotation.hands_per_game == 4
