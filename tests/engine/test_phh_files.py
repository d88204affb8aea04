"""PHH files: reading fields with their types, keeping metadata, writing TOML
that reads back the same, and mapping a history onto the engine's setup."""

import datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.phh import HandHistory, HistoryError, dumps, dumps_all, loads, loads_all
from engine.phh.reading import parse_toml

WSOP_STYLE = """
variant = 'NT'
ante_trimming_status = false
antes = [0, 120000, 0, 0, 0]
blinds_or_straddles = [40000, 80000, 0, 0, 0]
min_bet = 80000
starting_stacks = [7380000, 2500000, 5110000, 10170000, 4545000]
actions = ['d dh p1 7s4s', 'd dh p2 Js8h', 'p3 f  # folds fast']
author = 'Juho Kim'
day = 22
time = 00:00:01
hand = 1
players = ['Matthew Ashton', 'Kristopher Tong', 'James Obst', 'Talal Shakerchi', 'Brian Rast']
finishing_stacks = [7340000, 3775000, 5110000, 8935000, 4545000]
_venue_notes = { table = 3, tv = true }
"""


def test_the_fields_are_read_with_their_types_and_metadata_kept_in_order() -> None:
    history = loads(WSOP_STYLE)
    assert history.variant == "NT"
    assert history.antes == (0, 120000, 0, 0, 0)
    assert history.min_bet == 80000
    assert history.bring_in is None and history.small_bet is None
    assert history.actions[2] == "p3 f  # folds fast"
    assert history.players[4] == "Brian Rast"
    assert history.finishing_stacks == (7340000, 3775000, 5110000, 8935000, 4545000)
    assert list(history.extra) == ["author", "day", "time", "hand", "_venue_notes"]
    assert history.extra["time"] == datetime.time(0, 0, 1)


def test_writing_then_reading_gives_the_same_history() -> None:
    history = loads(WSOP_STYLE)
    text = dumps(history)
    assert loads(text) == history
    assert dumps(loads(text)) == text


def test_decimal_amounts_stay_exact() -> None:
    history = loads('variant = "NT"\nstarting_stacks = [25, 54.75]\nmin_bet = 0.10')
    assert history.starting_stacks == (25, Decimal("54.75"))
    assert history.min_bet == Decimal("0.10")
    assert history.chip_scale() == 100
    assert loads(dumps(history)) == history


def test_a_bulk_file_keeps_its_table_names_and_order() -> None:
    one = loads(WSOP_STYLE)
    two = HandHistory("PO", (100, 100), ("d dh p1 AsKsQsJs",), antes=(0, 0), min_bet=2)
    text = dumps_all({"9": one, "2": two})
    assert list(loads_all(text).items()) == [("9", one), ("2", two)]
    assert list(loads_all(dumps_all([one, two]))) == ["1", "2"]


@given(
    st.dictionaries(
        st.from_regex(r"_[a-z][a-z_]{0,8}", fullmatch=True),
        st.one_of(
            st.text(),
            st.integers(),
            st.booleans(),
            st.lists(st.text(max_size=5), max_size=3),
            st.decimals(allow_nan=False, allow_infinity=False, places=3),
        ),
        max_size=4,
    )
)
def test_any_metadata_round_trips_through_the_writer(extra: dict[str, object]) -> None:
    history = HandHistory("NT", (100, 100), extra=extra)
    assert loads(dumps(history)) == history


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("starting_stacks = [1, 2]", "variant"),
        ('variant = "NT"', "starting_stacks"),
        ('variant = "NT"\nstarting_stacks = [1, "x"]', "number"),
        ('variant = "NT"\nstarting_stacks = [1, 2]\nantes = [0, 0, 0]', "3 entries for 2"),
        ('variant = "NT"\nstarting_stacks = [1, 2]\nactions = [1]', "strings"),
        ('variant = "NT"\nstarting_stacks = [1, 2]\nante_trimming_status = 1', "true or false"),
        ('variant = "NT"\nstarting_stacks = [1, 2', "TOML"),
    ],
)
def test_a_malformed_history_is_refused_with_the_reason(text: str, complaint: str) -> None:
    with pytest.raises(HistoryError, match=complaint):
        loads(text)


def test_heads_up_forced_bets_are_reversed_onto_the_engines_order() -> None:
    history = HandHistory("NT", (200, 300), antes=(0, 3), blinds_or_straddles=(1, 2), min_bet=2)
    setup = history.to_setup()
    # PHH lists heads-up bets from the small blind (the button, our index 1).
    assert setup.blinds == (2, 1)
    assert setup.antes == (3, 0)
    three = HandHistory("NT", (1, 2, 3), blinds_or_straddles=(1, 2, 0), min_bet=2)
    assert three.to_setup().blinds == (1, 2, 0)


def test_a_scale_counts_decimal_amounts_in_whole_chips() -> None:
    history = loads(
        'variant = "NT"\nstarting_stacks = [25, 54.75, 16.35]\n'
        "blinds_or_straddles = [0.10, 0.25, -0.25]\nmin_bet = 0.25\n"
        'actions = ["p3 cbr 0.75"]'
    )
    assert history.chip_scale() == 100
    setup = history.to_setup(100)
    assert setup.starting_stacks == (2500, 5475, 1635)
    # A negative blind is posted (out of position, as PokerKit reads it).
    assert setup.blinds == (10, 25, 25)
    with pytest.raises(HistoryError, match="whole number"):
        history.to_setup(10)


def test_an_unknown_variant_is_named() -> None:
    with pytest.raises(HistoryError, match="'XX'"):
        HandHistory("XX", (1, 2)).to_setup()


def test_the_toml_subset_is_valid_toml() -> None:
    history = HandHistory(
        "NT",
        (100, 100),
        extra={
            "event": 'A "quoted"\\ name\nwith a tab\t and \x01 and ünïcödé',
            "odd key": 1,
            "when": datetime.datetime(2023, 6, 22, 14, 5, tzinfo=datetime.UTC),
            "date": datetime.date(2023, 6, 22),
            "nested": {"a": [1, 2], "b": {"c": "d"}},
            "inf": Decimal("Infinity"),
        },
    )
    assert parse_toml(dumps(history))["odd key"] == 1
    assert loads(dumps(history)) == history


def test_a_rake_cap_is_counted_in_the_same_chips_as_the_stacks() -> None:
    extra = {"_rake_basis_points": 500, "_rake_cap": 3, "_rake_no_flop_no_drop": False}
    history = HandHistory("NT", (25, Decimal("16.35")), extra=extra)
    rake = history.to_setup(history.chip_scale()).rake
    assert rake is not None
    assert (rake.basis_points, rake.cap, rake.no_flop_no_drop) == (500, 300, False)
