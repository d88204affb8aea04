"""Players whose DMs are closed to the bot, for as long as the process runs.

Discord answers a DM to a member who does not take DMs from the bot with 403
(code 50007), and every such answer counts towards the limit of invalid
requests after which Discord bans the client for a while (10,000 in ten
minutes). So the first refusal is remembered for the whole session, at every
table: that player is not DMed again until they ask for their cards by DM
with ``/poker dm on`` (having opened their DMs). They are told once,
ephemerally, the next time they use a table (``cogs/dm_notice.py``), rather
than in the channel for everyone to read.

>>> refusals = DmRefusals()
>>> refusals.refused(7)
>>> refusals.allows(7), refusals.take_untold(7), refusals.take_untold(7)
(False, True, False)
>>> refusals.reopen(7)
>>> refusals.allows(7), refusals.count
(True, 1)
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


class DmRefusals:
    """Who refused the bot's DMs this session, and who has not been told yet."""

    def __init__(self) -> None:
        self._closed: set[int] = set()
        self._untold: set[int] = set()
        #: DMs Discord refused this session (each one an invalid request).
        self.count = 0

    def allows(self, user_id: int) -> bool:
        """Whether a DM to the player may be tried."""
        return user_id not in self._closed

    def refused(self, user_id: int) -> None:
        """Discord refused a DM to the player: no more DMs to them this session."""
        self.count += 1
        if user_id not in self._closed:
            self._closed.add(user_id)
            self._untold.add(user_id)
            log.info("DMs to %s are refused; not sending more this session", user_id)

    def take_untold(self, user_id: int) -> bool:
        """Whether the player is still to be told their DMs are refused (once)."""
        if user_id in self._untold:
            self._untold.discard(user_id)
            return True
        return False

    def reopen(self, user_id: int) -> None:
        """The player asked for DMs again: try once more."""
        self._closed.discard(user_id)
        self._untold.discard(user_id)
