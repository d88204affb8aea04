"""The gaps a player would notice on the page (issue 26's polish): the page
speaks the viewer's language to the last word, and says what Discord says."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest

from bot.i18n import t
from bot.local_play import LOCAL_CHANNEL, LOCAL_MEMBER, PlayOptions, QuietOutlet
from bot.render.views import PrivateView
from bot.tables.registry import TableRegistry
from bot.tables.state import LiveHand
from bot.web_surface import WebRoomSetup, load_web_surface
from engine import Evaluation, described, evaluate, parse_cards
from tests.bot.fake_clock import FakeClock
from tests.web.frame_privacy import cards_in, leaked
from tests.web.harness import LocalRoom, local_room
from tests.web.test_room import (
    Reader,
    _allowed,
    finish_the_hand,
    open_socket,
    settle,
    until_members_turn,
)
from web.frames import seat_part
from web.server import WebRoomServer


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        yield session


def _pair_of_tens() -> PrivateView:
    hole, board = tuple(parse_cards("TsTh")), tuple(parse_cards("Kd9c7d5s2h"))
    value = evaluate(Evaluation.STANDARD_HIGH, hole, board)
    assert value is not None
    return PrivateView(
        1,
        2,
        3,
        hole,
        board,
        (value.describe(),),
        hands=(described(value),),
    )


def test_a_german_seat_reads_its_best_hand_in_german() -> None:
    own = _pair_of_tens()
    part = seat_part(
        own,
        None,
        None,
        user_id=5,
        seated=True,
        showdown_choice=False,
        sitting_out=False,
        locale="de",
    )
    assert part["best"] == ["Paar Zehnen"]
    english = seat_part(
        own,
        None,
        None,
        user_id=5,
        seated=True,
        showdown_choice=False,
        sitting_out=False,
        locale="en",
    )
    assert english["best"] == ["Pair of tens"]


async def _fold_before_the_flop(room: LocalRoom, clock: FakeClock, player: Reader) -> LiveHand:
    """The member folds before the flop at a table that hunts rabbits: the hand
    ends with a board to hunt."""
    for _ in range(6):
        assert await until_members_turn(room, clock, hands=2)
        live = room.runner.live
        assert live is not None
        if not room.runner.state.settings.rabbit_hunt or live.hand.boards[0]:
            await player.ask({"type": "act", "move": "call_or_check", "hand_no": live.hand_no})
            await finish_the_hand(room, clock)
            continue
        assert await player.ask({"type": "act", "move": "fold", "hand_no": live.hand_no}) == {
            "type": "done"
        }
        await settle(room)
        await asyncio.sleep(0.05)
        return live
    raise AssertionError("the member never folded before the flop")


async def test_the_rabbit_is_hunted_from_the_page_and_shown_to_every_viewer(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    async with local_room(
        tmp_path / "rabbit.db",
        PlayOptions(computers=1, style="calling-station"),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        await room.runner.change_home_options(LOCAL_MEMBER, rabbit_hunt=True)
        player = Reader(await open_socket(http, room, key=room.member.key))
        spectator = Reader(await open_socket(http, room))
        folded = await _fold_before_the_flop(room, clock, player)
        result = spectator.table["table"]["result"]
        assert result["rabbit"]["offered"] and not result["rabbit"]["boards"]
        assert result["rabbit"]["label"] == t("button.rabbit_hunt")
        # Nothing of the board to come before the hunt.
        coming = {str(card) for board in folded.hand.rabbit_boards() for card in board}
        assert coming and not coming & cards_in(spectator.table)

        answer = await player.ask({"type": "rabbit", "hand_no": folded.hand_no})
        assert answer["type"] == "done" and "rabbit hunt" in answer["text"], answer
        await settle(room)
        await asyncio.sleep(0.05)
        hunted = spectator.table["table"]["result"]["rabbit"]
        assert not hunted["offered"]
        assert [c for board in hunted["boards"] for c in board] == [
            str(card) for board in folded.hand.rabbit_boards() for card in board
        ]
        assert hunted["text"].startswith(f"Hand {folded.hand_no} · rabbit hunt:")
        # Hunted again: answered alone, the cards the same.
        again = await player.ask({"type": "rabbit", "hand_no": folded.hand_no})
        assert again["type"] == "done" and again["text"] == answer["text"]
        # A spectator may not hunt; a hand with no rabbit is refused politely.
        assert (await spectator.ask({"type": "rabbit", "hand_no": folded.hand_no}))[
            "type"
        ] == "refused"
        refused = await player.ask({"type": "rabbit", "hand_no": folded.hand_no + 7})
        assert refused == {"type": "refused", "text": t("home.no_rabbit")}
        # Every frame of every viewer, against what each could see when it was built.
        assert room.frames
        for connection, frame, allowed in room.frames:
            assert not leaked(frame, allowed), (connection.viewer.user_id, frame)


async def test_a_hunted_rabbit_is_still_shown_after_a_restart(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    """The room's state after a restart: the finished hand whose rabbit was hunted
    shows the hunted cards as before, and no card of a hand not hunted."""
    async with local_room(
        tmp_path / "rabbit-restart.db",
        PlayOptions(computers=1, style="calling-station"),
        clock=clock,
        witness=_allowed,
        flood_limit=0,
    ) as room:
        await room.runner.change_home_options(LOCAL_MEMBER, rabbit_hunt=True)
        player = Reader(await open_socket(http, room, key=room.member.key))
        folded = await _fold_before_the_flop(room, clock, player)
        coming = [str(card) for board in folded.hand.rabbit_boards() for card in board]
        answer = await player.ask({"type": "rabbit", "hand_no": folded.hand_no})
        assert answer["type"] == "done", answer
        await settle(room)
        await player.socket.close()
        # The bot stops and starts again on the same database.
        await room.server.stop()
        await room.registry.stop_all()
        registry = TableRegistry(room.registry.services, lambda channel_id: QuietOutlet())
        await registry.restore_all()
        runner = registry.get(LOCAL_CHANNEL)
        assert runner is not None and runner.live is None
        server = load_web_surface(
            WebRoomSetup(registry, port=0, local_member=room.member, flood_limit=0)
        )
        assert isinstance(server, WebRoomServer)
        again = replace(room, registry=registry, runner=runner, server=server, frames=[])
        seen = again.frames
        server.witnesses.append(
            lambda connection, frame, state: seen.append(
                (connection, frame, _allowed(connection, frame, state))
            )
        )
        try:
            await server.start()
            spectator = Reader(await open_socket(http, again))
            await settle(again)
            await asyncio.sleep(0.05)
            hunted = spectator.table["table"]["result"]["rabbit"]
            assert not hunted["offered"]
            assert [card for board in hunted["boards"] for card in board] == coming
            assert hunted["text"].startswith(f"Hand {folded.hand_no} · rabbit hunt:")
            assert seen
            for connection, frame, allowed in seen:
                assert not leaked(frame, allowed), (connection.viewer.user_id, frame)
        finally:
            await server.stop()
            await registry.stop_all()


async def test_the_opener_changes_the_home_rules_from_the_page_as_with_poker_homegame(
    tmp_path: Path, clock: FakeClock, http: aiohttp.ClientSession
) -> None:
    async with local_room(
        tmp_path / "home.db", PlayOptions(computers=1), clock=clock, flood_limit=0
    ) as room:
        player = Reader(await open_socket(http, room, key=room.member.key))
        spectator = Reader(await open_socket(http, room))
        await settle(room)
        await asyncio.sleep(0.05)
        form = player.table["me"]["home_form"]
        assert form["title"] == t("command.poker.homegame.description")
        fields = {field["name"]: field for field in form["fields"]}
        assert set(fields) == {
            "run_it_twice",
            "rabbit_hunt",
            "bomb_pot",
            "bomb_pot_every",
            "double_board",
            "seven_deuce_bounty",
        }
        assert fields["rabbit_hunt"]["value"] is False and fields["bomb_pot"]["value"] == 0
        assert fields["rabbit_hunt"]["label"] == t("command.poker.homegame.rabbit_hunt")
        assert spectator.table["me"] is None
        before = room.runner.state.settings
        # What the command would never take is refused and changes nothing.
        for bad in (
            {},
            {"rabbit_hunt": "yes"},
            {"bomb_pot": -1},
            {"bomb_pot": True},
            {"house_edge": 5},
        ):
            answer = await player.ask({"type": "homegame", "options": bad})
            assert answer == {"type": "refused", "text": t("web.malformed")}, bad
        assert room.runner.state.settings == before
        answer = await player.ask(
            {"type": "homegame", "options": {"rabbit_hunt": True, "bomb_pot": 20}}
        )
        assert answer["type"] == "done" and "rabbit hunt" in answer["text"], answer
        settings = room.runner.state.settings
        assert settings.rabbit_hunt and settings.bomb_pot == 20
        await settle(room)
        await asyncio.sleep(0.05)
        fields = {field["name"]: field for field in player.table["me"]["home_form"]["fields"]}
        assert fields["rabbit_hunt"]["value"] is True and fields["bomb_pot"]["value"] == 20
        # A spectator may not.
        assert (await spectator.ask({"type": "homegame", "options": {"run_it_twice": True}}))[
            "type"
        ] == "refused"
        assert not room.runner.state.settings.run_it_twice
