"""The runner's only way to reach Discord.

An :class:`Outlet` shows the one table message of a hand (posting it, then
editing it in place), posts other public messages (a hand's result, notices),
and sends a player a private message by DM. Every method swallows Discord's
errors after logging them: a failed delivery must never stop a table. A table
message that was deleted is posted again; a DM Discord refuses (the player
closed their DMs: Forbidden, code 50007) makes :meth:`Outlet.send_private`
return ``False``, so the runner can point the player to "My cards" instead.

A table message Discord failed to show (a server error, an outage longer than
discord.py's own retries) is tried again a little later, and again with
longer pauses, until it is shown or a newer state of the table replaces it:
a table waiting for a player must not keep showing a moment that is past. A
new hand's message that could not be posted is posted with the next state
instead of editing the last hand's. A hand's result or a notice that failed
the same way is posted again later (it may then come after newer messages),
and so is a DM of cards, a few times only: cards arriving long after they
were dealt help nobody. A DM Discord makes wait longer than
:data:`DM_PATIENCE_SECONDS` (a rate limit) is given up for now and tried again
later, so it holds up nothing. What Discord refuses for good (no permission, a
deleted channel, a player's closed DMs) is not tried again: each refusal
counts towards Discord's limit on invalid requests.

A DM is one request: it is sent to the player's DM channel by its id, which
the process's outlets share (:mod:`bot.tables.dm_channels`); the channel is
opened only for a player not DMed lately.

:class:`DiscordOutlet` is the real one; the tests use a recording fake.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

import aiohttp
import discord
from discord.http import handle_message_parameters

from bot.render.message import (
    EMBED_COLOUR,
    ButtonSpec,
    Divider,
    OutgoingFile,
    OutgoingMessage,
    Picture,
    TextBlock,
)
from bot.tables.dm_channels import DmChannels

log = logging.getLogger(__name__)

#: Discord's code for "Cannot send messages to this user".
CANNOT_MESSAGE_USER = 50007
#: Seconds before a table message that failed is shown again; doubled each time it fails.
RESHOW_SECONDS: Final = 5.0
#: The longest pause between two tries, and how many tries before giving up.
RESHOW_MAX_SECONDS: Final = 300.0
RESHOW_TRIES: Final = 12
#: How many times a failed channel post, and a failed DM, is tried in all.
POST_TRIES: Final = 6
DM_TRIES: Final = 3
#: How long one DM may take, a rate limit's wait included, before it is given up
#: for now and tried again later (discord.py would otherwise sleep out a 429's
#: ``retry_after``, however long, holding up the DMs queued behind it).
DM_PATIENCE_SECONDS: Final = 5.0


@dataclass
class PrivateSlot:
    """One DM a player reads again: the first message sent through it is posted,
    each later one edits it (a hand's cards as streets come, a hand's turn notice).
    ``message_id``: the DM Discord took, once it took one."""

    message_id: int | None = None


class TableClick(Protocol):
    """A player's click on a table message, not answered yet, that the next edit of
    that message may answer: Discord's UPDATE_MESSAGE carries the edit as the
    click's answer, one request instead of a deferral and an edit (the real one
    is ``cogs.pending_click.PendingClick``)."""

    @property
    def message_id(self) -> int:
        """The table message clicked."""
        ...

    def claim_for_update(self) -> bool:
        """Whether an edit may answer the click now (nobody answered it, and it is
        still well within Discord's three seconds); ``True`` makes it the caller's."""
        ...

    async def update(self, edit: dict[str, Any]) -> None:
        """Answer the claimed click by editing its message (``edit``: the fields of
        a message edit, as Discord's JSON); raises what Discord answered otherwise."""
        ...

    async def acknowledge(self) -> bool:
        """Answer the click without changing anything, unless it is answered (or
        being answered) already; whether this call answered it."""
        ...


class Outlet(Protocol):
    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        """Edit the table message to ``message``; post a new one when ``fresh``
        (a new hand) or when there is none to edit. ``clicks``: clicks on the table
        message waiting for this edit, each answered by the time this returns (the
        edit itself answers one of them when it can)."""
        ...

    async def post(self, message: OutgoingMessage) -> None:
        """Post a message in the table's channel."""
        ...

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        """Send ``message`` to the player by DM; ``False`` when the player does not
        take DMs from the bot (a DM that failed otherwise is tried again). With
        ``slot``, the DM sent in it before is edited instead (sent anew when it
        is gone), and the slot keeps the id of the DM sent."""
        ...

    async def post_notice(self, user_id: int, message: OutgoingMessage) -> int | None:
        """Post a turn notice in the channel that pings ``user_id`` and nobody
        else; its message id (``None``: it could not be posted)."""
        ...


def view_of(buttons: tuple[ButtonSpec, ...]) -> discord.ui.View | None:
    """A discord.py view drawing ``buttons``.

    Clicks are answered by the tables cog's listener from these custom ids,
    so the view itself is stopped before it is sent: discord.py then keeps no
    copy of it per message.
    """
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for spec in buttons:
        view.add_item(_button(spec, row=spec.row))
    view.stop()
    return view


def _button(
    spec: ButtonSpec, row: int | None = None
) -> discord.ui.Button[discord.ui.View] | discord.ui.Button[discord.ui.LayoutView]:
    """discord.py's button for ``spec``: a link button opens its address."""
    if spec.url is not None:
        return discord.ui.Button(
            label=spec.label, url=spec.url, style=discord.ButtonStyle.link, row=row
        )
    return discord.ui.Button(
        custom_id=spec.custom_id,
        label=spec.label,
        style=getattr(discord.ButtonStyle, spec.style),
        row=row,
        disabled=spec.disabled,
    )


def layout_of(message: OutgoingMessage) -> discord.ui.LayoutView:
    """A Components V2 view drawing ``message.layout``: one container of its
    text blocks and dividers, then its buttons in their rows.

    Like :func:`view_of`, it is stopped before it is sent: the tables cog's
    dynamic items answer the buttons, before and after a restart.
    """
    layout = discord.ui.LayoutView(timeout=None)
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=EMBED_COLOUR
    )
    for block in message.layout:
        if isinstance(block, TextBlock):
            container.add_item(discord.ui.TextDisplay(block.text))
        elif isinstance(block, Divider):
            container.add_item(discord.ui.Separator())
        elif isinstance(block, Picture):
            container.add_item(
                discord.ui.MediaGallery(
                    discord.MediaGalleryItem(
                        f"attachment://{block.filename}",
                        description=block.description or discord.utils.MISSING,
                    )
                )
            )
    layout.add_item(container)
    rows: dict[int, discord.ui.ActionRow[discord.ui.LayoutView]] = {}
    for spec in sorted(message.buttons, key=lambda spec: spec.row):
        row = rows.get(spec.row)
        if row is None:
            row = rows[spec.row] = discord.ui.ActionRow()
            layout.add_item(row)
        row.add_item(_button(spec))
    layout.stop()
    return layout


def layout_components(message: OutgoingMessage) -> list[dict[str, Any]]:
    """What :func:`layout_of` draws, as the JSON Discord takes (what its
    ``to_components()`` gives), built without discord.py's view objects."""
    blocks: list[dict[str, Any]] = []
    for block in message.layout:
        if isinstance(block, TextBlock):
            blocks.append({"type": TEXT_DISPLAY, "content": block.text})
        elif isinstance(block, Divider):
            blocks.append({"type": SEPARATOR, "divider": True, "spacing": SMALL_SPACING})
        elif isinstance(block, Picture):
            item: dict[str, Any] = {"media": {"url": f"attachment://{block.filename}"}}
            if block.description:
                item["description"] = block.description
            blocks.append({"type": MEDIA_GALLERY, "items": [item]})
    container = {
        "type": CONTAINER,
        "accent_color": EMBED_COLOUR.value,
        "spoiler": False,
        "components": blocks,
    }
    rows: dict[int, list[dict[str, Any]]] = {}
    for spec in sorted(message.buttons, key=lambda spec: spec.row):
        button: dict[str, Any] = {
            "type": BUTTON,
            "style": getattr(discord.ButtonStyle, spec.style).value,
            "disabled": spec.disabled,
            "label": spec.label,
        }
        if spec.url is None:
            button["custom_id"] = spec.custom_id
        else:
            button["url"] = spec.url
        rows.setdefault(spec.row, []).append(button)
    return [container, *({"type": ACTION_ROW, "components": row} for row in rows.values())]


#: Discord's component types, and a separator's small spacing.
ACTION_ROW: Final = discord.ComponentType.action_row.value
BUTTON: Final = discord.ComponentType.button.value
TEXT_DISPLAY: Final = discord.ComponentType.text_display.value
SEPARATOR: Final = discord.ComponentType.separator.value
MEDIA_GALLERY: Final = discord.ComponentType.media_gallery.value
CONTAINER: Final = discord.ComponentType.container.value
SMALL_SPACING: Final = discord.SeparatorSpacing.small.value

#: Nobody is pinged by a table's messages, whatever a name in them says; set on each
#: message as well as on the client, so no client setting can turn pings back on.
NO_PINGS: Final = discord.AllowedMentions.none()


def only_pinging(user_id: int) -> discord.AllowedMentions:
    """Mentions that ping ``user_id`` and nobody else (no role, no @everyone)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=user_id)]
    )


def _without_files(message: OutgoingMessage) -> OutgoingMessage:
    """``message`` without its files, nor an embed image or a picture pointing at one."""
    if message.layout:
        kept = tuple(block for block in message.layout if not isinstance(block, Picture))
        return OutgoingMessage(layout=kept, buttons=message.buttons)
    embed = message.embed
    if embed is not None and embed.image and str(embed.image.url).startswith("attachment://"):
        embed = embed.copy()
        embed.set_image(url=None)
    return OutgoingMessage(message.content, embed, message.buttons)


def _files_key(files: Sequence[OutgoingFile]) -> tuple[tuple[str, int], ...]:
    """What tells two sets of files apart (their names and contents)."""
    return tuple((file.filename, hash(file.data)) for file in files)


def _answerable(clicks: Sequence[TableClick], message_id: int) -> TableClick | None:
    """The first click on ``message_id`` an edit of it may still answer (claimed)."""
    for click in clicks:
        if click.message_id == message_id and click.claim_for_update():
            return click
    return None


def _or_missing(embed: discord.Embed | None) -> discord.Embed:
    return discord.utils.MISSING if embed is None else embed


def dm_channels_of(client: discord.Client) -> DmChannels:
    """The DM channels the outlets of ``client`` share, opened through its HTTP client
    (not ``create_dm``: discord.py's own cache would keep only 128 of them)."""

    async def open_channel(user_id: int) -> int:
        opened = await client.http.start_private_message(user_id)
        return int(opened["id"])

    return DmChannels(open_channel)


class DiscordOutlet:
    """An outlet for one table's channel (or thread), through a discord.py client."""

    def __init__(
        self,
        client: discord.Client,
        channel_id: int,
        *,
        reshow_seconds: float | None = None,
        dm_channels: DmChannels | None = None,
    ) -> None:
        self.client = client
        self.channel_id = channel_id
        #: Every player's DM channel, shared by the process's tables.
        self.dm_channels = dm_channels if dm_channels is not None else dm_channels_of(client)
        self.message_id: int | None = None
        #: Told the id of each table message posted (:mod:`bot.tables.message_keeper`).
        self.on_message: Callable[[int], None] | None = None
        self.reshow_seconds = RESHOW_SECONDS if reshow_seconds is None else reshow_seconds
        #: Counts the table messages asked for; a retry of an older one is dropped.
        self._latest = 0
        #: The newest state meant for each table message lately edited (its count):
        #: a failed edit is tried again until a newer state of *that* message comes.
        #: A new hand's message does not replace the last hand's final edit (its
        #: result), which is still tried on the message it was meant for.
        self._newest_for: dict[int, int] = {}
        #: A new hand's message could not be posted: post the next state afresh.
        self._owe_fresh = False
        self._showing = asyncio.Lock()
        self._retries: set[asyncio.Task[None]] = set()
        #: The table message and the files it carries (uploaded once, kept by later edits).
        self._attached: tuple[int, tuple[tuple[str, int], ...]] | None = None

    def _channel(self) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(self.channel_id)

    async def show_table(
        self, message: OutgoingMessage, *, fresh: bool, clicks: Sequence[TableClick] = ()
    ) -> None:
        self._latest += 1
        number = self._latest
        async with self._showing:
            target = None if fresh or self._owe_fresh else self.message_id
            if target is not None:
                self._newest_for[target] = number
                while len(self._newest_for) > 4:  # the oldest messages' are long settled
                    del self._newest_for[next(iter(self._newest_for))]
            shown = await self._show(message, fresh=fresh or self._owe_fresh, clicks=clicks)
        for click in clicks:  # those the edit did not answer: a new hand, a second click
            await click.acknowledge()
        if not shown:
            self._show_later(message, fresh, number, target, self.reshow_seconds, RESHOW_TRIES)

    def _show_later(
        self,
        message: OutgoingMessage,
        fresh: bool,
        number: int,
        target: int | None,
        pause: float,
        tries: int,
    ) -> None:
        async def attempt() -> bool:
            async with self._showing:
                if target is not None:  # an edit: of the message it was meant for
                    if self._newest_for.get(target) != number:
                        return True  # a newer state of that message was shown, or is tried
                    return await self._show(message, fresh=False, target=target)
                if number != self._latest:
                    return True  # a newer state was shown, or is being tried
                return await self._show(message, fresh=fresh or self._owe_fresh)

        self._again(attempt, f"table-message-{self.channel_id}", pause, tries)

    def _again(
        self, attempt: Callable[[], Awaitable[bool]], name: str, pause: float, tries: int
    ) -> None:
        """Run ``attempt`` after ``pause`` seconds, and again with doubled pauses
        while it answers ``False``, ``tries`` times at most."""

        async def again() -> None:
            await asyncio.sleep(pause)
            if not await attempt() and tries > 1:
                self._again(attempt, name, min(pause * 2, RESHOW_MAX_SECONDS), tries - 1)

        task = asyncio.create_task(again(), name=f"{name}-again")
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _show(
        self,
        message: OutgoingMessage,
        *,
        fresh: bool,
        clicks: Sequence[TableClick] = (),
        target: int | None = None,
    ) -> bool:
        """Edit the table message (``target``: this earlier one), or post it; whether
        Discord now shows it. An edit answers one of ``clicks`` on the same message
        when it can (UPDATE_MESSAGE), and is sent as an edit of its own (PATCH)
        otherwise."""
        components: list[dict[str, Any]] | None = None
        if message.layout:
            # Components V2: no content and no embed (an older table message's
            # are cleared when it is edited into a layout). An edit's components
            # are written as Discord's JSON (the same as layout_of's): discord.py's
            # view objects are reference cycles only the garbage collector frees.
            edit: dict[str, Any] = {
                "content": None,
                "embed": None,
                "view": None,
                "flags": discord.MessageFlags(components_v2=True),
            }
            components = layout_components(message)
        else:
            view = view_of(message.buttons)
            edit = {"content": message.content, "embed": _or_missing(message.embed), "view": view}
        files = message.files
        message_id = self.message_id if target is None else target
        if not fresh and message_id is not None:
            # A picture is uploaded once: later edits keep the message's attachments,
            # until an edit without files takes them away.
            upload = bool(files) and self._attached != (message_id, _files_key(files))
            attached = self._attached is not None and self._attached[0] == message_id
            if not files and attached:
                edit = {**edit, "attachments": []}
            try:
                # An interaction's answer carries no files: then the edit goes on its own.
                click = None if upload else _answerable(clicks, message_id)
                await self._edit(message_id, edit, components, click, files if upload else ())
                if upload:
                    self._attached = (message_id, _files_key(files))
                elif not files and attached:
                    self._attached = None
                return True
            except discord.NotFound:
                if message_id != self.message_id:
                    return True  # an older hand's message is gone: nothing to show there
                log.info(
                    "Table message %s in %s was deleted; posting it again",
                    message_id,
                    self.channel_id,
                )
            except discord.Forbidden:
                if upload:  # may edit, but not attach files: the words alone
                    log.warning("Discord refuses files in %s; showing without", self.channel_id)
                    return await self._show(
                        _without_files(message), fresh=fresh, clicks=clicks, target=target
                    )
                # Asking again would only be refused again (and count as invalid).
                log.warning("Discord refuses table edits in %s", self.channel_id, exc_info=True)
                return True
            except discord.HTTPException:
                log.warning(
                    "Could not edit the table message in %s; trying again later",
                    self.channel_id,
                    exc_info=True,
                )
                return False
        if message.layout:
            send: dict[str, Any] = {"view": layout_of(message)}
            if files:
                send["files"] = [file.discord_file() for file in files]
        else:
            view = view_of(message.buttons)
            send = {
                "content": message.content,
                "embed": _or_missing(message.embed),
                "view": view if view is not None else discord.utils.MISSING,
            }
        try:
            posted = await self._channel().send(**send, allowed_mentions=NO_PINGS)
        except discord.Forbidden:
            if files and message.layout:  # may post, but not attach files: the words alone
                log.warning("Discord refuses files in %s; showing without", self.channel_id)
                return await self._show(_without_files(message), fresh=True, clicks=clicks)
            log.warning("Discord refuses table posts in %s", self.channel_id, exc_info=True)
            return True
        except discord.HTTPException:
            log.warning(
                "Could not post the table message in %s; trying again later",
                self.channel_id,
                exc_info=True,
            )
            self._owe_fresh = self._owe_fresh or fresh
            return False
        self.message_id = posted.id
        self._attached = (posted.id, _files_key(files)) if files and message.layout else None
        self._owe_fresh = False
        if self.on_message is not None:
            self.on_message(posted.id)
        return True

    async def _edit(
        self,
        message_id: int,
        fields: dict[str, Any],
        components: list[dict[str, Any]] | None = None,
        click: TableClick | None = None,
        files: Sequence[OutgoingFile] = (),
    ) -> None:
        """Edit one of the table's messages, as ``PartialMessage.edit`` does, without
        turning Discord's answer into a :class:`discord.Message`: nothing reads it,
        and parsing a whole table message back was a tenth of an edit's cost.
        ``components``: the message's components as Discord's JSON. ``click``: a
        click on this message claimed to carry the edit as its answer; should
        Discord refuse that answer (too late), the edit is sent on its own.
        ``files``: attached instead of the message's attachments until now."""
        if files:
            fields = {**fields, "attachments": [file.discord_file() for file in files]}
        with handle_message_parameters(
            **fields,
            allowed_mentions=NO_PINGS,
            previous_allowed_mentions=self.client.allowed_mentions,
        ) as params:
            if components is not None:
                if params.payload is not None:
                    params.payload["components"] = components
                else:  # files: the JSON goes as the multipart's first part
                    assert params.multipart is not None
                    body = json.loads(params.multipart[0]["value"])
                    body["components"] = components
                    params.multipart[0]["value"] = json.dumps(body)
            if click is not None and params.payload is not None:
                try:
                    await click.update(params.payload)
                    return
                except (discord.HTTPException, aiohttp.ClientError, TimeoutError):
                    log.info(
                        "A click could not carry the table edit in %s; editing it",
                        self.channel_id,
                        exc_info=True,
                    )
            await self.client.http.edit_message(self.channel_id, message_id, params=params)

    async def post(self, message: OutgoingMessage) -> None:
        if not await self._post(message):
            name = f"post-{self.channel_id}"
            self._again(lambda: self._post(message), name, self.reshow_seconds, POST_TRIES - 1)

    async def _post(self, message: OutgoingMessage) -> bool:
        """Post ``message``; ``False`` when it is worth trying again."""
        try:
            await self._channel().send(
                content=message.content,
                embed=_or_missing(message.embed),
                files=[file.discord_file() for file in message.files] or discord.utils.MISSING,
                view=view_of(message.buttons) or discord.utils.MISSING,
                allowed_mentions=NO_PINGS,
            )
        except discord.Forbidden:
            if message.files:  # may post, but not attach files: the words alone
                log.warning("Discord refuses files in %s; posting without", self.channel_id)
                return await self._post(_without_files(message))
            log.warning("Discord refuses posts in %s", self.channel_id, exc_info=True)
        except discord.NotFound:
            log.warning("Discord refuses posts in %s", self.channel_id, exc_info=True)
        except discord.HTTPException:
            log.warning("Could not post in %s; trying again later", self.channel_id, exc_info=True)
            return False
        return True

    async def post_notice(self, user_id: int, message: OutgoingMessage) -> int | None:
        # A turn notice is not tried again: late, it would ping for a turn that is over.
        try:
            posted = await self._channel().send(
                content=message.content,
                allowed_mentions=only_pinging(user_id),
            )
        except discord.HTTPException:
            log.warning("Could not post a turn notice in %s", self.channel_id, exc_info=True)
            return None
        return posted.id

    async def send_private(
        self, user_id: int, message: OutgoingMessage, *, slot: PrivateSlot | None = None
    ) -> bool:
        delivered = await self._send_private(user_id, message, slot)
        if delivered is None:

            async def attempt() -> bool:
                return await self._send_private(user_id, message, slot) is not None

            self._again(attempt, f"dm-{user_id}", self.reshow_seconds, DM_TRIES - 1)
        return delivered is not False

    async def _send_private(
        self, user_id: int, message: OutgoingMessage, slot: PrivateSlot | None = None
    ) -> bool | None:
        """``True`` delivered, ``False`` refused for good, ``None`` worth trying again."""

        async def send() -> None:
            # By the channel's id: one request, and Discord's answer is not parsed
            # into a discord.Message nobody reads.
            channel_id = await self.dm_channels.channel_id(user_id)
            with handle_message_parameters(
                content=message.content,
                embed=_or_missing(message.embed),
                allowed_mentions=NO_PINGS,
                previous_allowed_mentions=self.client.allowed_mentions,
            ) as params:
                if slot is not None and slot.message_id is not None:
                    try:
                        await self.client.http.edit_message(
                            channel_id, slot.message_id, params=params
                        )
                        return
                    except discord.NotFound:  # the player deleted it: send it anew
                        slot.message_id = None
                try:
                    sent = await self.client.http.send_message(channel_id, params=params)
                except discord.NotFound:  # the channel is gone: open it again next time
                    self.dm_channels.forget(user_id)
                    raise
                if slot is not None:
                    slot.message_id = int(sent["id"])

        try:
            await asyncio.wait_for(send(), DM_PATIENCE_SECONDS)
        except discord.Forbidden as error:
            if error.code != CANNOT_MESSAGE_USER:
                log.warning("Discord refused a DM to %s", user_id, exc_info=True)
            return False
        except (discord.HTTPException, discord.RateLimited, TimeoutError):
            log.warning("Could not send a DM to %s; trying again later", user_id, exc_info=True)
            return None
        return True
