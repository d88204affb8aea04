"""A click on the table is answered by the table itself, in one request.

A player who clicks an action sees the table after their action in the answer
to their click (Discord's UPDATE_MESSAGE), with no deferral before it and no
edit of the message after it; the bet/raise form sent from the table message
likewise. A table too slow for that still answers every click within
Discord's three seconds (acknowledged, then the table message edited), a
refused click gets its sentence, and under a busy mix of clicks, commands,
double clicks and turn notices in a rate-limited channel, the table message
only ever moves forward. Each test ends with the audit.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from bot.tables.runner import TableRunner
from tests.e2e.fake_discord import FakeDiscord, Member, StoredMessage
from tests.e2e.fake_discord import interactions as ix
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_players import input_id, open_table
from tests.e2e.table_view import Turn, is_table_message, turn_of

EDIT = "PATCH /channels/{channel}/messages/{message}"
ANSWER = "POST /interactions/{interaction}/{token}/callback"


def button(turn: Turn, action: str) -> str:
    return table_button_id(turn.table_id, turn.hand_no, turn.seq, action)


def requests(fake: FakeDiscord, route: str) -> int:
    return fake.rest.route_counts[route]


def the_runner(croupier: Croupier) -> TableRunner:
    (runner,) = croupier.bot.tables.runners
    return runner


async def logged_actions(croupier: Croupier) -> int:
    return int(await croupier.database.fetch_value("SELECT COUNT(*) FROM hand_actions"))


def slow_table(runner: TableRunner, seconds: float) -> None:
    """Every action of the table takes ``seconds`` more to write down (a busy disk)."""
    append: Callable[..., Awaitable[Any]] = runner.hand_log.append

    async def slowly(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(seconds)
        return await append(*args, **kwargs)

    runner.hand_log.append = slowly  # type: ignore[method-assign]


async def test_a_click_is_answered_by_the_table_showing_the_next_turn(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=31) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat")}
        view = await open_table(fake, list(members.values()))
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        edits, answers = requests(fake, EDIT), requests(fake, ANSWER)

        reply = await members[turn.actor].click(
            custom_id=button(turn, "call"), message=turn.message_id
        )

        # The answer is the table message itself, already showing whose turn is next.
        assert reply.type == ix.UPDATE_MESSAGE and reply.message is not None
        assert reply.message.id == turn.message_id
        shown = turn_of(reply.message)
        assert shown is not None and shown.key > turn.key and shown.actor != turn.actor
        await croupier.settled()
        assert requests(fake, ANSWER) - answers == 1
        assert requests(fake, EDIT) == edits, "the table message was edited on its own too"

        # The bet/raise form, sent from the table message, is answered the same way.
        actor = members[shown.actor]
        opened = await actor.click(custom_id=button(shown, "raise"), message=shown.message_id)
        assert opened.modal is not None
        raised = await actor.submit_modal({input_id(opened.modal): "40"})
        assert raised.type == ix.UPDATE_MESSAGE and raised.message is not None
        assert raised.message.id == shown.message_id
        assert f"{actor.name} raises to 40" in raised.message.text()
        await croupier.settled()
        assert requests(fake, EDIT) == edits


async def test_a_click_that_ends_the_hand_updates_its_message_and_the_next_hand_is_new(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=32) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben")}
        view = await open_table(fake, list(members.values()))
        await croupier.settled()
        turn = view.turn()
        assert turn is not None and turn.hand_no == 1

        folded = await members[turn.actor].click(
            custom_id=button(turn, "fold"), message=turn.message_id
        )

        # The click could only edit the message it was on: hand 1's, now over.
        assert folded.type == ix.UPDATE_MESSAGE and folded.message is not None
        assert folded.message.id == turn.message_id and turn_of(folded.message) is None
        following = await view.next_turn(turn.key)
        assert following is not None and following.hand_no == 2
        assert following.message_id != turn.message_id, "hand 2 has a message of its own"
        assert 1 in view.results()


async def test_a_slow_table_still_answers_every_click_in_time(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=33) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat")}
        view = await open_table(fake, list(members.values()))
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        slow_table(the_runner(croupier), 2.0)
        edits, before = requests(fake, EDIT), await logged_actions(croupier)
        actor = members[turn.actor]

        # A double click on a table that takes two seconds per action.
        first = await actor.click(custom_id=button(turn, "call"), wait=False)
        second = await actor.click(custom_id=button(turn, "call"), wait=False)
        await first.answered()  # within Discord's three seconds, or NoResponse
        await second.answered()

        # Both were acknowledged in time, before the table had taken the call ...
        for reply in (first, second):
            assert reply.type == ix.DEFERRED_UPDATE_MESSAGE, reply
            responded = reply.interaction.responded_at
            assert responded is not None
            assert responded - reply.interaction.created_at < ix.RESPONSE_WINDOW
        # ... which it then showed by editing the table message; the second click
        # was told, as a follow-up, that the turn had moved on.
        moved = await view.next_turn(turn.key, timeout=10)
        assert moved is not None and moved.actor != turn.actor
        assert "moved on" in (await second.followup(timeout=10)).text()
        await croupier.settled(15)
        assert requests(fake, EDIT) > edits
        assert await logged_actions(croupier) == before + 1
        assert not first.followups


async def test_a_busy_process_acknowledges_clicks_at_once_and_then_updates_again(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Once actions lately take longer than half the answer's budget (a database
    behind), a click is acknowledged as it arrives rather than held unanswered;
    when actions are quick again, the table's edit answers clicks again."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=36) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat")}
        view = await open_table(fake, list(members.values()))
        await croupier.settled()
        runner = the_runner(croupier)
        append = runner.hand_log.append
        slow_table(runner, 1.8)
        answers = []
        last = None
        for _ in range(9):
            turn = await view.next_turn(last, timeout=15)
            assert turn is not None
            last = turn.key
            action = "call" if "call" in turn.buttons else "muck"
            reply = await members[turn.actor].click(
                custom_id=button(turn, action), message=turn.message_id
            )
            responded = reply.interaction.responded_at
            assert responded is not None
            answers.append((reply.type, responded - reply.interaction.created_at))
        # Held for ANSWER_BY (1 s) at first (then acknowledged), at once once the process knew.
        assert answers[0][0] == ix.DEFERRED_UPDATE_MESSAGE and answers[0][1] >= 0.9
        assert answers[-1][0] == ix.DEFERRED_UPDATE_MESSAGE and answers[-1][1] < 0.5
        runner.hand_log.append = append  # type: ignore[method-assign]
        for _ in range(30):
            turn = await view.next_turn(last, timeout=15)
            assert turn is not None
            last = turn.key
            action = "call" if "call" in turn.buttons else "muck"
            reply = await members[turn.actor].click(
                custom_id=button(turn, action), message=turn.message_id
            )
            if reply.type == ix.UPDATE_MESSAGE:
                break
        else:
            raise AssertionError("clicks were never answered by the table again")
        await croupier.settled()


async def test_a_refused_click_gets_its_sentence_and_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=34) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat")}
        view = await open_table(fake, list(members.values()))
        await croupier.settled()
        turn = view.turn()
        table_message = view.table_message()
        assert turn is not None and table_message is not None
        version, before = table_message.version, await logged_actions(croupier)
        bystander = next(m for name, m in members.items() if name != turn.actor)

        refused = await bystander.click(custom_id=button(turn, "call"), message=turn.message_id)

        assert refused.type == ix.CHANNEL_MESSAGE and refused.ephemeral
        assert "not your turn" in refused.text
        await croupier.settled()
        assert table_message.version == version and view.turn() == turn
        assert await logged_actions(croupier) == before


async def test_the_table_message_never_goes_back_to_an_older_state(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Edits of the table (commands, the clock, a hand's end) and clicks' answers all
    go out in order: recorded as Discord applied them, the moments each table
    message shows only ever move forward."""
    fake = fake_discord
    fake.rate_limits.time_scale = 2.0  # the channel's limits bite: edits and posts wait
    shown: dict[int, list[tuple[int, int]]] = {}
    forward = fake.state.emit

    def record(event: str, data: dict[str, Any], intent: int | None) -> None:
        forward(event, data, intent)
        message: StoredMessage | None = None
        if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            message = fake.state.messages.get(int(data["id"]))
        if message is not None and is_table_message(message):
            turn = turn_of(message)
            if turn is not None:
                shown.setdefault(message.id, []).append(turn.key)

    fake.state.emit = record
    rng = random.Random(35)
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=35) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat", "Dan")}
        for member in list(members.values())[:2]:  # turn notices: posts and deletes queued too
            await (await member.slash("poker", "notify", setting="mention")).settled()
        view = await open_table(fake, list(members.values()))
        clicks: list[Any] = []
        last: tuple[int, int] | None = None
        while len(view.results()) < 4:
            turn = await view.next_turn(last, timeout=15)
            assert turn is not None, "the table stopped"
            last = turn.key
            actor: Member = members[turn.actor]
            action = "call" if "call" in turn.buttons else "muck"
            if action == "call" and rng.random() < 0.3:
                command = "check" if turn.buttons["call"] == "Check" else "call"
                await actor.slash(command, wait=False)  # the table edited on its own (PATCH)
                continue
            for _ in range(2 if rng.random() < 0.3 else 1):  # now and then a double click
                clicks.append(
                    await actor.click(
                        custom_id=button(turn, action), message=turn.message_id, wait=False
                    )
                )
        await croupier.settled(30)

        for reply in clicks:
            await reply.answered()
        assert any(reply.type == ix.UPDATE_MESSAGE for reply in clicks)
        for message_id, keys in shown.items():
            assert keys == sorted(keys), f"message {message_id} went back: {keys}"
        runner = the_runner(croupier)
        live, turn = runner.live, view.turn()
        if live is not None and turn is not None:
            assert turn.key == (live.hand_no, len(live.hand.actions))
