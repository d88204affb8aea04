"""A DM to a player costs Discord one request once their DM channel is known.

discord.py keeps only its last 128 DM channels; at hundreds of seated players
every hole-card DM used to open the player's channel again first. Here more
players than that are DMed twice: each channel is opened once, and every DM
after is a single request that reaches its player.
"""

from __future__ import annotations

from pathlib import Path

from bot.render.message import OutgoingMessage
from bot.tables.outlet import DiscordOutlet
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier

#: More players than discord.py keeps DM channels for.
PLAYERS = 140
OPEN = "POST /users/@me/channels"
SEND = "POST /channels/{dm_channel}/messages"


async def test_a_dm_is_one_request_once_the_players_channel_is_known(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        bot = croupier.bot
        players = [fake.add_member(f"Player{n}") for n in range(PLAYERS)]
        # Two tables' outlets: the channels they know are the process's, not a table's.
        outlets = [
            DiscordOutlet(bot, fake.add_channel(f"table-{n}").id, dm_channels=bot.dm_channels)
            for n in range(2)
        ]
        counts, limited = fake.rest.route_counts, fake.rest.limited_counts
        opened, sent = counts[OPEN] - limited[OPEN], counts[SEND] - limited[SEND]

        for hand, outlet in enumerate(outlets, start=1):
            for player in players:
                delivered = await outlet.send_private(
                    player.id, OutgoingMessage(content=f"Your cards, hand {hand}")
                )
                assert delivered

        # Requests Discord took (those a rate limit answered 429 were tried again).
        limited = fake.rest.limited_counts
        assert fake.rest.route_counts[OPEN] - limited[OPEN] - opened == PLAYERS
        assert fake.rest.route_counts[SEND] - limited[SEND] - sent == 2 * PLAYERS
        for player in players:
            assert [m.text() for m in player.dms()][-2:] == [
                "Your cards, hand 1",
                "Your cards, hand 2",
            ]
