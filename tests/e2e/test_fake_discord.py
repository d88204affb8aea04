"""Tests of the fake Discord itself, driven by a throwaway discord.py bot.

The bot below is not Croupier: it is the smallest bot that exercises each
thing the fake must do (slash options, buttons, selects, modals, ephemerals,
DMs, deferrals, files) so each test can check one rule of Discord's.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.e2e.fake_discord import (
    ComponentNotFound,
    FakeDiscord,
    ModalRejected,
    NoResponse,
    OptionRejected,
    StartBot,
    pointed_at,
    running_client,
)

REPO_ROOT = Path(__file__).resolve().parents[2]


class RaiseModal(discord.ui.Modal, title="Raise"):
    amount: discord.ui.TextInput[RaiseModal] = discord.ui.TextInput(
        label="Amount", custom_id="amount", max_length=9
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"{interaction.user.display_name} raises to {int(self.amount.value)}"
        )


class TableView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Call 20", custom_id="call")
    async def call(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.display_name} calls 20")

    @discord.ui.button(label="Raise", custom_id="raise")
    async def raise_(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_modal(RaiseModal())

    @discord.ui.button(label="Show my cards", custom_id="cards")
    async def cards(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(
            f"Your cards: {interaction.user.display_name}-Ah-Kd", ephemeral=True
        )

    @discord.ui.select(
        placeholder="Pick a game",
        custom_id="game",
        options=[
            discord.SelectOption(label="Hold'em", value="nlhe"),
            discord.SelectOption(label="Omaha", value="plo"),
        ],
    )
    async def game(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"game: {select.values[0]}")


class InviteView(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, placeholder="Invite a player", custom_id="invite")
    async def invite(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Any]
    ) -> None:
        await interaction.response.send_message(f"invited {select.values[0].display_name}")


class FoldInDmView(discord.ui.View):
    @discord.ui.button(label="Fold", custom_id="dm-fold")
    async def fold(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="You folded", view=None)


class BetModal(discord.ui.Modal, title="Bet"):
    chips: discord.ui.Label[BetModal] = discord.ui.Label(
        text="Chips", component=discord.ui.TextInput(custom_id="chips", min_length=1)
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.chips.component, discord.ui.TextInput)
        await interaction.response.send_message(f"bet {self.chips.component.value}")


def pot_layout(pot: int) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=60)
    check = discord.ui.Button[discord.ui.LayoutView](label="Check", custom_id="check")

    async def on_check(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(view=pot_layout(pot + 20))

    check.callback = on_check  # type: ignore[method-assign]
    container = discord.ui.Container[discord.ui.LayoutView](
        discord.ui.TextDisplay(f"Pot: {pot}"),
        discord.ui.ActionRow(check),
    )
    view.add_item(container)
    return view


class TestBot(commands.Bot):
    """A throwaway bot: one /poker group whose subcommands each poke one rule."""

    __test__ = False

    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        self.guild_id = guild_id
        self.failures: list[BaseException] = []
        self.deleted: list[int] = []
        self.resumed = 0
        self.calls = 0
        self.pending: discord.Interaction | None = None
        self.tree.add_command(self._poker(), guild=discord.Object(guild_id))
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        await self.tree.sync(guild=discord.Object(self.guild_id))

    async def on_resumed(self) -> None:
        self.resumed += 1

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.deleted.append(payload.message_id)

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.failures.append(error.__cause__ or error)

    def _poker(self) -> app_commands.Group:
        bot = self
        poker = app_commands.Group(name="poker", description="Poker table")

        @poker.command(description="Sit down")
        async def join(
            interaction: discord.Interaction,
            buy_in: app_commands.Range[int, 100, 10_000],
            nickname: str | None = None,
        ) -> None:
            bot.calls += 1
            who = nickname or interaction.user.display_name
            await interaction.response.send_message(f"{who} joins with {buy_in}")

        @poker.command(description="Open the table")
        async def table(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Table open", view=TableView())

        @poker.command(description="DM me my balance")
        async def balance(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("Your balance: 1500")
            except discord.Forbidden as refused:
                bot.failures.append(refused)
                await interaction.response.send_message("Open your DMs", ephemeral=True)
            else:
                await interaction.response.send_message("Sent you a DM", ephemeral=True)

        @poker.command(description="Too slow")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(3.5)
            await interaction.response.send_message("too late")

        @poker.command(description="Think first")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(
                "hand history attached",
                file=discord.File(io.BytesIO(b"Seat 1: Alice 1500"), filename="hand.txt"),
            )
            await interaction.followup.send("and one more")

        @poker.command(description="Defer and keep the interaction")
        async def later(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            bot.pending = interaction

        @poker.command(description="Answer")
        async def ping(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message(f"pong from {bot.user}")
            except discord.HTTPException as refused:
                bot.failures.append(refused)

        @poker.command(description="Invite someone")
        async def invite(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Who else?", view=InviteView())

        @poker.command(description="Private table in DMs")
        async def private(interaction: discord.Interaction) -> None:
            await interaction.user.send("Your turn", view=FoldInDmView())
            await interaction.response.send_message("Check your DMs", ephemeral=True)

        @poker.command(description="Bet through a modal")
        async def bet(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(BetModal())

        @poker.command(description="Components v2 table")
        async def pot(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=pot_layout(20))

        return poker


@pytest.fixture
async def bot(fake_discord: FakeDiscord, start_bot: StartBot[TestBot]) -> TestBot:
    return await start_bot(TestBot(fake_discord.guild_id))


async def eventually(condition: Any, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition never held")
        await asyncio.sleep(0.02)


async def test_user_select_resolves_the_picked_member(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    bob = fake_discord.add_member("Bob")
    await alice.slash("poker", "invite")

    reply = await alice.select("Invite a player", [bob])

    assert reply.content == "invited Bob"


async def test_a_button_in_a_dm_is_clicked_by_its_recipient(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    bob = fake_discord.add_member("Bob")
    await alice.slash("poker", "private")
    [dm] = alice.dms()

    reply = await alice.click("Fold", message=dm)

    assert reply.type == 7 and dm.content == "You folded" and dm.button_labels == []
    with pytest.raises(ComponentNotFound):
        await bob.click("Fold", message=dm)


async def test_a_modal_with_labelled_inputs_checks_required_fields(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    opened = await alice.slash("poker", "bet")
    assert opened.type == 9

    with pytest.raises(ModalRejected):
        await alice.submit_modal({})
    with pytest.raises(ModalRejected):
        await alice.submit_modal({"Stack": "5"})
    reply = await alice.submit_modal({"Chips": "250"})

    assert reply.content == "bet 250"
    with pytest.raises(ModalRejected):
        await alice.submit_modal({"Chips": "250"})


async def test_components_v2_button_defers_then_edits_its_message(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    table = await alice.slash("poker", "pot")
    assert table.message is not None and "Pot: 20" in table.message.text()

    reply = await alice.click("Check")
    await fake_discord.wait_for(lambda: "Pot: 40" in table.message.text())  # type: ignore[union-attr]

    assert reply.type == 6
    assert reply.message is table.message
    assert [s.event for s in alice.seen() if s.message_id == table.message.id] == [
        "created",
        "edited",
    ]


async def test_slash_command_with_options_is_answered_in_the_channel(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    bob = fake_discord.add_member("Bob")

    reply = await alice.slash("poker", "join", buy_in=500)

    assert reply.type == 4
    assert reply.content == "Alice joins with 500"
    assert not reply.ephemeral
    assert "Alice joins with 500" in bob.seen_text()
    named = await alice.slash("poker", "join", options={"buy_in": 100, "nickname": "Al"})
    assert named.content == "Al joins with 100"


async def test_options_outside_the_synced_schema_never_reach_the_bot(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")

    for bad in ({"buy_in": 99}, {"buy_in": 10_001}, {"buy_in": "500"}, {"buy_in": True}, {}):
        with pytest.raises(OptionRejected):
            await alice.slash("poker", "join", options=bad)
    with pytest.raises(OptionRejected):
        await alice.slash("poker", "join", buy_in=500, seat=3)
    with pytest.raises(OptionRejected):
        await alice.slash("poker", "leave")
    with pytest.raises(OptionRejected, match="needs a subcommand"):
        await alice.slash("poker")
    with pytest.raises(OptionRejected):
        await alice.slash("blackjack")
    assert bot.calls == 0


async def test_button_found_by_label_updates_its_message(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    table = await alice.slash("poker", "table")
    assert table.button_labels == ["Call 20", "Raise", "Show my cards"]

    reply = await alice.click("Call 20")

    assert reply.type == 7
    assert reply.message is not None and reply.message.id == table.message.id  # type: ignore[union-attr]
    assert reply.content == "Alice calls 20"
    with pytest.raises(ComponentNotFound):
        await alice.click("Check")


async def test_select_menu_pick_by_label(fake_discord: FakeDiscord, bot: TestBot) -> None:
    alice = fake_discord.add_member("Alice")
    await alice.slash("poker", "table")

    reply = await alice.select("Pick a game", ["Omaha"])

    assert reply.content == "game: plo"
    with pytest.raises(ComponentNotFound):
        await alice.select("Pick a game", ["Stud"])


async def test_button_opens_a_modal_and_its_submission_reaches_the_bot(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    await alice.slash("poker", "table")

    opened = await alice.click("Raise")
    assert opened.type == 9
    assert opened.modal is not None and opened.modal["title"] == "Raise"

    reply = await alice.submit_modal({"Amount": "300"})

    assert reply.content == "Alice raises to 300"
    assert any(s.kind == "modal" for s in alice.seen())


async def test_ephemeral_answer_is_seen_only_by_the_clicker(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    bob = fake_discord.add_member("Bob")
    await alice.slash("poker", "table")

    reply = await alice.click("Show my cards")

    assert reply.ephemeral
    assert "Alice-Ah-Kd" in alice.seen_text()
    assert "Alice-Ah-Kd" not in fake_discord.seen_text(bob)
    assert "Table open" in fake_discord.seen_text(bob)
    assert reply.message not in bob.visible_messages()
    bobs = await bob.click("Show my cards")
    assert "Bob-Ah-Kd" in bobs.content
    assert "Bob-Ah-Kd" not in alice.seen_text()


async def test_closed_dms_are_refused_with_50007(fake_discord: FakeDiscord, bot: TestBot) -> None:
    alice = fake_discord.add_member("Alice")
    bob = fake_discord.add_member("Bob")
    bob.close_dms()

    refused = await bob.slash("poker", "balance")
    delivered = await alice.slash("poker", "balance")

    assert refused.content == "Open your DMs" and refused.ephemeral
    [error] = bot.failures
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert delivered.content == "Sent you a DM"
    assert [m.content for m in alice.dms()] == ["Your balance: 1500"]
    assert "Your balance" not in bob.seen_text()


async def test_a_second_acknowledgement_is_refused_with_40060(
    fake_discord: FakeDiscord, start_bot: StartBot[TestBot]
) -> None:
    # Two bot processes on one token (an old one not yet dead after a restart)
    # both receive the interaction and both answer it.
    first = await start_bot(TestBot(fake_discord.guild_id))
    second = await start_bot(TestBot(fake_discord.guild_id))
    alice = fake_discord.add_member("Alice")

    reply = await alice.slash("poker", "ping")
    await eventually(lambda: len(first.failures) + len(second.failures) == 1)

    [error] = first.failures + second.failures
    assert isinstance(error, discord.HTTPException) and error.code == 40060
    assert reply.content.startswith("pong from")
    assert reply.interaction.refused_codes == [40060]


async def test_an_answer_after_three_seconds_is_refused_with_10062(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")

    reply = await alice.slash("poker", "slow", wait=False)
    with pytest.raises(NoResponse):
        await reply.answered(timeout=3.2)
    await eventually(lambda: bot.failures, timeout=2)

    [error] = bot.failures
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert "too late" not in alice.seen_text()


async def test_the_interaction_token_dies_after_fifteen_minutes(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    reply = await alice.slash("poker", "later")
    assert reply.type == 5 and reply.ephemeral
    assert bot.pending is not None

    await bot.pending.edit_original_response(content="still on time")
    fake_discord.advance_clock(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as refused:
        await bot.pending.followup.send("too late")

    assert refused.value.status == 401 and refused.value.code == 50027
    assert alice.ephemerals()[0].content == "still on time"


async def test_a_defer_is_filled_by_the_first_followup_with_its_file(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")

    reply = await alice.slash("poker", "think")
    assert reply.type == 5
    await reply.settled()
    extra = await reply.followup(1)

    assert reply.content == "hand history attached"
    assert extra.content == "and one more"
    assert "Seat 1: Alice 1500" in alice.seen_text()


async def test_a_429_is_honoured_and_the_send_still_succeeds(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    rule = fake_discord.fail_next("POST /channels/{channel_id}/messages", retry_after=0.3)
    channel = bot.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)

    started = time.monotonic()
    sent = await channel.send("after the rate limit")

    assert time.monotonic() - started >= 0.3
    assert len(rule.hits) == 1
    assert [m.id for m in fake_discord.messages(channel.id)] == [sent.id]


async def test_channel_buckets_slow_down_a_burst_of_sends(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    fake_discord.enforce_channel_rate_limits(limit=2, window=0.4)
    channel = bot.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)

    started = time.monotonic()
    for street in ("flop", "turn", "river"):
        await channel.send(street)

    assert time.monotonic() - started >= 0.3
    assert [m.content for m in fake_discord.messages(channel)] == ["flop", "turn", "river"]


async def test_a_500_is_retried(fake_discord: FakeDiscord, bot: TestBot) -> None:
    rule = fake_discord.fail_next("PATCH /channels/*/messages/*", status=500)
    channel = bot.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("draft")

    await sent.edit(content="final")

    assert len(rule.hits) == 1
    assert fake_discord.messages(channel.id)[0].content == "final"


async def test_a_dropped_gateway_is_resumed_and_interactions_still_work(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")

    assert await fake_discord.drop_gateway() == 1
    await eventually(lambda: bot.resumed == 1)
    assert (await alice.slash("poker", "join", buy_in=200)).content == "Alice joins with 200"

    # An interaction started while the socket is down is replayed after RESUME.
    await fake_discord.drop_gateway(wait_for_resume=False)
    reply = await alice.slash("poker", "join", buy_in=300)
    assert reply.content == "Alice joins with 300"
    assert fake_discord.gateway.replayed >= 1
    assert fake_discord.gateway.identifies == 1


async def test_a_message_deleted_by_a_moderator_is_gone_for_everyone(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    alice = fake_discord.add_member("Alice")
    table = await alice.slash("poker", "table")
    channel = bot.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)
    posted = await channel.send("board: Ah Kd 7c")

    fake_discord.delete_message(posted.id)
    await eventually(lambda: posted.id in bot.deleted)

    with pytest.raises(discord.NotFound) as gone:
        await posted.edit(content="board: Ah Kd 7c 2s")
    assert gone.value.code == 10008
    assert posted.id not in [m.id for m in alice.visible_messages()]
    assert "board: Ah Kd 7c" in alice.seen_text()
    assert table.message is not None and not table.message.deleted


@pytest.mark.parametrize(
    ("payload", "bad_field"),
    [
        ({"embeds": [{"description": "x" * 4097}]}, "description"),
        ({"embeds": [{"title": "x" * 257}]}, "title"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "fields"),
        ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]}, "embeds"),
        ({"content": "x" * 2001}, "content"),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"{r}"}],
                    }
                    for r in range(6)
                ]
            },
            "components",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": f"{i}"}
                            for i in range(6)
                        ],
                    }
                ]
            },
            "components",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "b", "custom_id": "x" * 101}
                        ],
                    }
                ]
            },
            "custom_id",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": f"{i}", "value": f"{i}"} for i in range(26)],
                            }
                        ],
                    }
                ]
            },
            "options",
        ),
    ],
)
async def test_oversized_messages_are_refused_with_400(
    fake_discord: FakeDiscord, bot: TestBot, payload: dict[str, Any], bad_field: str
) -> None:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=fake_discord.channel.id)
    fake_discord.expect_invalid_payloads()

    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.request(route, json=payload)

    assert refused.value.status == 400 and refused.value.code == 50035
    assert bad_field in refused.value.text
    assert fake_discord.messages() == []


async def test_an_embed_over_the_limit_is_refused_through_discord_py(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    channel = bot.get_channel(fake_discord.channel.id)
    assert isinstance(channel, discord.TextChannel)
    fake_discord.expect_invalid_payloads()

    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(embed=discord.Embed(description="x" * 4097))

    assert refused.value.status == 400 and refused.value.code == 50035


async def test_an_unknown_route_answers_404_and_is_recorded(
    fake_discord: FakeDiscord, bot: TestBot
) -> None:
    with pytest.raises(discord.NotFound):
        await bot.http.request(Route("GET", "/guilds/{guild_id}/bans", guild_id=1))

    assert fake_discord.unknown_routes == ["GET /api/v10/guilds/1/bans"]
    fake_discord.unknown_routes.clear()


async def test_the_fake_runs_as_a_separate_process() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.e2e.fake_discord",
        "--port",
        "0",
        stdout=asyncio.subprocess.PIPE,
        cwd=REPO_ROOT,
    )
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), timeout=10)
        info = json.loads(line)
        client = TestBot(int(info["guild_id"]))
        with pointed_at(info["api_base"], info["gateway_url"]):
            async with (
                running_client(client, info["token"]),
                aiohttp.ClientSession() as http,
            ):
                control = info["control_url"]
                async with http.post(f"{control}/members", json={"name": "Carol"}) as r:
                    carol = (await r.json())["id"]
                body = {"command": "poker", "subcommands": ["join"], "options": {"buy_in": 700}}
                async with http.post(f"{control}/members/{carol}/slash", json=body) as r:
                    reply = (await r.json())["reply"]
                async with http.get(f"{control}/members/{carol}/seen") as r:
                    seen = await r.json()
                too_small = body | {"options": {"buy_in": 1}}
                async with http.post(f"{control}/members/{carol}/slash", json=too_small) as r:
                    assert r.status == 409
                    assert (await r.json())["error"] == "OptionRejected"
        assert reply["content"] == "Carol joins with 700"
        assert seen[-1]["text"] == "Carol joins with 700"
    finally:
        process.terminate()
        await process.wait()


async def test_a_bot_process_can_be_killed_and_restarted_against_the_fake(
    fake_discord: FakeDiscord,
) -> None:
    alice = fake_discord.add_member("Alice")
    environment = os.environ | fake_discord.bot_environment()

    async def start_bot_process() -> asyncio.subprocess.Process:
        identified = fake_discord.gateway.identifies
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.e2e.subprocess_bot", cwd=REPO_ROOT, env=environment
        )
        await fake_discord.wait_for(
            lambda: fake_discord.gateway.identifies > identified and fake_discord.gateway.connected,
            timeout=20,
        )
        return process

    first = await start_bot_process()
    try:
        assert (await alice.slash("whoami")).content == f"pid {first.pid}"
    finally:
        first.kill()
        await first.wait()
    await fake_discord.wait_for(lambda: not fake_discord.gateway.connected)
    with pytest.raises(NoResponse):
        await alice.slash("whoami", timeout=0.5)

    second = await start_bot_process()
    try:
        assert (await alice.slash("whoami")).content == f"pid {second.pid}"
    finally:
        second.terminate()
        await second.wait()
    assert fake_discord.gateway.identifies == 2
