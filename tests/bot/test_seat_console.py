"""The seat view is edited while Discord lets it be, and let go after; a time
bank and the table's restart; a turn notice is never sent for a turn a
pre-action took."""

from __future__ import annotations

import asyncio

import pytest

from bot.database import Database
from bot.render.card_markup import TEXT_FACES
from bot.render.message import OutgoingMessage
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.seat_console import SEAT_VIEW_SECONDS, SEAT_VIEW_WARNING
from bot.tables.table_settings import TableSettingsError
from bot.tables.time_bank import parse_time_bank
from bot.tables.turn_notices import set_notice_choice
from engine import PreAction
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, check_or_call, config, seated_table, to_act


class Editor:
    """Stands in for an interaction's token: records each edit."""

    def __init__(self) -> None:
        self.edits: list[OutgoingMessage] = []

    async def __call__(self, message: OutgoingMessage) -> bool:
        self.edits.append(message)
        return True

    def last(self) -> str:
        embed = self.edits[-1].embed
        assert embed is not None
        return str(embed.description)


async def test_the_seat_view_follows_the_hand_for_fourteen_minutes_only(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), {1: "Ann", 2: "Ben"})
    waiting = next(uid for uid in (1, 2) if uid != to_act(runner))
    editor = Editor()
    shown = runner.seats.message_for(waiting, "en", TEXT_FACES)
    runner.seats.open(waiting, "en", TEXT_FACES, editor, shown=shown)
    await check_or_call(runner)
    await runner.settled()
    assert editor.edits and "It is your turn" in editor.last()
    count = len(editor.edits)
    clock.advance(SEAT_VIEW_SECONDS + 1)  # the clock acts meanwhile: the view is let go
    await runner.settled()
    # Its last edit says so (issue 23) and offers nothing; later changes edit nothing.
    assert len(editor.edits) == count + 1
    assert "This view no longer updates" in editor.last() and not editor.edits[-1].buttons
    while runner.live is not None:
        await check_or_call(runner)
        await runner.settled()
    assert len(editor.edits) == count + 1


async def play_on(runner: TableRunner, clock: FakeClock, seconds: float) -> None:
    """Time passes at the table while everyone plays in time (checks and calls)."""
    for _ in range(int(seconds // 10)):
        clock.advance(10)
        await asyncio.sleep(0)  # alarms rung: their callbacks run
        await runner.settled()
        if runner.live is not None and runner.live.hand.to_act is not None:
            await check_or_call(runner)
            await runner.settled()
    clock.advance(seconds % 10)
    await asyncio.sleep(0)
    await runner.settled()


def said(message: OutgoingMessage) -> str:
    return str(message.embed.description) if message.embed is not None else ""


async def test_the_seat_view_carries_on_and_says_until_when_it_is_kept_current(
    database: Database,
) -> None:
    """The view follows the next hands (issue 23); three minutes before the token's
    end it says until when; a click's fresh token (``renew``) starts anew."""
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), {1: "Ann", 2: "Ben"})
    live = runner.live
    assert live is not None
    player, first_hand = to_act(runner), live.hand_no
    editor = Editor()
    runner.seats.open(player, "en", TEXT_FACES, editor)
    await play_on(runner, clock, SEAT_VIEW_WARNING - 5)
    titles = {str(m.embed.title) for m in editor.edits if m.embed is not None}
    assert len(titles) > 3, titles  # hand after hand, in the same view
    assert f"Your seat, hand {first_hand}" in titles
    assert not [m for m in editor.edits if "stops updating" in said(m)]
    await play_on(runner, clock, 5)
    until = int(clock.wall_now()) + SEAT_VIEW_SECONDS - SEAT_VIEW_WARNING
    assert f"This view stops updating <t:{until}:R>" in editor.last()

    fresh = Editor()
    count = len(editor.edits)
    assert runner.seats.renew(player, fresh)
    await play_on(runner, clock, SEAT_VIEW_SECONDS - 10)  # the old token's end passes
    assert len(editor.edits) == count  # the old token is never used again
    assert fresh.edits
    assert not [m for m in fresh.edits if "no longer updates" in said(m)]
    assert "stops updating" in fresh.last()
    await play_on(runner, clock, 10)
    assert "This view no longer updates" in fresh.last() and not fresh.edits[-1].buttons
    assert not runner.seats.renew(player, Editor())  # let go: "My cards" opens a new one


async def test_a_pre_action_turn_is_never_announced(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    for user_id in (1, 2, 3):
        await set_notice_choice(database, user_id, "mention")
    runner = await seated_table(database, clock, outlet, config(), {1: "Ann", 2: "Ben", 3: "Cat"})
    await runner.settled()
    first = to_act(runner)
    live = runner.live
    assert live is not None
    later = [uid for uid in live.deal.players if uid != first]
    for user_id in later:
        await runner.choose_pre_action(user_id, PreAction.CALL_ANY, live.hand_no)
    away = runner.services.away_seconds

    def noticed() -> list[int | None]:
        return [d.user_id for d in outlet.deliveries if d.kind == "notice"]

    clock.advance(away)  # the first player seems away: told
    await asyncio.sleep(0)
    await runner.settled()
    assert noticed() == [first]
    await runner.act(first, ActionRequest(Move.CHECK_OR_CALL))
    await runner.settled()
    # Both others called at once before the flop: on the flop (a choice lasts one
    # betting round) the next player to act is told once they seem away.
    live = runner.live
    assert live is not None and len(live.hand.board) == 3
    assert noticed() == [first]
    clock.advance(away)
    await asyncio.sleep(0)
    await runner.settled()
    assert noticed() == [first, to_act(runner)]


def test_a_time_bank_typed_wrong_is_refused_politely() -> None:
    assert parse_time_bank("45+10/5").every_hands == 5
    for typed in ("", "abc", "30+5", "30+5/0", "9999"):
        with pytest.raises(TableSettingsError):
            parse_time_bank(typed)


async def test_a_seat_changed_back_while_its_edit_is_out_is_edited_back(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), {1: "Ann", 2: "Ben", 3: "Cat"})
    live = runner.live
    assert live is not None
    waiting = next(uid for uid in live.deal.players if uid != to_act(runner))
    answered = asyncio.Event()

    class SlowEditor(Editor):
        async def __call__(self, message: OutgoingMessage) -> bool:
            self.edits.append(message)
            await answered.wait()  # Discord takes its time when this is clear
            return True

    editor = SlowEditor()
    answered.set()
    runner.seats.open(waiting, "en", TEXT_FACES, editor)
    choice = runner.seats.view_for(waiting).offered[0]
    await runner.choose_pre_action(waiting, choice, live.hand_no)
    await runner.settled()
    await runner.choose_pre_action(waiting, None, live.hand_no)
    await runner.settled()
    assert len(editor.edits) == 2  # the choice, then without it
    without = editor.edits[-1]
    answered.clear()
    await runner.choose_pre_action(waiting, choice, live.hand_no)
    await asyncio.sleep(0)  # the edit showing the choice is out, and slow
    await runner.choose_pre_action(waiting, None, live.hand_no)  # changed their mind
    answered.set()
    await runner.settled()
    # The view ends without the choice, not on the one taken back meanwhile.
    assert len(editor.edits) == 4
    assert editor.edits[-1].buttons == without.buttons
    assert editor.last() == str(without.embed.description if without.embed else "")
