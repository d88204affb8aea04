"""An error inside a hand, through Discord (issue 24): the click that met it is
answered politely, the channel is told the hand is voided, the next hand is
dealt, and ``/poker leave`` and ``/poker close`` give every chip back.

The engine is made to raise the ``DealingError`` the last *Run it twice*
click met (``The stub holds 0 cards, not 1``) at the next action, wrapped by
the test: the product has no hook for it. The bot logs the error with its
traceback; every other error it logs fails the test, and the run ends with
the audit.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from bot.database import Database
from bot.i18n import t
from engine import Hand
from engine.errors import DealingError
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table


def fail_next_action(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The engine's next ``Hand.act`` raises; count the calls."""
    real = Hand.act
    calls: list[int] = []

    def act(hand: Hand, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise DealingError("The stub holds 0 cards, not 1")
        return real(hand, *args, **kwargs)

    monkeypatch.setattr(Hand, "act", act)
    return calls


async def test_an_error_inside_a_hand_voids_it_and_every_chip_can_go_home(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=5, expected_errors=("failed and is voided",)
    ) as croupier:
        ann, ben, cat = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Cat")
        members = {"Ann": ann, "Ben": ben, "Cat": cat}
        view = await open_table(fake, [ann, ben, cat], buy_in=500)
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        fail_next_action(monkeypatch)

        answer = await (await members[turn.actor].slash("call")).sentence()
        assert answer == t("table.hand_failed", "en", hand_no=turn.hand_no)
        told = t("table.hand_failed_voided", "en", hand_no=turn.hand_no)
        await fake.wait_for(lambda: any(told in m.text() for m in fake.messages(fake.channel)))
        # The table goes on: the next hand is dealt, from the stacks the voided one began with.
        later = await view.next_turn(turn.key, timeout=10)
        assert later is not None and later.hand_no == turn.hand_no + 1
        status = await croupier.database.fetch_value(
            "SELECT status FROM hands WHERE hand_no = ?", (turn.hand_no,)
        )
        assert status == "voided"

        # Every seat is reachable: everyone leaves (folded at their turn, paid out
        # when the hand ends), the opener closes the table, every chip is home.
        for member in (ann, ben, cat):
            assert await (await member.slash("poker", "leave")).sentence()
        await _until_no_seat_is_taken(croupier.database)
        closed = await (await ann.slash("poker", "close")).sentence()
        assert closed
        open_tables = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM tables WHERE status = 'open'"
        )
        assert open_tables == 0
        balances = await croupier.database.fetch_value("SELECT SUM(chips) FROM balances")
        rake = await croupier.database.fetch_value(
            "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'rake'"
        )
        granted = await croupier.database.fetch_value(
            "SELECT SUM(delta) FROM ledger WHERE kind = 'starting_grant'"
        )
        assert balances + rake == granted


async def _until_no_seat_is_taken(database: Database, timeout: float = 30.0) -> None:
    give_up = time.monotonic() + timeout
    while await database.fetch_value("SELECT COUNT(*) FROM seats"):
        assert time.monotonic() < give_up, "the seats were never freed"
        await asyncio.sleep(0.05)
