"""The application's Activity, as the fake plays Discord's side of it.

- :meth:`FakeActivities.enable` is the developer portal's "Enable Activities":
  Discord then creates the app's Entry Point command (type 4,
  ``PRIMARY_ENTRY_POINT``, named ``launch``, ``handler`` 2: Discord launches
  the Activity itself). A bulk overwrite of the global commands that leaves it
  out is refused, as Discord refuses it: 400, code 50240 ("You cannot remove
  this app's Entry Point command in a bulk update operation").
- An interaction answered with callback type 12 (``LAUNCH_ACTIVITY``; only
  for an app with Activities enabled, not for a modal submit) launches the
  Activity for the member in the interaction's channel: the channel's one
  instance is made or joined and the launch recorded (:attr:`launches`).
- ``GET /api/v10/applications/{app}/activity-instances/{instance_id}`` (bot
  token): the instance (``application_id``, ``instance_id``, ``launch_id``,
  ``location {id, kind "gc", channel_id, guild_id}``, ``users``), 404 for an
  instance that is not (or no longer) running.

What a Discord client does next (framing the Activity, the SDK's messages)
is the browser tests' own parent page (``tests/web/discord_frame.py``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

from aiohttp import web

from . import interactions as ix
from .errors import ApiError
from .rest import API, json_response

if TYPE_CHECKING:
    from .members import Member
    from .oauth import FakeOAuth
    from .replies import Reply
    from .state import DiscordState

#: ``PRIMARY_ENTRY_POINT``: the command type of an Activity's launcher.
PRIMARY_ENTRY_POINT: Final = 4
#: The entry point's handlers: the app answers it, or Discord launches the Activity.
APP_HANDLER: Final = 1
DISCORD_LAUNCH_ACTIVITY: Final = 2
#: Discord's code for a bulk overwrite that would drop the entry point command.
CANNOT_REMOVE_ENTRY_POINT: Final = 50240
ENTRY_POINT_MESSAGE: Final = (
    "You cannot remove this app's Entry Point command in a bulk update operation. "
    "Please include the Entry Point command in your update request or delete it separately."
)
UNKNOWN_INSTANCE: Final = 10_000


@dataclass
class Instance:
    """One running Activity: where, launched how, and who is in it."""

    instance_id: str
    launch_id: int
    location_id: str
    channel_id: int
    guild_id: int | None
    users: list[int] = field(default_factory=list)

    def payload(self, application_id: int) -> dict[str, Any]:
        location: dict[str, Any] = {
            "id": self.location_id,
            "kind": "gc" if self.guild_id is not None else "pc",
            "channel_id": str(self.channel_id),
        }
        if self.guild_id is not None:
            location["guild_id"] = str(self.guild_id)
        return {
            "application_id": str(application_id),
            "instance_id": self.instance_id,
            "launch_id": str(self.launch_id),
            "location": location,
            "users": [str(user) for user in self.users],
        }


@dataclass(frozen=True, slots=True)
class Launch:
    """A member launched (or joined) the Activity in a channel."""

    user_id: int
    channel_id: int
    instance_id: str
    #: ``"callback"`` (the bot answered a click with type 12) or ``"entry_point"``
    #: (the app launcher: Discord launched it, or the bot answered the command).
    how: str


class FakeActivities:
    def __init__(self, state: DiscordState) -> None:
        self.state = state
        self.enabled = False
        #: Instance id -> the running instance.
        self.instances: dict[str, Instance] = {}
        #: Every launch, in order.
        self.launches: list[Launch] = []
        #: The application's OAuth2 side (oauth.py), for the SDK's ``authorize``.
        self.oauth: FakeOAuth | None = None
        state.activities = self

    # -- the developer portal ----------------------------------------------

    def enable(self, handler: int = DISCORD_LAUNCH_ACTIVITY) -> dict[str, Any]:
        """Enable Activities: Discord creates the entry point command (global)."""
        self.enabled = True
        existing = self.entry_point()
        if existing is not None:
            return existing
        current = self.state.commands.listed(None)
        command = {
            "name": "launch",
            "type": PRIMARY_ENTRY_POINT,
            "description": "",
            "handler": handler,
            "integration_types": [0, 1],
            "contexts": [0, 1, 2],
        }
        self.state.commands.replace(None, [*current, command])
        found = self.entry_point()
        assert found is not None
        return found

    def entry_point(self) -> dict[str, Any] | None:
        for command in self.state.commands.listed(None):
            if command.get("type") == PRIMARY_ENTRY_POINT:
                return command
        return None

    def check_overwrite(self, guild_id: int | None, body: Any) -> None:
        """Refuse a global bulk overwrite that leaves out the entry point command."""
        if guild_id is not None or self.entry_point() is None or not isinstance(body, list):
            return
        if not any(
            isinstance(command, dict) and command.get("type") == PRIMARY_ENTRY_POINT
            for command in body
        ):
            raise ApiError(400, CANNOT_REMOVE_ENTRY_POINT, ENTRY_POINT_MESSAGE)

    # -- launching -----------------------------------------------------------

    def launch(self, user_id: int, channel_id: int, how: str) -> Instance:
        """``user_id`` opens the Activity in ``channel_id``: its instance, made or joined."""
        channel = self.state.channel(channel_id)
        instance = next((i for i in self.instances.values() if i.channel_id == channel_id), None)
        if instance is None:
            instance = Instance(
                instance_id=f"i-{secrets.token_hex(8)}-gc-{channel.guild_id}-{channel_id}",
                launch_id=self.state.ids.next(),
                location_id=f"gc-{channel.guild_id}-{channel_id}",
                channel_id=channel_id,
                guild_id=channel.guild_id,
            )
            self.instances[instance.instance_id] = instance
        if user_id not in instance.users:
            instance.users.append(user_id)
        self.launches.append(Launch(user_id, channel_id, instance.instance_id, how))
        self.state.changed()
        return instance

    def run_entry_point(self, member: Member, channel_id: int | None = None) -> Instance:
        """A member picks the Activity in the app launcher (handler 2: Discord launches it)."""
        command = self._launcher()
        if command.get("handler") != DISCORD_LAUNCH_ACTIVITY:
            raise ValueError("handler 1: the app answers (use_entry_point)")
        target = channel_id if channel_id is not None else self.state.guild.default_channel_id
        return self.launch(member.id, target, "entry_point")

    async def use_entry_point(
        self, member: Member, channel_id: int | None = None, timeout: float | None = None
    ) -> Reply:
        """A member picks the Activity in the app launcher (handler 1: the app is sent
        the command, type 4, and answers it; LAUNCH_ACTIVITY opens the Activity)."""
        command = self._launcher()
        if command.get("handler") != APP_HANDLER:
            raise ValueError("handler 2: Discord launches it (run_entry_point)")
        target = channel_id if channel_id is not None else self.state.guild.default_channel_id
        data = {"id": command["id"], "name": command["name"], "type": PRIMARY_ENTRY_POINT}
        record = self.state.start_interaction(member.id, target, ix.APPLICATION_COMMAND, data)
        return await member._reply(record, f"/{command['name']}", timeout, True)

    def _launcher(self) -> dict[str, Any]:
        command = self.entry_point()
        if command is None or not self.enabled:
            raise ApiError(400, 0, "This application has no Activity.")
        return command

    def leave(self, user_id: int, instance_id: str) -> None:
        """The member closes the Activity; the last one out ends the instance."""
        instance = self.instances.get(instance_id)
        if instance is None:
            return
        if user_id in instance.users:
            instance.users.remove(user_id)
        if not instance.users:
            del self.instances[instance_id]
        self.state.changed()

    def authorize(self, member: Member) -> str:
        """The Discord client's answer to the SDK's ``authorize`` (scope ``identify``,
        already granted): a code for ``member``, with no redirect address."""
        oauth = self.oauth
        assert oauth is not None, "the fake's OAuth2 (oauth.py) is not installed"
        return oauth.grant(member, cast(str, None))

    def answered(self, record: ix.InteractionRecord) -> None:
        """The bot answered ``record`` with type 12: the Activity opens for its member."""
        how = "entry_point" if record.type == ix.APPLICATION_COMMAND else "callback"
        self.launch(record.user_id, record.channel_id, how)

    def callback_refusal(self, record: ix.InteractionRecord) -> str | None:
        """Why a type 12 answer to ``record`` is refused, or ``None``."""
        if not self.enabled:
            return "LAUNCH_ACTIVITY is only available for apps with Activities enabled."
        if record.type not in (ix.APPLICATION_COMMAND, ix.MESSAGE_COMPONENT):
            return "LAUNCH_ACTIVITY answers a command or a component only."
        return None

    # -- REST ----------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        app.router.add_get(
            API + "/applications/{app}/activity-instances/{instance}", self._instance
        )

    async def _instance(self, request: web.Request) -> web.Response:
        if int(request.match_info["app"]) != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access")
        instance = self.instances.get(request.match_info["instance"])
        if instance is None:
            raise ApiError(404, UNKNOWN_INSTANCE, "Unknown Activity Instance")
        return json_response(instance.payload(self.state.application_id))
