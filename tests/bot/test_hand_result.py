"""The end of a hand as players read it: what decided it in their language,
mucked hands on one line, draw and stud hands sorted, the showdown's picture
drawn only from cards that were shown."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.database import Database
from bot.render.card_markup import CardFaces
from bot.render.hand_result import result_message
from bot.render.hand_words import hand_label, hand_with
from bot.render.message import Picture
from bot.render.private_view import private_message
from bot.render.seat_view import SeatView, seat_message
from bot.render.showdown_picture import scene_of_png
from bot.render.views import HandResultView, PotWin, PrivateView, ShownHand
from bot.tables.runner import TableRunner
from engine.cards import parse_cards
from engine.evaluation import Evaluation, evaluate
from engine.evaluation.described import HandDescription, described
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, check_or_call, config, seated_table

BOARD = tuple(parse_cards("3h9c7d5s2h"))


def judged(hole: str, board: tuple = BOARD, evaluation: Evaluation = Evaluation.STANDARD_HIGH):
    value = evaluate(evaluation, parse_cards(hole), board)
    assert value is not None
    return value


def shown(name: str, hole: str, board: tuple = BOARD, evaluation=Evaluation.STANDARD_HIGH):
    value = judged(hole, board, evaluation)
    return ShownHand(name, tuple(parse_cards(hole)), value.describe(), (described(value),))


def win(names: tuple[str, ...], value, amount: int = 120, kicker: int | None = None) -> PotWin:
    share = amount // len(names)
    return PotWin(
        0,
        1,
        "whole",
        amount,
        tuple((name, share) for name in names),
        value.describe(),
        described(value),
        kicker,
        value.cards,
    )


@pytest.mark.parametrize(
    ("hole", "board", "english", "german"),
    [
        ("3s3c", "Kd9h7c5s2d", "Pair of threes", "Paar Dreien"),
        ("AsAh", "5d5c9d2s3h", "Two pair, aces and fives", "Zwei Paare, Asse und Fünfen"),
        ("KsKh", "Kd4c4d9s2h", "Full house, kings full of fours", "Full House, Könige über Vieren"),
        ("9s8h", "7d6c5d2s2h", "Straight, nine high", "Straße, Neun hoch"),
        ("KsKh", "KdKc4d9s2h", "Four of a kind, kings", "Vierling, Könige"),
        ("AhKh", "QhJhTh2s3d", "Royal flush", "Royal Flush"),
        ("JsJh", "Jd4c8d9s2h", "Three of a kind, jacks", "Drilling, Buben"),
    ],
)
def test_hands_are_named_in_each_language(hole: str, board: str, english: str, german: str) -> None:
    hand = described(judged(hole, tuple(parse_cards(board))))
    assert hand_label(hand, "en") == english
    assert hand_label(hand, "de") == german


def test_a_low_and_a_kicker_are_worded_too() -> None:
    low = described(
        judged("As2d", tuple(parse_cards("4c6h8sKdQc")), Evaluation.EIGHT_OR_BETTER_LOW)
    )
    assert hand_with(low, "en") == "a low of 8-6-4-2-A"
    assert hand_label(low, "de") == "Low 8-6-4-2-A"
    pair = described(judged("3sKc"))
    assert hand_with(pair, "en", kicker=11) == "a pair of threes, king kicker"
    assert hand_with(pair, "de", kicker=11) == "einem Paar Dreien, König als Kicker"


_DATIVE_PLURALS = (
    "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten",
    "Neunen", "Zehnen", "Buben", "Damen", "Königen", "Assen",
)  # fmt: skip


@pytest.mark.parametrize("rank", range(13))
def test_german_names_every_pair_in_the_dative_after_mit(rank: int) -> None:
    """ "mit einem Paar Königen", never "mit einem Paar Könige": every rank."""
    letter = "23456789TJQKA"[rank]
    others = [card for card in "AK9736" if card != letter][:5]
    board = tuple(
        parse_cards("".join(card + suit for card, suit in zip(others, "dcdsc", strict=True)))
    )
    hole = f"{letter}s{letter}h"
    hand = described(judged(hole, board))
    assert hand_with(hand, "de") == f"einem Paar {_DATIVE_PLURALS[rank]}"


@pytest.mark.parametrize(
    ("hole", "board", "german"),
    [
        ("KsKh", "AdQc9d5s2h", "einem Paar Königen, Ass als Kicker"),
        ("AsAh", "QdJc9d5s2h", "einem Paar Assen, Dame als Kicker"),
        ("AsAh", "KdKc9d5s2h", "zwei Paaren, Assen und Königen"),
        ("KsKh", "Kd4c8d9s2h", "einem Drilling aus Königen"),
        ("AsAh", "AdAc8d9s2h", "einem Vierling aus Assen"),
        ("KsKh", "Kd4c4d9s2h", "einem Full House aus drei Königen und zwei Vieren"),
        ("4s4h", "4dAcAd9s2h", "einem Full House aus drei Vieren und zwei Assen"),
    ],
)
def test_german_hands_after_mit_are_dative(hole: str, board: str, german: str) -> None:
    value = judged(hole, tuple(parse_cards(board)))
    kicker = 12 if "Ass als" in german else 10 if "Dame als" in german else None
    assert hand_with(described(value), "de", kicker=kicker) == german


def test_the_kicker_that_decided_is_named() -> None:
    ann = judged("3sKc")
    result = HandResultView(
        1, 7, (shown("Ann", "3sKc"), shown("Ben", "3cQd")), (), (win(("Ann",), ann, kicker=11),)
    )
    text = result_message(result, "en").public_text()
    assert "Ann wins the pot of **120** with a pair of threes, king kicker." in text
    german = result_message(result, "de").public_text()
    assert "Ann gewinnt den Pot von **120** mit einem Paar Dreien, König als Kicker." in german
    assert "Ann zeigt 3♠ K♣: Paar Dreien" in german
    assert "Pair" not in german  # no English hand names reach German players


def test_the_result_states_the_board_in_text_as_well_as_in_the_picture() -> None:
    ann = judged("3sKc")
    result = HandResultView(
        1, 7, (shown("Ann", "3sKc"), shown("Ben", "3cQd")), (), (win(("Ann",), ann),), board=BOARD
    )
    assert "Board: 3♥ 9♣ 7♦ 5♠ 2♥" in result_message(result, "en").public_text()
    assert "Board: 3♥ 9♣ 7♦ 5♠ 2♥" in result_message(result, "de").public_text()
    faces = CardFaces("four_colour", {"3h": 5})
    assert "Board: <:Herz_Drei:5> 9♣" in result_message(result, "de", faces).public_text()
    second = tuple(parse_cards("AhKhQh8c4d"))
    double = HandResultView(
        1, 7, (), (), (win(("Ann",), ann),), board=BOARD, boards=(BOARD, second)
    )
    text = result_message(double, "en").public_text()
    assert "Board 1: 3♥ 9♣ 7♦ 5♠ 2♥" in text and "Board 2: A♥ K♥ Q♥ 8♣ 4♦" in text


def test_a_split_says_what_both_have() -> None:
    board = tuple(parse_cards("5s6d7d8h9s"))
    ann = judged("2c2d", board)
    result = HandResultView(
        1,
        7,
        (shown("Ann", "2c2d", board), shown("Ben", "3c3d", board)),
        (),
        (win(("Ann", "Ben"), ann),),
    )
    text = result_message(result, "en").public_text()
    assert "Ann and Ben split the pot of **120**: both have a straight, nine high." in text


def test_mucked_hands_share_one_line() -> None:
    ann = judged("3sKc")
    result = HandResultView(
        1, 7, (shown("Ann", "3sKc"),), ("Ben", "Cat", "Dan"), (win(("Ann",), ann),)
    )
    text = result_message(result, "en").public_text()
    assert "Ben, Cat and Dan muck." in text
    assert text.count("muck") == 1
    one = HandResultView(1, 7, (shown("Ann", "3sKc"),), ("Ben",), (win(("Ann",), ann),))
    assert "Ben mucks." in result_message(one, "en").public_text()
    assert "Ben wirft verdeckt weg." in result_message(one, "de").public_text()


def test_draw_and_stud_hands_are_shown_sorted() -> None:
    # Five card draw: no board; the hand reads kings first, then from the highest.
    value = judged("2c9hKs7cKd", ())
    hand = ShownHand("Ann", tuple(parse_cards("2c9hKs7cKd")), "", (described(value),))
    result = HandResultView(1, 7, (hand,), (), (win(("Ann",), value),))
    assert "Ann shows K♠ K♦ 9♥ 7♣ 2♣: Pair of kings" in result_message(result, "en").public_text()
    scene = scene_of_png(result_message(result, "en").files[0].data)
    assert [str(card) for card in scene.hands[0].cards] == ["Ks", "Kd", "9h", "7c", "2c"]
    # Hold'em hole cards stay as dealt.
    holdem = HandResultView(1, 7, (shown("Ann", "3sKc"),), (), (), board=BOARD)
    assert "Ann shows 3♠ K♣" in result_message(holdem, "en").public_text()


def test_the_picture_holds_the_board_and_shown_hands_with_the_winning_cards_marked() -> None:
    ann = judged("9s9h")
    result = HandResultView(
        1,
        7,
        (shown("Ann", "9s9h"), shown("Ben", "3cQd")),
        ("Cat",),
        (win(("Ann",), ann, amount=300),),
        board=BOARD,
    )
    message = result_message(result, "en")
    (picture,) = message.files
    assert picture.filename == "showdown.png"
    assert message.embed is not None and message.embed.image.url == "attachment://showdown.png"
    assert picture.description and "9♠ 9♥" in picture.description  # alt text
    scene = scene_of_png(picture.data)
    assert scene.board == BOARD
    assert [(h.name, h.won) for h in scene.hands] == [("Ann", "+300"), ("Ben", "")]
    assert scene.marked == set(ann.cards)
    assert scene.cards() == set(BOARD) | set(parse_cards("9s9hQd3c"))


def test_no_picture_when_nobody_showed() -> None:
    result = HandResultView(1, 7, (), (), (PotWin(0, 1, "whole", 30, (("Ann", 30),), ""),))
    message = result_message(result, "en")
    assert message.files == () and message.embed is not None and not message.embed.image


@pytest.fixture
def outlet() -> RecordingOutlet:
    return RecordingOutlet()


@pytest.fixture
async def runner(database: Database, outlet: RecordingOutlet) -> AsyncIterator[TableRunner]:
    table = await seated_table(database, FakeClock(), outlet, config(), {11: "Ann", 12: "Ben"})
    yield table
    await table.stop()


async def test_a_runners_showdown_result_is_worded_from_data_and_pictured(
    runner: TableRunner, outlet: RecordingOutlet
) -> None:
    live = runner.live
    assert live is not None
    holes = {uid: set(live.hand.hole_cards[i]) for i, uid in enumerate(live.deal.players)}
    while runner.live is not None:  # checked down: both hands are shown
        await check_or_call(runner)
    await runner.settled()
    assert runner.state.last_hand is not None
    board = set(runner.state.last_hand.hand.board)
    # The hand's own message ends with the result and its picture: nothing is posted.
    assert not [d for d in outlet.deliveries if d.kind == "post"]
    result = outlet.table
    (picture,) = [block for block in result.layout if isinstance(block, Picture)]
    assert picture.filename == result.files[0].filename
    scene = scene_of_png(result.files[0].data)
    shown = {card for hand in scene.hands for card in hand.cards}
    assert scene.cards() <= board | holes[11] | holes[12]
    assert shown <= holes[11] | holes[12] and board == set(scene.board)
    text = result.layout_text()
    assert " with " in text or "split" in text


async def test_the_picture_shows_what_a_winner_gained_not_the_pot(
    runner: TableRunner, outlet: RecordingOutlet
) -> None:
    while runner.live is not None:  # checked down: both hands are shown
        await check_or_call(runner)
    await runner.settled()
    last = runner.state.last_hand
    assert last is not None
    # The hand's own table message ends with its result and picture.
    result = [d.message for d in outlet.deliveries if d.kind == "table" and d.message.files][-1]
    scene = scene_of_png(result.files[0].data)
    gained = {
        runner.state.name(user_id): last.hand.finishing_stacks[i]
        - last.deal.setup.starting_stacks[i]
        for i, user_id in enumerate(last.deal.players)
    }
    winners = [hand for hand in scene.hands if hand.won]
    assert winners and sum(last.hand.awarded) == 20  # a pot of 20 checked down
    for hand in winners:
        assert hand.won == (f"+{gained[hand.name]}" if gained[hand.name] > 0 else "0")
    assert all(hand.won != "+20" for hand in winners)


def test_descriptions_are_data() -> None:
    hand = described(judged("3sKc"))
    assert isinstance(hand, HandDescription) and hand.ranks == (1,)


def test_my_cards_in_the_channel_does_not_name_it_but_a_dm_does() -> None:
    value = judged("3sKc")
    view = PrivateView(
        1,
        555,
        7,
        tuple(parse_cards("3sKc")),
        BOARD,
        (value.describe(),),
        hands=(described(value),),
    )
    in_channel = private_message(view, "de", where=False).public_text()
    assert "<#555>" not in in_channel and "Beste Hand: Paar Dreien" in in_channel
    assert "<#555>" in private_message(view, "en").public_text()
    faces = CardFaces("four_colour", {"3s": 5})
    assert (
        "Your cards: **<:three_of_spades:5> K♣**"
        in private_message(view, "en", faces).public_text()
    )


def test_pot_odds_are_written_with_the_readers_decimal_mark() -> None:
    value = judged("3sKc")
    private = PrivateView(
        1, 555, 7, tuple(parse_cards("3sKc")), BOARD, (value.describe(),), hands=(described(value),)
    )
    seat = SeatView(private, stack=5000, price=1000, pot=2500, time_bank=None, to_act=True)
    assert "Pot Odds 2,5 zu 1" in seat_message(seat, "de").public_text()
    assert "**1.000** in einen Pot von **2.500**" in seat_message(seat, "de").public_text()
    assert "pot odds 2.5 to 1" in seat_message(seat, "en").public_text()


def test_a_double_board_showdown_pictures_both_boards() -> None:
    second = tuple(parse_cards("AhKhQh8c4d"))
    ann = judged("9s9h")
    result = HandResultView(
        1,
        7,
        (shown("Ann", "9s9h"),),
        (),
        (win(("Ann",), ann),),
        board=BOARD,
        boards=(BOARD, second),
    )
    message = result_message(result, "en")
    scene = scene_of_png(message.files[0].data)
    assert scene.boards == (BOARD, second)
    assert scene.cards() == set(BOARD) | set(second) | set(parse_cards("9s9h"))
    assert "Board 2: A♥ K♥ Q♥ 8♣ 4♦" in (message.files[0].description or "")
