"""A cash table waiting for players offers Sit down, Top up and Leave, each only
where it applies; a hand in play, a tournament and a closed table do not."""

from __future__ import annotations

from dataclasses import replace

from bot.render.custom_ids import SEAT_DESK_BUTTON
from bot.render.table_message import table_message
from bot.render.views import SeatLine, TableSnapshot, TournamentView


def waiting(*stacks: int, seat_count: int = 6) -> TableSnapshot:
    return TableSnapshot(
        table_id=7,
        variant_name="No-limit Texas Hold'em",
        small_blind=5,
        big_blind=10,
        min_buy_in=200,
        max_buy_in=1000,
        seat_count=seat_count,
        seats=tuple(
            SeatLine(seat=number, user_id=number, name=f"P{number}", stack=stack)
            for number, stack in enumerate(stacks, start=1)
        ),
    )


def offered(snapshot: TableSnapshot) -> list[tuple[str, str]]:
    found = []
    for button in table_message(snapshot, "en").buttons:
        match = SEAT_DESK_BUTTON.fullmatch(button.custom_id)
        assert match is not None, button.custom_id
        assert match["table"] == "7"
        found.append((match["action"], button.label))
    return found


def text(snapshot: TableSnapshot, locale: str = "en") -> str:
    message = table_message(snapshot, locale)
    return "\n".join(getattr(block, "text", "") for block in message.layout)


def test_an_empty_table_offers_a_seat() -> None:
    assert offered(waiting()) == [("sit", "Sit down")]
    assert "**Sit down** below or use /poker join (buy-in 200 to 1,000)" in text(waiting())
    assert "**Hinsetzen** unten" in text(waiting(), "de")


def test_a_busted_player_may_top_up_or_leave() -> None:
    assert offered(waiting(0)) == [("sit", "Sit down"), ("topup", "Top up"), ("leave", "Leave")]
    # Everyone at the maximum: nothing to top up.
    assert offered(waiting(1000)) == [("sit", "Sit down"), ("leave", "Leave")]
    # A full table: no seat to offer.
    full = waiting(0, 1000, seat_count=2)
    assert offered(full) == [("topup", "Top up"), ("leave", "Leave")]
    assert "/poker join (buy-in" in text(full) and "Sit down" not in text(full)


def test_no_seat_buttons_while_a_hand_is_played_or_when_none_can_be_dealt() -> None:
    in_play = table_message(replace(waiting(500, 500), hand_no=3), "en").buttons
    assert not [b for b in in_play if SEAT_DESK_BUTTON.fullmatch(b.custom_id)]
    assert table_message(replace(waiting(0), closed=True), "en").buttons == ()
    assert table_message(replace(waiting(0), next_hand_at=1_700_000_000), "en").buttons == ()
    tournament = TournamentView(
        started=False,
        buy_in=100,
        starting_stack=1500,
        level_minutes=10,
        level_hands=None,
        registered=1,
        seat_count=6,
        entrants=0,
        players_left=1,
        prize_pool=100,
        prizes=(),
    )
    assert table_message(replace(waiting(0), tournament=tournament), "en").buttons == ()
