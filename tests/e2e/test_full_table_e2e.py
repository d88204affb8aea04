"""A whole evening at one table, through the fake Discord and the real bot.

Members open a table, sit down, play dozens of hands by buttons, by the
bet/raise form and by slash commands; one joins late, one leaves in the middle
of a hand, two sit out, top up between their hands and come back; the creator
closes the table. Afterwards every balance is the starting grant plus what
the player won and lost, as each member's own /balance says, and the audit
(run as the bot stops) finds the ledger clean and every hand replaying to its
recorded result.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.hand_records import hand_records
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import TablePlayers
from tests.e2e.table_view import TableView

STARTING_CHIPS = 5_000


async def ephemeral_answer(member: Member, *words: str, **options: int) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


def chips(text: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\*\*(\d[\d,]*)\*\*", text)]


async def test_a_table_is_opened_played_for_an_evening_and_closed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # an evening of hands at machine speed
    async with running_croupier(
        fake, tmp_path / "croupier.db", starting_chips=STARTING_CHIPS, deck_seed=21
    ) as croupier:
        ann, ben, cat, dan, eve = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve"))
        opened = await ephemeral_answer(
            ann, "poker", "create", small_blind=5, big_blind=10, min_buy_in=100, seats=6
        )
        assert "is open in" in opened
        assert "already has a table" in await ephemeral_answer(ben, "poker", "create")

        for member, buy_in in ((ann, 1000), (ben, 600), (cat, 800), (dan, 400)):
            joined = await ephemeral_answer(member, "poker", "join", buy_in=buy_in)
            assert chips(joined) == [buy_in, STARTING_CHIPS - buy_in], joined
        assert "already sit in seat 1" in await ephemeral_answer(ann, "poker", "join", buy_in=100)

        view = TableView(fake)
        players = TablePlayers(fake, [ann, ben, cat, dan], seed=5, top_up=400, view=view)
        assert await players.play_hands(12) >= 12

        # Eve sits down while a hand is being played: she waits for the next one.
        late = max(view.results())
        joined = await ephemeral_answer(eve, "poker", "join", buy_in=500)
        assert "You sit in seat 5" in joined
        players.by_name[eve.name] = eve
        await players.play_hands(6)

        # Ben leaves in the middle of a hand: he is folded when his turn comes
        # and cashed out when it ends.
        turn = await view.next_turn()
        assert turn is not None
        players.by_name.pop(ben.name)
        left = await ephemeral_answer(ben, "poker", "leave")
        assert "when this hand ends" in left or "You left the table" in left, left
        await players.play_hands(2)
        message = view.table_message()
        assert message is not None and "Ben" not in message.text()
        assert "don't have a seat" in await ephemeral_answer(ben, "poker", "sitout")

        # Cat and Dan sit out, top up between their hands, and come back.
        for member in (cat, dan):
            assert "You are sitting out" in await ephemeral_answer(member, "poker", "sitout")
        sat_out = max(view.results()) + 1  # the hand being played may have dealt them in
        await players.play_hands(2)
        for member in (cat, dan):
            stack = view.seats()[member.name].stack
            if stack < 1000:
                topped = await ephemeral_answer(member, "poker", "topup", amount=1000 - stack)
                assert "your stack is **1,000**" in topped, topped
            else:
                topped = await ephemeral_answer(member, "poker", "topup", amount=1)
                assert "at most **0** chips" in topped, topped
            assert "You are back" in await ephemeral_answer(member, "poker", "sitin")
        sat_in = max(view.results()) + 1
        await players.play_hands(8)

        closed = await players.close_table(ann)
        assert "4 stacks went back" in closed or "closes when the hand" in closed, closed
        assert "no table in this channel" in await ephemeral_answer(ann, "poker", "join")
        await croupier.settled()

        hands = await hand_records(croupier.database)
        finished = [hand for hand in hands if hand.status == "finished"]
        assert len(finished) >= 30
        assert set(view.results()) == {hand.hand_no for hand in finished}
        assert any(eve.id in hand.players for hand in finished if hand.hand_no > late)
        away = [hand for hand in finished if sat_out < hand.hand_no <= sat_in]
        assert away and all(cat.id not in h.players and dan.id not in h.players for h in away)
        assert any(cat.id in hand.players for hand in finished if hand.hand_no > sat_in)
        assert players.played.moves.get("form:raise", 0) > 0
        assert sum(n for move, n in players.played.moves.items() if move.startswith("command:"))

        # Every balance is the grant plus the hands' results, and each member's
        # /balance says so.
        for member in (ann, ben, cat, dan, eve):
            net = await croupier.database.fetch_value(
                "SELECT COALESCE(SUM(net), 0) FROM hand_players WHERE user_id = ?", (member.id,)
            )
            balance = await croupier.database.fetch_value(
                "SELECT chips FROM balances WHERE user_id = ?", (member.id,)
            )
            assert balance == STARTING_CHIPS + net, member
            said = await ephemeral_answer(member, "balance")
            assert chips(said) == [balance], said
