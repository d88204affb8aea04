"""A click on a table message that the table's next edit answers.

A table button used to cost Discord two requests: a deferral at once
(DEFERRED_UPDATE_MESSAGE), then the runner's edit of the table message
(PATCH). Discord lets a component interaction be answered with UPDATE_MESSAGE
carrying the edited message instead: one request, the clicking player sees
the result in the answer itself, and an answer does not count against the
channel's limit of five edits in five seconds. So an action's click is handed,
unanswered, to the table (``TableRunner.act(answer=...)``), whose publisher
sends its next edit of that message as the click's answer
(:mod:`bot.tables.publisher`, :mod:`bot.tables.outlet`). A modal submitted
from a table message (the bet/raise form) is answered the same way: it is a
component-based interaction with the message attached.

Only one answer is ever sent. Whoever answers claims the click first, before
awaiting anything (discord.py's ``InteractionResponse`` marks itself done only
once its request has returned, so two paths checking it could both answer):
the edit, the deadline, the handler answering a refusal, each finds out
whether the click is still theirs.

**Well within Discord's three seconds.** An edit may answer the click until
:data:`ANSWER_BY` after the click was made (the interaction's snowflake time,
as far as this machine's clock can tell; never later than that long after it
arrived); at that moment a timer acknowledges it without a change, as before,
and the table's edit goes out on its own (a slow table, a busy database). A
click heard of only after that (a backlog) is acknowledged first and acted on
only if Discord took the acknowledgement: a player who was told their click
failed has not acted. One case stays open: an action taken in time whose
answer Discord still refuses as late (the process stalled for a second and
more between the two) has been taken, and the table message shows it.

**A busy process acknowledges at once.** When the process's actions have lately
taken longer than half that budget from click to action (:class:`ActPace`: the
database's queue at hundreds of busy tables), a click is acknowledged as it
arrives and acted on once Discord took that, as before, rather than held
unanswered for :data:`ANSWER_BY` only to be acknowledged then: the table edits its message
on its own either way.

**Refusals** take the click back (:meth:`PendingClick.take_back`) and answer
with the sentence as before: as the click's answer when nobody answered it
yet, else as a follow-up once the answer in flight has arrived.

The answers are sent without ``with_response``: Discord then answers 204, with
nothing to parse (discord.py asks for, and builds objects from, the whole
resource, for an update the whole table message).
"""

from __future__ import annotations

import asyncio
import enum
import json
import logging
import time
from collections.abc import Mapping
from typing import Any, Final

import aiohttp
import discord
from discord.http import Route

log = logging.getLogger(__name__)

#: How long after a click was made an edit may still answer it; then it is
#: acknowledged as it is. Discord refuses answers after three seconds; the
#: other two are the acknowledgement's own trip, which at 500 saturated tables
#: took up to 1.2 s on this machine (bench/LOAD.md: with 1.5 here the slowest
#: answers came 2.5-2.7 s after their clicks).
ANSWER_BY: Final = 1.0
#: Discord's window for the first answer to an interaction, from its creation.
DISCORD_WINDOW: Final = 3.0
#: How many times an answer Discord rate-limits (429) is tried, while the window lasts.
ANSWER_TRIES: Final = 5
DEFERRED_UPDATE_MESSAGE: Final = discord.InteractionResponseType.deferred_message_update.value
UPDATE_MESSAGE: Final = discord.InteractionResponseType.message_update.value
#: Discord's code for an interaction that can no longer be answered (its three seconds passed).
UNKNOWN_INTERACTION: Final = 10062


#: An action taking longer than this from click to action, lately, means a busy process.
SLOW_ACTION: Final = ANSWER_BY / 2
#: How much each action moves the average (about the last ten count).
PACE_WEIGHT: Final = 0.1


class ActPace:
    """How long the process's actions take lately, from the click to the action
    taken (an average in which older actions weigh less and less)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def took(self, seconds: float) -> None:
        self.seconds += PACE_WEIGHT * (seconds - self.seconds)

    @property
    def slow(self) -> bool:
        """Whether a click had better be acknowledged at once."""
        return self.seconds > SLOW_ACTION


class _State(enum.Enum):
    OPEN = "open"  # nobody has answered
    SENDING = "sending"  # an answer is on its way
    DONE = "done"  # the answer arrived, or failed
    TAKEN_BACK = "taken back"  # the handler answers it itself


class PendingClick:
    """One click on table message ``message_id`` (0: none known), not answered yet.

    Implements :class:`bot.tables.outlet.TableClick` for the table's outlet."""

    def __init__(
        self,
        interaction: discord.Interaction[Any],
        message_id: int | None,
        *,
        answer_by: float = ANSWER_BY,
    ) -> None:
        self.interaction = interaction
        self._message_id = message_id or 0
        self._loop = asyncio.get_running_loop()
        # The click's age: its snowflake's time (Discord's clock) against this machine's.
        age = time.time() - ((interaction.id >> 22) + discord.utils.DISCORD_EPOCH) / 1000
        age = min(max(age, 0.0), DISCORD_WINDOW)
        left = max(answer_by - age, 0.0) if message_id else 0.0
        self._deadline = self._loop.time() + left
        #: When Discord stops taking an answer, as far as this clock can tell.
        self._expires = self._loop.time() + DISCORD_WINDOW - age
        self._late = left <= 0
        self._state = _State.OPEN
        self._answered = False
        self._arrived: asyncio.Future[None] | None = None
        self._late_answer: asyncio.Task[bool] | None = None
        self._timer = self._loop.call_later(left, self._too_slow) if left > 0 else None

    @property
    def message_id(self) -> int:
        return self._message_id

    @property
    def late(self) -> bool:
        """No edit may answer this click: heard of after its time, or on no message."""
        return self._late

    # -- bot.tables.outlet.TableClick ------------------------------------------

    def claim_for_update(self) -> bool:
        return self._loop.time() < self._deadline and self._claim(_State.SENDING)

    async def update(self, edit: dict[str, Any]) -> None:
        await self._answer({"type": UPDATE_MESSAGE, "data": edit})

    async def acknowledge(self) -> bool:
        if not self._claim(_State.SENDING):
            return False
        return await self._acknowledged()

    # -- the handler ---------------------------------------------------------

    def take_back(self) -> bool:
        """Take the click back to answer it through discord.py (a refusal, a notice):
        ``True`` while nobody has answered it; afterwards it is never answered here."""
        return self._claim(_State.TAKEN_BACK)

    async def answered(self) -> bool:
        """Wait until the answer on its way (if any) has arrived; whether Discord
        took an answer sent from here."""
        if self._state is _State.SENDING:
            if self._arrived is None:
                self._arrived = self._loop.create_future()
            await asyncio.shield(self._arrived)
        return self._answered

    # -- inside ----------------------------------------------------------------

    def _claim(self, state: _State) -> bool:
        if self._state is not _State.OPEN:
            return False
        self._state = state
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None  # the handle names this object: no cycle left behind
        return True

    def _too_slow(self) -> None:
        """The table did not answer the click in time: acknowledge it as it is."""
        self._timer = None
        if self._claim(_State.SENDING):
            self._late_answer = self._loop.create_task(self._acknowledged())
            self._late_answer.add_done_callback(self._let_go_of_task)

    def _let_go_of_task(self, _: asyncio.Task[bool]) -> None:
        self._late_answer = None

    async def _acknowledged(self) -> bool:
        try:
            await self._answer({"type": DEFERRED_UPDATE_MESSAGE})
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
            data: Mapping[str, object] = self.interaction.data or {}
            user_id = self.interaction.user.id
            if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
                log.warning("Too late to answer %s for user %s", data.get("custom_id"), user_id)
            else:
                log.warning(
                    "Could not acknowledge %s for user %s",
                    data.get("custom_id"),
                    user_id,
                    exc_info=True,
                )
            return False
        return True

    async def _answer(self, body: dict[str, Any]) -> None:
        """Send the one answer (claimed already); raises what Discord refused."""
        try:
            await self._post(body)
            self._answered = True
        finally:
            self._state = _State.DONE
            if self._arrived is not None and not self._arrived.done():
                self._arrived.set_result(None)

    async def _post(self, body: dict[str, Any]) -> None:
        interaction = self.interaction
        http = interaction.client.http
        url = f"{Route.BASE}/interactions/{interaction.id}/{interaction.token}/callback"
        # The session discord.py answers interactions with (its own responses use it too).
        session: aiohttp.ClientSession = interaction._session
        payload = json.dumps(body, separators=(",", ":"))
        for _ in range(ANSWER_TRIES):
            async with session.post(
                url,
                data=payload,
                headers={"Content-Type": "application/json"},
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                timeout=aiohttp.ClientTimeout(total=max(self._expires - self._loop.time(), 0.1)),
            ) as response:
                if response.status < 300:
                    return
                if response.content_type == "application/json":
                    data: Any = await response.json()
                else:
                    data = await response.text()
                wait = data.get("retry_after") if isinstance(data, dict) else None
                retry_after = float(wait) if isinstance(wait, int | float) else DISCORD_WINDOW
                if response.status == 429 and self._loop.time() + retry_after < self._expires:
                    await asyncio.sleep(retry_after)  # rate-limited: wait it out, in time
                    continue
                if response.status == 404:
                    raise discord.NotFound(response, data)
                if response.status == 403:
                    raise discord.Forbidden(response, data)
                raise discord.HTTPException(response, data)
        raise TimeoutError("Discord kept rate-limiting the answer")
