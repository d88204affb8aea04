"""Each player's DM channel, remembered so that a DM costs Discord one request.

To DM a member the bot needs the id of its DM channel with them, which Discord
gives in answer to ``POST /users/@me/channels``. discord.py keeps the channels
it opened, but only the last 128 (``ConnectionState._private_channels``): at
hundreds of seated players nearly every hole-card DM cost a second request to
open the channel again. A DM channel's id never changes, so the ids are kept
here, shared by every table of the process, the most recently used first, up
to :data:`KEPT_CHANNELS` (far more players than one process seats; about 100
bytes each). A channel Discord no longer knows (``Unknown Channel``) is
forgotten and opened afresh on the next DM.

>>> import asyncio
>>> opened = []
>>> async def open_channel(user_id: int) -> int:
...     opened.append(user_id)
...     return 1000 + user_id
>>> channels = DmChannels(open_channel, kept=2)
>>> async def three_dms() -> list[int]:
...     return [await channels.channel_id(u) for u in (7, 7, 8)]
>>> asyncio.run(three_dms()), opened
([1007, 1007, 1008], [7, 8])
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Final

#: How many players' DM channels are remembered at most.
KEPT_CHANNELS: Final = 50_000

#: Opens (or finds) the DM channel with a user; its id.
OpenChannel = Callable[[int], Awaitable[int]]


class DmChannels:
    """The DM channel id of each player DMed lately."""

    def __init__(self, open_channel: OpenChannel, *, kept: int = KEPT_CHANNELS) -> None:
        self._open = open_channel
        self._kept = kept
        self._ids: OrderedDict[int, int] = OrderedDict()

    def __len__(self) -> int:
        return len(self._ids)

    async def channel_id(self, user_id: int) -> int:
        """The id of the DM channel with ``user_id``, opened only when not known."""
        known = self._ids.get(user_id)
        if known is not None:
            self._ids.move_to_end(user_id)
            return known
        channel_id = await self._open(user_id)
        self._ids[user_id] = channel_id
        if len(self._ids) > self._kept:
            self._ids.popitem(last=False)
        return channel_id

    def forget(self, user_id: int) -> None:
        """Discord no longer knows the channel: open it again next time."""
        self._ids.pop(user_id, None)
