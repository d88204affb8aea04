"""Tournaments announced ahead, through the fake Discord and the real bot on a
fake clock: /tournament schedule creates Discord's scheduled event and a
registration message; members register (the buy-in held: a ledger row),
one unregisters (refunded), the reminder opens check-in in one post, the
start seats whoever checked in (the others refunded) and they play it out;
too few checked in cancels it with every buy-in back and the event canceled;
late registration; a restart between registration and the start; a start
missed while the bot was down; bad input refused politely. Every test ends
with the audit (tests/e2e/product_bot.py), clean to the chip."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.fake_discord.members import ComponentNotFound
from tests.e2e.fake_discord.scheduled_events import ACTIVE, CANCELED, COMPLETED, SCHEDULED
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView

STARTING_CHIPS = 1000  # the settings' default starting grant
#: 2026-12-12 13:00 UTC: the fake clock's wall time when each test begins.
NOON = 1_797_080_400
#: 2026-12-12 20:00 +01:00 (19:00 UTC), six hours after NOON.
START = 1_797_102_000
START_TEXT = "2026-12-12 20:00 +01:00"


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


def texts(fake: FakeDiscord) -> list[str]:
    return [message.text() for message in fake.messages(fake.channel)]


def events(fake: FakeDiscord) -> list[object]:
    return list(fake.state.scheduled_events.of_guild(fake.guild_id))


async def balance(croupier: Croupier, member: Member) -> int:
    chips = await croupier.database.fetch_value(
        "SELECT chips FROM balances WHERE user_id = ?", (member.id,)
    )
    # No balance yet: nothing was ever moved, the starting grant comes with the first movement.
    return STARTING_CHIPS if chips is None else int(chips)


async def ledger_kinds(croupier: Croupier, member: Member) -> list[tuple[str, int]]:
    rows = await croupier.database.fetch_all(
        "SELECT kind, delta FROM ledger WHERE user_id = ? AND kind != 'starting_grant' ORDER BY id",
        (member.id,),
    )
    return [(row["kind"], row["delta"]) for row in rows]


async def move_to(fake: FakeDiscord, clock: FakeClock, unix: int, seen: str) -> None:
    """Move the clock to ``unix`` and wait until the channel shows ``seen``."""
    clock.advance(unix - clock.wall_now())
    await fake.wait_for(lambda: any(seen in text for text in texts(fake)), timeout=10.0)


async def schedule_one(fake: FakeDiscord, **options: object) -> str:
    chosen: dict[str, object] = {"start": START_TEXT, "buy_in": 100, "starting_stack": 200}
    return await answer(fake.owner, "tournament", "schedule", **(chosen | options))


async def play_out(fake: FakeDiscord, players: dict[str, Member]) -> None:
    """Everyone shoves (or calls) until the table shows no more turns."""
    view, after = TableView(fake), None
    for _ in range(80):
        turn = await view.next_turn(after, timeout=5.0)
        if turn is None:
            return
        action = "allin" if "allin" in turn.buttons else "call"
        if "muck" in turn.buttons:
            action = "muck"
        custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
        await players[turn.actor].click(custom_id=custom_id)
        after = turn.key


async def test_a_scheduled_tournament_registers_reminds_checks_in_and_plays(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=2
    ) as croupier:
        ann, ben, cat, dan = (fake.add_member(name) for name in ("Ann", "Ben", "Cat", "Dan"))
        scheduled = await schedule_one(fake, level_hands=1, min_players=2)
        assert "is scheduled for <t:1797102000:F>" in scheduled and "buy-in **100**" in scheduled
        (event,) = events(fake)
        assert event.status == SCHEDULED  # type: ignore[attr-defined]
        assert event.fields["scheduled_start_time"].startswith("2026-12-12T19:00:00")  # type: ignore[attr-defined]
        assert event.name.endswith(" tournament")  # type: ignore[attr-defined]
        (registration,) = [text for text in texts(fake) if "Registration is open" in text]
        assert (
            "Starts <t:1797102000:F>" in registration
            and "Nobody has registered yet" in registration
        )

        for member in (ann, ben, cat, dan):
            registered = await click(member, "Register")
            assert "You are registered" in registered and "balance is 900" in registered
            assert await balance(croupier, member) == STARTING_CHIPS - 100
        twice = await answer(ann, "tournament", "register")
        assert twice == "You are registered already; your buy-in is held for you."
        assert await balance(croupier, ann) == STARTING_CHIPS - 100
        left = await answer(dan, "tournament", "unregister")
        assert "unregistered" in left and "balance is 1,000" in left
        assert await ledger_kinds(croupier, dan) == [
            ("scheduled_buy_in", -100),
            ("scheduled_refund", 100),
        ]
        early = await click(ann, "Check in")
        assert early.startswith("Check-in opens <t:")
        await fake.wait_for(
            lambda: any(f"Registered (3): <@{ann.id}>" in text for text in texts(fake)), timeout=5.0
        )

        # Fifteen minutes before the start: one reminder, mentioning the three registered.
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        reminders = [m for m in fake.messages(fake.channel) if "Check in now" in m.text()]
        assert len(reminders) == 1
        for member in (ann, ben, cat):
            assert f"<@{member.id}>" in reminders[0].text()
        assert f"<@{dan.id}>" not in reminders[0].text()
        for member in (ann, ben):
            assert "You are checked in" in await click(member, "Check in")
        again = await answer(ann, "tournament", "checkin")
        assert again == "You are checked in already."

        await move_to(fake, clock, START, "starts now")
        (started,) = [text for text in texts(fake) if "starts now" in text]
        assert "with 2 players" in started and f"<@{cat.id}> did not check in" in started
        assert await balance(croupier, cat) == STARTING_CHIPS
        assert await ledger_kinds(croupier, cat) == [
            ("scheduled_buy_in", -100),
            ("scheduled_refund", 100),
        ]
        assert await ledger_kinds(croupier, ann) == [
            ("scheduled_buy_in", -100),
            ("scheduled_refund", 100),
            ("tournament_buy_in", -100),
        ]
        assert event.status == ACTIVE  # type: ignore[attr-defined]
        late = await click(dan, "Register")  # the reminder's button, after the start
        assert late == "Registration for that tournament has closed."
        assert await ledger_kinds(croupier, dan) == [
            ("scheduled_buy_in", -100),
            ("scheduled_refund", 100),
        ]

        await play_out(fake, {"Ann": ann, "Ben": ben})
        await croupier.settled()
        (won,) = [text for text in texts(fake) if "wins the tournament" in text]
        assert "**200** chips" in won
        await fake.wait_for(lambda: event.status == COMPLETED, timeout=5.0)  # type: ignore[attr-defined]
        assert event.history == [SCHEDULED, ACTIVE, COMPLETED]  # type: ignore[attr-defined]
        total = sum([await balance(croupier, member) for member in (ann, ben)])
        assert total == 2 * STARTING_CHIPS


async def test_too_few_checked_in_cancels_and_refunds_everyone(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        await schedule_one(fake, min_players=3, registration_hours=2)
        not_yet = await answer(ann, "tournament", "register")
        assert not_yet.startswith("Registration opens <t:")
        assert await balance(croupier, ann) == STARTING_CHIPS
        clock.advance(START - 2 * 3600 - NOON)
        for member in (ann, ben, cat):
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        await click(ann, "Check in")
        await click(ben, "Check in")
        await move_to(fake, clock, START, "was cancelled")
        (cancelled,) = [text for text in texts(fake) if "was cancelled" in text]
        assert "2 checked in, 3 were needed" in cancelled
        for member in (ann, ben, cat):
            assert await balance(croupier, member) == STARTING_CHIPS
            assert await ledger_kinds(croupier, member) == [
                ("scheduled_buy_in", -100),
                ("scheduled_refund", 100),
            ]
        (event,) = events(fake)
        await fake.wait_for(lambda: event.status == CANCELED, timeout=5.0)  # type: ignore[attr-defined]
        assert await croupier.database.fetch_value("SELECT COUNT(*) FROM tables") == 0


async def test_late_registration_joins_the_running_tournament(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann, ben, dan = (fake.add_member(name) for name in ("Ann", "Ben", "Dan"))
        await schedule_one(fake, late_levels=1, level_hands=50)
        for member in (ann, ben):
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in (ann, ben):
            await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        late = await answer(dan, "tournament", "register")
        assert "registered late" in late and "**200** chips" in late
        await croupier.settled()
        assert await ledger_kinds(croupier, dan) == [("tournament_buy_in", -100)]
        assert any("Dan registers late: 3 players, prize pool **300**" in t for t in texts(fake))
        seated = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE t.status = 'open'"
        )
        assert seated == 3


async def test_a_restart_between_registration_and_start_keeps_everything(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, database = fake_discord, tmp_path / "croupier.db"
    ann, ben = (fake.add_member(name) for name in ("Ann", "Ben"))
    clock = FakeClock(wall_start=NOON)
    async with running_croupier(fake, database, clock=clock) as croupier:
        await schedule_one(fake)
        for member in (ann, ben):
            await click(member, "Register")
        assert await balance(croupier, ann) == STARTING_CHIPS - 100
    # The bot is down for three hours; it comes back before check-in.
    clock = FakeClock(wall_start=NOON + 3 * 3600)
    async with running_croupier(fake, database, clock=clock) as croupier:
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in (ann, ben):
            assert "You are checked in" in await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        assert any("The tournament begins with 2 players." in text for text in texts(fake))
        for member in (ann, ben):
            assert await balance(croupier, member) == STARTING_CHIPS - 100


async def test_a_start_missed_while_the_bot_was_down_is_cancelled_and_refunded(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, database = fake_discord, tmp_path / "croupier.db"
    ann = fake.add_member("Ann")
    async with running_croupier(fake, database, clock=FakeClock(wall_start=NOON)):
        await schedule_one(fake, repeat_weekly=True)
        await answer(ann, "tournament", "register")
    # Back an hour after the start: past the grace of ten minutes.
    async with running_croupier(
        fake, database, clock=FakeClock(wall_start=START + 3600)
    ) as croupier:
        await fake.wait_for(
            lambda: any("the bot was not running at its start" in t for t in texts(fake)),
            timeout=10.0,
        )
        assert await balance(croupier, ann) == STARTING_CHIPS
        await fake.wait_for(lambda: len(events(fake)) == 2, timeout=10.0)
        first, following = sorted(events(fake), key=lambda e: e.id)  # type: ignore[attr-defined]
        await fake.wait_for(lambda: first.status == CANCELED, timeout=5.0)
        # Weekly: the next one is scheduled a week later, with its own event.
        assert following.status == SCHEDULED
        assert following.fields["scheduled_start_time"].startswith("2026-12-19T19:00:00")
        listed = await answer(ann, "tournament", "list")
        assert "<t:1797706800:F>" in listed


async def test_bad_input_is_refused_politely_and_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann = fake.add_member("Ann")
        past = await schedule_one(fake, start="2026-12-12 09:00")
        assert past == "That time, <t:1797066000:F>, has passed already. Nothing was scheduled."
        words = await schedule_one(fake, start="next friday at eight")
        assert words.startswith("That is not a start time I can read")
        # Rest breaks typed wrong (engine/rest_breaks.py): refused, nothing scheduled.
        breaks = await schedule_one(fake, start=START_TEXT, breaks="10 per hour")
        assert "for example 10/60" in breaks, breaks
        member_tries = await answer(ann, "tournament", "schedule", start=START_TEXT)
        assert "Only members who can manage this server's events" in member_tries
        assert events(fake) == []
        assert (
            await croupier.database.fetch_value("SELECT COUNT(*) FROM scheduled_tournaments") == 0
        )
        nothing = await answer(ann, "tournament", "register")
        assert nothing.startswith("No tournament is scheduled on this server.")

        await schedule_one(fake, buy_in=5000, start=f"<t:{START}:F>")
        broke = await answer(ann, "tournament", "register")
        assert "5,000" in broke and "1,000" in broke
        assert await balance(croupier, ann) == STARTING_CHIPS
        assert await ledger_kinds(croupier, ann) == []
        never = await answer(ann, "tournament", "unregister")
        assert never == "You are not registered for that tournament."


async def test_without_manage_events_the_organiser_is_told_and_registration_works(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The invite does not ask for Manage Events: Discord refuses the event (403),
    the organiser is told, and the tournament is scheduled all the same."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann = fake.add_member("Ann")
        refused = fake.fail_next("POST /guilds/{guild}/scheduled-events", status=403)
        scheduled = await schedule_one(fake)
        assert refused.hits and "Manage Events" in scheduled
        assert events(fake) == []
        registered = await click(ann, "Register")
        assert "You are registered" in registered
        assert await balance(croupier, ann) == STARTING_CHIPS - 100


async def test_late_registration_closes_with_its_level(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Late registration until the end of level 1, the blinds up every hand: once
    the second hand is dealt at level 2, a late registration is refused politely
    and nothing is paid."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann, ben, dan = (fake.add_member(name) for name in ("Ann", "Ben", "Dan"))
        await schedule_one(fake, late_levels=1, level_hands=1)
        for member in (ann, ben):
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in (ann, ben):
            await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        view, after, players = TableView(fake), None, {"Ann": ann, "Ben": ben}
        while True:  # check or call down the first hand, to the second's first turn
            turn = await view.next_turn(after, timeout=5.0)
            assert turn is not None
            if turn.hand_no >= 2:
                break
            action = "check" if "check" in turn.buttons else "call"
            if "muck" in turn.buttons:  # the showdown: a hand that cannot win
                action = "muck"
            custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
            await players[turn.actor].click(custom_id=custom_id)
            after = turn.key
        refused = await answer(dan, "tournament", "register")
        assert refused == "Late registration closed at the end of level 1."
        assert await ledger_kinds(croupier, dan) == []
        assert await balance(croupier, dan) == STARTING_CHIPS


async def test_a_table_already_in_the_channel_sends_the_tournament_to_a_thread(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock):
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        await schedule_one(fake)
        for member in (ann, ben):
            await answer(member, "tournament", "register")
        opened = await cat.slash("poker", "create")  # a cash table plays in the channel
        await opened.settled()
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in (ann, ben):
            await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        (thread,) = fake.threads(fake.channel)
        assert thread.name.endswith(" tournament")
        (started,) = [text for text in texts(fake) if "starts now" in text]
        assert f"<#{thread.id}>" in started
        await fake.wait_for(
            lambda: any(
                "The tournament begins with 2 players." in message.text()
                for message in fake.messages(thread)
            ),
            timeout=5.0,
        )


async def shove_at_every_table(tournament: Any, members: dict[int, Member]) -> None:
    """Each member whose turn it is at any table goes all in (or calls, or checks)."""
    for runner in list(tournament.runners.values()):
        live = runner.live
        if runner.closed or live is None or live.hand.actor is None:
            continue
        player = live.deal.players[live.hand.actor]
        if player not in members:
            continue
        for action in ("allin", "call", "check"):
            custom_id = table_button_id(runner.table_id, live.hand_no, live.seq, action)
            with contextlib.suppress(ComponentNotFound):
                await (await members[player].click(custom_id=custom_id)).settled()
                break


async def test_more_players_than_one_table_seats_start_a_multi_table_tournament(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Five check in where a table seats three (levels of one hand): at its time
    the tournament starts over two tables, each in a thread of the schedule's
    channel, its lobby in the channel, levels of one minute on one clock; it
    plays to a winner, the prize pool paid out to the chip (the audit clean as
    the bot stops) and Discord's event ends completed. Fay registers late by
    the registration message's button and is seated at once at the shorter
    table (bot/tournaments/late_entries.py). (Computer players filling a scheduled field:
    tests/e2e/test_scheduled_computers_e2e.py, tests/e2e/test_poker_night_e2e.py.)"""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    fake.rate_limits.time_scale = BULK_RATE_CLOCK  # a tournament of hands at machine speed
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        clock=clock,
        deck_seed=3,
        computer_pace_seconds=0,
        hand_pause_seconds=1,
    ) as croupier:
        players = [fake.add_member(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")]
        fay = fake.add_member("Fay")
        scheduled = await schedule_one(fake, seats=3, level_hands=1, late_levels=2)
        assert "`level_hands:1` plays as `level_minutes:1` there" in scheduled, scheduled
        for member in players:
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in players:
            await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
        (started,) = [text for text in texts(fake) if "starts now" in text]
        assert "with 5 players" in started, started
        (event,) = events(fake)
        assert event.status == ACTIVE  # type: ignore[attr-defined]
        tournament = croupier.bot.multi_tables[fake.channel.id]
        threads = fake.threads(fake.channel)
        assert len(threads) == 2
        assert sorted(len(r.table.seats) for r in tournament.runners.values()) == [2, 3]
        assert {r.record.channel_id for r in tournament.runners.values()} == {t.id for t in threads}
        assert all(r.state.settings.level_minutes == 1 for r in tournament.runners.values())
        for member in players:  # the held buy-in back, then taken at the table
            assert await ledger_kinds(croupier, member) == [
                ("scheduled_buy_in", -100),
                ("scheduled_refund", 100),
                ("tournament_buy_in", -100),
            ]

        # Late registration over several tables: a seat at the table with the fewest players.
        late = await click(fay, "Register")
        assert late.startswith("You are in: **100** chips went to the prize pool"), late
        assert await balance(croupier, fay) == STARTING_CHIPS - 100
        assert sorted(len(r.table.seats) for r in tournament.runners.values()) == [3, 3]
        players.append(fay)

        members = {member.id: member for member in players}
        for _ in range(3000):
            await croupier.settled()
            await tournament.settled()
            await croupier.settled()
            if any(f.place == 1 for f in tournament.floor.finishes):
                break
            in_seats = sum(
                seat.stack
                for runner in tournament.runners.values()
                if not runner.closed
                for seat in runner.table.seats.values()
            )
            assert in_seats == 6 * 200
            await shove_at_every_table(tournament, members)
            clock.advance(1.0)
        else:
            raise AssertionError("the tournament did not end")
        await croupier.settled()
        await tournament.settled()
        lobbies = [m for m in fake.messages(fake.channel) if "Multi-table tournament" in m.text()]
        assert len(lobbies) == 1 and "Won by" in lobbies[0].text()
        rows = await croupier.database.fetch_all(
            "SELECT user_id, place, prize FROM tournament_entries WHERE table_id = ?",
            (tournament.pool_table_id,),
        )
        assert sorted(row["user_id"] for row in rows) == sorted(members)
        assert sum(row["prize"] for row in rows) == 6 * 100
        total = sum([await balance(croupier, member) for member in players])
        assert total == 6 * STARTING_CHIPS
        await fake.wait_for(lambda: event.status == COMPLETED, timeout=5.0)  # type: ignore[attr-defined]
        assert event.history == [SCHEDULED, ACTIVE, COMPLETED]  # type: ignore[attr-defined]


async def test_the_organiser_cancels_and_everyone_is_refunded_in_their_language(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        ann, jonas = fake.add_member("Ann"), fake.add_member("Jonas", locale="de")
        await schedule_one(fake)
        registered = await click(jonas, "Register")  # the server's language; the answer his
        assert registered.startswith("Du bist für **") and "Guthaben ist 900" in registered
        await answer(ann, "tournament", "register")
        not_hers = await answer(ann, "tournament", "cancel")
        assert not_hers.startswith("Only its organiser")
        cancelled = await answer(fake.owner, "tournament", "cancel")
        assert "is cancelled; 2 buy-in(s) went back" in cancelled
        assert any("was cancelled by its organiser" in text for text in texts(fake))
        for member in (ann, jonas):
            assert await balance(croupier, member) == STARTING_CHIPS
        (event,) = events(fake)
        await fake.wait_for(lambda: event.status == CANCELED, timeout=5.0)  # type: ignore[attr-defined]
        gone = await answer(jonas, "tournament", "unregister")
        assert gone.startswith("Auf diesem Server ist kein Turnier angesetzt.")


async def test_a_start_passed_minutes_ago_while_down_starts_with_everyone_registered(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Down over check-in and the start, back five minutes late (within the grace
    of ten): check-in never opened, so every registered player is seated."""
    fake, database = fake_discord, tmp_path / "croupier.db"
    ann, ben = (fake.add_member(name) for name in ("Ann", "Ben"))
    async with running_croupier(fake, database, clock=FakeClock(wall_start=NOON)):
        await schedule_one(fake)
        for member in (ann, ben):
            await answer(member, "tournament", "register")
    async with running_croupier(
        fake, database, clock=FakeClock(wall_start=START + 5 * 60)
    ) as croupier:
        await fake.wait_for(lambda: any("starts now" in text for text in texts(fake)), timeout=10.0)
        (started,) = [text for text in texts(fake) if "starts now" in text]
        assert "with 2 players" in started and "did not check in" not in started
        assert not any("Check in now" in text for text in texts(fake))
        for member in (ann, ben):
            assert await ledger_kinds(croupier, member) == [
                ("scheduled_buy_in", -100),
                ("scheduled_refund", 100),
                ("tournament_buy_in", -100),
            ]


async def test_after_a_restart_mid_tournament_its_end_still_completes_the_event(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, database = fake_discord, tmp_path / "croupier.db"
    ann, ben = (fake.add_member(name) for name in ("Ann", "Ben"))
    clock = FakeClock(wall_start=NOON)
    async with running_croupier(fake, database, clock=clock):
        await schedule_one(fake, level_hands=1)
        for member in (ann, ben):
            await answer(member, "tournament", "register")
        await move_to(fake, clock, START - 15 * 60, "Check in now")
        for member in (ann, ben):
            await click(member, "Check in")
        await move_to(fake, clock, START, "starts now")
    (event,) = events(fake)
    assert event.status == ACTIVE  # type: ignore[attr-defined]
    async with running_croupier(
        fake, database, clock=FakeClock(wall_start=START + 600), deck_seed=2
    ) as croupier:
        await play_out(fake, {"Ann": ann, "Ben": ben})
        await croupier.settled()
        assert any("wins the tournament" in text for text in texts(fake))
        await fake.wait_for(lambda: event.status == COMPLETED, timeout=5.0)  # type: ignore[attr-defined]
        total = sum([await balance(croupier, member) for member in (ann, ben)])
        assert total == 2 * STARTING_CHIPS


async def test_a_structure_the_engine_refuses_schedules_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The sit-and-go's options are checked as /poker create checks them: a mix of
    games and a starting stack below the big blind are refused with a sentence."""
    fake, clock = fake_discord, FakeClock(wall_start=NOON)
    async with running_croupier(fake, tmp_path / "croupier.db", clock=clock) as croupier:
        mixed = await schedule_one(fake, game="H.O.R.S.E.")
        assert mixed.startswith("Mixed games, jackpots, antes, straddles, rake and buy-in ranges")
        short = await schedule_one(fake, starting_stack=5, big_blind=10)
        assert (
            short
            == "The starting stack must be from 20 (two big blinds) to 1,000,000,000 chips, not 5."
        )
        assert events(fake) == []
        assert (
            await croupier.database.fetch_value("SELECT COUNT(*) FROM scheduled_tournaments") == 0
        )
        assert not any("Registration" in text for text in texts(fake))
