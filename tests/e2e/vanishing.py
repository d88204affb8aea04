"""What Discord does when a channel, the bot's place in a server, or a member goes
away, played on the fake Discord.

Each changes the fake's world the way Discord would and dispatches the
gateway event Discord sends, to the sessions whose intents ask for it. A bot
that is offline when it happens sees only the world as it now is when it
connects again.
"""

from __future__ import annotations

from tests.e2e.fake_discord import FakeDiscord, Member


def delete_channel(fake: FakeDiscord, channel_id: int) -> None:
    """A moderator deletes the channel: CHANNEL_DELETE, and the channel answers 404."""
    fake.delete_channel(channel_id)


def remove_bot(fake: FakeDiscord) -> None:
    """The bot is kicked from the server: GUILD_DELETE without ``unavailable``."""
    fake.remove_bot()


def member_leaves(fake: FakeDiscord, member: Member) -> None:
    """The member leaves the server: GUILD_MEMBER_REMOVE (only with the members
    intent), and the member answers 404 / 10007 from then on."""
    fake.remove_member(member)
