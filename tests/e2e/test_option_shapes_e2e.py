"""Options Discord's client would refuse, sent anyway (as any HTTP client can):
the bot reads every option again, answers with a sentence and changes nothing.

The fake checks what a member types the way Discord's client does, so these
requests are built by hand and bypass it, as a request that does not come from
Discord's client would.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import FakeDiscord, Member, Reply
from tests.e2e.fake_discord import interactions as ix
from tests.e2e.fake_discord.commands import build_invocation
from tests.e2e.product_bot import running_croupier


async def unchecked_slash(
    fake: FakeDiscord, member: Member, command: str, subcommand: str | None, **options: Any
) -> Reply:
    """``/command subcommand`` with ``options`` as given, whatever their types."""
    state = fake.state
    schema = state.commands.find(command, fake.guild_id)
    assert schema is not None
    required = {"verify": {"hand": 1}}.get(subcommand or "", {})
    data = build_invocation(schema, (subcommand,) if subcommand else (), required, state)
    data = copy.deepcopy(data)
    target = data["options"][0]["options"] if subcommand else data["options"]
    for name, value in options.items():
        target[:] = [option for option in target if option["name"] != name]
        target.append({"name": name, "type": 3, "value": value})
    record = state.start_interaction(member.id, fake.channel.id, ix.APPLICATION_COMMAND, data)
    return await member._reply(record, f"/{command} (unchecked)", None, True)


@pytest.mark.parametrize(
    ("subcommand", "options", "shown"),
    [
        ("create", {"seats": "abc"}, "abc"),
        ("create", {"seats": 99}, "99"),
        ("create", {"seats": True}, "True"),
        ("create", {"thread": "yes"}, "yes"),
        ("create", {"rake": float("inf")}, "inf"),
        ("create", {"variant": "XX"}, "XX"),
        ("create", {"small_blind": 10**30}, str(10**30)),
        ("join", {"buy_in": "500"}, "500"),
        ("verify", {"hand": -1}, "-1"),
        ("create", {"no_such_option": 1}, "no_such_option"),
    ],
)
async def test_an_option_discord_would_refuse_is_refused_politely(
    fake_discord: FakeDiscord, tmp_path: Path, subcommand: str, options: dict[str, Any], shown: str
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann = fake.add_member("Ann")
        reply = await unchecked_slash(fake, ann, "poker", subcommand, **options)
        await reply.settled()
        assert reply.ephemeral
        assert reply.text == f"I couldn't understand '{shown}'.", reply.text
        assert croupier.bot.tables.runners == []
        count = await croupier.database.fetch_value("SELECT COUNT(*) FROM tables")
        assert count == 0


async def test_a_forged_leaderboard_page_past_any_number_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db"):
        ann = fake.add_member("Ann")
        board = await ann.slash("leaderboard")
        await board.settled()
        assert board.message is not None
        # A board of one page has no page buttons; the forged click names its own.
        assert not board.message.all_components()
        forged = f"croupier:leaderboard:chips:{'9' * 30}:{ann.id}:next"  # the page's offset
        record = fake.state.start_interaction(
            ann.id,
            fake.channel.id,
            ix.MESSAGE_COMPONENT,
            {"custom_id": forged, "component_type": 2},
            source=fake.state.messages[board.message.id],
        )
        reply = await ann._reply(record, "forged click", None, True)
        assert reply.ephemeral and "too old" in reply.text, reply.text
