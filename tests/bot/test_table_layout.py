"""The table message as a phone reads it: the board and the pot first and large,
one line per seat, the player to act and what they must call, stud's cards
with backs for the down ones, no board line where there is no board, the
button draw on the first hand only, and no countdown that goes stale."""

from __future__ import annotations

from dataclasses import replace

from bot.render.card_markup import BACK, CardFaces
from bot.render.message import LAYOUT_TEXT, Divider, TextBlock
from bot.render.table_message import table_message
from bot.render.views import Choices, HandResultView, PotWin, SeatLine, TableSnapshot
from engine.cards import ALL_CARDS, Card, parse_cards

FACES = CardFaces("two_colour", {**{str(c): 5000 + int(c) for c in ALL_CARDS}, BACK: 4999})


def holdem(**changes: object) -> TableSnapshot:
    seats = (
        SeatLine(1, 11, "Ann", 880, bet=60, in_hand=True, button=True),
        SeatLine(2, 12, "Bob", 1175, in_hand=True, folded=True, small_blind=True),
        SeatLine(3, 13, "Cat", 0, bet=310, in_hand=True, all_in=True, big_blind=True),
        SeatLine(4, 14, "Dan", 725, in_hand=True, to_act=True),
        SeatLine(5, 15, "Eve", 400, sitting_out=True),
    )
    snapshot = TableSnapshot(
        table_id=1,
        variant_name="No-limit Texas Hold'em",
        small_blind=5,
        big_blind=10,
        min_buy_in=200,
        max_buy_in=1000,
        seat_count=6,
        seats=seats,
        hand_no=42,
        board=tuple(parse_cards("Ah9d4c")),
        pots=(405,),
        actor_name="Dan",
        actor_id=14,
        deadline=1_795_000_000,
        choices=Choices(
            seq=7,
            can_fold=True,
            can_check=False,
            call_amount=310,
            can_raise=True,
            is_bet=False,
            min_raise_to=560,
            max_raise_to=725,
        ),
        seq=7,
    )
    return replace(snapshot, **changes)  # type: ignore[arg-type]


def lines(snapshot: TableSnapshot, faces: CardFaces = FACES) -> list[str]:
    return table_message(snapshot, "en", faces).layout_text().splitlines()


def test_the_board_and_the_pot_come_first_and_large() -> None:
    message = table_message(holdem(), "en", FACES)
    first = message.layout[0]
    assert isinstance(first, TextBlock)
    title, board, pot = first.text.splitlines()
    assert title == "-# No-limit Texas Hold'em · 5/10 · **Hand 42**"
    ace = f"<:ace_of_hearts:{5000 + int(Card.parse('Ah'))}>"
    assert board.startswith("## Board: " + ace)
    assert pot == "### Pot: **405**"
    assert any(isinstance(block, Divider) for block in message.layout)
    assert message.content is None and message.embed is None


def test_one_line_per_seat_with_what_a_player_needs() -> None:
    seats = [line for line in lines(holdem()) if line[:1].isdigit() or line.startswith("⏳ ")]
    assert seats[:5] == [
        "1. Ann (D) · **880** · bet 60",
        "2. Bob (SB) · **1,175** · folded",
        "3. Cat (BB) · **0** · bet 310 · all in",
        "⏳ 4. **Dan** · **725**",
        "5. Eve · **400** · sitting out",
    ]


def test_the_player_to_act_is_told_what_they_must_call() -> None:
    turn = [line for line in lines(holdem()) if "To act:" in line]
    assert turn == ["⏳ To act: **Dan**, the clock acts <t:1795000000:R> · 310 to call"]
    checking = holdem(
        choices=Choices(
            seq=7,
            can_fold=True,
            can_check=True,
            can_raise=True,
            is_bet=True,
            min_raise_to=10,
            max_raise_to=725,
        )
    )
    assert any(line.endswith("· may check") for line in lines(checking))


def test_stud_shows_up_cards_on_the_seat_and_down_cards_as_backs() -> None:
    six = Card.parse("6s")
    stud = holdem(
        variant_name="Fixed-limit Seven Card Stud",
        has_board=False,
        board=(),
        seats=(SeatLine(1, 11, "Ann", 990, in_hand=True, dealt=(None, None, six)),),
    )
    text = lines(stud)
    assert not any("Board" in line for line in text)
    assert text[1] == "## Pot: **405**"
    back = "<:face_down_card:4999>"
    assert f"1. Ann · **990** · {back} {back} <:six_of_spades:{5000 + int(six)}>" in text
    as_text = lines(stud, CardFaces())
    assert "1. Ann · **990** · 🂠 🂠 6♠" in as_text


def test_draw_games_have_no_board_line_even_before_any_card() -> None:
    draw = holdem(variant_name="Fixed-limit 2-7 Triple Draw", has_board=False, board=())
    assert not any("Board" in line for line in lines(draw))


def test_the_button_draw_is_shown_on_the_first_hand_only_and_small() -> None:
    draw = (("Ann", Card.parse("As")), ("Bob", Card.parse("7d")))
    first = [line for line in lines(holdem(hand_no=1, button_draw=draw)) if "button" in line]
    assert first == [
        f"-# Draw for the button: Ann <:ace_of_spades:{5000 + int(draw[0][1])}>"
        f" · Bob <:seven_of_diamonds:{5000 + int(draw[1][1])}>"
    ]
    later = lines(holdem(hand_no=2, button_draw=draw))
    assert not any("Draw for the button" in line for line in later)


def test_the_next_hand_is_a_time_not_a_countdown_that_goes_stale() -> None:
    over = holdem(hand_over=True, actor_name=None, choices=None, next_hand_at=1_795_000_100)
    text = "\n".join(lines(over))
    assert "Next hand at <t:1795000100:T>." in text
    assert ":R>" not in text


def test_emojis_that_would_not_fit_give_way_to_text() -> None:
    many = tuple(
        SeatLine(n, n, f"Player {n}", 1000, in_hand=True, dealt=(None, None) + (ALL_CARDS[n],) * 10)
        for n in range(1, 11)
    )
    long_ids = CardFaces(
        "two_colour", {**{str(c): 10**18 + int(c) for c in ALL_CARDS}, BACK: 10**18}
    )
    message = table_message(holdem(seats=many, has_board=False, board=()), "en", long_ids)
    assert len(message.layout_text()) <= LAYOUT_TEXT
    assert "<:" not in message.layout_text() and "🂠" in message.layout_text()


def test_a_finished_hand_tells_its_board_once_large_and_a_second_board_by_number() -> None:
    board = tuple(parse_cards("Ah9d4c2s7h"))
    win = PotWin(1, 1, "whole", 405, (("Dan", 405),), "Pair of nines")
    over = holdem(board=board, result=HandResultView(1, 42, (), (), (win,), board=board))
    text = lines(over, CardFaces())
    assert [line for line in text if "Board" in line] == ["## Board: A♥ 9♦ 4♣ 2♠ 7♥"]
    assert "Dan wins the pot of **405** with Pair of nines." in text
    # Run twice: the headline shows both boards; the result does not repeat them.
    second = tuple(parse_cards("Ah9d4cKsKh"))
    twice = holdem(
        board=board,
        boards=(board, second),
        result=HandResultView(1, 42, (), (), (win,), board=board, boards=(board, second)),
    )
    assert [line for line in lines(twice, CardFaces()) if "Board" in line] == [
        "### Board 1: A♥ 9♦ 4♣ 2♠ 7♥",
        "### Board 2: A♥ 9♦ 4♣ K♠ K♥",
    ]
