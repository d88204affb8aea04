"""A member alone on a quiet server plays five computer players through the
fake Discord and the real bot (issue 14's "done means").

Ann opens a table, seats one computer player of each style with /poker
addbot and sits down; the table then plays fifty hands by itself, Ann acting
by the buttons of the table message and the computer players after their
(here zero) pause. Everything Ann was shown is checked card by card: she
sees a computer player's cards only when it shows them at a showdown. Then
she removes a computer player, closes the table (the rest go home to the
house bank), finds her record against them in /stats and no computer player
on the leaderboard; the audit run as the bot stops counts the bank.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.hand_records import hand_records
from tests.e2e.privacy import check_privacy
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import Style, TablePlayers
from tests.e2e.table_view import TableView

HANDS = 50
STYLES = ("balanced", "tight-passive", "tight-aggressive", "loose-aggressive", "calling-station")
#: Ann plays by buttons only: calls and checks mostly, folds, quick bets and raises.
BY_BUTTONS = Style(raise_form=0, by_command=0, cards_click=0.05, out_of_turn_click=0)


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


async def test_one_member_and_five_computer_players_play_fifty_hands(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        deck_seed=14,
        computer_pace_seconds=0,
        starting_chips=20_000,
    ) as croupier:
        ann, bob = fake.add_member("Ann"), fake.add_member("Bob")
        opened = await answer(
            ann, "poker", "create", small_blind=5, big_blind=10, min_buy_in=200, seats=6
        )
        assert "is open in" in opened, opened
        assert "Only the player who opened" in await answer(bob, "poker", "addbot")
        assert "There is no seat 9" in await answer(ann, "poker", "addbot", seat=9)
        for style in STYLES:
            added = await answer(ann, "poker", "addbot", style=style)
            assert added.startswith("Bot ") and "from the house bank" in added, added
            # Its style is told once, here; the seat lines carry the name alone.
            assert f"({style.replace('calling-', 'calling ')}) sits in seat" in added, added
        joined = await answer(ann, "poker", "join", buy_in=1000)
        assert "You sit in seat 6" in joined, joined
        assert "Every seat at this table is taken" in await answer(ann, "poker", "addbot")

        view = TableView(fake)
        players = TablePlayers(fake, [ann], seed=14, style=BY_BUTTONS, top_up=1000, view=view)
        assert await players.play_hands(HANDS) >= HANDS
        message = view.table_message()
        assert message is not None and message.text().count("Bot ") >= 5
        seat_lines = message.text()
        assert not any(
            f"({style.replace('calling-', 'calling ')})" in seat_lines for style in STYLES
        )
        # Every action by a button (a rebuy after busting is /poker topup).
        actions = {m: n for m, n in players.played.moves.items() if m != "command:topup"}
        assert actions and all(move.startswith("button:") for move in actions), actions

        removed = await answer(ann, "poker", "removebot")
        assert "house bank" in removed, removed
        # A hand in progress is played out first (tests/e2e/test_fair_close_e2e.py).
        closed = await players.close_table(ann)
        assert "The table is closed" in closed or "closes when the hand" in closed, closed
        await croupier.settled()

        records = await hand_records(croupier.database)
        finished = [hand for hand in records if hand.status == "finished"]
        assert len(finished) >= HANDS
        assert sum(1 for hand in finished if any(p < 0 for p in hand.players)) == len(finished)
        bots_shown = sum(1 for hand in finished for p in hand.shown if p < 0)
        assert bots_shown >= 5, "computer players hardly ever reached a showdown"
        report = check_privacy(fake, [ann], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])
        assert not report.problems, report.problems[:5]
        assert report.cards_checked > 5 * HANDS

        # Each computer player's decisions are in the write-ahead log as its own.
        actors = await croupier.database.fetch_all(
            "SELECT DISTINCT actor FROM hand_actions WHERE actor < 0"
        )
        assert len(actors) == 5
        bank = await croupier.database.fetch_value("SELECT chips FROM house_banks")
        ann_net = await croupier.database.fetch_value(
            "SELECT SUM(net) FROM hand_players WHERE user_id = ?", (ann.id,)
        )
        assert bank == -ann_net  # what Ann won the house lost, and the other way round

        stats = await ann.slash("stats")
        await stats.settled()
        assert "Against computer players" in stats.text, stats.text
        assert re.search(rf"{len(finished)} hands with them", stats.text), stats.text
        board = await ann.slash("leaderboard", by="net")
        await board.settled()
        assert "Bot " not in board.text and "-1" not in board.text, board.text
