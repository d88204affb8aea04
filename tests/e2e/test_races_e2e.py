"""Races through Discord: a click and a command for the same turn, the same
command twice, two players at once. Exactly one acts; every other request is
answered with a sentence saying why nothing was done.

The interactions are sent together (``wait=False``), so the bot receives them
before it has answered any; each test ends with the audit.
"""

from __future__ import annotations

from pathlib import Path

from bot.database import Database
from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Reply
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table
from tests.e2e.table_view import TableView, Turn

MOVED_ON = ("moved on", "not your turn", "not playing this hand")


async def answer(reply: Reply) -> str:
    """What the bot told the member: its answer, or the followup of a silent one."""
    await reply.settled()
    said = reply.said
    return said[0] if said else ""


async def logged_actions(database: Database) -> int:
    return int(await database.fetch_value("SELECT COUNT(*) FROM hand_actions"))


def button(turn: Turn, action: str) -> str:
    return table_button_id(turn.table_id, turn.hand_no, turn.seq, action)


async def check_option(view: TableView, members: dict[str, object]) -> Turn:
    """Heads-up, the small blind calls: the big blind may check, and then, since
    the big blind speaks first after the flop, it is their turn again."""
    turn = await view.next_turn()
    assert turn is not None
    small_blind = members[turn.actor]
    await small_blind.click(custom_id=button(turn, "call"), message=turn.message_id)  # type: ignore[attr-defined]
    option = await view.next_turn(turn.key)
    assert option is not None and option.buttons["call"] == "Check", option
    return option


async def test_a_click_and_a_command_for_the_same_check_act_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=11) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        option = await check_option(view, {"Ann": ann, "Ben": ben})
        big_blind = {"Ann": ann, "Ben": ben}[option.actor]
        before = await logged_actions(croupier.database)
        clicked = await big_blind.click(
            custom_id=button(option, "call"), message=option.message_id, wait=False
        )
        typed = await big_blind.slash("check", wait=False)
        click_says, command_says = await answer(clicked), await answer(typed)
        await croupier.settled()
        assert await logged_actions(croupier.database) == before + 1
        said = [click_says, command_says]
        assert sum(text.startswith("You checked") for text in said) + (click_says == "") == 1
        refusal = command_says if click_says == "" else click_says
        assert any(words in refusal for words in MOVED_ON), said


async def test_the_same_command_twice_at_once_acts_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=11) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        option = await check_option(view, {"Ann": ann, "Ben": ben})
        big_blind = {"Ann": ann, "Ben": ben}[option.actor]
        before = await logged_actions(croupier.database)
        both = [await big_blind.slash("check", wait=False) for _ in range(2)]
        said = sorted([await answer(reply) for reply in both])
        await croupier.settled()
        assert await logged_actions(croupier.database) == before + 1
        assert said[1].startswith("You checked"), said
        assert "moved on while your command was on its way" in said[0], said


async def test_two_players_and_a_double_click_at_once_act_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=12) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat")}
        view = await open_table(fake, list(members.values()))
        turn = await view.next_turn()
        assert turn is not None
        actor = members[turn.actor]
        others = [m for name, m in members.items() if name != turn.actor]
        before = await logged_actions(croupier.database)
        replies = [
            await member.click(custom_id=button(turn, action), message=turn.message_id, wait=False)
            for member, action in (
                (actor, "call"),
                (others[0], "call"),
                (actor, "fold"),
                (others[1], "fold"),
                (actor, "call"),
            )
        ]
        replies.append(await others[0].slash("call", wait=False))
        for reply in replies:
            await reply.settled()

        def answered_but_one() -> bool:
            silent = [r for r in replies if r.silent and not r.followups]
            return len(silent) <= 1

        await fake.wait_for(answered_but_one, 5)
        said = [await answer(reply) for reply in replies]
        await croupier.settled()
        assert await logged_actions(croupier.database) == before + 1
        refusals = [text for text in said if text]
        assert len(refusals) == len(replies) - 1, said  # the one that acted is silent
        for text in refusals:
            assert any(words in text for words in MOVED_ON), "\n".join(said)
