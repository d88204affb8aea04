"""Computer players through the fake Discord, as a member sees them: the table
says a computer player is thinking (no clock for it), a started tournament
refuses /poker removebot with its own sentence (here in German), and computer players leave a
table no member plays at any more, saying so in the channel, their chips back
to the house bank (the audit counts it when the bot stops). Time at the
table is a fake clock the test moves."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.house_bank import house_bank, is_computer
from bot.render.custom_ids import table_button_id
from bot.tables.computer_seats import IDLE_SECONDS
from bot.tables.runner import TableRunner
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


def runner_of(croupier: Croupier) -> TableRunner:
    (runner,) = croupier.bot.tables.runners
    return runner


async def test_a_computer_player_thinks_and_leaves_an_empty_table(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=14, computer_pace_seconds=2
    ) as croupier:
        ann = fake.add_member("Ann")
        await answer(ann, "poker", "create", small_blind=5, big_blind=10, min_buy_in=200)
        await answer(ann, "poker", "addbot", style="calling-station")
        await answer(ann, "poker", "join", buy_in=1000)
        runner = runner_of(croupier)
        await croupier.settled()
        if runner.live is None:  # the pause before the first deal
            assert runner.state.next_hand_at is not None, runner.table.seats
            clock.advance(runner.state.next_hand_at - clock.now())
            await croupier.settled()
        view = TableView(fake)
        for _ in range(10):  # Ann calls until it is the computer player's turn
            live = runner.live
            assert live is not None and live.hand.actor is not None
            if is_computer(live.deal.players[live.hand.actor]):
                break
            custom_id = table_button_id(runner.table_id, live.hand_no, live.seq, "call")
            await (await ann.click(custom_id=custom_id)).settled()
            await croupier.settled()
        message = view.table_message()
        assert message is not None
        assert "To act: **Bot Ada**, thinking…" in message.text()
        assert "the clock acts" not in message.text()

        left = await answer(ann, "poker", "leave")  # her hand is folded for her
        assert left, left
        await croupier.settled()
        while runner.live is not None:  # the computer player plays out nothing more
            clock.advance(2.8)
            await croupier.settled()
        assert runner.computers.seated(), "it waits a while for a member"
        clock.advance(IDLE_SECONDS)
        await croupier.settled()
        assert not runner.computers.seated()
        said = [m.text() for m in fake.messages() if "computer players have left" in m.text()]
        assert len(said) == 1, said
        assert "went back to the house bank" in said[0]
        bank = await croupier.database.fetch_value("SELECT chips FROM house_banks")
        ann_net = await croupier.database.fetch_value(
            "SELECT SUM(net) FROM hand_players WHERE user_id = ?", (ann.id,)
        )
        assert bank == -ann_net  # the bank has its stack back: only what Ann won is gone


async def test_removebot_in_a_tournament_under_way_says_why(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, computer_pace_seconds=2
    ) as croupier:
        jonas, ann = fake.add_member("Jonas", locale="de"), fake.add_member("Ann")
        await answer(
            jonas, "poker", "create", tournament=True, seats=3, small_blind=5, big_blind=10
        )
        await answer(jonas, "poker", "join")
        await answer(jonas, "poker", "addbot")
        await answer(ann, "poker", "join")  # the last seat starts it
        await croupier.settled()
        refused = await answer(jonas, "poker", "removebot")
        assert "spielt es wie alle bis zum Ende" in refused, refused
        assert len(runner_of(croupier).computers.seated()) == 1
        assert runner_of(croupier).desk.chips_stay_in_play


async def test_a_tournament_of_computer_players_alone_never_starts_and_the_opener_may_end_one(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    # Issue 24: a member registered, seated three computer players and
    # unregistered; /poker start began a sit-and-go of computer players that
    # only a channel manager could end.
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, computer_pace_seconds=2
    ) as croupier:
        ann = fake.add_member("Ann")
        await answer(ann, "poker", "create", tournament=True, seats=4, small_blind=5, big_blind=10)
        await answer(ann, "poker", "join")
        for _ in range(2):
            await answer(ann, "poker", "addbot")
        await answer(ann, "poker", "leave")
        refused = await answer(ann, "poker", "start")
        assert refused == (
            "A tournament starts with a member registered, not with computer players alone."
        ), refused
        # Filling the last seats with computer players does not start it either.
        for _ in range(2):
            await answer(ann, "poker", "addbot")
        await croupier.settled()
        runner = runner_of(croupier)
        assert len(runner.table.seats) == 4 and not runner.tournament_under_way
        # Ann, the opener, may cancel it: every buy-in goes back to the bank.
        closed = await answer(ann, "poker", "close")
        assert "closed" in closed, closed
        await croupier.settled()
        assert await house_bank(croupier.database, fake.guild.id) == 0


async def test_the_opener_may_end_a_tournament_under_way_once_no_member_is_left_in_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=2, computer_pace_seconds=2
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await answer(ann, "poker", "create", tournament=True, seats=3, small_blind=5, big_blind=10)
        await answer(ann, "poker", "addbot")
        await answer(ann, "poker", "addbot")
        await answer(ben, "poker", "join")  # the last seat starts it, with Ben in it
        await croupier.settled()
        runner = runner_of(croupier)
        assert runner.tournament_under_way
        # Ben is still in it: only a channel manager may end it early.
        refused = await answer(ann, "poker", "close")
        assert "only someone who can manage this channel may end it early" in refused, refused
        # Ben goes all in whenever it is his turn, until he is out (with this deck he
        # busts in hand 2 and both computer players play on; with a random deck he
        # sometimes won the whole tournament, or busted with one of them).
        view = TableView(fake)
        acted: tuple[int, int] | None = None
        for _ in range(400):
            if not runner.table.is_seated(ben.id) or runner.closed:
                break
            await croupier.settled()
            turn = view.turn()
            if turn is not None and turn.actor == "Ben" and turn.key != acted:
                action = "allin" if "allin" in turn.buttons else "call"
                acted = turn.key
                await ben.click(
                    custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, action),
                    message=turn.message_id,
                )
            elif turn is not None and turn.actor == "Ben":
                # His click is not shown yet (a loaded machine): advancing the clock
                # now could time his turn out, and twice sits him out for good.
                await asyncio.sleep(0.05)
            else:
                clock.advance(2)
        assert not runner.table.is_seated(ben.id) and runner.tournament_under_way
        closed = await answer(ann, "poker", "close")
        assert "closes when the hand in progress ends" in closed or "closed" in closed, closed
        for _ in range(60):  # the computer players finish the hand being played
            await croupier.settled()
            if runner.closed:
                break
            clock.advance(5)
        assert runner.closed
