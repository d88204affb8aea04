"""The table as a Discord Activity, the bot's side (issue 27; the page is web/activity.py).

- What is missing for the Activity (``CROUPIER_ACTIVITY`` on, but no web room
  or no client secret; Activities not enabled in the developer portal, seen as
  no entry point command): one sentence each, logged at start
  (:func:`missing_pieces`); the "Open the table in Discord" button is offered
  only when nothing the bot can see is missing (:func:`activity_offered`).
- Publishing the global commands keeps the app's entry point command
  (``PRIMARY_ENTRY_POINT``, type 4), which Discord creates when Activities are
  enabled: a bulk overwrite that leaves it out is refused by Discord (400,
  code 50240), and then no command would be published at all
  (:func:`sync_global`).
- Asking Discord about an Activity instance with the bot token
  (:func:`fetch_instance`): where it runs and who is in it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, Final

import discord

from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from bot.settings import Settings
from bot.web_surface import ActivityInstance

log = logging.getLogger(__name__)

#: Discord's API, where the Activity's sign-in exchanges codes (a fake's in tests).
DISCORD_API: Final = "https://discord.com/api/v10"
#: The command type of an Activity's entry point.
PRIMARY_ENTRY_POINT: Final = 4
#: What of the entry point command is sent back in a bulk overwrite (the rest is Discord's).
ENTRY_POINT_FIELDS: Final = (
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "type",
    "handler",
    "integration_types",
    "contexts",
    "default_member_permissions",
    "nsfw",
)


def missing_pieces(settings: Settings) -> list[str]:
    """The catalogue keys of what ``CROUPIER_ACTIVITY`` needs and the settings lack."""
    if not settings.activity:
        return []
    missing = []
    if not settings.web_port:
        missing.append("activity.no_web_port")
    if settings.client_secret is None:
        missing.append("activity.no_secret")
    return missing


def activity_offered(settings: Settings) -> bool:
    """Whether table messages offer "Open the table in Discord"."""
    return settings.activity and not missing_pieces(settings)


def entry_points(commands: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The entry point commands among ``commands`` (as Discord lists them), as
    a bulk overwrite must send them back."""
    return [
        {key: command[key] for key in ENTRY_POINT_FIELDS if command.get(key) is not None}
        for command in commands
        if command.get("type") == PRIMARY_ENTRY_POINT
    ]


async def sync_global(client: discord.Client, payload: list[dict[str, Any]]) -> int:
    """Publish ``payload`` as the global commands, the entry point kept; how many
    of ours were published."""
    assert client.application_id is not None
    existing = await client.http.get_global_commands(client.application_id)
    kept = entry_points(existing)
    published = await client.http.bulk_upsert_global_commands(
        client.application_id, payload=payload + kept
    )
    return len(published) - len(kept)


async def check_entry_point(client: discord.Client, settings: Settings) -> bool:
    """With ``CROUPIER_ACTIVITY``, whether Discord has the app's entry point
    command (Activities enabled in the portal); logs the sentence if not."""
    if not settings.activity or client.application_id is None:
        return False
    existing = await client.http.get_global_commands(client.application_id)
    if entry_points(existing):
        return True
    log.warning(t("activity.no_entry_point", "en"))
    return False


async def launch_for(interaction: discord.Interaction[Any]) -> None:
    """Answer ``interaction`` (the table message's button, or the app launcher's
    entry point when Discord leaves it to the app) with LAUNCH_ACTIVITY (type
    12): Discord opens the Activity for its member in its channel. A refusal
    (Activities not enabled) is told to the member."""
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as error:
        log.warning(
            "Discord refused to launch the Activity (%s, code %s)", error.status, error.code
        )
        await interaction.response.send_message(
            t("activity.launch_refused", locale_of(interaction)), ephemeral=True
        )


def is_entry_point(interaction: discord.Interaction[Any]) -> bool:
    """Whether ``interaction`` is the app launcher's entry point command (type 4)."""
    data: Mapping[str, Any] = interaction.data or {}
    return (
        interaction.type is discord.InteractionType.application_command
        and data.get("type") == PRIMARY_ENTRY_POINT
    )


async def fetch_instance(client: discord.Client, instance_id: str) -> ActivityInstance | None:
    """The running instance ``instance_id`` of the app's Activity, as Discord says
    (``None``: Discord knows no such instance)."""
    route = discord.http.Route(
        "GET",
        "/applications/{application_id}/activity-instances/{instance_id}",
        application_id=client.application_id,
        instance_id=instance_id,
    )
    try:
        data = await client.http.request(route)
    except discord.NotFound:
        return None
    location = data.get("location") or {}
    guild = location.get("guild_id")
    return ActivityInstance(
        instance_id=str(data["instance_id"]),
        channel_id=int(location["channel_id"]),
        guild_id=None if guild is None else int(guild),
        users=frozenset(int(user) for user in data.get("users") or ()),
    )
