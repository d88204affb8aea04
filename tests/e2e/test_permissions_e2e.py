"""Channel permissions, as Discord applies them to members and to the bot.

A member the channel is hidden from sees no table and can press none of its
buttons; a member who may not use application commands there cannot even
send /poker. Where the bot itself may not post, /poker create says so instead
of opening a table nobody can see, and the bot does not knock again and again
on a door Discord keeps shut (each refusal counts towards Discord's ban of
clients that make too many invalid requests).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import invite_permissions
from bot.tables import outlet
from tests.e2e.fake_discord import ComponentNotFound, FakeDiscord, OptionRejected, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table, table_button_id


async def test_a_member_who_cannot_see_the_channel_cannot_play_there(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=2) as croupier:
        ann, ben, eve = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Eve")
        view = await open_table(fake, [ann, ben])
        fake.set_permissions(fake.channel, eve, deny=permissions.VIEW_CHANNEL)
        turn = view.turn()
        assert turn is not None

        assert view.table_message() not in eve.visible_messages()
        with pytest.raises(ComponentNotFound):
            await eve.click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "cards"),
                message=turn.message_id,
            )
        with pytest.raises(OptionRejected, match="cannot see"):
            await eve.slash("poker", "join", buy_in=500)
        await croupier.settled()


async def test_a_member_without_application_commands_cannot_send_poker_commands(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann = fake.add_member("Ann")
        quiet = fake.add_role("Quiet", 0)
        fake.give_role(ann, quiet)
        fake.set_permissions(fake.channel, quiet, deny=permissions.USE_APPLICATION_COMMANDS)

        with pytest.raises(OptionRejected, match="may not use application commands"):
            await ann.slash("poker", "create")
        assert await croupier.database.fetch_all("SELECT id FROM tables") == []


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        (permissions.SEND_MESSAGES, ("Send Messages",)),
        (permissions.VIEW_CHANNEL, ("View Channel",)),
        (permissions.ATTACH_FILES, ("Attach Files",)),
        (permissions.ATTACH_FILES | permissions.EMBED_LINKS, ("Embed Links, Attach Files",)),
    ],
    ids=["send-messages", "view-channel", "attach-files", "two"],
)
async def test_where_the_bot_may_not_post_no_table_is_opened(
    fake_discord: FakeDiscord, tmp_path: Path, denied: int, named: tuple[str, ...]
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann = fake.add_member("Ann")
        bot_role = fake.state.bot_role(fake.guild)
        fake.set_permissions(fake.channel, bot_role, deny=denied)

        answer = await (await ann.slash("poker", "create")).settled()

        assert answer.ephemeral and "I am missing permissions" in answer.text, answer.text
        assert all(name in answer.text for name in named), answer.text
        assert answer.text.count(".") == 1, answer.text  # one sentence
        assert await croupier.database.fetch_all("SELECT id FROM tables") == []
        assert [r for r in fake.refusals if r.path.startswith("/channels/")] == []


async def test_a_table_whose_channel_turns_its_back_on_the_bot_is_not_retried_in_a_loop(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outlet, "RESHOW_SECONDS", 0.01)
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=4, expected_errors=("Discord refuses",)
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        fake.set_permissions(
            fake.channel, fake.state.bot_role(fake.guild), deny=permissions.VIEW_CHANNEL
        )

        actor = ann if turn.actor == "Ann" else ben
        # The answer goes through the interaction; the table's edit is refused.
        await actor.slash("call")
        await croupier.settled()
        refused = [str(r) for r in fake.refusals]

        # No second knock: Discord's answer stays the same and each one counts against us.
        with pytest.raises(TimeoutError):
            await fake.wait_for(lambda: len(fake.refusals) > len(refused), timeout=1.0)
        assert len(refused) == 1, refused


async def test_a_thread_table_names_the_thread_permissions_it_lacks_in_either_language(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann, jan = fake.add_member("Ann"), fake.add_member("Jan", locale="de")
        bot_role = fake.state.bot_role(fake.guild)
        fake.set_permissions(
            fake.channel,
            bot_role,
            deny=permissions.CREATE_PUBLIC_THREADS | permissions.SEND_MESSAGES_IN_THREADS,
        )
        english = (await (await ann.slash("poker", "create", thread=True)).settled()).text
        assert english == (
            "I cannot deal a table here because I am missing permissions in this channel "
            "(Create Public Threads, Send Messages in Threads); a server admin can give them "
            "to my role, or add me again with the invite link from my log."
        )
        german = (await (await jan.slash("poker", "create", thread=True)).settled()).text
        assert "(Öffentliche Threads erstellen, Nachrichten in Threads senden)" in german
        assert await croupier.database.fetch_all("SELECT id FROM tables") == []
        # Without a thread, the channel itself has all a table needs.
        opened = (await (await ann.slash("poker", "create")).settled()).text
        assert "is open in" in opened, opened


async def test_the_invite_links_permissions_are_enough_for_the_showdown_pictures(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A server whose members may not attach files, and which granted the bot
    exactly what the invite link asks for, sees every showdown picture: before,
    the link lacked Attach Files and Discord refused each picture ("Discord
    refuses files in ...; posting without")."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=5) as croupier:
        everyone = fake.state.guild.roles[fake.guild.id]
        everyone.permissions &= ~permissions.ATTACH_FILES
        fake.set_bot_permissions(invite_permissions(croupier.bot.cogs.values()).value)
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(3)
        await croupier.settled()
        pictures = [
            attachment
            for message in fake.messages(fake.channel)
            for attachment in message.attachments
            if attachment.filename.endswith(".png")
        ]
        assert pictures, "no showdown picture reached the channel"
    assert not [r for r in caplog.records if "refuses files" in r.getMessage()]
    assert not [r for r in fake.refusals if r.path.startswith("/channels/")]
