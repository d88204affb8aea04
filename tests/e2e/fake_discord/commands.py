"""Synced application commands and the slash invocations a member may send.

The registry keeps the JSON schema the bot uploads with `PUT .../commands`
(global or per guild). `build_invocation` turns a test's `slash("poker",
"join", buy_in=500)` into the `data` of an INTERACTION_CREATE, refusing what
Discord's client would refuse: unknown or missing options, wrong types, values
outside `min_value`/`max_value` or the length limits, values not among the
choices, an incomplete subcommand path.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .snowflakes import SnowflakeFactory

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

SAFE_INTEGER = 2**53
STRING_MAX = 6000


class OptionRejected(Exception):
    """Discord's client would not let the member send this command."""


class Resolver(Protocol):
    """Looks up the objects a user, channel, role or mentionable option names."""

    def resolve_user(self, user_id: int) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        """The user payload and, in a guild, the member payload (without `user`)."""

    def resolve_channel(self, channel_id: int) -> dict[str, Any] | None: ...

    def resolve_role(self, role_id: int) -> dict[str, Any] | None: ...


class CommandRegistry:
    """The commands the bot last synced, globally and per guild."""

    def __init__(self, ids: SnowflakeFactory, application_id: int) -> None:
        self._ids = ids
        self._application_id = application_id
        self._by_scope: dict[int | None, dict[str, dict[str, Any]]] = {}

    def replace(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Bulk overwrite, as `PUT /applications/{app}[/guilds/{g}]/commands` does."""
        previous = self._by_scope.get(guild_id, {})
        stored: dict[str, dict[str, Any]] = {}
        for command in commands:
            entry = copy.deepcopy(command)
            name = str(entry["name"])
            old = previous.get(name)
            entry["id"] = old["id"] if old else str(self._ids.next())
            entry["application_id"] = str(self._application_id)
            entry["version"] = str(self._ids.next())
            entry.setdefault("type", 1)
            entry.setdefault("description", "")
            if guild_id is not None:
                entry["guild_id"] = str(guild_id)
            stored[name] = entry
        self._by_scope[guild_id] = stored
        return self.listed(guild_id)

    def listed(self, guild_id: int | None) -> list[dict[str, Any]]:
        return [copy.deepcopy(c) for c in self._by_scope.get(guild_id, {}).values()]

    def names(self) -> list[str]:
        """Every synced command name, global and per guild."""
        return sorted({name for scope in self._by_scope.values() for name in scope})

    def find(self, name: str, guild_id: int | None) -> dict[str, Any] | None:
        """A guild command shadows a global one of the same name, as in Discord's picker."""
        if guild_id is not None and name in self._by_scope.get(guild_id, {}):
            return self._by_scope[guild_id][name]
        return self._by_scope.get(None, {}).get(name)


def build_invocation(
    command: Mapping[str, Any],
    path: Sequence[str],
    options: Mapping[str, Any],
    resolver: Resolver,
) -> dict[str, Any]:
    """The interaction `data` for running `command` with a subcommand path and options."""
    resolved: dict[str, dict[str, Any]] = {}
    schema_options: list[dict[str, Any]] = list(command.get("options") or [])
    trail = [str(command["name"])]
    nesting: list[dict[str, Any]] = []
    for name in path:
        chosen = next(
            (
                o
                for o in schema_options
                if o.get("name") == name and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if chosen is None:
            raise OptionRejected(f"/{' '.join(trail)} has no subcommand {name!r}")
        trail.append(name)
        nesting.append({"type": chosen["type"], "name": name})
        schema_options = list(chosen.get("options") or [])
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema_options):
        choices = sorted(str(o["name"]) for o in schema_options)
        raise OptionRejected(f"/{' '.join(trail)} needs a subcommand, one of {choices}")

    leaf = _build_options(schema_options, options, resolver, resolved, " ".join(trail))
    for level in reversed(nesting):
        level["options"] = leaf
        leaf = [level]

    data: dict[str, Any] = {
        "id": str(command["id"]),
        "name": str(command["name"]),
        "type": int(command.get("type", 1)),
        "options": leaf,
    }
    if resolved:
        data["resolved"] = resolved
    if command.get("guild_id") is not None:
        data["guild_id"] = str(command["guild_id"])
    return data


def _build_options(
    schema: list[dict[str, Any]],
    given: Mapping[str, Any],
    resolver: Resolver,
    resolved: dict[str, dict[str, Any]],
    where: str,
) -> list[dict[str, Any]]:
    by_name = {str(o["name"]): o for o in schema}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionRejected(f"/{where} has no option(s) {unknown}; it has {sorted(by_name)}")
    missing = [name for name, o in by_name.items() if o.get("required") and name not in given]
    if missing:
        raise OptionRejected(f"/{where} needs option(s) {missing}")
    built = []
    for name, value in given.items():
        option = by_name[name]
        checked = _check_value(option, value, resolver, resolved, f"/{where} {name}")
        built.append({"name": name, "type": int(option["type"]), "value": checked})
    return built


def _check_value(
    option: Mapping[str, Any],
    value: Any,
    resolver: Resolver,
    resolved: dict[str, dict[str, Any]],
    where: str,
) -> Any:
    kind = int(option["type"])
    choices = option.get("choices")
    if choices:
        for choice in choices:
            if value == choice["value"] or (isinstance(value, str) and value == choice["name"]):
                return choice["value"]
        allowed = [c["name"] for c in choices]
        raise OptionRejected(f"{where}: {value!r} is not one of the choices {allowed}")
    if kind == STRING:
        if not isinstance(value, str):
            raise OptionRejected(f"{where}: expected text, got {value!r}")
        low = int(option.get("min_length", 0))
        high = int(option.get("max_length", STRING_MAX))
        if not low <= len(value) <= high:
            raise OptionRejected(f"{where}: length must be {low}..{high}, got {len(value)}")
        return value
    if kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise OptionRejected(f"{where}: expected a number, got {value!r}")
        if kind == INTEGER and not isinstance(value, int):
            raise OptionRejected(f"{where}: expected a whole number, got {value!r}")
        low = option.get("min_value", -SAFE_INTEGER)
        high = option.get("max_value", SAFE_INTEGER)
        if not low <= value <= high:
            raise OptionRejected(f"{where}: must be between {low} and {high}, got {value}")
        return value
    if kind == BOOLEAN:
        if not isinstance(value, bool):
            raise OptionRejected(f"{where}: expected true/false, got {value!r}")
        return value
    if kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        return _resolve_reference(kind, option, value, resolver, resolved, where)
    raise OptionRejected(f"{where}: option type {kind} is not supported by the fake")


def _resolve_reference(
    kind: int,
    option: Mapping[str, Any],
    value: Any,
    resolver: Resolver,
    resolved: dict[str, dict[str, Any]],
    where: str,
) -> str:
    raw_id = getattr(value, "id", value)
    try:
        target = int(raw_id)
    except (TypeError, ValueError):
        raise OptionRejected(f"{where}: expected an id or a handle, got {value!r}") from None
    if kind in (USER, MENTIONABLE):
        user = resolver.resolve_user(target)
        if user is not None:
            user_payload, member_payload = user
            resolved.setdefault("users", {})[str(target)] = user_payload
            if member_payload is not None:
                resolved.setdefault("members", {})[str(target)] = member_payload
            return str(target)
    if kind in (ROLE, MENTIONABLE):
        role = resolver.resolve_role(target)
        if role is not None:
            resolved.setdefault("roles", {})[str(target)] = role
            return str(target)
    if kind == CHANNEL:
        channel = resolver.resolve_channel(target)
        if channel is not None:
            allowed = option.get("channel_types")
            if allowed and channel["type"] not in allowed:
                raise OptionRejected(f"{where}: channel type {channel['type']} not in {allowed}")
            resolved.setdefault("channels", {})[str(target)] = channel
            return str(target)
    raise OptionRejected(f"{where}: nothing with id {target} to pick")
