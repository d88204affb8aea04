"""When Discord takes a table's place or its players away.

* A table's channel or thread is deleted: the table closes, a hand in
  progress is voided, and every stack goes back to its owner's balance.
* The bot is removed from a server (or leaves it): every table there closes
  the same way.
* Both may happen while the bot is down; when it is ready again it looks for
  tables whose server or channel is gone and closes them.
* A seated member leaves the server: with the privileged members intent
  (``CROUPIER_MEMBERS_INTENT``) the tables cog hears of it at once and folds
  and cashes them out. Without it Discord says nothing, so every few minutes
  this cog asks Discord whether each player sitting out (as a departed
  player soon is, once the clock has acted for them twice) is still a member,
  and lets go of those who are not.

None of this needs the message content or presence intents.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final, cast

import discord
from discord.ext import commands, tasks

from bot.client import CroupierBot

if TYPE_CHECKING:
    from cogs.multi_table import MultiTable

log = logging.getLogger(__name__)

#: How often players sitting out are checked for still being members.
SWEEP_MINUTES: Final = 5.0
#: Discord's code for a member who is not in the server.
UNKNOWN_MEMBER: Final = 10007


class Departures(commands.Cog):
    """Closes tables whose place is gone and cashes out players who left."""

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._place_gone(channel.id, f"channel {channel.id} was deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._place_gone(payload.thread_id, f"thread {payload.thread_id} was deleted")

    async def _place_gone(self, channel_id: int, why: str) -> None:
        """A table's place is gone: a multi-table tournament's table is its
        tournament's to end (cogs/multi_table.py); any other closes."""
        # Asked by name: the extension's module is not necessarily this import's.
        floor = cast("MultiTable | None", self.bot.get_cog("MultiTable"))
        if floor is not None and await floor.table_place_gone(channel_id):
            return
        await self.bot.tables.place_gone(channel_id, why)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.bot.tables.server_gone(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if not self.bot.intents.members and not self.sweep.is_running():
            self.sweep.start()
        await self.close_tables_whose_place_is_gone()

    async def close_tables_whose_place_is_gone(self) -> None:
        """After a start: close the tables of servers the bot is no longer in, and of
        channels that no longer exist (as Discord itself says, not the cache)."""
        for runner in self.bot.tables.runners:
            guild_id, channel_id = runner.record.guild_id, runner.record.channel_id
            guild = self.bot.get_guild(guild_id)
            if guild is None:
                await self.bot.tables.server_gone(guild_id)
                continue
            if guild.unavailable or guild.get_channel_or_thread(channel_id) is not None:
                continue
            try:
                await self.bot.fetch_channel(channel_id)
            except discord.NotFound:
                await self._place_gone(channel_id, f"channel {channel_id} is gone")
            except discord.HTTPException:
                log.warning("Could not check the channel of table %s", runner.table_id)

    @tasks.loop(minutes=SWEEP_MINUTES)
    async def sweep(self) -> None:
        try:
            await self.let_departed_players_go()
        except Exception:  # the next round tries again; the loop must not stop
            log.exception("Looking for players who left failed")

    async def let_departed_players_go(self) -> int:
        """Fold and cash out every player sitting out who is no longer a member of
        the table's server; return how many were let go."""
        gone = 0
        for runner in self.bot.tables.runners:
            guild = self.bot.get_guild(runner.record.guild_id)
            if guild is None or guild.unavailable:
                continue
            for seat in list(runner.table.seats.values()):
                if not seat.sitting_out:
                    continue
                try:
                    await guild.fetch_member(seat.player)
                except discord.NotFound as error:
                    if error.code != UNKNOWN_MEMBER:
                        continue
                    log.info("Player %s left server %s", seat.player, guild.id)
                    await self.bot.tables.player_gone(guild.id, seat.player)
                    gone += 1
                except discord.HTTPException:
                    log.warning("Could not check whether %s is a member", seat.player)
        return gone


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the departures cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Departures(bot))
