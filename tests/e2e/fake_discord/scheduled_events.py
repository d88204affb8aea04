"""A guild's scheduled events: ``/guilds/{guild}/scheduled-events`` and their rules.

From developers/resources/guild-scheduled-event.mdx: an event is created
SCHEDULED; its status moves SCHEDULED -> ACTIVE -> COMPLETED, or SCHEDULED ->
CANCELED, and never back; an EXTERNAL event needs a location in
``entity_metadata`` and a ``scheduled_end_time``. Bodies are checked against
the spec. Not modelled: the permissions (MANAGE_EVENTS, or CREATE_EVENTS for
one's own), the gateway's GUILD_SCHEDULED_EVENT_* events, members'
"Interested" list (``user_count`` stays 0), recurrence, a start time in the
past, Discord's own start of an event at its time (a bot or a member starts it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import schema
from .errors import ApiError, FormErrors
from .rules import rule
from .snowflakes import SnowflakeFactory

PAGE = "resources/guild-scheduled-event.mdx"
ROUTE = "/guilds/{guild_id}/scheduled-events"
ONE = ROUTE + "/{guild_scheduled_event_id}"

SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
EXTERNAL = 3
UNKNOWN_SCHEDULED_EVENT = 10070

EXTERNAL_NEEDS = rule(
    "scheduled-event.external-fields",
    PAGE + "#field-requirements-by-entity-type",
    "EXTERNAL: entity_metadata with a location field and scheduled_end_time are required",
)
STATUS_MOVES = rule(
    "scheduled-event.status-transitions",
    PAGE + "#guild-scheduled-event-status",
    "Once status is set to COMPLETED or CANCELED, the status can no longer be updated. "
    "Valid Guild Scheduled Event Status Transitions: SCHEDULED --> ACTIVE, ACTIVE --> "
    "COMPLETED, SCHEDULED --> CANCELED",
)
#: The moves the docs allow.
MOVES = {(SCHEDULED, ACTIVE), (ACTIVE, COMPLETED), (SCHEDULED, CANCELED)}


@dataclass
class ScheduledEvent:
    id: int
    guild_id: int
    creator_id: int
    fields: dict[str, Any]
    status: int = SCHEDULED
    #: Every status it had, in order.
    history: list[int] = field(default_factory=lambda: [SCHEDULED])

    @property
    def name(self) -> str:
        return str(self.fields.get("name", ""))

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "channel_id": self.fields.get("channel_id"),
            "creator_id": str(self.creator_id),
            "name": self.name,
            "description": self.fields.get("description"),
            "scheduled_start_time": self.fields.get("scheduled_start_time"),
            "scheduled_end_time": self.fields.get("scheduled_end_time"),
            "privacy_level": self.fields.get("privacy_level", 2),
            "status": self.status,
            "entity_type": self.fields.get("entity_type", EXTERNAL),
            "entity_id": None,
            "entity_metadata": self.fields.get("entity_metadata"),
            "user_count": 0,
            "image": None,
            "recurrence_rule": self.fields.get("recurrence_rule"),
        }


class ScheduledEvents:
    """Every guild's scheduled events, by id."""

    def __init__(self, ids: SnowflakeFactory) -> None:
        self._ids = ids
        self.events: dict[int, ScheduledEvent] = {}

    def of_guild(self, guild_id: int) -> list[ScheduledEvent]:
        return [event for event in self.events.values() if event.guild_id == guild_id]

    def get(self, guild_id: int, event_id: int) -> ScheduledEvent:
        event = self.events.get(event_id)
        if event is None or event.guild_id != guild_id:
            raise ApiError(404, UNKNOWN_SCHEDULED_EVENT, "Unknown Guild Scheduled Event")
        return event

    def create(self, guild_id: int, creator_id: int, body: Any) -> ScheduledEvent:
        errors = FormErrors()
        schema.check_body(ROUTE, "post", body, errors)
        errors.raise_if_any()
        assert isinstance(body, Mapping)
        _check_external(dict(body), errors)
        errors.raise_if_any()
        event = ScheduledEvent(self._ids.next(), guild_id, creator_id, dict(body))
        self.events[event.id] = event
        return event

    def edit(self, guild_id: int, event_id: int, body: Any) -> ScheduledEvent:
        event = self.get(guild_id, event_id)
        errors = FormErrors()
        schema.check_body(ONE, "patch", body, errors)
        errors.raise_if_any()
        assert isinstance(body, Mapping)
        changes = {key: value for key, value in body.items() if key != "status"}
        merged = event.fields | changes
        if merged.get("entity_type", EXTERNAL) == EXTERNAL:
            _check_external(merged, errors)
        status = body.get("status")
        if status is not None and status != event.status and (event.status, status) not in MOVES:
            errors.add(
                ("status",),
                "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
                "Invalid status transition",
                STATUS_MOVES.source,
            )
        errors.raise_if_any()
        event.fields = merged
        if status is not None and status != event.status:
            event.status = int(status)
            event.history.append(event.status)
        return event

    def delete(self, guild_id: int, event_id: int) -> None:
        del self.events[self.get(guild_id, event_id).id]


def _check_external(fields: dict[str, Any], errors: FormErrors) -> None:
    if fields.get("entity_type") != EXTERNAL:
        return
    metadata = fields.get("entity_metadata")
    if not isinstance(metadata, Mapping) or not metadata.get("location"):
        errors.required(("entity_metadata", "location"), EXTERNAL_NEEDS.source)
    if not fields.get("scheduled_end_time"):
        errors.required(("scheduled_end_time",), EXTERNAL_NEEDS.source)
