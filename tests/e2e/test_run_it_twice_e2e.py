"""Run it twice when the all-in comes on the flop, through the fake Discord and
the real bot: heads-up, both players see the flop, one moves all in and is
called; the table message asks both whether to run it twice, both click
*Run it twice*, the turn and river are dealt twice under the one flop and each
board wins half of the pot. ``/poker verify`` opens every card of both boards
at its place in the committed deck, and the audit at the end (which deals each
finished hand again from its log) is clean. With a pause between the streets
of a run-out, the four streets still to come arrive one by one on the table's
clock: the first run's turn and river, then the second's."""

from __future__ import annotations

import re
from pathlib import Path

from bot.render.custom_ids import table_button_id
from engine import PotAwarded
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.fake_discord.messages import StoredMessage
from tests.e2e.hand_records import _replayed, hand_records
from tests.e2e.privacy import check_privacy
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView, Turn
from tests.e2e.test_home_game_e2e import answer, buttons_of, description, open_heads_up

PAUSE = 2


async def click(members: dict[str, Member], turn: Turn, action: str) -> None:
    assert action in turn.buttons, (action, turn.buttons)
    button = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
    reply = await members[turn.actor].click(custom_id=button, message=turn.message_id)
    assert reply.silent, reply


async def all_in_on_the_flop_both_say_twice(
    fake: FakeDiscord, members: dict[str, Member], view: TableView
) -> Turn:
    """Heads-up: both see the flop, one moves all in and is called; the table
    message asks both to run it twice, and both click *Run it twice*. Returns
    the hand's first turn."""
    # Before the flop: the button calls, the big blind checks.
    turn = await view.next_turn()
    assert turn is not None
    await click(members, turn, "call")
    checked = await view.next_turn(turn.key)
    assert checked is not None and checked.actor != turn.actor
    await click(members, checked, "call")  # labelled Check
    # On the flop: all in, and called.
    shove = await view.next_turn(checked.key)
    assert shove is not None
    await click(members, shove, "allin")
    called = await view.next_turn(shove.key)
    assert called is not None and called.actor != shove.actor
    await click(members, called, "call")

    def offering() -> StoredMessage | None:
        message = view.table_message()
        return message if message is not None and "twice" in buttons_of(message) else None

    message = await fake.wait_for(offering, timeout=10)
    text = description(message)
    assert "run it twice? Still to choose: Ann, Ben" in text, text
    assert "Chances on " in text, text  # on the flop, both hands face up
    seq = int(buttons_of(message)["twice"]["seq"])
    await members[called.actor].click(
        custom_id=table_button_id(turn.table_id, turn.hand_no, seq, "twice"),
        message=message.id,
    )

    def asking_the_other() -> StoredMessage | None:
        shown = offering()
        if shown is None or int(buttons_of(shown)["twice"]["seq"]) <= seq:
            return None
        return shown

    message = await fake.wait_for(asking_the_other, timeout=10)
    assert f"Still to choose: {shove.actor} " in description(message)
    await members[shove.actor].click(
        custom_id=table_button_id(turn.table_id, turn.hand_no, seq + 1, "twice"),
        message=message.id,
    )
    return turn


async def test_all_in_on_the_flop_is_offered_run_it_twice_and_each_board_wins_half(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=5) as croupier:
        ann, ben, view = await open_heads_up(fake, run_it_twice=True)
        turn = await all_in_on_the_flop_both_say_twice(fake, {"Ann": ann, "Ben": ben}, view)
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)
        await croupier.settled()
        final = view.table_message()
        assert final is not None
        text = description(final)
        assert "Board 1" in text and "Board 2" in text, text
        assert "The board is run twice" in text, text
        # The chances from the flop on, then the second run's from the same flop,
        # the first run's turn and river out of play.
        assert text.count("Chances on ") == 4 and "Second run · Chances on " in text, text

        row = await croupier.database.fetch_one(
            "SELECT id FROM hands WHERE hand_no = ?", (turn.hand_no,)
        )
        assert row is not None
        _, hand = await _replayed(croupier.database, row["id"])
        assert hand.runouts == 2
        first_run, second_run = hand.boards
        # One flop; the turn and the river dealt twice.
        assert len(first_run) == len(second_run) == 5
        assert first_run[:3] == second_run[:3] and not set(first_run[3:]) & set(second_run[3:])
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        assert [a.share for a in awards] == ["board 1", "board 2"]
        assert [a.amount for a in awards] == [500, 500]  # each board half of the 1000 pot
        assert sum(hand.stacks) == 1000

        # The opening covers the second board's own cards too.
        zed = fake.add_member("Zed")
        opened = await answer(zed, "poker", "verify", hand=turn.hand_no)
        for card in (*first_run, *second_run[3:]):
            assert re.search(rf"^\d+ {card} ", opened, re.MULTILINE), (card, opened)

        await answer(ann, "poker", "close")
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, [ann, ben, zed], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])


def boards_now(croupier: Croupier) -> list[int]:
    """How many cards each board of the hand being played holds."""
    (runner,) = croupier.bot.tables.runners
    live = runner.live
    assert live is not None
    return [len(board) for board in live.hand.boards]


async def test_with_a_pause_the_two_runs_after_a_flop_all_in_come_street_by_street(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=5, runout_pause_seconds=PAUSE
    ) as croupier:
        ann, ben, view = await open_heads_up(fake, run_it_twice=True)
        turn = await all_in_on_the_flop_both_say_twice(fake, {"Ann": ann, "Ben": ben}, view)
        await croupier.settled()
        stages = [boards_now(croupier)]
        for _ in range(3):
            clock.advance(PAUSE)
            await croupier.settled()
            stages.append(boards_now(croupier))
        # The first run's turn and river, then the second run (from the one flop)'s turn.
        assert stages == [[3], [4], [5], [5, 4]], stages
        assert turn.hand_no not in view.results(), "the second river waits for the pause"
        clock.advance(PAUSE)
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)
        await croupier.settled()
        row = await croupier.database.fetch_one(
            "SELECT id FROM hands WHERE hand_no = ?", (turn.hand_no,)
        )
        assert row is not None
        _, hand = await _replayed(croupier.database, row["id"])
        assert hand.runouts == 2 and [len(board) for board in hand.boards] == [5, 5]
        assert sum(hand.stacks) == 1000
