"""Closing a table fairly, through Discord: the creator who closes during a hand
cannot take back a bet (the hand is played out, then every stack goes home),
voiding is a moderator's, with a reason the table reads, and a tournament under
way is ended early only by a moderator. And a DM Discord makes wait never
holds up the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.render.custom_ids import table_button_id
from bot.tables import outlet
from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table
from tests.e2e.table_view import Turn

STARTING_CHIPS = 1_000


def button(turn: Turn, action: str) -> str:
    return table_button_id(turn.table_id, turn.hand_no, turn.seq, action)


async def test_closing_during_a_hand_plays_it_out_then_cashes_out(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=8) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        view = await open_table(fake, [ann, ben])  # Ann opened it; nobody manages the channel
        turn = view.turn()
        assert turn is not None and turn.hand_no == 1

        closing = await ann.slash("poker", "close")
        await closing.settled()
        assert "closes when the hand in progress ends" in closing.text, closing.text
        await fake.wait_for(lambda: "closes when this hand ends" in view.table_message().text())
        assert view.turn() is not None and view.turn().hand_no == 1, "the hand goes on"

        voiding = await ann.slash("poker", "close", void_reason="I am losing")
        await voiding.settled()
        assert "Only someone who can manage this channel may void" in voiding.text
        joining = await cat.slash("poker", "join", buy_in=500)
        await joining.settled()
        assert "closes when the hand in progress ends" in joining.text

        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        await actor.click(custom_id=button(turn, "fold"), message=turn.message_id)

        def closed_notice() -> bool:
            return any("the table is closed" in m.text() for m in fake.messages(fake.channel))

        await fake.wait_for(closed_notice, 10)
        await fake.wait_for(
            lambda: any("This table is closed." in m.text() for m in fake.messages(fake.channel))
        )
        statuses = await croupier.database.fetch_all("SELECT status FROM hands")
        assert [row["status"] for row in statuses] == ["finished"], "played out, not voided"
        balances = {
            row["user_id"]: row["chips"]
            for row in await croupier.database.fetch_all("SELECT user_id, chips FROM balances")
        }
        assert balances[actor.id] < STARTING_CHIPS, "the fold cost its blind"
        assert sum(balances[m.id] for m in (ann, ben)) == 2 * STARTING_CHIPS
        assert "no table in this channel" in (await cat.slash("poker", "join")).text


async def test_a_moderator_voids_the_hand_and_the_table_reads_why(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=9) as croupier:
        ann, ben, mo = (fake.add_member(name) for name in ("Ann", "Ben", "Mo"))
        fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
        await open_table(fake, [ann, ben])

        voided = await mo.slash("poker", "close", void_reason="the deck was **marked**")
        await voided.settled()
        assert "2 stacks went back" in voided.text, voided.text

        def notice() -> list[str]:
            return [m.text() for m in fake.messages(fake.channel) if "was voided by" in m.text()]

        await fake.wait_for(notice)
        assert "Hand 1 was voided by Mo" in notice()[0]
        assert "Reason: the deck was \\*\\*marked\\*\\*" in notice()[0], "markdown escaped"
        assert await croupier.database.fetch_value("SELECT status FROM hands") == "voided"
        chips = await croupier.database.fetch_all("SELECT chips FROM balances")
        assert sorted(row["chips"] for row in chips) == [STARTING_CHIPS, STARTING_CHIPS]


async def test_only_a_moderator_ends_a_tournament_under_way(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=10) as croupier:
        ann, ben, mo = (fake.add_member(name) for name in ("Ann", "Ben", "Mo"))
        created = await ann.slash("poker", "create", tournament=True, seats=2)
        await created.settled()
        for member in (ann, ben):
            await (await member.slash("poker", "join")).settled()
        runner = croupier.bot.tables.require(fake.channel.id)
        await fake.wait_for(lambda: runner.tournament_under_way)

        refused = await ann.slash("poker", "close")
        await refused.settled()
        assert "only someone who can manage this channel may end it early" in refused.text
        assert not runner.closed

        fake.give_role(mo, fake.add_role("Dealers", permissions.MANAGE_CHANNELS))
        ended = await mo.slash("poker", "close", void_reason="the room closes")
        await ended.settled()
        assert runner.closed
        assert await croupier.database.fetch_value("SELECT prize_pool FROM tables") == 0


async def test_a_rate_limited_dm_does_not_hold_up_the_table(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outlet, "RESHOW_SECONDS", 0.2)
    monkeypatch.setattr(outlet, "DM_PATIENCE_SECONDS", 0.5)
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=11) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        # Opening a DM channel answers "wait 30 seconds", as Discord did one evening.
        limited = fake.fail_next("POST /users/@me/channels", status=429, retry_after=30)
        view = await open_table(fake, [ann, ben])
        turn = view.turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        await actor.click(custom_id=button(turn, "fold"), message=turn.message_id)
        later = await view.next_turn(turn.key, timeout=10)
        assert later is not None and later.hand_no == 2, "the table moved on meanwhile"
        assert limited.hits
        await croupier.settled()
