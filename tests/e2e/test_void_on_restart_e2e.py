"""A hand whose log cannot be replayed after a crash is voided, and says so.

The bot (a process) is killed in the middle of a hand; while it is down, the
hand's log is damaged (an action no rule allows). The new bot cannot replay
it: it voids the hand, every stack goes back to what it was when the hand
began, each player's ledger says so, the channel is told, and the next hand is
dealt and played. The audit is clean.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.audited import assert_audit_clean_at
from tests.e2e.croupier_process import CroupierProcess
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.impatient_players import TableView, newest_table


async def test_an_unreplayable_hand_is_voided_with_ledger_rows_and_a_message(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    async with CroupierProcess(fake, database) as croupier:
        await croupier.start()
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await (await ann.slash("poker", "create")).settled()
        for member in (ann, ben):
            await member.slash("poker", "join", buy_in=500)
        view = await fake.wait_for(lambda: _turn(fake), 10)
        actor = {"Ann": ann, "Ben": ben}[view.actor or ""]
        await actor.slash("raise", amount=100)
        await fake.wait_for(lambda: _logged(database) == 1, 5)
        await croupier.kill()

        with sqlite3.connect(database) as db:
            db.execute(
                "INSERT INTO hand_actions (hand_id, seq, actor, action)"
                " VALUES (1, 2, NULL, 'p0 cbr 1')"
            )
        posted_before = max(m.id for m in fake.messages())
        await croupier.start()
        voided = "Hand 1 could not be resumed after a restart and was voided"
        await fake.wait_for(
            lambda: any(voided in m.text() for m in fake.messages() if m.id > posted_before), 10
        )
        await fake.wait_for(lambda: _hand_to_act_in(fake) == 2, 10)
        with sqlite3.connect(database) as db:
            (status,) = db.execute("SELECT status FROM hands WHERE id = 1").fetchone()
            stacks = db.execute("SELECT stack FROM seats WHERE table_id = 1").fetchall()
            refunds = db.execute(
                "SELECT user_id, delta, note FROM ledger WHERE kind = 'void_refund'"
            ).fetchall()
        assert status == "voided"
        assert sum(stack for (stack,) in stacks) == 1000
        assert {user for user, _, _ in refunds} == {ann.id, ben.id}
        assert all(delta == 0 and "hand 1 voided" in note for _, delta, note in refunds)
        await croupier.stop()
    await assert_audit_clean_at(database)


def _turn(fake: FakeDiscord) -> TableView | None:
    """The newest table message, if it shows someone to act."""
    view = newest_table(fake, fake.channel.id)
    return view if view is not None and view.actor is not None else None


def _hand_to_act_in(fake: FakeDiscord) -> int | None:
    view = _turn(fake)
    return None if view is None else view.hand_no


def _logged(database: Path) -> int:
    with sqlite3.connect(database) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM hand_actions").fetchone()
    return int(count)
