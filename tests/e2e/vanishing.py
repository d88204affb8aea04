"""What Discord does when a channel, the bot's place in a server, or a member goes
away, played on the fake Discord.

The fake has no such calls of its own, so these change its world the way
Discord would and dispatch the gateway event Discord sends, to the sessions
whose intents ask for it. A bot that is offline when it happens sees only the
world as it now is when it connects again.
"""

from __future__ import annotations

from tests.e2e.fake_discord import FakeDiscord, Member

GUILDS_INTENT = 1 << 0
GUILD_MEMBERS_INTENT = 1 << 1


def delete_channel(fake: FakeDiscord, channel_id: int) -> None:
    """A moderator deletes the channel: CHANNEL_DELETE, and the channel answers 404."""
    state = fake.state
    channel = state.channels.pop(channel_id)
    state.guild.channel_ids.remove(channel_id)
    state.emit("CHANNEL_DELETE", state.channel_payload(channel), GUILDS_INTENT)
    state.changed()


def remove_bot(fake: FakeDiscord) -> None:
    """The bot is kicked from the server: GUILD_DELETE without ``unavailable``."""
    fake.state.emit("GUILD_DELETE", {"id": str(fake.guild_id)}, GUILDS_INTENT)
    fake.state.changed()


def member_leaves(fake: FakeDiscord, member: Member) -> None:
    """The member leaves the server: GUILD_MEMBER_REMOVE (only with the members
    intent), and the member answers 404 / 10007 from then on."""
    state = fake.state
    state.guild.member_ids.remove(member.id)
    state.emit(
        "GUILD_MEMBER_REMOVE",
        {"guild_id": str(fake.guild_id), "user": state.users[member.id].payload()},
        GUILD_MEMBERS_INTENT,
    )
    state.changed()
