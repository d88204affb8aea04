"""The home-game options on the table message: everyone's chances as each
card comes once no more betting can happen ("≈" when simulated), who still
chooses whether to run it twice and the two buttons; and the table settings
that refuse an option a game cannot play."""

from __future__ import annotations

import json

import pytest

from bot.render.home_lines import home_buttons, home_lines, home_rules_lines, percent
from bot.render.message import ButtonSpec, ButtonStyle
from bot.render.views import HandOdds, HomeGameView, HomeOptionsView, OddsStage
from bot.tables.home_view import odds_stages
from bot.tables.table_settings import TableSettings, TableSettingsError
from engine import VARIANTS, BetOrRaise, CheckOrCall, ChooseRunouts, Hand, HandSetup, parse_cards

FULL = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))


def all_in_hand(top: str, *, run_it_twice: bool = False) -> Hand:
    first = parse_cards(top)
    deck = tuple(first + [card for card in FULL if card not in first])
    hand = Hand(
        HandSetup(
            VARIANTS["NT"],
            (1000, 1000),
            blinds=(10, 5),
            min_bet=10,
            deck=deck,
            run_it_twice=run_it_twice,
        )
    )
    hand.act(1, BetOrRaise(1000))
    hand.act(0, CheckOrCall())
    return hand


def test_the_chances_are_shown_before_the_flop_on_the_flop_and_on_the_turn() -> None:
    hand = all_in_hand("AsKh AdKc 2c 3d4h5s 6c Kd 8h 9s")
    stages = odds_stages(hand, ["Ann", "Ben"])
    assert [len(stage.board) for stage in stages] == [0, 3, 4]
    assert all(stage.exact for stage in stages)
    preflop, _, turn = stages
    assert [odds.name for odds in preflop.hands] == ["Ann", "Ben"]
    assert preflop.hands[0].win > 0.6  # aces against kings
    assert turn.hands[1].win == pytest.approx(38 / 44)  # kings full unless an ace or a deuce
    lines = home_lines(HomeGameView(stages), "en")
    assert lines[0].startswith("Chances before the flop: Ann ")
    assert lines[2].startswith("Chances on ") and "Ben 86 %" in lines[2]


def test_no_chances_while_a_hand_is_face_down() -> None:
    first = parse_cards("AsKh AdKc")
    deck = tuple(first + [card for card in FULL if card not in first])
    hand = Hand(HandSetup(VARIANTS["NT"], (1000, 1000), blinds=(10, 5), min_bet=10, deck=deck))
    hand.act(1, CheckOrCall())
    assert odds_stages(hand, ["Ann", "Ben"]) == ()


def test_run_it_twice_turns_the_hands_up_and_shows_the_chances_while_the_players_choose() -> None:
    hand = all_in_hand("AsKh AdKc", run_it_twice=True)
    stages = odds_stages(hand, ["Ann", "Ben"])
    assert len(stages) == 1 and stages[0].board == ()
    view = HomeGameView(stages, runout_choosers=("Ann", "Ben"))
    lines = home_lines(view, "en")
    assert "Still to choose: Ann, Ben (no answer in time: once)" in lines[-1]

    def button(action: str, label: str, style: ButtonStyle, row: int) -> ButtonSpec:
        return ButtonSpec(action, label, style, row)

    assert [b.custom_id for b in home_buttons(view, "de", button)] == ["twice", "once"]
    assert [b.label for b in home_buttons(view, "de", button)] == [
        "Zweimal austeilen",
        "Einmal austeilen",
    ]
    hand.act(0, ChooseRunouts(1))
    assert home_buttons(HomeGameView(), "en", button) == []


def test_simulated_chances_say_so_and_never_round_to_a_certainty() -> None:
    stage = OddsStage((), False, (HandOdds("Ann", 0.996, 0.0), HandOdds("Ben", 0.004, 0.0)))
    (line,) = home_lines(HomeGameView((stage,)), "en")
    assert line == "Chances before the flop: ≈ Ann 99 % · Ben 1 %"
    assert percent(1.0) == "100" and percent(0.0) == "0"


def test_hi_lo_chances_name_the_scoop_and_the_half() -> None:
    stage = OddsStage((), True, (HandOdds("Ann", 0.3, 0.1, 0.4),))
    (line,) = home_lines(HomeGameView((stage,)), "en")
    assert line == "Chances before the flop: Ann scoop 30 %, half 40 %, split 10 %"


@pytest.mark.parametrize(
    "options, key",
    [
        ({"variant": "F7S", "run_it_twice": True}, "engine.run_it_twice_no_board"),
        ({"variant": "F2L3D", "rabbit_hunt": True}, "engine.rabbit_hunt_no_board"),
        ({"variant": "PO", "seven_deuce_bounty": 25}, "engine.seven_deuce_two_cards"),
        ({"variant": "NT", "double_board": True}, "engine.bomb_pot_options_alone"),
        ({"variant": "NT", "bomb_pot": 20, "bomb_pot_every": 101}, "engine.bomb_pot_every"),
        # Issue 24: a home game's amounts, at most five big blinds.
        ({"variant": "NT", "seven_deuce_bounty": 1_000_000_000}, "engine.seven_deuce_too_large"),
        ({"variant": "NT", "bomb_pot": 51, "bomb_pot_every": 1}, "engine.bomb_pot_too_large"),
    ],
)
def test_options_a_game_cannot_play_are_refused(options: dict[str, object], key: str) -> None:
    base: dict[str, object] = {
        "small_blind": 5,
        "big_blind": 10,
        "min_buy_in": 100,
        "max_buy_in": 1000,
        "seats": 6,
    }
    with pytest.raises(TableSettingsError) as error:
        TableSettings.checked(**(base | options))
    assert error.value.message_key == key


def test_the_options_reach_the_engine_table_and_survive_the_configs_json() -> None:
    config = TableSettings.checked(
        variant="NT",
        small_blind=5,
        big_blind=10,
        min_buy_in=100,
        max_buy_in=1000,
        seats=6,
        run_it_twice=True,
        rabbit_hunt=True,
        bomb_pot=20,
        bomb_pot_every=5,
        double_board=True,
        seven_deuce_bounty=25,
    )
    assert TableSettings.from_json(config.to_json()) == config
    home = config.rules().home
    assert home.run_it_twice and home.rabbit_hunt and home.seven_deuce_bounty == 25
    assert home.bomb_pot is not None and home.bomb_pot.double_board and home.bomb_pot.every == 5


def test_a_config_saved_before_the_bound_is_restored_at_five_big_blinds() -> None:
    """A table saved with a bounty or bomb pot above five big blinds (before
    issue 24) is restored, playing them at the bound: never a refusal that
    would leave the table unrestored."""
    saved = json.dumps(
        {
            "variant": "NT",
            "small_blind": 5,
            "big_blind": 10,
            "min_buy_in": 100,
            "max_buy_in": 1000,
            "seats": 6,
            "bomb_pot": 1_000_000_000,
            "bomb_pot_every": 1,
            "seven_deuce_bounty": 1_000_000_000,
        }
    )
    config = TableSettings.from_json(saved)
    assert (config.bomb_pot, config.seven_deuce_bounty) == (50, 50)


def test_the_table_message_names_the_home_rules_in_force_and_those_waiting() -> None:
    in_force = HomeOptionsView(rabbit_hunt=True)
    waiting = HomeOptionsView(rabbit_hunt=True, seven_deuce_bounty=50, bomb_pot=30)
    assert home_rules_lines(in_force, waiting, 3, "en") == [
        "Home rules: rabbit hunt · from hand 3: rabbit hunt, bomb pots of 30, 7-2 bounty 50"
    ]
    assert home_rules_lines(None, waiting, 3, "de") == [
        "Hausregeln: keine · ab Hand 3: Hasenjagd, Bomb Pots zu 30, 7-2-Prämie 50"
    ]
    assert home_rules_lines(None, None, 0, "en") == []


def test_a_double_board_shows_each_boards_chances_with_the_other_boards_cards_out() -> None:
    # Ann's aces against Ben's kings, all in on the flop of a double-board bomb
    # pot. On the turn, board 1 (2c 7d 9h Ks) gives Ben a set: Ann has one ace
    # left to hit, not two, because board 2 holds the ace of diamonds; 40 cards
    # are unseen (52 less 4 in the hands and 4 on each board). Board 2
    # (4s 5c 6d Ad) gives Ann a set Ben cannot beat.
    first = parse_cards("AsKd AhKc 3s 2c7d9h 4s5c6d 8h Ks Ad 3h Qc Qd")
    deck = tuple(first + [card for card in FULL if card not in first])
    setup = HandSetup(
        VARIANTS["NT"], (1000, 1000), antes=(20, 20), min_bet=10, deck=deck, boards=2, bomb_pot=True
    )
    hand = Hand(setup, pause_runouts=True)
    hand.act(0, BetOrRaise(980))
    hand.act(1, CheckOrCall())
    hand.deal_runout()  # the turn of both boards; the river is still to come
    assert [str(card) for card in hand.boards[1]] == ["4s", "5c", "6d", "Ad"]
    stages = odds_stages(hand, ["Ann", "Ben"])
    assert [(stage.board_number, len(stage.board)) for stage in stages] == [
        (1, 3),
        (2, 3),
        (1, 4),
        (2, 4),
    ]
    turn_one, turn_two = stages[2], stages[3]
    assert turn_one.exact and turn_one.hands[0].win == pytest.approx(1 / 40)
    assert turn_one.hands[1].win == pytest.approx(39 / 40)
    assert turn_two.hands[0].win == pytest.approx(1.0)
    lines = home_lines(HomeGameView(stages), "en")
    assert lines[2].startswith("Board 1 · Chances on ") and "Ben 98 %" in lines[2], lines[2]
    assert lines[3].startswith("Board 2 · Chances on ") and "Ann 100 %" in lines[3], lines[3]


def test_the_chances_stay_on_the_finished_hand_when_the_short_stack_wins() -> None:
    # Ann (500) all in before the flop against Ben (1,000) with aces; she
    # doubles up, so once the pots are paid both have chips again.
    first = parse_cards("AsKh AdKc")
    deck = tuple(first + [card for card in FULL if card not in first])
    setup = HandSetup(VARIANTS["NT"], (500, 1000), blinds=(10, 5), min_bet=10, deck=deck)
    hand = Hand(setup, pause_runouts=True)
    hand.act(1, BetOrRaise(500))
    hand.act(0, CheckOrCall())
    while hand.runout_due:
        hand.deal_runout()
    assert hand.is_complete and hand.finishing_stacks[0] == 1000 and hand.stacks[1] > 0
    stages = odds_stages(hand, ["Ann", "Ben"])
    assert [len(stage.board) for stage in stages] == [0, 3, 4]


def test_the_home_games_answers_are_worded_in_render_in_every_language() -> None:
    from bot.render.home_lines import options_changed_text, rabbit_text, vote_answer
    from engine import BombPotVote

    cards = tuple(parse_cards("Ah Kd"))
    assert rabbit_text(4, (cards,), "en") == "**Hand 4** · rabbit hunt: A♥ K♦ would have come."
    assert "board 2: A♥ K♦" in rabbit_text(4, (cards, cards), "en")
    assert "Hasenjagd" in rabbit_text(4, (cards,), "de")
    counted = BombPotVote(votes=1, needed=2, called=False)
    assert vote_answer(counted, "Ann", "en") == (
        "Ann votes for a bomb pot (1 of 2 votes: 1 more needed)."
    )
    assert vote_answer(counted, "Ann", "de").startswith("Ann stimmt für einen Bomb Pot")
    waiting = HomeOptionsView(run_it_twice=True)
    told = options_changed_text(None, waiting, 7, "en", to_table=True)
    answered = options_changed_text(None, waiting, 7, "en", to_table=False)
    assert told != answered and "7" in told and "7" in answered
