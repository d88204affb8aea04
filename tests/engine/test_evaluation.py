"""Hand evaluation, checked the way a player at the table would check it."""

import itertools

import pytest

from engine.cards import Card, parse_cards
from engine.evaluation import (
    Category,
    Evaluation,
    HandValue,
    describe_strength,
    evaluate,
    high_strength,
    short_deck_high_strength,
    showing_strength,
    strength_of,
)

E = Evaluation


def value(evaluation: Evaluation, hole: str, board: str = "") -> HandValue:
    judged = evaluate(evaluation, parse_cards(hole), parse_cards(board))
    assert judged is not None
    return judged


def high(cards: str) -> HandValue:
    return value(E.STANDARD_HIGH, cards)


def read(judged: HandValue) -> str:
    return "".join(str(card) for card in judged.cards)


# Standard high -------------------------------------------------------------


def test_categories_rank_from_high_card_to_royal_flush() -> None:
    ladder = [
        ("Ks9d7c4h2s", Category.HIGH_CARD),
        ("2s2dKc9h7s", Category.PAIR),
        ("2s2d3c3hKs", Category.TWO_PAIR),
        ("2s2d2c4h5s", Category.THREE_OF_A_KIND),
        ("As2d3c4h5s", Category.STRAIGHT),
        ("6s5d4c3h2s", Category.STRAIGHT),
        ("AsKdQcJhTs", Category.STRAIGHT),
        ("2s3s4s5s7s", Category.FLUSH),
        ("2s2d2c3h3s", Category.FULL_HOUSE),
        ("2s2d2c2h3s", Category.FOUR_OF_A_KIND),
        ("As2s3s4s5s", Category.STRAIGHT_FLUSH),
        ("AsKsQsJsTs", Category.STRAIGHT_FLUSH),
    ]
    values = [high(cards) for cards, _ in ladder]
    assert [v.category for v in values] == [category for _, category in ladder]
    assert all(worse < better for worse, better in itertools.pairwise(values))


def test_the_wheel_is_a_straight_read_five_high_and_the_lowest_one() -> None:
    wheel = value(E.STANDARD_HIGH, "As2d", "3c4h5s9dKc")
    assert wheel.category is Category.STRAIGHT
    assert read(wheel) == "5s4h3c2dAs"
    assert wheel.describe() == "Straight, five high"
    assert wheel < high("6s5d4c3h2s")
    assert wheel > high("AsAdAcKhQs")
    assert high("Qs Ks As 2d 3c").category is Category.HIGH_CARD  # no wrapping round


def test_kickers_decide_and_the_sixth_card_does_not() -> None:
    board = "As9d7c4h2s"
    assert value(E.STANDARD_HIGH, "AdKc", board) > value(E.STANDARD_HIGH, "AhQc", board)
    # Both play aces with K-9-7-4 no matter which small card they hold.
    assert value(E.STANDARD_HIGH, "AdKc3d", "9h7c4h2s") == value(
        E.STANDARD_HIGH, "AhKd", "9h7c4h2s"
    )
    assert high("KsKd9c8h2s") > high("KhKc9d7h6s")
    assert high("AsAdKcKh3s") > high("AhAcKdKs2d")
    assert high("AsAdKcKh2s") > high("AhAcQdQsKd")


def test_when_the_board_plays_the_pot_is_split() -> None:
    board = "AsKsQsJsTs"
    first = value(E.STANDARD_HIGH, "2c3d", board)
    second = value(E.STANDARD_HIGH, "9h9d", board)
    assert first == second and first.strength == second.strength
    assert not first < second and not first > second
    assert hash(first) == hash(second)


def test_seven_cards_use_the_best_five_in_reading_order() -> None:
    judged = value(E.STANDARD_HIGH, "KsKd", "Kh4c4d9s2h")
    assert read(judged) == "KsKhKd4d4c"
    assert judged.describe() == "Full house, kings full of fours"
    two_trips = value(E.STANDARD_HIGH, "7s7d", "7c3s3d3hAs")
    assert two_trips.describe() == "Full house, sevens full of threes"


def test_a_royal_deck_hand_makes_its_only_straight() -> None:
    # Royal Hold'em deals tens to aces; standard rules already cover it.
    broadway = value(E.STANDARD_HIGH, "AsKd", "QcJhTsTdAc")
    assert broadway.category is Category.STRAIGHT
    assert broadway.describe() == "Straight, ace high"


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("KsKdKh4c4d", "Full house, kings full of fours"),
        ("As9s7s4s2s", "Flush, ace high"),
        ("AsAdKcKh2s", "Two pair, aces and kings"),
        ("9s8d7c6h5s", "Straight, nine high"),
        ("AsKsQsJsTs", "Royal flush"),
        ("9h8h7h6h5h", "Straight flush, nine high"),
        ("7s7d2c9hKs", "Pair of sevens"),
        ("As9d7c4h2s", "High card, ace"),
        ("7s7d7cKhAs", "Three of a kind, sevens"),
        ("AsAdAcAhKs", "Four of a kind, aces"),
    ],
)
def test_hands_are_named_as_players_name_them(cards: str, words: str) -> None:
    assert high(cards).describe() == words
    assert str(high(cards)) == words


def test_the_fast_path_gives_the_same_strength_as_evaluate() -> None:
    for cards in ["AsKsQsJsTs9s8s", "2c3d4h5s7c", "7s7d2c9hKsKd", "9h8h7h6h5h4h3h", "AsAdAcAhKsKd"]:
        hand = parse_cards(cards)
        assert high_strength(hand) == high(cards).strength
    assert high_strength(parse_cards("AsKsQsJsTs")) == 7462
    assert high_strength(parse_cards("7d5c4h3s2d")) == 1
    with pytest.raises(ValueError):
        high_strength(parse_cards("AsKs"))


@pytest.mark.parametrize(
    ("evaluation", "lowest_rank"), [(E.STANDARD_HIGH, 0), (E.SHORT_DECK_HIGH, 4)]
)
def test_every_class_of_high_hand_is_named_from_its_strength_alone(
    evaluation: Evaluation, lowest_rank: int
) -> None:
    """``describe_strength`` agrees with the hand's own description for every
    rank pattern, suited and not, wheels and royal flushes included."""
    strengths = set()
    for ranks in itertools.combinations_with_replacement(range(lowest_rank, 13), 5):
        if any(ranks.count(rank) > 4 for rank in ranks):
            continue
        offsuit = [Card.of(rank, suit % 4) for suit, rank in enumerate(ranks)]
        hands = [offsuit]
        if len(set(ranks)) == 5:
            hands.append([Card.of(rank, 2) for rank in ranks])
        for cards in hands:
            judged = evaluate(evaluation, cards)
            assert judged is not None
            assert strength_of(evaluation, cards) == judged.strength
            assert describe_strength(evaluation, judged.strength) == judged.describe()
            strengths.add(judged.strength)
    assert strengths == set(range(1, max(strengths) + 1))


def test_low_hands_are_named_from_their_cards_not_their_strength() -> None:
    judged = value(E.ACE_TO_FIVE_LOW, "7s5d4c3h2s")
    assert describe_strength(E.ACE_TO_FIVE_LOW, judged.strength) is None
    assert (
        strength_of(E.EIGHT_OR_BETTER_LOW, parse_cards("9c9d"), parse_cards("Ks4h3s2dTc")) is None
    )


def test_eight_cards_are_judged_by_their_best_five() -> None:
    # Lazy Pineapple keeps three hole cards to the river.
    judged = value(E.STANDARD_HIGH, "AsKs2d", "QsJsTs3c4c")
    assert judged.describe() == "Royal flush"
    assert high_strength(parse_cards("AsKs2dQsJsTs3c4c")) == judged.strength


# Short deck ----------------------------------------------------------------


def short(cards: str) -> HandValue:
    return value(E.SHORT_DECK_HIGH, cards)


def test_short_deck_flush_beats_full_house_and_trips_beat_a_straight() -> None:
    assert short("6s8s9sJsKs") > short("AsAdAcKhKs")
    assert short("7s7d7cKhAs") > short("TsJdQcKhAs")
    assert short("AsAdAcAhKs") > short("6s8s9sJsKs")
    assert short("6h7h8h9hTh") > short("AsAdAcAhKs")


def test_short_deck_ace_plays_low_below_the_six() -> None:
    lowest = short("As6d7c8h9s")
    assert lowest.category is Category.STRAIGHT
    assert lowest.describe() == "Straight, nine high"
    assert read(lowest) == "9s8h7c6dAs"
    assert lowest < short("6s7d8c9hTs")
    assert high("As6d7c8h9s").category is Category.HIGH_CARD  # not in the full deck
    assert short("Ah6h7h8h9h").describe() == "Straight flush, nine high"


def test_short_deck_fast_path_matches_and_refuses_small_cards() -> None:
    cards = "As6d7c8h9sKdKc"
    assert short_deck_high_strength(parse_cards(cards)) == short(cards).strength
    with pytest.raises(ValueError, match="short deck"):
        evaluate(E.SHORT_DECK_HIGH, parse_cards("As2d"), parse_cards("7c8h9sKdKc"))


# Omaha ---------------------------------------------------------------------


def test_omaha_four_flush_in_hand_with_one_suited_board_card_is_no_flush() -> None:
    judged = value(E.OMAHA_HIGH, "AhKhQhJh", "2h7c8d9sTs")
    assert judged.category is not Category.FLUSH
    assert value(E.STANDARD_HIGH, "AhKhQhJh", "2h7c8d9sTs").category is Category.FLUSH


def test_omaha_board_straight_needs_two_hole_cards_that_fit() -> None:
    board = "5s6d7c8h9s"
    assert value(E.OMAHA_HIGH, "AcAdKcKd", board).category is Category.PAIR
    fitting = value(E.OMAHA_HIGH, "TcJdKcKd", board)
    assert fitting.describe() == "Straight, jack high"
    assert len(fitting.cards) == 5


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Three aces in hand are only a pair of aces with the board's help.
    judged = value(E.OMAHA_HIGH, "AsAdAcKh", "2c7d9hJsQc")
    assert judged.describe() == "Pair of aces"
    # Board trips with a pocket pair is a full house.
    assert value(E.OMAHA_HIGH, "5s5dKcQh", "9c9d9h2s3c").category is Category.FULL_HOUSE
    # Five and six hole cards, and a three-card board, work the same way.
    assert value(E.OMAHA_HIGH, "AhKh2c3c4d", "QhJhTh").describe() == "Royal flush"
    assert value(E.OMAHA_HIGH, "AhKh2c3c4d5d", "QhJhTh8s").describe() == "Royal flush"
    with pytest.raises(ValueError):
        evaluate(E.OMAHA_HIGH, parse_cards("AhKh2c3c"), parse_cards("QhJh"))


# Eight-or-better lows ------------------------------------------------------


def low8(hole: str, board: str = "") -> HandValue | None:
    return evaluate(E.EIGHT_OR_BETTER_LOW, parse_cards(hole), parse_cards(board))


def test_nine_high_does_not_qualify_and_eight_high_does() -> None:
    assert low8("9s5d4c3h2s") is None
    eight = low8("8s5d4c3h2s")
    assert eight is not None and eight.describe() == "8-5-4-3-2 low"


def test_pairs_are_skipped_when_seven_cards_give_five_different_lows() -> None:
    judged = low8("AsAd2c", "3h4s8dKc")
    assert judged is not None
    assert judged.describe() == "8-4-3-2-A low"
    assert low8("AsAd2c2h", "3h3sKc") is None  # only four different low ranks


def test_best_low_is_the_wheel_and_straights_and_flushes_do_not_hurt() -> None:
    wheel = low8("As2s3s4s5s")
    assert wheel is not None and wheel.describe() == "5-4-3-2-A low"
    other = low8("6d4h3c2sAh")
    assert other is not None and wheel > other
    worst = low8("8s7d6c5h4s")
    best_seven = low8("7s6d5c4h3s")
    assert worst is not None and best_seven is not None and worst < best_seven
    eight_seven = low8("8s7d3c2hAs")
    eight_six = low8("8s6d5c4h3s")
    assert eight_seven is not None and eight_six is not None and eight_seven < eight_six


def test_omaha_low_needs_two_low_hole_cards_and_three_low_board_cards() -> None:
    board = "2c3d4h9sKc"
    assert (
        evaluate(E.OMAHA_EIGHT_OR_BETTER_LOW, parse_cards("AsKdQhJc"), parse_cards(board)) is None
    )
    judged = evaluate(E.OMAHA_EIGHT_OR_BETTER_LOW, parse_cards("As5dQhJc"), parse_cards(board))
    assert judged is not None and judged.describe() == "5-4-3-2-A low"
    # Only two low board cards: no low however good the hand.
    dry = parse_cards("2c3dTh9sKc")
    assert evaluate(E.OMAHA_EIGHT_OR_BETTER_LOW, parse_cards("As4d5h6c"), dry) is None


# Razz ----------------------------------------------------------------------


def razz(cards: str) -> HandValue:
    return value(E.ACE_TO_FIVE_LOW, cards)


def test_razz_counts_pairs_against_you_and_ignores_straights_and_flushes() -> None:
    assert razz("As2s3s4s5s").describe() == "5-4-3-2-A low"
    assert razz("As2s3s4s5s") > razz("As2d3c4h6s")
    assert razz("Ks Qd Jc Th 9s") > razz("As Ad 2c 3h 4s")
    assert razz("AsAd2c3h4s").describe() == "Pair of aces"
    assert razz("AsAd2c3h4s") > razz("2s2dAc3h4s")  # aces are the lowest pair
    assert razz("AsAd2c2h3s") < razz("AsAd2c3h4s")


def test_razz_picks_the_best_five_of_seven() -> None:
    judged = value(E.ACE_TO_FIVE_LOW, "AsAd2c", "2h3s4dKc")
    assert judged.describe() == "K-4-3-2-A low"
    assert read(judged)[:2] == "Kc"
    paired = value(E.ACE_TO_FIVE_LOW, "AsAd2c", "2h4s4dKc")
    assert paired.describe() == "Pair of aces"
    assert read(paired) == "AsAdKc4s2c"


# Deuce-to-seven ------------------------------------------------------------


def lowball(cards: str) -> HandValue:
    return value(E.DEUCE_TO_SEVEN_LOW, cards)


def test_deuce_to_seven_best_hand_and_order() -> None:
    best = lowball("7s5d4c3h2s")
    assert best.describe() == "7-5-4-3-2 low"
    assert best > lowball("7s6d4c3h2s")
    assert lowball("7s6d4c3h2s") > lowball("8s5d4c3h2s")


def test_deuce_to_seven_aces_are_high_and_straights_and_flushes_hurt() -> None:
    assert lowball("As5d4c3h2s") < lowball("Ks Qd Jc 9h 7s")
    assert lowball("As5d4c3h2s").describe() == "A-5-4-3-2 low"
    straight = lowball("6s5d4c3h2s")
    assert straight.category is Category.STRAIGHT
    assert straight < lowball("2s2d5c6h7s")  # even a pair beats it
    flush = lowball("7s5s4s3s2s")
    assert flush.describe() == "Flush, seven high"
    assert flush < straight


# Badugi --------------------------------------------------------------------


def badugi(cards: str) -> HandValue:
    return value(E.BADUGI, cards)


def test_badugi_more_cards_beat_fewer_then_lowest_highest_card() -> None:
    assert badugi("4s3h2dAc").describe() == "4-card badugi, 4-3-2-A"
    assert badugi("KsQhJdTc") > badugi("3s2sAh4h")
    assert badugi("7s4d2c2h").describe() == "3-card badugi, 7-4-2"
    assert badugi("7s4d2c2h") > badugi("8s4d2c2h")
    assert badugi("7s5d2c") < badugi("7s4d3c")
    assert badugi("4s3h2dAc") > badugi("5s3h2dAc")


def test_badugi_drops_cards_that_share_a_rank_or_suit() -> None:
    assert badugi("AcAdAhAs").describe() == "1-card badugi, A"
    assert badugi("Ac2c3c4c").category is Category.ONE_CARD_BADUGI
    assert badugi("Ac2c3d4d").describe() == "2-card badugi, 3-A"
    assert badugi("Ac2c3d4d") == badugi("Ah2h3s4s")  # suits never break ties
    assert badugi("Ac4c3d2d").describe() == "2-card badugi, 2-A"


# Comparing and naming ------------------------------------------------------


def test_values_of_different_evaluations_do_not_compare() -> None:
    first, second = high("AsKsQsJsTs"), razz("AsKsQsJsTs")
    with pytest.raises(TypeError):
        _ = first < second
    with pytest.raises(TypeError):
        _ = first == second
    with pytest.raises(TypeError):
        _ = first < 5  # type: ignore[operator]


def test_bad_card_lists_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        evaluate(E.STANDARD_HIGH, parse_cards("AsAs"), parse_cards("2c3d4h"))
    with pytest.raises(ValueError, match="five"):
        evaluate(E.STANDARD_HIGH, parse_cards("AsKs"), parse_cards("2c"))


# Showing cards in stud -----------------------------------------------------


def test_stud_showing_cards_rank_by_pairing_then_high_cards() -> None:
    def showing(cards: str) -> int:
        return showing_strength(E.STANDARD_HIGH, parse_cards(cards))

    assert showing("2s2d2c2h") > showing("AsAdAcKh") > showing("AsAdKcKh") > showing("2s2dAcKh")
    assert showing("2s2d") > showing("AsKd") > showing("AsQd") > showing("KsQd")
    assert showing("As") > showing("Ks")
    assert showing("9s8d7c6h") < showing("2s2d3c4h")  # no straights on four cards
    assert showing("Ks") == showing("Kd")
    with pytest.raises(ValueError):
        showing("2s3s4s5s6s")


def test_razz_showing_cards_lowest_is_best() -> None:
    def showing(cards: str) -> int:
        return showing_strength(E.ACE_TO_FIVE_LOW, parse_cards(cards))

    assert showing("As") > showing("2s") > showing("Ks")
    assert showing("As2d") > showing("3s2d")
    assert showing("Ks Qd") > showing("2s2d")
    assert showing("AsAd") > showing("2s2d")
    assert showing("4s3d2cAh") > showing("5s3d2cAh")
    with pytest.raises(ValueError):
        showing_strength(E.BADUGI, parse_cards("As"))
