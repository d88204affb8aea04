"""Shared replay links: signed with the database's own key, made once and the
same for every process; a forged or malformed token is no hand; the public
address is read as every setting is."""

from __future__ import annotations

from bot.database import Database
from bot.replay_links import hand_of_token, replay_key, share_token, shared_url


async def test_the_key_is_made_once_and_every_process_makes_the_same_link(
    database_target: str,
) -> None:
    async with await Database.open(database_target) as first:
        key = await replay_key(first)
        assert len(key) >= 32
        url = await shared_url(first, "https://poker.example.org", 42)
    async with await Database.open(database_target) as second:  # another process
        assert await replay_key(second) == key
        assert await shared_url(second, "https://poker.example.org", 42) == url
    assert url == f"https://poker.example.org/replay/{share_token(key, 42)}"


def test_a_token_stands_for_its_hand_only() -> None:
    key = b"k" * 64
    token = share_token(key, 7)
    assert hand_of_token(key, token) == 7
    _, signature = token.split("-")
    assert hand_of_token(key, f"8-{signature}") is None  # another hand's number
    assert hand_of_token(b"x" * 64, token) is None  # another key
    for bad in ("7", "7-", f"07-{signature}", f"7-{signature.upper()}", f"-7-{signature}", ""):
        assert hand_of_token(key, bad) is None, bad
