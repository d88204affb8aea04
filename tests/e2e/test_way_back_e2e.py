"""Losing does not end the evening (issue 23), through the fake Discord: a player
joins with the default buy-in (half her balance stays back), loses it all, is
told the one thing she can do, takes a refill and sits down again with the
waiting table's Sit down button; a member who can manage the server grants
chips to her and to everyone, with a reason, and an ordinary member cannot.
The run ends with the audit (every end-to-end test does)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import FakeDiscord, Member, OptionRejected, Reply, permissions
from tests.e2e.fake_discord import interactions as ix
from tests.e2e.fake_discord.commands import build_invocation
from tests.e2e.fake_discord.messages import StoredMessage
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, layout_text

#: Components: a button, a text input (in a modal).
BUTTON, TEXT_INPUT = 2, 4


class Transcript:
    """What each member did and the bot's sentences in answer, for the report."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def said(self, who: str, what: str, answer: str) -> str:
        self.lines.append(f"{who}: {what}\n    bot: {answer}")
        return answer

    def posted(self, text: str) -> None:
        self.lines.append(f"(channel) bot: {text}")


def bust_notices(fake: FakeDiscord) -> list[StoredMessage]:
    return [
        m
        for m in fake.messages(fake.channel)
        if m.kind == "channel" and "is out of chips" in (m.content or "")
    ]


def button_labels(message: StoredMessage) -> list[str]:
    return [
        str(c.get("label"))
        for c in message.all_components()
        if c.get("type") == BUTTON and c.get("label")
    ]


def text_inputs(modal: dict[str, Any]) -> dict[str, str]:
    """A modal's text inputs: custom id -> the value filled in."""
    found: dict[str, str] = {}

    def walk(component: dict[str, Any]) -> None:
        if component.get("type") == TEXT_INPUT:
            found[str(component["custom_id"])] = str(component.get("value") or "")
        for inner in component.get("components") or []:
            walk(inner)
        if isinstance(component.get("component"), dict):
            walk(component["component"])

    for component in modal.get("components") or []:
        walk(component)
    return found


async def as_if_offered(
    fake: FakeDiscord, member: Member, command: str, *subcommands: str, **options: Any
) -> Reply:
    """Run a command Discord does not offer ``member`` by default, as on a server
    whose administrators opened it to everyone (Server Settings > Integrations):
    the bot must refuse it itself."""
    state = fake.state
    schema = state.commands.find(command, fake.guild_id)
    assert schema is not None
    data = build_invocation(schema, subcommands, options, state.resolver_for(fake.guild_id))
    record = state.start_interaction(member.id, fake.channel.id, ix.APPLICATION_COMMAND, data)
    reply = Reply(fake, record, f"/{command} by {member.name}")
    return await reply.answered()


async def all_in_until_someone_busts(
    fake: FakeDiscord, view: TableView, members: dict[str, Member]
) -> StoredMessage:
    """Every turn goes all in until a player has no chips left; the bust notice."""
    after: tuple[int, int] | None = None
    for _ in range(40):
        if bust_notices(fake):
            break
        turn = await view.next_turn(after, timeout=3)
        if turn is None:
            continue
        after = turn.key
        await (await members[turn.actor].slash("allin")).settled()
    return await fake.wait_for(lambda: (bust_notices(fake) or [None])[0], 10)


async def test_a_broke_player_gets_back_to_a_table(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, said = fake_discord, Transcript()
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4):
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        created = await ann.slash("poker", "create", min_buy_in=600, max_buy_in=1000)
        await created.settled()
        said.said("Ann", "/poker create min_buy_in:600 max_buy_in:1000", created.text)
        for member in (ann, ben):
            joined = await member.slash("poker", "join")
            said.said(member.name, "/poker join", joined.text)
            # The default buy-in: half of 1,000 is below this table's 600, so 600;
            # 400 stay back.
            assert "with **600** chips" in joined.text, joined.text
            assert "balance is now **400** chips" in joined.text, joined.text

        view = TableView(fake)
        notice = await all_in_until_someone_busts(fake, view, {"Ann": ann, "Ben": ben})
        said.posted(notice.content)
        loser = ann if notice.content.startswith("Ann ") else ben
        # The one thing she can do now: 400 seat her nowhere, and her refill is open.
        assert (
            "Too few chips are left for any table here: /refill brings your balance back up "
            "to **1,000** now" in notice.content
        ), notice.content

        # The old dead ends now say what to do.
        topup = await loser.slash("poker", "topup", amount=400)
        said.said(loser.name, "/poker topup amount:400", topup.text)
        assert "at least **600**" in topup.text and "/refill" in topup.text, topup.text

        # The table waits, and offers its buttons.
        waiting = view.table_message()
        assert waiting is not None
        assert "Sit down" in layout_text(waiting), layout_text(waiting)
        assert button_labels(waiting) == ["Sit down", "Top up", "Leave"]

        refill = await loser.slash("refill")
        said.said(loser.name, "/refill", refill.text)
        assert "Refilled: **600** chips, your balance is now **1,000**" in refill.text
        again = await loser.slash("refill")
        said.said(loser.name, "/refill", again.text)
        assert "you have **1,000**, and the smallest buy-in is **600**" in again.text

        left = await loser.click("Leave", message=waiting.id)
        said.said(loser.name, "[Leave]", left.text)
        assert "You left the table with **0** chips" in left.text, left.text
        waiting = view.table_message()
        assert waiting is not None
        opened = await loser.click("Sit down", message=waiting.id)
        assert opened.modal is not None, opened.text
        inputs = text_inputs(opened.modal)
        said.said(loser.name, "[Sit down]", f"(form) {opened.modal.get('title')}: {inputs}")
        assert inputs == {"buy_in": "600", "seat": ""}, inputs
        seated = await loser.submit_modal({"buy_in": inputs["buy_in"]})
        await seated.settled()
        said.said(loser.name, "(form sent: buy_in 600)", seated.text)
        assert "with **600** chips. Your balance is now **400** chips." in seated.text
        assert await view.next_turn(timeout=10) is not None, "no hand was dealt"
    print("\n".join(said.lines))


async def test_server_managers_grant_chips_with_a_reason_and_nobody_else(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann, ben, cat = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Cat")
        managers = fake.add_role("Managers", permissions.MANAGE_GUILD)
        fake.give_role(cat, managers)
        for member in (ann, ben):
            await (await member.slash("balance")).settled()

        granted = await cat.slash("chips", "grant", user=ann, amount=250, reason="quiz winner")
        assert granted.ephemeral
        assert granted.text == (
            f"Granted **250** chips to {ann.mention} (quiz winner). Their balance is now "
            "**1,250** chips."
        ), granted.text
        everyone = await cat.slash("chips", "grant_everyone", amount=100, reason="game night")
        await everyone.settled()
        assert "to each of the **2** players with a balance here (game night)" in everyone.text
        assert await croupier.bot.cashier.balance(fake.guild_id, ann.id) == 1350
        assert await croupier.bot.cashier.balance(fake.guild_id, ben.id) == 1100

        # Discord does not offer /chips to an ordinary member ...
        with pytest.raises(OptionRejected):
            await ben.slash("chips", "grant", user=ben, amount=1000, reason="me")
        # ... and where a server offers it anyway, the bot refuses.
        refused = await as_if_offered(
            fake, ben, "chips", "grant", user=ben.id, amount=1000, reason="me"
        )
        assert "Only members who can manage the server" in refused.text, refused.text
        assert await croupier.bot.cashier.balance(fake.guild_id, ben.id) == 1100

        rule = await cat.slash("chips", "refill", hours=8)
        assert "once every **8** hours" in rule.text, rule.text
        notes = await croupier.database.fetch_all(
            "SELECT user_id, delta, note FROM ledger WHERE kind = 'admin_grant' ORDER BY id"
        )
        assert [(r["user_id"], r["delta"], r["note"]) for r in notes] == [
            (ann.id, 250, f"granted by {cat.id}: quiz winner"),
            (ann.id, 100, f"granted by {cat.id}: game night"),
            (ben.id, 100, f"granted by {cat.id}: game night"),
        ]


async def test_a_busted_player_with_chips_left_tops_up_with_the_button(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await (await ann.slash("poker", "create")).settled()
        for member in (ann, ben):
            joined = await member.slash("poker", "join")
            # Half of 1,000 at a 200-1,000 table.
            assert "with **500** chips. Your balance is now **500** chips." in joined.text
        view = TableView(fake)
        notice = await all_in_until_someone_busts(fake, view, {"Ann": ann, "Ben": ben})
        loser = ann if notice.content.startswith("Ann ") else ben
        assert "**Top up** on the table (or /poker topup) brings chips from your balance " in (
            notice.content
        ), notice.content
        waiting = view.table_message()
        assert waiting is not None
        seated = await loser.click("Sit down", message=waiting.id)
        assert "You already sit in seat" in seated.text, seated.text
        opened = await loser.click("Top up", message=waiting.id)
        assert opened.modal is not None, opened.text
        assert text_inputs(opened.modal) == {"amount": "250"}
        topped = await loser.submit_modal({"amount": "250"})
        await topped.settled()
        assert "You added **250** chips; your stack is **250** and your balance **250**." in (
            topped.text
        ), topped.text
        assert await view.next_turn(timeout=10) is not None, "no hand was dealt"

        chosen = await loser.slash("poker", "autotopup", up_to=1000, below=400)
        assert "below **400**, it is topped up to **1,000**" in chosen.text, chosen.text
        assert (
            await croupier.database.fetch_value(
                "SELECT up_to FROM auto_top_ups WHERE user_id = ?", (loser.id,)
            )
            == 1000
        )
        off = await loser.slash("poker", "autotopup")
        assert "No more automatic top-ups" in off.text
