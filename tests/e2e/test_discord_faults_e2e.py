"""Discord failing under the table: server errors on the table message, and
interactions answered too late. The game goes on, the table message comes back
to the table's true state, and nothing is applied that a player was told failed.
Each test ends with the audit."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.database import Database
from bot.render.custom_ids import table_button_id
from bot.tables import outlet
from tests.e2e.fake_discord import FakeDiscord, Member, StoredMessage
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_players import open_table
from tests.e2e.table_view import TableView, Turn, result_hand


def button(turn: Turn, action: str) -> str:
    return table_button_id(turn.table_id, turn.hand_no, turn.seq, action)


async def logged_actions(database: Database) -> int:
    return int(await database.fetch_value("SELECT COUNT(*) FROM hand_actions"))


def shows_the_table_as_it_is(croupier: Croupier, view: TableView) -> bool:
    runner = croupier.bot.tables.runners[0]
    live, turn = runner.live, view.turn()
    if live is None or turn is None:
        return False
    return turn.key == (live.hand_no, len(live.hand.actions))


async def test_server_errors_on_the_table_message_do_not_leave_it_behind(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outlet, "RESHOW_SECONDS", 0.2)
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=21, expected_errors=("503",)
    ) as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        view = await open_table(fake, [ann, ben, cat])
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        # Every edit and every new message fails for a while: Discord is down, and
        # so is the answer to the click that would have carried the edit.
        edits = fake.fail_next("PATCH /channels/{channel}/messages/{message}", status=503, count=3)
        posts = fake.fail_next("POST /channels/{channel}/messages", status=503, count=3)
        answers = fake.fail_next("POST /interactions/{id}/{token}/callback", status=503, count=1)
        actor = {"Ann": ann, "Ben": ben, "Cat": cat}[turn.actor]
        await actor.click(custom_id=button(turn, "call"), message=turn.message_id, wait=False)
        await fake.wait_for(lambda: bool(answers.hits), 5)
        await croupier.settled()
        assert edits.hits, "the edit showing the call failed"
        # Nothing else happens at the table, yet the message catches up by itself.
        await fake.wait_for(lambda: shows_the_table_as_it_is(croupier, view), 15)
        assert posts.hits or edits.hits


async def test_a_new_hands_message_that_could_not_be_posted_is_posted_later(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outlet, "RESHOW_SECONDS", 0.2)
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=22, expected_errors=("503",)
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        turn = view.turn()
        assert turn is not None and turn.hand_no == 1
        posts = fake.fail_next("POST /channels/{channel}/messages", status=503, count=2)
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        await actor.click(custom_id=button(turn, "fold"), message=turn.message_id)
        # The fold ends hand 1; hand 2's message fails twice, then is posted.
        await fake.wait_for(lambda: (view.turn() or turn).hand_no == 2, 10)
        assert len(posts.hits) == 2
        await fake.wait_for(lambda: shows_the_table_as_it_is(croupier, view), 10)
        hand_one = [m for m in fake.messages() if "**Hand 1**" in m.text()]
        assert all("Hand 2" not in m.text() for m in hand_one), "hand 2 has its own message"


async def test_an_interaction_answered_too_late_changes_nothing_and_the_next_works(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Discord refuses an answer after three seconds (10062): the player saw the
    click fail, so it must not act; their next click does.

    A click is acted on before the table's edit answers it (cogs/pending_click.py),
    so the bot tells a late click by its age when it hears of it: here it hears
    of the click only after Discord's three seconds have passed by the clocks of
    both (everything stalls), not by the fake's clock alone."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=23) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        before = await logged_actions(croupier.database)

        late_click = await actor.click(custom_id=button(turn, "call"), wait=False)
        time.sleep(3.2)  # the bot's process (and the fake in it) stalls before it hears of it
        late_command = await actor.slash("call", wait=False)
        fake.advance_clock(4)
        await fake.wait_for(
            lambda: all(10062 in r.interaction.refused_codes for r in (late_click, late_command)),
            5,
        )
        await croupier.settled()
        assert await logged_actions(croupier.database) == before
        assert view.turn() == turn

        reply = await actor.click(custom_id=button(turn, "call"), message=turn.message_id)
        assert reply.silent
        assert await view.next_turn(turn.key) is not None
        assert await logged_actions(croupier.database) == before + 1


async def test_a_result_and_a_dm_that_failed_are_delivered_later(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outlet, "RESHOW_SECONDS", 0.2)
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=24, expected_errors=("503",)
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        opened_dm = fake.fail_next("POST /users/@me/channels", status=503, count=1)
        view = await open_table(fake, [ann, ben])
        turn = view.turn()
        assert turn is not None and turn.hand_no == 1

        def has_cards(member: Member) -> bool:
            return any("Your cards, hand 1" in m.text() for m in member.dms())

        await fake.wait_for(lambda: has_cards(ann) and has_cards(ben), 10)
        assert opened_dm.hits, "a DM failed at first"
        notices = [m for m in fake.messages(fake.channel) if "could not send you" in m.text()]
        assert not notices, "a DM that failed once is not a player refusing DMs"

        # The result ends the hand's own message: the click cannot carry that edit,
        # and the edit on its own fails twice before Discord takes it.
        answers = fake.fail_next("POST /interactions/{id}/{token}/callback", status=503)
        edits = fake.fail_next("PATCH /channels/{channel}/messages/{message}", status=503, count=2)
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        await actor.click(custom_id=button(turn, "fold"), message=turn.message_id, wait=False)

        def results() -> list[StoredMessage]:
            return [m for m in fake.messages(fake.channel) if result_hand(m) == 1]

        await fake.wait_for(lambda: len(results()) == 1, 10)
        assert len(answers.hits) == 1 and len(edits.hits) == 2
        await croupier.settled()
        assert len(results()) == 1, "shown once, on the hand's own message"
