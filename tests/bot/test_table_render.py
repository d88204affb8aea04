"""The table message, the result and the private view: what they say, and that
they fit Discord's limits whatever the names and numbers."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.render.card_markup import BACK, TEXT_FACES, CardFaces, cards_markup
from bot.render.custom_ids import MAX_CUSTOM_ID, TABLE_BUTTON
from bot.render.hand_result import result_message
from bot.render.limits import BUTTON_LABEL, BUTTONS_PER_ROW, ROWS
from bot.render.message import LAYOUT_COMPONENTS, LAYOUT_TEXT
from bot.render.private_view import private_message
from bot.render.table_message import table_message
from bot.render.views import (
    Choices,
    HandResultView,
    LastAction,
    PotWin,
    PrivateView,
    SeatLine,
    ShownHand,
    TableSnapshot,
)
from engine import RaiseSize
from engine.cards import ALL_CARDS, parse_cards

BIG = 1_000_000_000
#: Every card an emoji, with ids as long as Discord's.
EVERY_EMOJI = CardFaces(
    "four_colour", {**{str(c): 10**18 + int(c) for c in ALL_CARDS}, BACK: 10**18 + 99}
)
LONG_NAME = "Ｗ" * 32 + "and then some more characters"


def crowded_table(locale_digits: int = 10) -> TableSnapshot:
    seats = tuple(
        SeatLine(
            seat=n,
            user_id=10**18 + n,
            name=f"{LONG_NAME}{n}",
            stack=BIG - n,
            bet=BIG // 3,
            in_hand=True,
            folded=n % 3 == 0,
            all_in=n % 3 == 1,
            sitting_out=n == 9,
            leaving=n == 8,
            button=n == 1,
            small_blind=n == 2,
            big_blind=n == 3,
            to_act=n == 4,
            shown=tuple(parse_cards("AsKs")) if n == 5 else (),
            shown_description="Straight flush, ace high, a royal flush and more words " * 3,
        )
        for n in range(1, 11)
    )
    return TableSnapshot(
        table_id=10**19,
        variant_name="Fixed-limit Crazy Pineapple Hi-Lo with a very long name indeed " * 3,
        small_blind=BIG // 2,
        big_blind=BIG,
        min_buy_in=BIG,
        max_buy_in=BIG,
        seat_count=10,
        seats=seats,
        hand_no=10**9,
        board=tuple(parse_cards("2c3d4h5s6c")),
        pots=(BIG, BIG, BIG, BIG),
        actor_name=LONG_NAME,
        actor_id=1,
        deadline=1_700_000_030,
        last_actions=tuple(
            LastAction(LONG_NAME, kind, BIG, BIG, True, True) for kind in ("raise", "call", "bet")
        ),
        choices=Choices(
            seq=999_999,
            can_fold=True,
            can_check=False,
            call_amount=BIG,
            can_raise=True,
            is_bet=False,
            min_raise_to=BIG,
            max_raise_to=BIG,
            quick_sizes=tuple((size, BIG) for size in RaiseSize),
        ),
        commitment="f" * 64,
        next_hand_at=1_700_000_100,
        button_draw=tuple((f"{LONG_NAME}{n}", card) for n, card in enumerate(parse_cards("AsKd"))),
    )


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("faces", [TEXT_FACES, EVERY_EMOJI], ids=["text", "emojis"])
def test_a_crowded_table_fits_discords_limits(locale: str, faces: CardFaces) -> None:
    message = table_message(crowded_table(), locale, faces)
    # Components V2: a layout, no content and no embed.
    assert message.layout and message.content is None and message.embed is None
    assert len(message.layout_text()) <= LAYOUT_TEXT
    rows = Counter(button.row for button in message.buttons)
    components = 1 + len(message.layout) + len(rows) + len(message.buttons)
    assert components <= LAYOUT_COMPONENTS
    assert len(rows) <= ROWS and max(rows.values()) <= BUTTONS_PER_ROW
    for button in message.buttons:
        assert 1 <= len(button.custom_id) <= MAX_CUSTOM_ID
        assert TABLE_BUTTON.fullmatch(button.custom_id)
        assert 1 <= len(button.label) <= BUTTON_LABEL
    assert len({button.custom_id for button in message.buttons}) == len(message.buttons)


def test_the_table_message_says_what_a_player_needs() -> None:
    text = table_message(crowded_table(), "en").public_text()
    for expected in (
        "Hand 1000000000",
        "Board: 2♣ 3♦ 4♥ 5♠ 6♣",
        "Main pot",
        "Side pot 3",
        "<t:1700000030:R>",
        "(D)",
        "(SB)",
        "(BB)",
        "folded",
        "all in",
        "sitting out",
        "leaving",
        "(out of time)",
        "f" * 64,
        "A♠ K♠",
    ):
        assert expected in text, expected
    german = table_message(crowded_table(), "de").public_text()
    assert "Hauptpot" in german and "1.000.000.000" in german


def test_no_buttons_between_hands_and_my_cards_always_during_one() -> None:
    snapshot = crowded_table()
    from dataclasses import replace

    over = table_message(replace(snapshot, hand_over=True), "en")
    assert over.buttons == ()
    waiting = table_message(replace(snapshot, choices=None), "en")
    assert [b.custom_id.rsplit(":", 1)[1] for b in waiting.buttons] == ["cards"]


def test_the_result_names_pots_shares_and_hands() -> None:
    result = HandResultView(
        table_id=1,
        hand_no=7,
        shown=(ShownHand("Carol", tuple(parse_cards("AhKh")), "Flush, ace high"),),
        mucked=("Bob",),
        wins=(
            PotWin(0, 2, "high", 101, (("Alice", 51), ("Carol", 50)), "Two pair"),
            PotWin(0, 2, "low", 100, (("Dave", 100),), "Eight low"),
            PotWin(1, 2, "whole", 120, (("Carol", 120),), "Flush, ace high"),
        ),
        rake=3,
        commitment="c" * 64,
    )
    text = result_message(result, "en").public_text()
    assert "Carol shows A♥ K♥: Flush, ace high" in text
    assert "Bob mucks" in text
    assert "Alice and Carol split the high half of the main pot of **101** with Two pair." in text
    assert "Dave wins the low half of the main pot of **100** with Eight low." in text
    assert "Carol wins the side pot of **120** with Flush, ace high." in text
    assert "The house takes **3**." in text
    assert "/poker verify hand:7" in text
    uncontested = HandResultView(1, 8, (), (), (PotWin(0, 1, "whole", 30, (("Ann", 30),), ""),))
    assert "Ann wins the pot of **30**." in result_message(uncontested, "en").public_text()


def test_the_private_view_shows_cards_and_best_hand() -> None:
    view = PrivateView(1, 500, 3, tuple(parse_cards("AsAh")), (), ("Pair of aces",))
    text = private_message(view, "en").public_text()
    assert "A♠ A♥" in text and "Pair of aces" in text and "<#500>" in text


def test_the_private_view_has_no_empty_board_line() -> None:
    """Stud and draw have no board, and Hold'em none before the flop: no "Board: —"."""
    no_board = PrivateView(1, 500, 3, tuple(parse_cards("AsAh")), (), ("Pair of aces",))
    assert "Board" not in private_message(no_board, "en").public_text()
    flop = PrivateView(1, 500, 3, tuple(parse_cards("AsAh")), tuple(parse_cards("Kd 7c 2h")), ())
    assert "Board: K♦ 7♣ 2♥" in private_message(flop, "en").public_text()


def test_stud_open_pair_offers_two_bet_buttons_and_nothing_between() -> None:
    from dataclasses import replace

    choices = Choices(
        seq=4, can_fold=False, can_check=True, call_amount=0, can_raise=True, is_bet=True,
        min_raise_to=10, max_raise_to=20, quick_sizes=((RaiseSize.MIN, 10),),
        raise_choices=(10, 20),
    )  # fmt: skip
    message = table_message(replace(crowded_table(), choices=choices), "en")
    labels = [b.label for b in message.buttons]
    assert "Bet 10" in labels and "Bet 20" in labels
    assert "Min (10)" not in labels
    actions = [b.custom_id.rsplit(":", 1)[1] for b in message.buttons]
    assert {"small", "big"} <= set(actions)
    assert all(TABLE_BUTTON.fullmatch(b.custom_id) for b in message.buttons)


def test_the_chances_draw_the_board_as_the_board_above_them_is_drawn() -> None:
    from dataclasses import replace

    from bot.render.views import HandOdds, HomeGameView, OddsStage

    flop = tuple(parse_cards("5h9dKd"))
    stage = OddsStage(flop, True, (HandOdds("Ann", 0.7, 0.0), HandOdds("Ben", 0.3, 0.0)))
    table = crowded_table()
    snapshot = replace(
        table, seats=table.seats[:2], board=flop, home=HomeGameView(odds=(stage,)), pots=(40,)
    )
    text = table_message(snapshot, "en", EVERY_EMOJI).public_text()
    board = cards_markup(flop, EVERY_EMOJI, "en")
    assert board.startswith("<:five_of_hearts:")
    assert f"Board: {board}" in text
    assert f"Chances on {board}: Ann 70 % · Ben 30 %" in text
    assert "Chances on 5♥ 9♦ K♦" in table_message(snapshot, "en").public_text()


@pytest.mark.parametrize(("hand_no", "hinted"), [(None, True), (1, True), (3, True), (4, False)])
def test_the_notify_hint_shows_only_on_the_first_hands(hand_no: int | None, hinted: bool) -> None:
    from dataclasses import replace

    snapshot = replace(crowded_table(), hand_no=hand_no)
    text = table_message(snapshot, "en").public_text()
    assert ("Want to be told when it is your turn? Use /poker notify." in text) is hinted
