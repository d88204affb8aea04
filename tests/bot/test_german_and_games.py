"""German in the seeds' own words, games named in the reader's language and
offered most played first, /history telling how each hand went."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.i18n import CATALOGUES, t
from bot.render.game_picker import chosen_game, game_choices
from bot.render.history_view import history_lines
from bot.render.views import HandSummary
from bot.settings import Settings
from bot.stats import RecentHand
from bot.tables.table_settings import dealt_variants
from engine.cards import parse_cards
from engine.evaluation import Evaluation, evaluate
from engine.evaluation.described import described
from tests.bot.fake_interactions import FakeInteraction, FakeUser
from tests.bot.tables import Result, finished_hand, open_table

GERMAN = CATALOGUES["de"].messages


def test_german_uses_the_seeds_words_for_betting() -> None:
    # Seeds 000, 003, 004: checken, mitgehen, setzen, erhöhen, aussteigen.
    assert GERMAN["button.check"] == "Checken"
    assert GERMAN["button.fold"] == "Aussteigen"
    assert GERMAN["button.bet"] == "Setzen" and GERMAN["button.raise"] == "Erhöhen"
    assert t("action.check", "de", name="Lena") == "Lena checkt"
    for key, text in GERMAN.items():
        assert not re.search(r"schieb|Schieb|aufgeb|Aufgeb", text), key


def test_a_german_bet_is_not_said_like_sitting_out() -> None:
    bet, sitting_out = t("table.bet", "de", amount=5), GERMAN["table.status.sitting_out"]
    assert bet == "Einsatz 5" and sitting_out == "setzt aus"


def test_every_game_has_a_name_in_every_language() -> None:
    for locale in CATALOGUES:
        names = {game for _, game in game_choices({}, locale, "")}
        assert len(names) == len(dealt_variants())
        assert not any(code in names for code in dealt_variants())


def test_the_most_played_games_come_first_and_holdem_leads_the_rest() -> None:
    played = {"FR": 40, "PO": 7}
    codes = [code for code, _ in game_choices(played, "en", "")]
    assert codes[:3] == ["FR", "PO", "NT"]
    assert len(codes) == len(dealt_variants())


def test_typing_narrows_the_choices_in_the_readers_language() -> None:
    assert [c for c, _ in game_choices({}, "de", "2-7")] == ["F2L3D", "N2L1D"]
    assert [c for c, _ in game_choices({}, "en", "deuce triple")] == ["F2L3D"]
    assert game_choices({}, "en", "go fish") == []


@pytest.mark.parametrize(
    ("typed", "locale", "code"),
    [("NT", "en", "NT"), ("Pot-Limit Omaha", "de", "PO"), ("fixed-limit razz", "de", "FR")],
)
def test_a_typed_name_or_code_finds_its_game(typed: str, locale: str, code: str) -> None:
    assert chosen_game(typed, locale) == code


def test_history_names_the_game_and_tells_how_the_hand_went() -> None:
    board = tuple(parse_cards("3h9c7d5s2h"))
    value = evaluate(Evaluation.STANDARD_HIGH, parse_cards("3sKc"), board)
    assert value is not None
    hands = [
        (
            RecentHand(1, 1, 555, 12, "NT", "2024-05-01T20:00:00Z", 60, 120, True),
            HandSummary(tuple(parse_cards("3sKc")), board, "won_showdown", described(value), 11),
        ),
        (RecentHand(2, 1, 555, 13, "F2L3D", "2024-05-01T20:01:00Z", -10, 0, False), None),
    ]
    text = history_lines(hands, "en")
    assert text.splitlines() == [
        "**Hand 12** · No-limit Texas Hold'em · <#555> · **+60**",
        "your cards 3♠ K♣ · board 3♥ 9♣ 7♦ 5♠ 2♥ · won with a pair of threes, king kicker",
        "**Hand 13** · Fixed-limit Deuce-to-Seven Triple Draw · <#555> · **-10**",
    ]
    assert "gewonnen mit einem Paar Dreien, König als Kicker" in history_lines(hands, "de")


def test_history_and_stats_say_a_tournament_hands_figure_is_in_tournament_chips() -> None:
    hand = RecentHand(1, 1, 555, 1, "NT", "2024-05-01T20:00:00Z", 2000, 2400, True, True)
    assert history_lines([(hand, None)], "en") == (
        "**Hand 1** · No-limit Texas Hold'em · <#555> · **+2,000** tournament chips"
    )
    assert history_lines([(hand, None)], "de").endswith("**+2.000** Turnierchips")
    line = t("stats.recent_line_tournament", "de", hand_no=1, channel_id=555, net=2000)
    assert line == "Hand 1 in <#555>: +2.000 Turnierchips (nicht aus deinem Guthaben)"


def test_history_of_a_hand_with_two_boards_shows_both() -> None:
    first, second = tuple(parse_cards("3h9c7d5s2h")), tuple(parse_cards("3h9c7dKsQs"))
    recent = RecentHand(1, 1, 555, 14, "NT", "2024-05-01T20:02:00Z", 10, 30, True)
    summary = HandSummary(tuple(parse_cards("3sKc")), first, "won", boards=(first, second))
    line = history_lines([(recent, summary)], "en").splitlines()[1]
    assert line == (
        "your cards 3♠ K♣ · board 1 3♥ 9♣ 7♦ 5♠ 2♥ · board 2 3♥ 9♣ 7♦ K♠ Q♠"
        " · won without a showdown"
    )
    assert "Board 2 3♥ 9♣ 7♦ K♠ Q♠" in history_lines([(recent, summary)], "de")


@pytest.fixture
async def bot(database: Database) -> AsyncIterator[CroupierBot]:
    client = create_client(Settings(discord_token="x"), database)
    await client.setup_hook()
    try:
        yield client
    finally:
        await client.close()


async def test_the_create_commands_picker_puts_this_servers_favourite_first(
    bot: CroupierBot,
) -> None:
    table = await open_table(bot.db, 100, 10)
    for hand_no in (1, 2):
        await finished_hand(bot.db, table, hand_no, [Result(11, 100, 100)], "2024-05-01T10:00:00Z")
    async with bot.db.transaction() as tx:
        await tx.execute("UPDATE hands SET variant = 'PO'")
    cog: Any = bot.get_cog("Tables")
    asked = FakeInteraction(client=bot, user=FakeUser(11), locale=discord.Locale.german)
    choices = await cog._variant_choices(asked, "")
    assert [(c.value, c.name) for c in choices[:2]] == [
        ("PO", "Pot-Limit Omaha"),
        ("NT", "No-Limit Texas Hold'em"),
    ]
    narrowed = await cog._variant_choices(asked, "razz")
    assert [c.value for c in narrowed] == ["FR"]
