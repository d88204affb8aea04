"""Whether the database file named by ``CROUPIER_DATABASE`` can be used, checked
before anything connects to Discord.

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

from bot.errors import CroupierError

SETTING: Final = "CROUPIER_DATABASE"


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
