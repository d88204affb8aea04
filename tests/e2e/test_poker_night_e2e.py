"""A poker night end to end (issue 28): a scheduled 27-player multi-table
tournament of computer players and three members, through the fake Discord
and the real bot on a fake clock, played to the end with a deal.

The server's owner schedules it with ``/tournament schedule`` for 20:00,
with 24 computer players to fill the field (their buy-ins staked by the
house bank at the start) and tables of five; Ann, Ben and Cat register by
the registration message's button, the reminder opens check-in fifteen
minutes before the start, they check in, and at its time it starts over six
tables, each in a thread of the channel, one clock of one-minute levels for
all. The members play their own cards (each looks at their two cards, as a
player does with the bot's "my cards" button): all in with a good hand,
otherwise check when it is free and fold when it is not. At the final table
a member offers an ICM deal with ``/tournament deal`` and the other members
there accept by the button (the computer players take the engine's fair share;
a member alone there confirms their own offer). Repeatable: the deck seeded
(``deck_seed``; each table shuffles from a seeded source of its own, so the
same seed plays the same tournament whatever order the tables run in), the
seats drawn from it, the clock a fake one moved a second at a time. Which
members reach the final table is the cards': the seed is one where one does.

What a floor would check, by the Poker TDA's rules (2024) and Robert's Rules
of Poker (section 15), as the engine cites them (engine/tournament_tables.py):

- seats drawn at random over the fewest tables (TDA Rule 7);
- a player moved to the short table to balance the tables (TDA Rule 11-A),
  tables broken in a fixed order when the players fit at one fewer (TDA 11-C);
- hand for hand on the bubble: six players left, five paid (TDA RP-8);
- the final table brought together (TDA RP-9);
- a deal made when every player left agrees (the members by the button),
  each share paid as agreed, a ledger row each;
- every entrant placed once; not a chip created or lost between any two
  steps; the audit clean to the chip; Discord's event completed.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from bot.tournaments.final_deal import deal_button_id
from engine import Card
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.fake_discord.scheduled_events import ACTIVE, COMPLETED, SCHEDULED
from tests.e2e.product_bot import running_croupier

STARTING_CHIPS = 1000  # the settings' default starting grant
FIELD, COMPUTERS, STACK, BUY_IN, SEATS = 27, 24, 400, 100, 5
DECK_SEED = 7
#: 2026-12-12 13:00 UTC: the fake clock's wall time when the test begins.
NOON = 1_797_080_400
#: 2026-12-12 20:00 +01:00 (19:00 UTC), six hours after NOON.
START = 1_797_102_000
START_TEXT = "2026-12-12 20:00 +01:00"


def texts(fake: FakeDiscord, channel: Any = None) -> list[str]:
    return [m.text() for m in fake.messages(channel or fake.channel) if not m.ephemeral]


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


async def click(member: Member, label: str) -> str:
    reply = await member.click(label)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


async def move_to(fake: FakeDiscord, clock: FakeClock, unix: int, seen: str) -> None:
    """Move the clock to ``unix`` and wait until the channel shows ``seen``."""
    clock.advance(unix - clock.wall_now())
    await fake.wait_for(lambda: any(seen in text for text in texts(fake)), timeout=10.0)


def good_hand(cards: list[Card]) -> bool:
    """A hand worth all one's chips: a pair of sevens or better, two cards of
    jack or better, or an ace with a ten or better."""
    first, second = sorted(card.rank for card in cards)
    return (first == second and first >= 5) or first >= 9 or (second == 12 and first >= 8)


async def members_play(tournament: Any, members: dict[int, Member]) -> None:
    """Each member whose turn it is, at any table, plays their two cards."""
    for runner in list(tournament.runners.values()):
        live = runner.live
        if runner.closed or live is None or live.hand.actor is None:
            continue
        player = live.deal.players[live.hand.actor]
        if player not in members:
            continue
        good = good_hand(live.hand.hole_cards[live.hand.actor])
        # "call" checks where checking is free (folding is disabled there).
        for action in ("allin", "call", "show") if good else ("fold", "call", "show"):
            custom_id = table_button_id(runner.table_id, live.hand_no, live.seq, action)
            with contextlib.suppress(ComponentNotFound):
                await (await members[player].click(custom_id=custom_id)).settled()
                break


def chips_in_seats(tournament: Any) -> int:
    return sum(
        seat.stack
        for runner in tournament.runners.values()
        if not runner.closed
        for seat in runner.table.seats.values()
    )


async def test_a_scheduled_poker_night_with_computer_players_plays_to_a_deal(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # a tournament of hands at machine speed
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        clock=clock,
        deck_seed=DECK_SEED,
        computer_pace_seconds=0,
        hand_pause_seconds=1,
    ) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        members = {member.id: member for member in (ann, ben, cat)}
        scheduled = await answer(
            fake.owner,
            "tournament",
            "schedule",
            start=START_TEXT,
            buy_in=BUY_IN,
            starting_stack=STACK,
            seats=SEATS,
            level_minutes=1,
            min_players=4,
            computers=COMPUTERS,
        )
        assert "is scheduled for <t:1797102000:F>" in scheduled, scheduled
        # The registration message and Discord's event say the computer players fill the field.
        (registration,) = [text for text in texts(fake) if "Registration is open" in text]
        assert "24 computer players fill the field" in registration, registration
        (event,) = fake.state.scheduled_events.of_guild(fake.guild_id)
        assert "24 computer players fill the field" in event.fields["description"]

        for member in members.values():
            assert "You are registered" in await click(member, "Register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in members.values():
            assert "You are checked in" in await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        (started,) = [text for text in texts(fake) if "starts now" in text]
        assert f"with {FIELD} players" in started, started
        assert event.status == ACTIVE

        tournament = croupier.bot.multi_tables[fake.channel.id]
        # Each table shuffles from a seeded source of its own (bot/tournaments/
        # floor_runner.py own_chance): its cards do not depend on the order the
        # tables happen to shuffle in, so the seeds play the same tournament.
        for runner in tournament.runners.values():
            assert runner.live is None  # the pause before the first hand
        threads = fake.threads(fake.channel)
        # TDA Rule 7: seats drawn at random over the fewest tables, as even as can be.
        assert len(threads) == 6
        assert sorted(len(r.table.seats) for r in tournament.runners.values()) == [4, 4, 4, 5, 5, 5]
        # The house bank staked the 24 computer players' buy-ins: a ledger row each.
        stakes = await croupier.database.fetch_all(
            "SELECT delta FROM ledger WHERE kind = 'house_stake'"
        )
        assert [row["delta"] for row in stakes] == [-BUY_IN] * COMPUTERS

        final_lobby = ""
        offer = None
        for step in range(3000):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            if tournament.over:
                break
            # Not a chip created or lost between any two steps (the floor's moves included).
            assert chips_in_seats(tournament) == FIELD * STACK, step
            final = tournament.final_table
            if final is not None and offer is None and tournament.runners[final].live is None:
                # TDA RP-9: the final table brought together; the lobby says so.
                (lobby,) = [m for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
                final_lobby = lobby.text()
                seated = {seat.player for seat in tournament.runners[final].table.seats.values()}
                still_in = [members[p] for p in members if p in seated]
                assert still_in, "a member reaches the final table"
                thread = tournament.runners[final].record.channel_id
                offered = await answer(
                    still_in[0], "tournament", "deal", kind="icm", channel=thread
                )
                assert "Your offer is posted" in offered, offered
                offer = tournament.offer
                assert offer is not None and offer.kind == "icm"
                # The other members accept by the button (the computer players take the
                # engine's fair share); a member alone there confirms their own offer.
                for member in still_in[1:] or still_in[:1]:
                    accepted = await member.click(
                        custom_id=deal_button_id(tournament.tournament_id, offer.number, "accept")
                    )
                    await accepted.settled()
                assert "the deal is made" in accepted.text, accepted.text
                continue
            await members_play(tournament, members)
            clock.advance(1.0)
        else:
            raise AssertionError("the tournament did not end")
        await croupier.settled()
        await tournament.settled()
        assert offer is not None, "a deal at the final table"

        thread_texts = [text for t in threads for text in texts(fake, t)]
        everything = texts(fake) + thread_texts
        # TDA 11-A: a player moved to the short table to balance the tables.
        assert any("to balance the tables" in text for text in thread_texts)
        # TDA 11-C: tables broken in a fixed order (six tables down to the final one).
        assert sum("is broken" in text for text in thread_texts) == 5
        # TDA RP-8: hand for hand on the bubble (6 left, 5 paid).
        assert any("**hand for hand**" in text for text in everything)
        # TDA RP-9: the final table brought together.
        assert any("The final table" in text for text in texts(fake))
        assert "**5** at the final table" in final_lobby, final_lobby

        # The deal paid as agreed; every entrant placed once; the pool paid out to the chip.
        rows = await croupier.database.fetch_all(
            "SELECT user_id, place, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        prizes = {row["user_id"]: row["prize"] for row in rows}
        assert len(rows) == FIELD and set(prizes) == set(members) | {
            -k for k in range(1, COMPUTERS + 1)
        }
        assert all(row["place"] is not None for row in rows)
        # RRoP 15: players busting in one hand at one table finish by the chips
        # they started it with (equal stacks share the place).
        busts = await croupier.database.fetch_all(
            "SELECT hp.hand_id, hp.starting_stack, e.place FROM hand_players hp"
            " JOIN tournament_entries e ON e.user_id = hp.user_id AND e.table_id = ?"
            " WHERE hp.finishing_stack = 0 ORDER BY hp.hand_id",
            (tournament.pool_table_id,),
        )
        by_hand: dict[int, list[tuple[int, int]]] = {}
        for bust in busts:
            by_hand.setdefault(bust["hand_id"], []).append((bust["starting_stack"], bust["place"]))
        for out in by_hand.values():
            for stack, place in out:
                for other_stack, other_place in out:
                    if stack > other_stack:
                        assert place < other_place, out
                    elif stack == other_stack:
                        assert place == other_place, out
        shares = dict(zip(offer.players, offer.amounts, strict=True))
        assert {p: prizes[p] for p in shares} == shares
        assert sum(prizes.values()) == FIELD * BUY_IN
        for member in members.values():
            balance = await croupier.database.fetch_value(
                "SELECT chips FROM balances WHERE user_id = ?", (member.id,)
            )
            assert balance == STARTING_CHIPS - BUY_IN + prizes[member.id]
        deal_rows = await croupier.database.fetch_all(
            "SELECT user_id, delta FROM ledger WHERE kind = 'tournament_prize'"
            " AND note = 'final-table deal (icm)'"
        )
        assert {row["user_id"]: row["delta"] for row in deal_rows} == {
            p: amount for p, amount in shares.items() if amount and p > 0
        }
        (lobby,) = [m for m in fake.messages(fake.channel) if "Multi-table" in m.text()]
        assert "Ended in a deal" in lobby.text()
        open_tables = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM tables WHERE status = 'open'"
        )
        assert open_tables == 0
        # Discord's event completed with the final table; the audit clean to the chip.
        await fake.wait_for(lambda: event.status == COMPLETED, timeout=5.0)
        assert event.history == [SCHEDULED, ACTIVE, COMPLETED]
        await assert_audit_clean(croupier.database)
    print("The lobby at the final table:\n" + final_lobby)
