"""What ``CROUPIER_DATABASE`` names, and whether a database file there can be
used, checked before anything connects to Discord.

The setting holds either a SQLite file's path or a PostgreSQL URL
(``postgresql://user:password@host:port/database``, :func:`is_postgresql_url`).
A URL's password never reaches a log or a message: :func:`shown` writes the
URL without it, and :func:`secrets_of` gives the log's redactor what to remove.

An operator who points the setting at a folder that does not exist, at a
folder, or at a file or mount that cannot be written gets one sentence naming
the setting (:class:`DatabaseUnusable`) instead of a traceback from SQLite, and
the bot never logs in with a database it could not keep chips in. SQLite keeps
its ``-wal`` and ``-shm`` files beside the database, so the folder must be
writable too.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Final
from urllib.parse import unquote, urlsplit

from bot.errors import CroupierError

SETTING: Final = "CROUPIER_DATABASE"
#: How a PostgreSQL URL begins (asyncpg reads both).
POSTGRESQL_SCHEMES: Final = ("postgresql://", "postgres://")


def is_postgresql_url(value: str) -> bool:
    """Whether the setting names a PostgreSQL database rather than a SQLite file.

    >>> is_postgresql_url("postgresql://croupier@db.example/croupier")
    True
    >>> is_postgresql_url("data/croupier.db")
    False
    """
    return value.strip().lower().startswith(POSTGRESQL_SCHEMES)


def shown(url: str) -> str:
    """The URL as a log line or a message may show it: no password.

    >>> shown("postgresql://croupier:s3cret@db.example:5432/croupier")
    'postgresql://croupier@db.example:5432/croupier'
    >>> shown("postgresql:///croupier?host=/run/postgresql&password=s3cret")
    'postgresql:///croupier'
    """
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit("@", 1)
    if len(netloc) == 2:
        user = netloc[0].split(":", 1)[0]
        host = f"{user}@{netloc[1]}"
    else:
        host = netloc[0]
    # The query may carry a password, and options nobody needs to read in a log.
    return f"{parts.scheme}://{host}{parts.path}"


def secrets_of(url: str) -> list[str]:
    """The password a URL carries, if any, for the log's redactor.

    >>> secrets_of("postgresql://croupier:s%40cret@db/croupier")
    ['s@cret', 's%40cret']
    >>> secrets_of("postgresql://croupier@db/croupier")
    []
    """
    parts = urlsplit(url)
    found = []
    if parts.password:
        found.append(parts.password)
    for pair in parts.query.split("&"):
        name, _, value = pair.partition("=")
        if name == "password" and value:
            found.append(value)
    return [unquote(secret) for secret in found] + [
        secret for secret in found if unquote(secret) != secret
    ]


class DatabaseUnusable(CroupierError):
    """The database path cannot hold the bot's database; the sentence says why."""


def check_database_path(path: Path) -> None:
    """Raise :class:`DatabaseUnusable` unless ``path`` is, or can become, a
    writable SQLite file in a writable folder."""
    shown = str(path)
    if path.is_dir():
        raise DatabaseUnusable("database.is_folder", name=SETTING, path=shown)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise DatabaseUnusable("database.no_folder", name=SETTING, path=shown, folder=str(folder))
    if path.exists():
        try:
            with path.open("r+b"):
                pass
        except OSError as error:
            raise DatabaseUnusable(
                "database.read_only", name=SETTING, path=shown, reason=_reason(error)
            ) from None
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".croupier-write-check-"):
            pass
    except OSError as error:
        raise DatabaseUnusable(
            "database.folder_read_only",
            name=SETTING,
            path=shown,
            folder=str(folder),
            reason=_reason(error),
        ) from None


def _reason(error: OSError) -> str:
    if error.errno == errno.EROFS:
        return "read-only file system"
    return os.strerror(error.errno) if error.errno is not None else str(error)
