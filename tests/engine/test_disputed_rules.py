"""The cases casinos argue about (issue 15), each with the issue's numbers and
the rule's source; the stud and draw cases are in test_stud_rules.py and
test_draw_rules.py, next to the rules they refine.

Players are in hand order: index 0 is first left of the button.
"""

from __future__ import annotations

import random

from engine.actions import BetOrRaise, CheckOrCall, Discard, Fold, PostBringIn
from engine.cards import Card, Deck, DeckKind, parse_cards
from engine.events import PlayerActed, PotAwarded, StubReshuffled
from engine.hand import Hand, HandSetup, Phase
from engine.pots import split_amount
from engine.showing import odd_chip_order
from engine.variants import VARIANTS
from tests.engine.hand_builders import holdem, stacked_deck


def check_down(hand: Hand) -> None:
    while not hand.is_complete:
        assert hand.actor is not None
        hand.act(hand.actor, CheckOrCall())


# ------------------------------------------------- 1. a dead blind and antes


def returning_player_hand(antes: tuple[int, ...]) -> Hand:
    """Blinds 5/10; player 3 comes back from sitting out and posts the big blind
    live and the small blind dead; the big blind (player 2) holds aces."""
    deck = stacked_deck("2cAs7d3h4cAh8d9s", "Jc", "Kd6s2h", "Jh", "Tc", "Js", "3d")
    return Hand(
        HandSetup(
            VARIANTS["NT"],
            (1000,) * 4,
            antes=antes,
            blinds=(5, 10, 0, 0),
            min_bet=10,
            posts=(0, 0, 10, 0),
            dead_blinds=(0, 0, 5, 0),
            deck=deck,
        )
    )


def test_a_dead_small_blind_is_pot_money_at_a_table_with_antes() -> None:
    """Issue 15, rule 1; RRoP, Button and Blind Use: a dead blind is "taken by the
    dealer to the center of the pot". Everyone antes 1, blinds 5/10; the
    returning player posts 10 live and 5 dead, calls down and loses 16; the
    winner nets 38 (not 11 and 33, as when the dead 5 was his own side pot)."""
    hand = returning_player_hand(antes=(1, 1, 1, 1))
    hand.act(2, CheckOrCall())  # his live 10 is his bet: nothing to add
    hand.act(3, CheckOrCall())
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    check_down(hand)
    net = [end - 1000 for end in hand.finishing_stacks]
    assert net[2] == -16
    assert net[1] == 38
    assert len(hand.pots_awarded) == 1 and hand.pots_awarded[0].amount == 49


def test_a_dead_small_blind_without_antes_is_pot_money_too() -> None:
    hand = returning_player_hand(antes=())
    for player in (2, 3, 0, 1):
        hand.act(player, CheckOrCall())
    check_down(hand)
    net = [end - 1000 for end in hand.finishing_stacks]
    assert (net[2], net[1]) == (-15, 35)


def test_a_dead_blind_is_money_in_the_pot_even_for_an_all_in_player() -> None:
    """The dead money goes to the main pot, which everyone still in may win."""
    hand = returning_player_hand(antes=(1, 1, 1, 1))
    pots = hand.pots()
    assert pots[0].amount == 4 + 5  # the antes and the dead blind
    assert pots[0].eligible == (0, 1, 2, 3)


# ------------------------------------------ 2. a short all-in big blind


def test_a_short_all_in_big_blind_does_not_lower_the_price() -> None:
    """Issue 15, rule 2; RRoP, Button and Blind Use: blinds 5/10, the big blind
    all in for 6; calling costs 10 and the smallest raise is to 20."""
    hand = holdem([1000, 6, 1000], blinds=(5, 10, 0))
    legal = hand.legal_actions()
    assert legal.player == 2
    assert (legal.call_amount, legal.min_raise_to) == (10, 20)
    hand.act(2, CheckOrCall())
    assert hand.bets == [5, 6, 10]
    legal = hand.legal_actions()
    assert (legal.player, legal.call_amount, legal.min_raise_to) == (0, 5, 20)


def test_against_a_lone_short_blind_the_call_stops_at_what_it_posted() -> None:
    """Heads-up, nobody can match more than the 6 the big blind holds: calling
    the rest of the blind would only come straight back."""
    hand = holdem([6, 1000], blinds=(10, 5))
    legal = hand.legal_actions()
    assert (legal.player, legal.call_amount, legal.can_raise) == (1, 1, False)


# --------------------------------------------------- 3. and 4. limit all-ins


def limit_flop(stack: int) -> Hand:
    """Fixed limit 10/20, four players in for 10 before the flop; player 3
    (index 2) has ``stack`` chips."""
    hand = holdem(
        [1000, 1000, stack, 1000], blinds=(5, 10, 0, 0), small_bet=10, big_bet=20, code="FT"
    )
    for player in (2, 3, 0, 1):
        hand.act(player, CheckOrCall())
    assert hand.street.name == "flop"
    return hand


def test_limit_an_all_in_of_at_least_half_a_bet_reopens_the_betting() -> None:
    """Issue 15, rule 3; RRoP, Betting and Raising (limit: an all-in wager of half a
    bet or more is treated as a full bet): at 10/20 on the flop, bet 10, call,
    all in to 17; the first bettor may re-raise, to 27."""
    hand = limit_flop(27)
    hand.act(0, BetOrRaise(10))
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(17))
    hand.act(3, CheckOrCall())
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.call_amount == 7
    assert legal.can_raise and (legal.min_raise_to, legal.max_raise_to) == (27, 27)
    hand.act(0, BetOrRaise(27))
    assert hand.bets == [27, 10, 17, 17]


def test_limit_an_all_in_of_less_than_half_a_bet_does_not_reopen() -> None:
    """The other side of the half-bet rule: all in to 14 over a bet of 10 is no
    raise for the players who already acted."""
    hand = limit_flop(24)
    hand.act(0, BetOrRaise(10))
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(14))
    hand.act(3, CheckOrCall())
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.call_amount == 4 and not legal.can_raise


def test_limit_an_all_in_bet_of_less_than_half_a_bet_may_be_completed() -> None:
    """Issue 15, rule 4; RRoP, Betting and Raising: after an all-in bet of 4 at
    10/20 the next player may fold, call 4, or complete the bet to 10."""
    hand = limit_flop(14)
    hand.act(0, CheckOrCall())
    hand.act(1, CheckOrCall())
    hand.act(2, BetOrRaise(4))
    legal = hand.legal_actions()
    assert legal.player == 3
    assert legal.can_fold and legal.call_amount == 4
    assert (legal.min_raise_to, legal.max_raise_to) == (10, 10)
    assert legal.is_completion  # the table's button reads "Complete to 10"
    events = hand.act(3, BetOrRaise(10))
    assert events[0] == PlayerActed(3, "complete", 10, 10, False)
    # Completing is a full bet: it reopens the betting to the players who checked.
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.can_raise and legal.min_raise_to == 20


# ------------------------------------------------ 5. stud's odd chip


def test_stud_the_odd_chip_goes_to_the_highest_card_by_suit_not_the_seat() -> None:
    """Issue 15, rule 5; RRoP, Ties (all cards count, not only the five that
    play); Poker TDA, odd chips in stud. Antes 1, bring-in 2: player 1 brings
    in, player 2 calls, player 3 folds; a pot of 7. Both play A-K-Q-J-T; player
    2's ace of diamonds beats player 1's ace of clubs, so player 2 gets the odd
    chip although player 1 sits nearer the dealer's left."""
    hand = Hand(
        HandSetup(
            VARIANTS["F7S"], (100,) * 3, antes=(1, 1, 1), bring_in=2, small_bet=10, big_bet=20
        )
    )
    for player, cards in enumerate(("KhQh2c", "KdQd3c", "4s5s9h")):
        hand.deal_hole(player, parse_cards(cards))
    hand.act(0, PostBringIn())
    hand.act(1, CheckOrCall())
    hand.act(2, Fold())
    for first, second in (("Jc", "Js"), ("Tc", "Ts"), ("Ac", "Ad"), ("6h", "6d")):
        hand.deal_hole(0, parse_cards(first))
        hand.deal_hole(1, parse_cards(second))
        while hand.phase is Phase.BETTING and hand.actor is not None:
            hand.act(hand.actor, CheckOrCall())
    assert hand.is_complete
    award = next(e for e in hand.events if isinstance(e, PotAwarded))
    assert award.amount == 7
    assert award.winners == ((0, 3), (1, 4))


def test_razz_the_odd_chip_goes_to_the_lowest_card_by_suit() -> None:
    """RRoP, Ties: in a low game the odd chip goes to the lowest card by suit,
    aces low; a high half of stud hi-lo goes by the highest card."""
    hands = [parse_cards("Ad2c3c4d5h9s"), parse_cards("Ac2d3d4c5s9h")]
    assert odd_chip_order([0, 1], hands, low=True) == [1, 0]  # the ace of clubs
    assert split_amount(13, [0, 1], odd_chip_order([0, 1], hands, low=True)) == [(0, 6), (1, 7)]
    assert odd_chip_order([0, 1], hands, low=False) == [0, 1]  # the nine of spades


def test_hold_em_keeps_the_odd_chip_left_of_the_button() -> None:
    assert split_amount(13, [2, 0]) == [(0, 7), (2, 6)]


# --------------------------------------------- 8. a draw's reshuffle


def test_a_draw_reshuffle_never_gives_a_player_back_their_own_discards() -> None:
    """Issue 15, rule 8; seed 003, "Kartentausch". Seven players draw; the stub
    runs out serving the fourth, so only the first three players' discards (and
    folded hands, none here) are gathered with the stub's last card: the fifth
    to seventh cannot be dealt their own discards."""
    for seed in range(40):
        order = Deck.shuffled(DeckKind.STANDARD, random.Random(seed)).order
        hand = Hand(
            HandSetup(
                VARIANTS["F5D"], (100,) * 7, antes=(1,) * 7, small_bet=2, big_bet=4, deck=order
            )
        )
        check_down_round(hand)
        for player in range(7):
            hand.act(player, Discard(tuple(hand.hole_cards[player][:4])))
        reshuffles = [e for e in hand.events if isinstance(e, StubReshuffled)]
        # 35 dealt, one burned: 16 left, 15 dealable; 4 + 4 + 4 = 12, the fourth
        # player gets 3 and then the 12 discards of the first three come back;
        # the seventh player runs it short again and gets those of the 4th-6th.
        assert reshuffles == [StubReshuffled("discards", 12)] * 2
        for player in range(7):
            assert not set(hand.hole_cards[player]) & set(hand.discards[player])


def test_a_draw_reshuffle_gathers_folded_hands_too() -> None:
    """Our choice where the seed's "abgelegt" is ambiguous: a folded hand was laid
    down too, so it is shuffled back with the discards (as PokerKit does)."""
    order = Deck.shuffled(DeckKind.STANDARD, random.Random(1)).order
    hand = Hand(
        HandSetup(VARIANTS["F5D"], (100,) * 7, antes=(1,) * 7, small_bet=2, big_bet=4, deck=order)
    )
    hand.act(0, BetOrRaise(2))
    for player in range(1, 7):
        hand.act(player, Fold() if player == 6 else CheckOrCall())
    folded = list(hand.hole_cards[6])
    for player in range(6):
        hand.act(player, Discard(tuple(hand.hole_cards[player][:4])))
    # 24 drawn from 15 dealable: after 15 the first players' discards and the
    # folded hand come back.
    reshuffle = next(e for e in hand.events if isinstance(e, StubReshuffled))
    assert reshuffle.count >= len(folded)
    served = [card for player in range(6) for card in hand.hole_cards[player]]
    assert len(set(served)) == 30
    del folded


def check_down_round(hand: Hand) -> None:
    street = hand.street_index
    while hand.phase is Phase.BETTING and hand.actor is not None and hand.street_index == street:
        hand.act(hand.actor, CheckOrCall())


def pokerkit_triple_draw(seed: int, players: int = 4) -> tuple[str, list[tuple[int, int, Card]]]:
    """A hand of 2-7 triple draw PokerKit 0.7.7 deals by itself (its deck
    shuffled with ``random.seed(seed)``), everyone calling and throwing two to
    five random cards at each draw: its PHH text, and each card PokerKit dealt
    in a draw after it reshuffled, as (draw, player, card)."""
    import pokerkit as pk

    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    game = pk.FixedLimitDeuceToSevenLowballTripleDraw(automations, True, 0, (1, 2), 2, 4)
    random.seed(seed)
    choices = random.Random(seed)
    state = game((200,) * players, players)
    after_reshuffle: list[tuple[int, int, Card]] = []
    reshuffled_in: int | None = None
    while state.status:
        if state.can_deal_hole():
            before, player = len(state.deck_cards), state.hole_dealee_index
            state.deal_hole(1)
            if len(state.deck_cards) > before:
                reshuffled_in = state.street_index
            if state.street_index and state.street_index == reshuffled_in:
                (card,) = parse_cards(repr(state.hole_cards[player][-1]))
                after_reshuffle.append((state.street_index, player, card))
        elif state.can_stand_pat_or_discard():
            held = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(choices.sample(held, choices.randint(2, 5)))
        elif state.can_check_or_call():
            state.check_or_call()
        else:
            state.show_or_muck_hole_cards()
    return pk.HandHistory.from_game_state(game, state).dumps(), after_reshuffle


def test_a_triple_draw_reshuffle_returns_earlier_draws_discards_as_pokerkit_deals_them() -> None:
    """Issue 24: a hand PokerKit 0.7.7 generated was refused at its third draw
    (``6c was already dealt or is not in this deck``): the stub ran out serving
    p3, and p4 was then dealt 6c and Jd, which p3 had thrown in the first draw.
    By Robert's Rules of Poker (draw) the new stub is the bottom card and every
    discard but those of the player being served; p3's first-draw discards lay
    in the pile with everyone's, so they come back. The engine keeps out only
    this draw's discards of the player served and of those after him."""
    from engine.phh.reading import loads
    from engine.phh.replaying import replay

    text, after_reshuffle = pokerkit_triple_draw(32)
    history = loads(text)
    p3_first_draw = next(line for line in history.actions if line.startswith("p3 sd"))
    assert p3_first_draw == "p3 sd Jd6c"
    assert (3, 3, parse_cards("6c")[0]) in after_reshuffle
    assert (3, 3, parse_cards("Jd")[0]) in after_reshuffle
    result = replay(history)
    assert result.ok, result.record()
    assert result.complete and result.finishing_stacks == (198, 206, 198, 198)
    assert [e for e in result.hand.events if isinstance(e, StubReshuffled)] == [
        StubReshuffled("discards", 27)
    ]


def test_a_reshuffle_never_returns_the_cards_the_player_served_threw_in_this_draw() -> None:
    """The other half of the rule: whoever the stub runs out on, no player is
    dealt a card he threw in the same draw (a card of an earlier draw may come
    back to him, as it may at a casino's table)."""
    for seed in range(40):
        order = Deck.shuffled(DeckKind.STANDARD, random.Random(seed)).order
        hand = Hand(
            HandSetup(
                VARIANTS["F2L3D"],
                (100,) * 6,
                blinds=(1, 2, 0, 0, 0, 0),
                small_bet=2,
                big_bet=4,
                deck=order,
            )
        )
        while not hand.is_complete:
            legal = hand.legal_actions()
            if legal.phase is Phase.DISCARDING:
                held = hand.hole_cards[legal.player]
                before = list(held)
                hand.act(legal.player, Discard(tuple(held[:4])))
                assert not set(hand.hole_cards[legal.player]) & set(before[:4])
            elif legal.phase is Phase.SHOWDOWN:
                hand.finish()
            else:
                hand.act(legal.player, CheckOrCall())
