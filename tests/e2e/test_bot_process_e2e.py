"""Croupier started as its own process, ``python -m bot``, against the fake.

The bot is configured only by its environment, as an operator would run it;
members play a hand through the fake, the bot is stopped with SIGTERM and
exits cleanly, and the audit of the database it wrote is clean. A second
test kills it in the middle of a hand and starts it again: the hand is
picked up and finished. Both use :mod:`tests.e2e.bot_process`, the harness
for restart and kill tests.
"""

from __future__ import annotations

from pathlib import Path

from tests.audited import assert_audit_clean_at as assert_audit_clean
from tests.e2e.bot_process import bot_process
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table


async def test_the_bot_process_deals_a_hand_and_stops_cleanly(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    async with bot_process(fake, database, {"CROUPIER_STARTING_CHIPS": "3000"}) as bot:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben], small_blind=5, big_blind=10)
        players = TablePlayers(fake, [ann, ben], seed=1, view=view)
        assert await players.play_hands(3) == 3
        balance = await ann.slash("balance")
        assert "You have **2,000** chips, and" in balance.text, balance.text
        assert await bot.stop() == 0
        assert not bot.troubles(), bot.log()
        assert "Stopping" in bot.log()
    await assert_audit_clean(database)


async def test_a_bot_killed_mid_hand_finishes_the_hand_when_it_is_back(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    async with bot_process(fake, database) as bot:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
        turn = await view.next_turn()
        assert turn is not None
        await players.take_turn(turn)
        killed_in = await view.next_turn(turn.key)
        assert killed_in is not None and killed_in.hand_no == turn.hand_no

        assert await bot.kill() < 0
        await bot.restart()
        assert not bot.troubles(), bot.log()
        # The same table message shows the same turn of the same hand: it is edited
        # again, not posted twice (tests/e2e/test_fair_restart_e2e.py).
        again = await view.next_turn()
        assert again is not None and again.key == killed_in.key
        assert again.message_id == killed_in.message_id
        await players.play_hands(1)
        assert turn.hand_no in view.results()
        assert await bot.stop() == 0
    await assert_audit_clean(database)
