"""What a player reads at a double-board table: both boards on the table
message and in their private view, and each board's half of a pot in the
result, in English and German."""

from __future__ import annotations

from bot.render.hand_result import pot_name
from bot.render.private_view import private_message
from bot.render.views import PotWin, PrivateView
from engine.cards import parse_cards


def test_the_private_view_shows_each_board() -> None:
    view = PrivateView(
        table_id=1,
        channel_id=2,
        hand_no=3,
        cards=tuple(parse_cards("AsKs")),
        board=tuple(parse_cards("AhJc2d")),
        best=("Pair of aces", "High card, ace"),
        boards=(tuple(parse_cards("AhJc2d")), tuple(parse_cards("7s8s9s"))),
    )
    embed = private_message(view, "en").embed
    assert embed is not None and embed.description is not None
    assert "Board 1: A♥ J♣ 2♦" in embed.description
    assert "Board 2: 7♠ 8♠ 9♠" in embed.description
    assert "Board: " not in embed.description


def test_one_board_reads_as_before() -> None:
    view = PrivateView(1, 2, 3, tuple(parse_cards("AsKs")), tuple(parse_cards("AhJc2d")), ())
    embed = private_message(view, "en").embed
    assert embed is not None and embed.description is not None
    assert "Board: A♥ J♣ 2♦" in embed.description


def test_a_boards_half_of_a_pot_is_named() -> None:
    win = PotWin(0, 1, "board 2", 16, (("Cy", 16),), "Full house, sevens full of eights")
    assert pot_name(win, "en") == "board 2's half of the pot"
    # "Cy gewinnt auf Board 2 den Pot zur Hälfte mit **16** …"
    assert pot_name(win, "de") == "auf Board 2 den Pot zur Hälfte"
