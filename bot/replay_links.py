"""Addresses of hands' replays: the personal page and the shared link.

- ``/hand/<id>``: the replay as its viewer may see it (:mod:`bot.replays`):
  a player of the hand their own cards, an admin of its guild every card;
  anyone else is told there is no such hand, so the bare number shows
  nothing to someone who guesses it.
- ``/replay/<id>-<signature>``: the shared link, public cards only, to
  anyone who has it. The signature is an HMAC-SHA256 of the hand's id with
  a random key kept in the database (``replay_key``, made the first time a
  link is needed), cut to 128 bits: a link cannot be made for a hand one was
  not given, and every process of the bot makes the same link.

Links go out only where the web room has a public address
(:func:`bot.settings.public_url`); without one nothing links to it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import weakref
from typing import Final

from bot.database import Database

#: The shared link's token: the hand's id, a dash, 32 hex digits.
TOKEN: Final = re.compile(r"(?P<hand>[1-9][0-9]{0,17})-(?P<signature>[0-9a-f]{32})")


#: Each database's key, once read (it never changes once written).
_KEYS: weakref.WeakKeyDictionary[Database, bytes] = weakref.WeakKeyDictionary()


async def replay_key(database: Database) -> bytes:
    """The key that signs shared links (made, once, the first time it is asked for)."""
    known = _KEYS.get(database)
    if known is not None:
        return known
    found = await database.fetch_value("SELECT secret FROM replay_key WHERE name = 'replay'")
    if found is None:
        async with database.transaction(fenced=False) as tx:
            await tx.execute(
                "INSERT INTO replay_key (name, secret) VALUES ('replay', ?)"
                " ON CONFLICT (name) DO NOTHING",
                (secrets.token_hex(32),),
            )
        found = await database.fetch_value("SELECT secret FROM replay_key WHERE name = 'replay'")
    key = _KEYS[database] = str(found).encode()
    return key


def signature(key: bytes, hand_id: int) -> str:
    return hmac.new(key, f"replay:{hand_id}".encode(), hashlib.sha256).hexdigest()[:32]


def share_token(key: bytes, hand_id: int) -> str:
    """The token of hand ``hand_id``'s shared link."""
    return f"{hand_id}-{signature(key, hand_id)}"


def hand_of_token(key: bytes, token: str) -> int | None:
    """The hand a shared link's token stands for, or ``None`` (forged, malformed)."""
    match = TOKEN.fullmatch(token)
    if match is None:
        return None
    hand_id = int(match["hand"])
    if not hmac.compare_digest(match["signature"], signature(key, hand_id)):
        return None
    return hand_id


def hand_url(base: str, hand_id: int) -> str:
    """The personal replay page of a hand (a player's own cards, by who signs in)."""
    return f"{base}/hand/{hand_id}"


async def shared_url(database: Database, base: str, hand_id: int) -> str:
    """The shared link of a hand: public cards only, to anyone."""
    return f"{base}/replay/{share_token(await replay_key(database), hand_id)}"


async def finished_hand_id(database: Database, table_id: int, hand_no: int) -> int | None:
    """The id of table ``table_id``'s finished hand ``hand_no`` (``None``: none)."""
    found = await database.fetch_value(
        "SELECT id FROM hands WHERE table_id = ? AND hand_no = ? AND status = 'finished'",
        (table_id, hand_no),
    )
    return None if found is None else int(found)


async def link_for(database: Database, base: str, hand_id: int, user_id: int) -> str:
    """The replay to offer ``user_id``: their own page if they played the hand,
    else its shared link (public cards only)."""
    played = await database.fetch_value(
        "SELECT 1 FROM hand_players WHERE hand_id = ? AND user_id = ?", (hand_id, user_id)
    )
    if played is not None:
        return hand_url(base, hand_id)
    return await shared_url(database, base, hand_id)
