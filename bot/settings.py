"""The bot's settings: read once at start-up from the environment and ``.env``.

A variable set in the environment wins over the same variable in ``.env``; an
empty value counts as unset. The two settings that point the bot at a fake
Discord for tests (:data:`TEST_ENDPOINTS`) are the exception: they are read
from the process environment only, and only when ``CROUPIER_ALLOW_TEST_ENDPOINTS``
is set there too, so a ``.env`` someone planted cannot send the token elsewhere.
Anything missing or malformed raises :class:`SettingsError` with one sentence
that names the variable and says what is expected, so whoever starts the bot
can fix it without reading a traceback. ``.env.example`` documents every
variable an operator sets.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TypeVar
from urllib.parse import urlsplit

from dotenv import dotenv_values

from bot.database.location import is_postgresql_url
from bot.errors import CroupierError
from bot.i18n import t
from bot.shards import ShardPlan
from engine import MAX_CHIPS

LOG_LEVELS: Final = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_TRUE: Final = frozenset({"1", "true", "yes", "on"})
_FALSE: Final = frozenset({"0", "false", "no", "off"})
#: The ceiling of every chip amount in the settings; far below SQLite's 64-bit limit.
MAX_CHIPS_SETTING: Final = MAX_CHIPS

#: The settings that point the bot at another Discord: for tests against a fake only.
TEST_ENDPOINTS: Final = ("DISCORD_API_BASE", "DISCORD_GATEWAY_URL")
#: The switch, honoured only in the process environment (never in ``.env``), without which
#: :data:`TEST_ENDPOINTS` are ignored: a planted ``.env`` cannot send the token elsewhere.
TEST_ENDPOINTS_SWITCH: Final = "CROUPIER_ALLOW_TEST_ENDPOINTS"

_T = TypeVar("_T")


class SettingsError(CroupierError):
    """A setting is missing or malformed; the sentence says which and what is expected."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot is configured with. Defaults are the documented ones."""

    discord_token: str = field(repr=False)
    #: The SQLite file, unless ``CROUPIER_DATABASE`` is a PostgreSQL URL.
    database_path: Path = Path("croupier.db")
    #: The PostgreSQL database when ``CROUPIER_DATABASE`` is a ``postgresql://`` URL
    #: (it may hold a password: never shown whole).
    database_url: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_global: bool = False
    #: Ask Discord for the privileged members intent, so that a player who leaves the
    #: server is cashed out at once (it must be enabled in the developer portal too).
    members_intent: bool = False
    # What a new table starts with unless its creator says otherwise.
    default_small_blind: int = 5
    default_big_blind: int = 10
    default_min_buy_in: int = 200
    default_max_buy_in: int = 1000
    default_seats: int = 9
    default_action_seconds: int = 30
    hand_pause_seconds: int = 5
    #: Seconds between the streets of an all-in run-out, the chances shown meanwhile (0: at once).
    runout_pause_seconds: int = 2
    #: About how long a computer player thinks before it acts (0: at once).
    computer_pace_seconds: int = 2
    # The economy.
    starting_chips: int = 1000
    daily_chips: int = 100
    daily_streak_bonus: int = 10
    daily_streak_cap: int = 7
    #: How much discord.py, aiosqlite, asyncio and other libraries log (their own setting,
    #: so that CROUPIER_LOG_LEVEL=DEBUG never turns on their request and statement dumps).
    library_log_level: str = "INFO"
    #: Tables one member may have open at once on a server, and a server in all (0: no limit).
    max_tables_per_member: int = 2
    max_tables_per_server: int = 25
    #: Slash commands, and clicks, one member may make in 10 seconds (0: no limit).
    flood_limit: int = 20
    #: Minutes a player may sit out at a cash table before the seat is cashed out (0: ever).
    sit_out_minutes: int = 30
    #: Seconds a process's lease on the database lasts without renewal: how long
    #: another process waits to take over from one that froze (:mod:`bot.database.lease`).
    lease_seconds: int = 30
    #: The web room's port on 127.0.0.1 (0: no web room); without sign-in everyone watches.
    web_port: int = 0
    #: Where the web room listens (``CROUPIER_WEB_HOST``): 127.0.0.1 unless processes on
    #: other machines, or a reverse proxy elsewhere, must reach it.
    web_host: str = "127.0.0.1"
    #: The address at which the other processes reach this process's web room
    #: (``CROUPIER_WEB_ADDRESS``); ``None``: ``http://`` the host and port above.
    web_address: str | None = None
    #: The address the web room is published at (``CROUPIER_PUBLIC_URL``, no trailing
    #: slash): the tables' "Open the table" links and Discord sign-in's redirect.
    public_url: str | None = None
    #: The application's OAuth2 client id (``CROUPIER_CLIENT_ID``; ``None``: the bot's
    #: application id) and secret (``CROUPIER_CLIENT_SECRET``; never shown).
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)
    # The table as a Discord Activity (docs/OPERATORS.md, web/activity.py).
    #: Offer "Open the table in Discord" on table messages (``CROUPIER_ACTIVITY``; it
    #: needs the web room and the client secret, ``CROUPIER_CLIENT_SECRET``).
    activity: bool = False
    #: The bot's shards and the ones this process runs (``CROUPIER_SHARD_COUNT``,
    #: ``CROUPIER_SHARD_IDS``; :mod:`bot.shards`).
    shards: ShardPlan = field(default_factory=ShardPlan)
    # Only for running against a fake Discord; the launcher applies them. They are read
    # from the process environment alone, and only when TEST_ENDPOINTS_SWITCH is set there.
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    #: Test-only settings found where they are not honoured (in .env, or without the switch).
    ignored_settings: tuple[str, ...] = ()

    @property
    def web_room_address(self) -> str:
        """The address this process's web room is reached at by the other processes,
        published with its lease (docs/OPERATORS.md, The web room with several processes)."""
        if self.web_address is not None:
            return self.web_address
        host = "127.0.0.1" if self.web_host in ("0.0.0.0", "::", "") else self.web_host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.web_port}"

    @property
    def database(self) -> str | Path:
        """What ``CROUPIER_DATABASE`` names: the PostgreSQL URL, or the SQLite file."""
        return self.database_url if self.database_url is not None else self.database_path


def load_settings(
    environ: Mapping[str, str] | None = None,
    env_file: Path | None = Path(".env"),
) -> Settings:
    """Read the settings from ``environ`` (default: the process environment) over ``env_file``.

    Raises :class:`SettingsError` for the first missing or malformed variable.
    """
    environment = os.environ if environ is None else environ
    values = _merge(environment, env_file)
    # The test endpoints come from the real environment alone, and only with the switch.
    test_values = {name: values.pop(name) for name in TEST_ENDPOINTS if name in values}
    switch = (environment.get(TEST_ENDPOINTS_SWITCH) or "").strip() or "false"
    allowed = _boolean(TEST_ENDPOINTS_SWITCH, switch)
    values.pop(TEST_ENDPOINTS_SWITCH, None)
    honoured: dict[str, str] = {
        name: value
        for name, value in test_values.items()
        if allowed and (environment.get(name) or "").strip() == value
    }
    ignored = tuple(name for name in test_values if name not in honoured)

    token = values.get("DISCORD_TOKEN")
    if token is None:
        raise SettingsError("settings.token_missing")

    def number(name: str, default: int, low: int, high: int) -> int:
        return _read(values, name, default, lambda raw: _whole_number(name, raw, low, high))

    settings = Settings(
        discord_token=token,
        database_path=_read(values, "CROUPIER_DATABASE", Path("croupier.db"), _database_path),
        database_url=_read(values, "CROUPIER_DATABASE", None, _database_url),
        dev_guild_id=_read(values, "CROUPIER_DEV_GUILD", None, _guild_id),
        log_level=_read(values, "CROUPIER_LOG_LEVEL", "INFO", _log_level),
        sync_global=_read(
            values, "CROUPIER_SYNC_GLOBAL", False, lambda raw: _boolean("CROUPIER_SYNC_GLOBAL", raw)
        ),
        members_intent=_read(
            values,
            "CROUPIER_MEMBERS_INTENT",
            False,
            lambda raw: _boolean("CROUPIER_MEMBERS_INTENT", raw),
        ),
        default_small_blind=number("CROUPIER_DEFAULT_SMALL_BLIND", 5, 1, MAX_CHIPS_SETTING),
        default_big_blind=number("CROUPIER_DEFAULT_BIG_BLIND", 10, 1, MAX_CHIPS_SETTING),
        default_min_buy_in=number("CROUPIER_DEFAULT_MIN_BUY_IN", 200, 1, MAX_CHIPS_SETTING),
        default_max_buy_in=number("CROUPIER_DEFAULT_MAX_BUY_IN", 1000, 1, MAX_CHIPS_SETTING),
        default_seats=number("CROUPIER_DEFAULT_SEATS", 9, 2, 10),
        default_action_seconds=number("CROUPIER_DEFAULT_ACTION_SECONDS", 30, 5, 600),
        hand_pause_seconds=number("CROUPIER_HAND_PAUSE_SECONDS", 5, 0, 120),
        runout_pause_seconds=number("CROUPIER_RUNOUT_PAUSE_SECONDS", 2, 0, 30),
        computer_pace_seconds=number("CROUPIER_COMPUTER_PACE_SECONDS", 2, 0, 30),
        starting_chips=number("CROUPIER_STARTING_CHIPS", 1000, 0, MAX_CHIPS_SETTING),
        daily_chips=number("CROUPIER_DAILY_CHIPS", 100, 0, MAX_CHIPS_SETTING),
        daily_streak_bonus=number("CROUPIER_DAILY_STREAK_BONUS", 10, 0, MAX_CHIPS_SETTING),
        daily_streak_cap=number("CROUPIER_DAILY_STREAK_CAP", 7, 0, 365),
        library_log_level=_read(
            values,
            "CROUPIER_LIBRARY_LOG_LEVEL",
            "INFO",
            lambda raw: _log_level(raw, "CROUPIER_LIBRARY_LOG_LEVEL"),
        ),
        max_tables_per_member=number("CROUPIER_MAX_TABLES_PER_MEMBER", 2, 0, 1000),
        max_tables_per_server=number("CROUPIER_MAX_TABLES_PER_SERVER", 25, 0, 100_000),
        flood_limit=number("CROUPIER_FLOOD_LIMIT", 20, 0, 10_000),
        sit_out_minutes=number("CROUPIER_SIT_OUT_MINUTES", 30, 0, 7 * 24 * 60),
        lease_seconds=number("CROUPIER_LEASE_SECONDS", 30, 3, 600),
        web_port=number("CROUPIER_WEB_PORT", 0, 0, 65_535),
        web_host=_read(values, "CROUPIER_WEB_HOST", "127.0.0.1", _web_host),
        web_address=_read(
            values,
            "CROUPIER_WEB_ADDRESS",
            None,
            lambda raw: _url("CROUPIER_WEB_ADDRESS", raw, "http"),
        ),
        public_url=_read(values, "CROUPIER_PUBLIC_URL", None, _public_url),
        client_id=_read(values, "CROUPIER_CLIENT_ID", None, _client_id),
        client_secret=values.get("CROUPIER_CLIENT_SECRET"),
        activity=_read(
            values, "CROUPIER_ACTIVITY", False, lambda raw: _boolean("CROUPIER_ACTIVITY", raw)
        ),
        shards=_shard_plan(values),
        discord_api_base=_read(
            honoured, "DISCORD_API_BASE", None, lambda raw: _url("DISCORD_API_BASE", raw, "http")
        ),
        discord_gateway_url=_read(
            honoured,
            "DISCORD_GATEWAY_URL",
            None,
            lambda raw: _url("DISCORD_GATEWAY_URL", raw, "ws"),
        ),
        ignored_settings=ignored,
    )
    _check_order(settings, "default_small_blind", "default_big_blind")
    _check_order(settings, "default_big_blind", "default_min_buy_in")
    _check_order(settings, "default_min_buy_in", "default_max_buy_in")
    if not settings.shards.everything and settings.database_url is None:
        raise SettingsError("settings.shards_need_postgresql", count=settings.shards.count)
    return settings


#: The most shards a bot may be split into here (Discord's own ceiling is far beyond need).
MAX_SHARDS: Final = 4096


def _shard_plan(values: Mapping[str, str]) -> ShardPlan:
    count = _read(
        values,
        "CROUPIER_SHARD_COUNT",
        None,
        lambda raw: _whole_number("CROUPIER_SHARD_COUNT", raw, 1, MAX_SHARDS),
    )
    raw_ids = values.get("CROUPIER_SHARD_IDS")
    if raw_ids is None:
        return ShardPlan(count)
    if count is None:
        raise SettingsError("settings.shard_ids_need_count")
    ids = _shard_ids(raw_ids)
    outside = [shard for shard in ids if shard >= count]
    if outside:
        raise SettingsError("settings.shard_outside", shard=outside[0], count=count, last=count - 1)
    return ShardPlan(count, ids)


def _shard_ids(raw: str) -> tuple[int, ...]:
    """``0,1`` or ``0-3`` or ``0,2-3``: the shards, sorted, each once."""
    ids: set[int] = set()
    for part in raw.split(","):
        low, dash, high = part.strip().partition("-")
        bounds = (low.strip(), high.strip()) if dash else (low.strip(), low.strip())
        if not all(bound.isascii() and bound.isdecimal() for bound in bounds):
            raise SettingsError("settings.shard_ids", value=raw)
        first, last = int(bounds[0]), int(bounds[1])
        if first > last or last >= MAX_SHARDS:
            raise SettingsError("settings.shard_ids", value=raw)
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


def _database_path(raw: str) -> Path:
    return Path("croupier.db") if is_postgresql_url(raw) else Path(raw)


def _database_url(raw: str) -> str | None:
    return raw if is_postgresql_url(raw) else None


def _merge(environ: Mapping[str, str], env_file: Path | None) -> dict[str, str]:
    merged: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        merged.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    merged.update(environ)
    return {name: value.strip() for name, value in merged.items() if value.strip()}


def _read(values: Mapping[str, str], name: str, default: _T, parse: Callable[[str], _T]) -> _T:
    raw = values.get(name)
    return default if raw is None else parse(raw)


def _whole_number(name: str, raw: str, low: int, high: int) -> int:
    try:
        value = int(raw, 10) if raw.isascii() else None
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise SettingsError("settings.whole_number", name=name, low=low, high=high, value=raw)
    return value


def _boolean(name: str, raw: str) -> bool:
    if raw.lower() in _TRUE:
        return True
    if raw.lower() in _FALSE:
        return False
    raise SettingsError("settings.boolean", name=name, value=raw)


def _guild_id(raw: str) -> int:
    if not (raw.isascii() and raw.isdecimal()) or int(raw) == 0:
        raise SettingsError("settings.guild_id", name="CROUPIER_DEV_GUILD", value=raw)
    return int(raw)


def _log_level(raw: str, name: str = "CROUPIER_LOG_LEVEL") -> str:
    if raw.upper() not in LOG_LEVELS:
        raise SettingsError("settings.log_level", name=name, value=raw)
    return raw.upper()


def _url(name: str, raw: str, scheme: str) -> str:
    prefixes = (f"{scheme}://", f"{scheme}s://")
    if not raw.startswith(prefixes) or raw in prefixes:
        raise SettingsError("settings.url", name=name, scheme=scheme, value=raw)
    return raw.rstrip("/")


def _web_host(raw: str) -> str:
    """A host name or IP address to listen on (``::`` and ``0.0.0.0``: every interface)."""
    if not re.fullmatch(r"[A-Za-z0-9.:\-]{1,253}", raw):
        raise SettingsError("settings.web_host", value=raw)
    return raw


def _public_url(raw: str) -> str:
    address = _url("CROUPIER_PUBLIC_URL", raw.rstrip("/"), "http")
    parts = urlsplit(address)
    # The room's routes and cookies live at the root of its address: no path.
    if parts.path not in ("", "/") or parts.query or parts.fragment or not parts.hostname:
        raise SettingsError("settings.public_url", value=raw)
    return address


def _client_id(raw: str) -> str:
    if not (raw.isascii() and raw.isdecimal()) or int(raw) == 0:
        raise SettingsError("settings.client_id", value=raw)
    return raw


def web_sign_in_gaps(settings: Settings) -> tuple[str, ...]:
    """What the web room's settings lack for what they ask (one sentence each, for
    the log at start-up; the bot runs on without the missing part)."""
    gaps: list[str] = []
    public, secret = settings.public_url, settings.client_secret
    if public is not None and not settings.web_port:
        gaps.append(t("settings.public_url_without_room", url=public))
    if public is not None and settings.web_port and secret is None:
        gaps.append(t("settings.sign_in_needs_secret", url=public))
    if secret is not None and public is None:
        gaps.append(t("settings.secret_without_public_url"))
    return tuple(gaps)


def _check_order(settings: Settings, smaller: str, larger: str) -> None:
    low, high = getattr(settings, smaller), getattr(settings, larger)
    if low > high:
        raise SettingsError(
            "settings.not_more_than",
            name=_variable(smaller),
            value=low,
            other_name=_variable(larger),
            other_value=high,
        )


def _variable(field_name: str) -> str:
    return "CROUPIER_" + field_name.upper()


# ----------------------------------------------------------- replays (issue 26)

#: The web room's public address (``https://poker.example.org``), where links
#: to replays point. Read by :func:`public_url` alone, so that the setting the
#: sign-in work adds can take its place in one spot.
