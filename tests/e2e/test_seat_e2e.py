"""Your seat, end to end through the fake Discord: the private seat view kept
current, pre-actions, the time bank, turn notices, and show or muck; and (issue
23) a whole session played from the seat view's own action buttons, hand after
hand, until its token's end.

Players sit at a real table (the real client, the fake Discord); time at the
table is a fake clock the test moves, so a turn taken "at once" is one taken
without the clock moving at all. Every test ends with the audit: no chip
created or lost, and every finished hand dealt again from its log to its
recorded result.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.render.custom_ids import seat_button_id, table_button_id
from bot.render.seat_view import pre_action_id, show_id
from bot.settings import Settings
from bot.tables.runner import TableRunner
from bot.tables.seat_console import SEAT_VIEW_SECONDS
from bot.tables.stand_ins import SHOWDOWN_SECONDS
from engine import Card, HandShown, Phase
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.e2e.fake_discord import FakeDiscord, Member, Reply, StoredMessage
from tests.e2e.fake_discord import interactions as ix
from tests.e2e.hand_records import hand_records
from tests.e2e.privacy import check_privacy, symbols_seen
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table
from tests.e2e.table_view import TableView, is_table_message, layout_text, result_hand


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    db = await Database.open(tmp_path / "croupier.db")
    yield db
    await db.close()


@pytest.fixture
async def croupier(
    fake_discord: FakeDiscord,
    start_bot: object,
    database: Database,
    clock: FakeClock,
) -> AsyncIterator[CroupierBot]:
    settings = Settings(
        discord_token=fake_discord.token,
        dev_guild_id=fake_discord.guild_id,
        starting_chips=10_000,
    )
    bot = create_client(settings, database, clock=clock, guild_ready_timeout=0.05)
    bot.tables.services = replace(bot.tables.services, rng=random.Random(5))
    await start_bot(bot)  # type: ignore[operator]
    yield bot
    await bot.close()


class Seats:
    """The test's handle on the one table: its runner, the clock and the players."""

    def __init__(
        self, fake: FakeDiscord, bot: CroupierBot, clock: FakeClock, members: list[Member]
    ) -> None:
        self.fake, self.bot, self.clock = fake, bot, clock
        self.by_id = {member.id: member for member in members}

    @property
    def runner(self) -> TableRunner:
        (runner,) = self.bot.tables.runners
        return runner

    async def settled(self) -> None:
        await self.runner.settled()

    async def deal(self) -> None:
        await self.settled()
        due = self.runner.state.next_hand_at
        assert due is not None, "no hand is due"
        self.clock.advance(due - self.clock.now())
        await self.settled()
        assert self.runner.live is not None

    def to_act(self) -> Member:
        live = self.runner.live
        assert live is not None and live.hand.to_act is not None
        return self.by_id[live.deal.players[live.hand.to_act]]

    def in_order(self) -> list[Member]:
        """The players of the hand from the one to act, in turn order."""
        live = self.runner.live
        assert live is not None and live.hand.to_act is not None
        players = list(live.deal.players)
        first = live.hand.to_act
        return [self.by_id[uid] for uid in players[first:] + players[:first]]

    def button(self, action: str) -> str:
        live = self.runner.live
        assert live is not None
        return table_button_id(self.runner.table_id, live.hand_no, live.seq, action)

    async def act(self, member: Member, action: str) -> None:
        await member.click(custom_id=self.button(action))
        await self.settled()

    async def call_or_muck(self, member: Member) -> None:
        """Check or call; at the showdown, muck a hand that cannot win."""
        live = self.runner.live
        assert live is not None
        await self.act(member, "muck" if live.hand.phase is Phase.SHOWDOWN else "call")

    async def seat_view(self, member: Member) -> StoredMessage:
        """Open the member's seat view with "My cards"."""
        reply = await member.click(custom_id=self.button("cards"))
        await self.settled()
        assert reply.ephemeral and reply.message is not None
        return reply.message

    async def pre_act(self, member: Member, view: StoredMessage, choice: str) -> None:
        """Click a pre-action on the member's seat view; wait until the view shows it."""
        live = self.runner.live
        assert live is not None
        custom_id = pre_action_id(self.runner.table_id, live.hand_no, choice)
        version = self.fake.state.message(view.id).version
        await member.click(custom_id=custom_id, message=view)
        await self.fake.wait_for(lambda: self.fake.state.message(view.id).version > version)
        await self.settled()


async def sit_down(
    fake: FakeDiscord, bot: CroupierBot, clock: FakeClock, names: tuple[str, ...], **options: object
) -> tuple[Seats, list[Member]]:
    members = [fake.add_member(name) for name in names]
    created = await members[0].slash("poker", "create", small_blind=5, big_blind=10, **options)
    await created.settled()
    assert "is open in" in created.text, created.text
    for member in members:
        await (await member.slash("poker", "join", buy_in=1000)).settled()
    return Seats(fake, bot, clock, members), members


async def test_a_pre_action_fires_at_once_and_is_cleared_when_the_bet_changes(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, _ = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben", "Cat"))
    await seats.deal()
    first, second, third = seats.in_order()  # three-handed: button, small blind, big blind

    # The small blind owes 5: their seat view offers to call exactly that.
    view = await seats.seat_view(second)
    assert "Call 5" in view.button_labels and "Check" not in view.button_labels
    assert "To call: **5**" in view.text()
    live = seats.runner.live
    assert live is not None
    cards = live.hand.hole_cards[live.deal.players.index(second.id)]
    seen = symbols_seen(view.text(), fake_discord)
    assert all(card.symbol in seen for card in cards)
    await seats.pre_act(second, view, "call")
    view = fake_discord.state.message(view.id)
    assert "Chosen before your turn: **Call 5**" in view.text()

    # The button raises: the price the choice was made for is gone, and the view,
    # edited in place, says so and offers the new price instead.
    await seats.act(first, "min")
    assert seats.to_act() is second
    view = fake_discord.state.message(view.id)
    assert "Chosen before your turn" not in view.text()
    assert "It is your turn" in view.text()
    await seats.act(second, "call")

    await seats.act(third, "call")
    live = seats.runner.live
    assert live is not None and len(live.hand.board) == 3
    assert seats.to_act() is second  # after the flop: small blind, big blind, button

    # The big blind chooses "call any" and the button "check" while the small
    # blind thinks; the small blind bets.
    third_view = await seats.seat_view(third)
    assert {"Check/fold", "Check", "Call any", "Fold to any bet"} <= set(third_view.button_labels)
    await seats.pre_act(third, third_view, "call_any")
    first_view = await seats.seat_view(first)
    await seats.pre_act(first, first_view, "check")
    assert "Chosen before your turn: **Check**" in fake_discord.state.message(first_view.id).text()
    now = clock.now()
    await seats.act(second, "min")

    # "Call any" called the bet the moment the turn came, without the clock moving;
    # the button's "check" was cleared by the bet, so the button decides.
    live = seats.runner.live
    assert live is not None and clock.now() == now
    told = [(a.name, a.kind, a.by_clock) for a in live.actions[-2:]]
    assert told == [(second.name, "bet", False), (third.name, "call", False)]
    assert seats.to_act() is first
    first_view = fake_discord.state.message(first_view.id)
    assert "Chosen before your turn" not in first_view.text()
    assert "It is your turn" in first_view.text()

    # Nobody else saw the choice: only the chooser's own ephemeral names it.
    for message in fake_discord.state.messages.values():
        if "Chosen before your turn" in message.text() or any(
            str(c.get("custom_id", "")).startswith("croupier:pre:")
            for c in message.all_components()
        ):
            assert message.ephemeral and message.visible_to is not None
            assert len(message.visible_to) == 1
    await seats.settled()
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_the_time_bank_saves_a_slow_player(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, _ = await sit_down(
        fake_discord, croupier, clock, ("Ann", "Ben"), action_seconds=20, time_bank="30+5/1"
    )
    await seats.deal()
    slow = seats.to_act()
    runner = seats.runner
    assert runner.snapshot().time_bank == (30, 5, 1)
    assert "Time bank: 30 s per player, 5 s more every 1 hands." in table_message_text(fake_discord)

    # The clock runs out: the bank runs instead of the clock acting, and the table says so.
    clock.advance(20)
    await seats.settled()
    assert seats.to_act() is slow
    live = runner.live
    assert live is not None and not live.actions  # nobody was acted for
    assert f"**{slow.name}** is using their time bank." in table_message_text(fake_discord)

    # Twelve seconds into the bank the player acts: in time, and the bank keeps 18.
    clock.advance(12)
    await seats.settled()
    await seats.act(slow, "call")
    live = runner.live
    assert live is not None and live.actions[-1].name == slow.name
    assert not live.actions[-1].by_clock
    assert runner.banks.seconds_of(slow.id) == 18
    assert "is using their time bank" not in table_message_text(fake_discord)
    view = await seats.seat_view(slow)
    assert "time bank: **18** s" in view.text()

    # The other player sleeps through the clock and the whole bank: then the clock acts.
    sleeper = seats.to_act()
    assert sleeper is not slow
    clock.advance(20)
    await seats.settled()
    assert seats.to_act() is sleeper
    clock.advance(30)
    await seats.settled()
    shown = runner.live or runner.state.last_hand
    assert shown is not None
    acted = [a for a in shown.actions if a.name == sleeper.name]
    assert acted and acted[-1].by_clock
    assert runner.banks.seconds_of(sleeper.id) == 0
    while runner.live is not None:  # the rest of the hand, in time
        await seats.call_or_muck(seats.to_act())
    # The hand is over: each bank earned five seconds.
    assert runner.banks.seconds_of(sleeper.id) == 5
    assert runner.banks.seconds_of(slow.id) == 23
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


def table_message_text(fake: FakeDiscord) -> str:
    """The newest table message as the channel shows it."""
    tables = [m for m in fake.messages() if is_table_message(m)]
    return layout_text(tables[-1])


def turn_notices(fake: FakeDiscord) -> list[StoredMessage]:
    """Every turn notice posted in the channel, deleted ones included."""
    return [
        m
        for m in fake.state.messages.values()
        if m.kind == "channel" and "it is your turn" in m.content
    ]


def dm_notices(member: Member) -> list[StoredMessage]:
    return [m for m in member.dms() if "your turn" in m.text()]


async def a_moment(seats: Seats) -> None:
    """Let alarms the clock rang run, and what they queued be delivered."""
    for _ in range(3):
        await asyncio.sleep(0.01)
        await seats.settled()


async def test_a_turn_notice_pings_an_away_player_once_a_hand_and_is_never_deleted(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    """Ann is mentioned, Ben told by DM, Cat chose nothing. A player who acts within
    the away delay is told nothing; one who does not is pinged once a hand (the
    ping stays: a ping deleted seconds later is a ghost ping), or gets one DM a
    hand, edited at their later turns."""
    ann, ben, cat = (fake_discord.add_member(n) for n in ("Ann", "Ben", "Cat"))
    said = await ann.slash("poker", "notify", setting="mention")
    assert said.ephemeral and "mentions you" in said.text and "deleted" not in said.text
    said = await ben.slash("poker", "notify", setting="dm")
    assert "DM when it is your turn" in said.text
    created = await ann.slash("poker", "create", small_blind=5, big_blind=10)
    await created.settled()
    for member in (ann, ben, cat):
        await (await member.slash("poker", "join", buy_in=1000)).settled()
    seats = Seats(fake_discord, croupier, clock, [ann, ben, cat])
    assert "/poker notify" in table_message_text(fake_discord)  # newcomers learn of it
    away = croupier.tables.services.away_seconds

    # Hand 1: everyone acts within a few seconds of their turn: nobody is told.
    await seats.deal()
    while (live := seats.runner.live) is not None:
        if live.hand.phase is not Phase.SHOWDOWN:
            clock.advance(away - 1)
            await a_moment(seats)
        await seats.call_or_muck(seats.to_act())
    await a_moment(seats)
    assert not turn_notices(fake_discord) and not dm_notices(ben) and not dm_notices(cat)

    # Hand 2: everyone lets the away delay pass at every turn.
    await seats.deal()
    hand_no = seats.runner.live.hand_no if seats.runner.live else 0
    turns_of = {"Ann": 0, "Ben": 0, "Cat": 0}
    while (live := seats.runner.live) is not None:
        actor = seats.to_act()
        if live.hand.phase is Phase.SHOWDOWN:  # the clock chooses for them at once
            await seats.call_or_muck(actor)
            continue
        turns_of[actor.name] += 1
        clock.advance(away - 0.5)
        await a_moment(seats)
        told_before = min(1, turns_of["Ann"] - (actor is ann))
        assert len(turn_notices(fake_discord)) == told_before, "not before the away delay"
        clock.advance(1)
        await a_moment(seats)
        if actor is ann:
            notice = await fake_discord.wait_for(lambda: next(iter(turn_notices(fake_discord))))
            assert notice.content.startswith(ann.mention) and f"hand {hand_no}" in notice.content
            assert notice.allowed_mentions is not None
            assert notice.allowed_mentions.get("parse") == []
            assert [str(u) for u in notice.allowed_mentions.get("users", [])] == [str(ann.id)]
        if actor is ben:
            (dm,) = await fake_discord.wait_for(lambda: dm_notices(ben) or None)
            again = "again" in dm.text()
            assert again == (turns_of["Ben"] > 1), dm.text()
        await seats.call_or_muck(actor)
    await a_moment(seats)
    assert turns_of["Ann"] >= 2 and turns_of["Ben"] >= 2, turns_of
    # Ann was pinged once in the hand, and the ping is still there.
    (notice,) = turn_notices(fake_discord)
    assert not notice.deleted and ben.mention not in notice.content
    # Ben got one DM, edited at each later turn; Cat chose nothing and heard nothing.
    (dm,) = dm_notices(ben)
    assert dm.version == turns_of["Ben"], (dm.version, turns_of)
    assert not dm_notices(cat) and not [
        m for m in turn_notices(fake_discord) if cat.mention in m.content
    ]
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_turn_notice_never_delays_the_table_s_next_edit(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    """Discord holds the channel's next post for five seconds (its post bucket is
    used up) just as Ann's ping goes out: her click is still shown at once, since
    the table's edits have a lane of their own."""
    seats, (ann, _) = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben"))
    await (await ann.slash("poker", "notify", setting="mention")).settled()
    await seats.deal()
    if seats.to_act() is not ann:
        await seats.call_or_muck(seats.to_act())
    assert seats.to_act() is ann
    held = fake_discord.fail_next(
        "POST /channels/{channel}/messages", status=429, retry_after=5.0, count=1
    )
    clock.advance(croupier.tables.services.away_seconds + 1)  # Ann seems away: pinged
    await fake_discord.wait_for(lambda: held.hits or None, timeout=2)
    table = next(m for m in reversed(fake_discord.messages()) if is_table_message(m))
    version = table.version
    started = time.monotonic()
    await ann.click(custom_id=seats.button("call"), wait=False)
    await fake_discord.wait_for(lambda: table.version > version or None, timeout=5)
    shown_after = time.monotonic() - started
    assert shown_after < 0.5, f"the table showed the click after {shown_after:.2f} s"
    assert not turn_notices(fake_discord), "the ping is still held by Discord"
    (notice,) = await fake_discord.wait_for(lambda: turn_notices(fake_discord) or None, timeout=8)
    await seats.settled()
    assert not notice.deleted
    await assert_chips_reconcile(database)


async def test_an_uncontested_winner_shows_one_card_and_only_it_becomes_public(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, _ = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben"), provably_fair=True)
    await seats.deal()
    raiser = seats.to_act()
    folder = next(member for member in seats.by_id.values() if member is not raiser)
    view = await seats.seat_view(raiser)  # opened during the hand, kept current after it
    await seats.act(raiser, "min")
    await seats.act(folder, "fold")
    last = seats.runner.state.last_hand
    assert seats.runner.live is None and last is not None
    first, second = last.hand.hole_cards[last.deal.players.index(raiser.id)]

    # The winner's own view now offers to show: all, or one card.
    await fake_discord.wait_for(
        lambda: "Show my hand" in fake_discord.state.message(view.id).button_labels
    )
    labels = fake_discord.state.message(view.id).button_labels
    assert len([label for label in labels if label.startswith("Show ")]) == 3
    refused = await folder.slash("poker", "show")
    assert "no cards you may show" in refused.text
    version = fake_discord.state.message(view.id).version
    await raiser.click(custom_id=show_id(seats.runner.table_id, last.hand_no, "0"), message=view)
    await fake_discord.wait_for(lambda: fake_discord.state.message(view.id).version > version)
    await seats.settled()

    # The table is told, and its message shows the card at the winner's seat.
    told = [m for m in fake_discord.messages() if "shows" in m.content]
    assert len(told) == 1 and f"**{raiser.name}** shows" in told[0].content
    shown = symbols_seen(told[0].text() + table_message_text(fake_discord), fake_discord)
    assert first.symbol in shown and second.symbol not in shown
    again = await raiser.slash("poker", "show", card="first")
    assert "You have shown that card already." in again.text, again.text

    # The deck's opening and the folder's /history copy name that card, not the other.
    opening = await (await folder.slash("poker", "verify", hand=last.hand_no)).settled()
    opened = "\n".join(m.text() for m in [opening.message, *opening.followups] if m)
    assert f" {first} " in opened and f" {second} " not in opened
    history = await (await folder.slash("history")).settled()
    attached = "\n".join(m.text() for m in [history.message, *history.followups] if m)
    assert 'variant = "NT"' in attached
    assert str(first) in attached and str(second) not in attached
    rows = await database.fetch_all("SELECT user_id, cards FROM hand_shows")
    assert [(row["user_id"], row["cards"]) for row in rows] == [(raiser.id, str(first))]

    # Until the next deal the winner may show the other card too: the view offers it.
    await fake_discord.wait_for(
        lambda: (
            [
                label
                for label in fake_discord.state.message(view.id).button_labels
                if label.startswith("Show ")
            ]
            == [f"Show {second.symbol} too"]
        )
    )
    version = fake_discord.state.message(view.id).version
    await raiser.click(custom_id=show_id(seats.runner.table_id, last.hand_no, "all"), message=view)
    await fake_discord.wait_for(lambda: fake_discord.state.message(view.id).version > version)
    await seats.settled()
    told = [m for m in fake_discord.messages() if "shows" in m.content]
    assert len(told) == 2 and f"**{raiser.name}** shows" in told[1].content
    shown = symbols_seen(told[1].text() + table_message_text(fake_discord), fake_discord)
    assert {first.symbol, second.symbol} <= shown
    opening = await (await folder.slash("poker", "verify", hand=last.hand_no)).settled()
    opened = "\n".join(m.text() for m in [opening.message, *opening.followups] if m)
    assert f" {first} " in opened and f" {second} " in opened
    rows = await database.fetch_all("SELECT user_id, cards FROM hand_shows")
    assert [(row["user_id"], row["cards"]) for row in rows] == [(raiser.id, f"{first} {second}")]
    nothing = await raiser.slash("poker", "show")
    assert "no cards you may show" in nothing.text, nothing.text
    records = await hand_records(database)
    report = check_privacy(fake_discord, [raiser, folder], records, seats.runner.table_id)
    assert not report.leaks, "\n".join(map(str, report.leaks))
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


# Show or muck at the showdown: a player whose hand cannot win gets a turn. The
# table message says whose choice it is, their own seat view offers "Show" and
# "Muck" (the table message too, like every turn), and the clock mucks. A
# mucked hand is seen by nobody, anywhere; a shown one becomes public in the
# table message, the result, another player's /history and the deck's opening.


async def play_to_a_choice(seats: Seats, *, hands: int = 12) -> Member:
    """Check and call until a player at the showdown must show or muck; that player."""
    for _ in range(hands):
        if seats.runner.live is None:
            await seats.deal()
        while (live := seats.runner.live) is not None:
            if live.hand.phase is Phase.SHOWDOWN:
                return seats.to_act()
            await seats.act(seats.to_act(), "call")
    raise AssertionError(f"no showdown asked anyone to choose in {hands} hands")


def own_cards(seats: Seats, member: Member) -> tuple[Card, ...]:
    live = seats.runner.live or seats.runner.state.last_hand
    assert live is not None
    return tuple(live.hand.hole_cards[live.deal.players.index(member.id)])


async def opened_by(member: Member, hand_no: int) -> str:
    reply = await (await member.slash("poker", "verify", hand=hand_no)).settled()
    return "\n".join(m.text() for m in [reply.message, *reply.followups] if m)


async def history_of(member: Member) -> str:
    reply = await (await member.slash("history")).settled()
    return "\n".join(m.text() for m in [reply.message, *reply.followups] if m)


async def test_a_loser_mucks_unseen_and_another_shows_to_the_table_history_and_opening(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, members = await sit_down(
        fake_discord, croupier, clock, ("Ann", "Ben", "Cat"), provably_fair=True
    )

    # The first loser to choose mucks from their own seat view.
    mucker = await play_to_a_choice(seats)
    live = seats.runner.live
    assert live is not None
    mucked_hand, mucked = live.hand_no, own_cards(seats, mucker)
    text = table_message_text(fake_discord)
    assert f"To act: **{mucker.name}**" in text and "show or muck" in text
    view = await seats.seat_view(mucker)
    assert {"Show", "Muck"} <= set(view.button_labels)
    assert "cannot win at the showdown" in view.text()
    others = [m for m in members if m is not mucker]
    refused = await others[0].slash("poker", "muck")  # not their turn
    assert "not your turn" in refused.text
    version = fake_discord.state.message(view.id).version
    await mucker.click(custom_id=show_id(seats.runner.table_id, mucked_hand, "muck"), message=view)
    await fake_discord.wait_for(lambda: fake_discord.state.message(view.id).version > version)
    await seats.settled()
    played = seats.runner.live or seats.runner.state.last_hand
    assert played is not None and played.hand_no == mucked_hand
    assert [(a.name, a.kind, a.by_clock) for a in played.actions[-1:]] == [
        (mucker.name, "muck", False)
    ]
    # Mucked means dead: nothing to show after the hand either.
    while seats.runner.live is not None:
        await seats.act(seats.to_act(), "muck")
    again = await mucker.slash("poker", "show")
    assert "no cards you may show" in again.text

    # Later, a loser shows with the table's button.
    shower = await play_to_a_choice(seats)
    live = seats.runner.live
    assert live is not None
    shown_hand, shown = live.hand_no, own_cards(seats, shower)
    await seats.act(shower, "show")
    after = seats.runner.live or seats.runner.state.last_hand
    assert after is not None
    assert any(isinstance(e, HandShown) and e.cards == shown for e in after.hand.events)
    while seats.runner.live is not None:
        await seats.act(seats.to_act(), "muck")
    await seats.settled()

    # The shown cards are in the table message (at the shower's seat), in another
    # player's /history and in the deck's opening; the mucked ones in none of them.
    watcher = next(m for m in members if m is not shower)
    table = table_message_text(fake_discord)
    assert f"Hand {shown_hand}**" in table
    assert all(card.symbol in symbols_seen(table, fake_discord) for card in shown)
    opened = await opened_by(watcher, shown_hand)
    assert all(f" {card} " in opened for card in shown), opened
    history = await history_of(watcher)
    assert all(str(card) in history for card in shown)
    spectator = next(m for m in members if m is not mucker)
    opened = await opened_by(spectator, mucked_hand)
    assert not [card for card in mucked if f" {card} " in opened], opened

    # Nothing anyone saw holds a card that was not theirs or shown (the mucked hand included).
    records = await hand_records(database)
    mucked_record = next(r for r in records if r.hand_no == mucked_hand)
    assert mucker.id not in mucked_record.shown
    report = check_privacy(fake_discord, members, records, seats.runner.table_id)
    assert not report.leaks, "\n".join(map(str, report.leaks))
    assert report.opened_cards_checked and report.history_cards_checked
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_the_clock_mucks_a_silent_player_without_their_time_bank(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, _ = await sit_down(
        fake_discord, croupier, clock, ("Ann", "Ben", "Cat"), action_seconds=20, time_bank="30"
    )
    silent = await play_to_a_choice(seats)
    live = seats.runner.live
    assert live is not None
    hand_no, cards = live.hand_no, own_cards(seats, silent)
    # A hand that cannot win waits a few seconds, not the table's 20.
    clock.advance(SHOWDOWN_SECONDS - 1)
    await seats.settled()
    assert seats.runner.live is live and live.hand.to_act is not None
    assert live.deal.players[live.hand.to_act] == silent.id, "still theirs to choose"
    clock.advance(1)
    await seats.settled()
    played = seats.runner.live or seats.runner.state.last_hand
    assert played is not None and played.hand_no == hand_no
    told = [(a.name, a.kind, a.by_clock) for a in played.actions if a.name == silent.name]
    assert told[-1] == (silent.name, "muck", True)
    assert seats.runner.banks.seconds_of(silent.id) == 30  # the bank was not spent on it
    assert seats.runner.state.players[silent.id].timeouts == 0  # and it is no missed turn
    while seats.runner.live is not None:
        await seats.act(seats.to_act(), "muck")
    await seats.settled()
    result = next(m for m in fake_discord.messages() if result_hand(m) == hand_no)
    assert not [c for c in cards if c.symbol in symbols_seen(result.text(), fake_discord)]
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_the_clock_runs_the_board_once_for_a_silent_player_without_their_time_bank(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, members = await sit_down(
        fake_discord, croupier, clock, ("Ann", "Ben"), action_seconds=20, time_bank="30"
    )
    saved = await members[0].slash("poker", "homegame", run_it_twice=True)
    await saved.settled()
    assert "run it twice" in saved.text, saved.text
    await seats.deal()
    shover = seats.to_act()
    await seats.act(shover, "allin")
    await seats.act(seats.to_act(), "call")
    live = seats.runner.live
    assert live is not None and live.hand.phase is Phase.RUN_IT_TWICE
    eager = seats.to_act()
    await seats.act(eager, "twice")
    silent = seats.to_act()
    assert silent is not eager
    assert "Still to choose: " + silent.name in table_message_text(fake_discord)

    # The table's 20 seconds pass: the clock chooses once, at once; the bank is not run.
    clock.advance(19)
    await seats.settled()
    assert live.hand.phase is Phase.RUN_IT_TWICE and seats.to_act() is silent
    clock.advance(1)
    await seats.settled()
    told = [(a.name, a.kind, a.by_clock) for a in live.actions[-2:]]
    assert told == [(eager.name, "run_twice", False), (silent.name, "run_once", True)]
    assert live.hand.runouts == 1
    assert seats.runner.banks.seconds_of(silent.id) == 30  # the bank was not spent on it
    assert seats.runner.state.players[silent.id].timeouts == 0  # and it is no missed turn
    assert "is using their time bank" not in table_message_text(fake_discord)
    while seats.runner.live is not None:  # the run-out, street by street
        clock.advance(5)
        await seats.settled()
    text = table_message_text(fake_discord)
    assert "The hand is over." in text and "Board 2" not in text, text
    await assert_audit_clean(database)


async def test_a_turn_notice_chosen_during_a_hand_comes_from_the_next_turn_on(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    """The choices are read once a hand (bot/tables/turn_notices.py); a player who
    asks for DMs mid-hand is still told at their very next turn."""
    ann, ben = (fake_discord.add_member(n) for n in ("Ann", "Ben"))
    created = await ann.slash("poker", "create", small_blind=5, big_blind=10)
    await created.settled()
    for member in (ann, ben):
        await (await member.slash("poker", "join", buy_in=1000)).settled()
    seats = Seats(fake_discord, croupier, clock, [ann, ben])
    await seats.deal()

    def told(member: Member) -> int:
        return len([m for m in member.dms() if "It is your turn" in m.text()])

    first = seats.to_act()
    clock.advance(croupier.tables.services.away_seconds)
    await a_moment(seats)
    await seats.call_or_muck(first)  # nobody chose anything: nobody is told
    assert told(ann) == told(ben) == 0
    second = seats.to_act()
    said = await second.slash("poker", "notify", setting="dm")
    assert "DM when it is your turn" in said.text
    await seats.call_or_muck(second)
    while (live := seats.runner.live) is not None and seats.to_act() is not second:
        await seats.call_or_muck(seats.to_act())
    assert live is not None and live.hand_no == 1  # checked and called: the flop came
    clock.advance(croupier.tables.services.away_seconds)  # and they seem away
    await fake_discord.wait_for(lambda: told(second) == 1)
    await seats.settled()
    assert told(first) == 0
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


# A seat you can play from (issue 23): "My cards" opened once, in hand 1, and a
# whole session played from it. The view is edited into each new hand; on the
# player's turn it carries the table message's own buttons (the raise form
# too), answered through the same runner and refusals as the table's.


def table_message_buttons(fake: FakeDiscord) -> list[str]:
    """The labels of the newest table message's buttons."""
    return [m for m in fake.messages() if is_table_message(m)][-1].button_labels


def seat_buttons(fake: FakeDiscord, view: StoredMessage) -> dict[str, str]:
    """The seat view's turn buttons as it reads now: action -> custom id."""
    message = fake.state.message(view.id)
    found = {}
    for component in message.all_components():
        custom_id = str(component.get("custom_id", ""))
        if custom_id.startswith(("croupier:seat:", "croupier:show:")):
            found[custom_id.rsplit(":", 1)[1]] = custom_id
    return found


async def view_says(fake: FakeDiscord, view: StoredMessage, text: str) -> None:
    """Wait until the seat view, as edited, says ``text``."""
    await fake.wait_for(lambda: text in fake.state.message(view.id).text())


async def view_offers(fake: FakeDiscord, view: StoredMessage, custom_id: str) -> None:
    """Wait until the seat view, as edited, has the button ``custom_id``."""
    await fake.wait_for(lambda: custom_id in seat_buttons(fake, view).values())


async def told_after(fake: FakeDiscord, *clicks: Reply) -> str:
    """What the bot told of ``clicks``, each acknowledged without a word: the
    follow-up of the one refused (whichever came second)."""
    await fake.wait_for(lambda: any(click.followups for click in clicks))
    return " ".join(text for click in clicks for text in click.said)


async def forged_click(
    fake: FakeDiscord, member: Member, view: StoredMessage, custom_id: str
) -> str:
    """A click with ``custom_id`` on ``view`` that the view does not show (a
    modified client): what the bot answers."""
    record = fake.state.start_interaction(
        member.id,
        fake.channel.id,
        ix.MESSAGE_COMPONENT,
        {"custom_id": custom_id, "component_type": 2},
        source=fake.state.messages[view.id],
    )
    reply = await member._reply(record, "forged click", None, True)
    return await reply.sentence()


async def test_a_whole_session_is_played_from_the_seat_view(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    fake_discord.enforce_channel_rate_limits()  # Discord's 5 per 5 s per channel
    seats, (ann, ben) = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben"))
    runner = seats.runner
    table_id = runner.table_id
    await seats.deal()
    view = await seats.seat_view(ann)  # the only click on the table Ann makes
    assert "Your seat, hand 1" in view.text()

    async def her_turn(action: str) -> str:
        """The custom id of ``action`` on Ann's seat view, once the view offers it."""
        live = runner.live
        assert live is not None
        wanted = (
            show_id(table_id, live.hand_no, action)
            if action == "muck"
            else seat_button_id(table_id, live.hand_no, live.seq, action)
        )
        await view_offers(fake_discord, view, wanted)
        return wanted

    raised_to, raise_seen, hand_one = 0, False, ""
    refusals: dict[str, str] = {}
    for hand_no in (1, 2, 3):
        if runner.live is None:
            await seats.deal()
        live = runner.live
        assert live is not None and live.hand_no == hand_no
        # The same message, edited into the new hand.
        await view_says(fake_discord, view, f"Your seat, hand {hand_no}")
        while (live := runner.live) is not None and live.hand_no == hand_no:
            before = len(live.actions)
            showdown = live.hand.phase is Phase.SHOWDOWN
            if seats.to_act() is ben:
                if "out of turn" not in refusals and not showdown:
                    # Ann's view offers no action now; a forged click with the turn's
                    # own numbers is refused as the table's would be, and does nothing.
                    assert "call" not in seat_buttons(fake_discord, view)
                    forged = seat_button_id(table_id, live.hand_no, live.seq, "call")
                    refusals["out of turn"] = await forged_click(fake_discord, ann, view, forged)
                    await seats.settled()
                    assert len(live.actions) == before
                await seats.act(ben, "muck" if showdown else "call")
                continue
            if showdown:
                await ann.click(custom_id=await her_turn("muck"), message=view)
            elif hand_no == 2 and not raised_to:
                # Her view offers what the table message offers, button for button.
                raise_id = await her_turn("raise")
                on_table = [b for b in table_message_buttons(fake_discord) if b != "My cards"]
                assert fake_discord.state.message(view.id).button_labels == on_table
                assert "It is your turn" in fake_discord.state.message(view.id).text()
                # A click on hand 1's buttons, arriving now: refused, nothing done.
                refusals["old hand"] = await forged_click(fake_discord, ann, view, hand_one)
                await seats.settled()
                assert len(live.actions) == before
                # The raise form, opened from her view.
                choices = runner.snapshot().choices
                assert choices is not None and choices.min_raise_to < choices.max_raise_to
                raised_to = choices.min_raise_to + 10
                opened = await ann.click(custom_id=raise_id, message=view)
                assert opened.modal is not None
                await ann.submit_modal({"amount": str(raised_to)})
            elif hand_no == 3 and "double click" not in refusals:
                # A double click: both clicks leave before the view changes; one acts.
                call = await her_turn("call")
                first = await ann.click(custom_id=call, message=view, wait=False)
                second = await ann.click(custom_id=call, message=view, wait=False)
                await first.answered()
                await second.answered()
                await seats.settled()
                refusals["double click"] = await told_after(fake_discord, first, second)
            else:
                hand_one = await her_turn("call") if hand_no == 1 else hand_one
                await ann.click(custom_id=await her_turn("call"), message=view)
            await seats.settled()
            played = runner.live or runner.state.last_hand
            assert played is not None
            hers = [a for a in played.actions[before:] if a.name == ann.name]
            assert len(hers) == 1 and not hers[0].by_clock, played.actions[before:]
            if raised_to and not raise_seen:
                assert (hers[0].kind, hers[0].to) in (("bet", raised_to), ("raise", raised_to))
                raise_seen = True
    last = runner.state.last_hand
    assert last is not None and last.hand_no == 3 and runner.live is None

    # Ann touched the table message once ("My cards"); every action came from her view.
    clicks = [
        str(r.payload["data"].get("custom_id"))
        for r in fake_discord.state.interactions.values()
        if r.user_id == ann.id and r.type == ix.MESSAGE_COMPONENT
    ]
    assert [c.rsplit(":", 1)[1] for c in clicks if c.startswith("croupier:table:")] == ["cards"]
    assert raised_to
    assert refusals["out of turn"] == f"It is not your turn; {ben.name} is to act."
    assert refusals["old hand"] == (
        "Those buttons belong to a hand that is over; nothing was done."
    )
    assert refusals["double click"] == (
        "The hand moved on before your click; nothing was done. Your seat shows it as it is now."
    )
    records = await hand_records(database)
    report = check_privacy(fake_discord, [ann, ben], records, table_id)
    assert not report.leaks, "\n".join(map(str, report.leaks))
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_draw_is_made_from_the_seat_view(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    """The draw games' Draw button, where the table message has it, is on the
    player's own seat view too, and opens the same menu."""
    seats, (ann, ben) = await sit_down(
        fake_discord, croupier, clock, ("Ann", "Ben"), variant="F2L3D"
    )
    runner = seats.runner
    await seats.deal()
    view = await seats.seat_view(ann)
    # Check and call to the first draw; Ann draws from her view.
    drew = False
    while not drew:
        live = runner.live
        assert live is not None
        if seats.to_act() is ben:
            action = "discard" if live.hand.phase is Phase.DISCARDING else "call"
            if action == "discard":
                menu = await ben.click(custom_id=seats.button("discard"))
                assert menu.message is not None
                await (await ben.click("Stand pat", message=menu.message)).settled()
                await seats.settled()
            else:
                await seats.act(ben, action)
            continue
        action = "discard" if live.hand.phase is Phase.DISCARDING else "call"
        custom_id = seat_button_id(runner.table_id, live.hand_no, live.seq, action)
        await view_offers(fake_discord, view, custom_id)
        before = len(live.actions)
        if action == "discard":
            assert "Draw…" in fake_discord.state.message(view.id).button_labels
            menu = await ann.click(custom_id=custom_id, message=view)
            assert menu.message is not None and menu.message.ephemeral
            (select,) = [c for c in menu.message.all_components() if c.get("type") == 3]
            values = [str(o["value"]) for o in select["options"]]
            await (
                await ann.select(select["custom_id"], values[:2], message=menu.message)
            ).settled()
            drew = True
        else:
            await ann.click(custom_id=custom_id, message=view)
        await seats.settled()
        hers = [a for a in live.actions[before:] if a.name == ann.name]
        assert len(hers) == 1 and not hers[0].by_clock
        if drew:
            assert hers[0].kind == "draw" and hers[0].amount == 2, hers
    await assert_chips_reconcile(database)


async def test_run_it_twice_is_chosen_from_the_seat_view(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    seats, (ann, ben) = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben"))
    saved = await ann.slash("poker", "homegame", run_it_twice=True)
    await saved.settled()
    runner = seats.runner
    await seats.deal()
    view = await seats.seat_view(ann)
    if seats.to_act() is ben:
        await seats.act(ben, "call")
    live = runner.live
    assert live is not None and seats.to_act() is ann
    shove = seat_button_id(runner.table_id, live.hand_no, live.seq, "allin")
    await view_offers(fake_discord, view, shove)
    await ann.click(custom_id=shove, message=view)
    await seats.settled()
    await seats.act(ben, "call")
    assert live.hand.phase is Phase.RUN_IT_TWICE
    twice = seat_button_id(runner.table_id, live.hand_no, live.seq, "twice")
    await view_offers(fake_discord, view, twice)
    assert {"Run it twice", "Run it once"} <= set(fake_discord.state.message(view.id).button_labels)
    await ann.click(custom_id=twice, message=view)
    await seats.settled()
    chosen = [(a.name, a.kind, a.by_clock) for a in live.actions if a.kind.startswith("run_")]
    assert chosen[0] == (ann.name, "run_twice", False), chosen
    while runner.live is not None:
        live = runner.live
        if live.hand.phase is Phase.RUN_IT_TWICE:
            await seats.act(ben, "twice")
        else:
            clock.advance(5)
            await seats.settled()
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_the_seat_view_says_when_it_stops_and_my_cards_opens_a_fresh_one(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    """An interaction's token lives 15 minutes: 14 minutes after Ann's last click on
    it, her view says it no longer updates and offers nothing; "My cards" opens a
    fresh one, which the table keeps current from then on."""
    seats, (ann, _) = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben"))
    await seats.deal()
    old = await seats.seat_view(ann)
    fake_discord.advance_clock(SEAT_VIEW_SECONDS)  # Discord's side: the token is 14 min old
    clock.advance(SEAT_VIEW_SECONDS)  # the bot's (the clock acts for the player to act)
    await asyncio.sleep(0)
    await seats.settled()
    await view_says(fake_discord, old, "This view no longer updates")
    assert not seat_buttons(fake_discord, old)
    assert not fake_discord.state.message(old.id).all_components()
    edits = fake_discord.state.message(old.id).version
    if seats.runner.live is None:
        await seats.deal()
    fresh = await seats.seat_view(ann)
    assert fresh.id != old.id and "no longer updates" not in fresh.text()
    live = seats.runner.live
    assert live is not None
    hand_no = live.hand_no
    while (live := seats.runner.live) is not None and live.hand_no == hand_no:
        await seats.call_or_muck(seats.to_act())
    await seats.deal()
    await view_says(fake_discord, fresh, f"Your seat, hand {hand_no + 1}")
    assert fake_discord.state.message(old.id).version == edits  # the old one is let be
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_newer_seat_view_takes_over_and_the_older_one_says_so(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    """One view per player is kept current: "My cards" pressed again (out of habit,
    every hand) leaves no older view looking alive with buttons that no longer work."""
    seats, (ann, _) = await sit_down(fake_discord, croupier, clock, ("Ann", "Ben"))
    await seats.deal()
    older = await seats.seat_view(ann)
    assert older.button_labels  # her turn's buttons, or pre-actions
    newer = await seats.seat_view(ann)
    assert newer.id != older.id
    await view_says(fake_discord, older, "This view no longer updates: your newer one does.")
    assert not fake_discord.state.message(older.id).all_components()
    version = fake_discord.state.message(older.id).version
    live = seats.runner.live
    assert live is not None
    await seats.call_or_muck(seats.to_act())
    await seats.settled()
    assert fake_discord.state.message(older.id).version == version
    assert "no longer updates" not in fake_discord.state.message(newer.id).text()
    assert fake_discord.state.message(newer.id).version > 1  # kept current
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_seat_view_from_before_a_restart_still_plays_and_is_kept_current_again(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The seat view's buttons are read from their ids alone, like the table's: a
    restart forgets the open view, and the player's next click on it both acts and
    hands the new process the token to keep it current."""
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with running_croupier(fake, database, deck_seed=31):
        turn = (await open_table(fake, [ann, ben])).turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        opened = await actor.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "cards"),
            message=turn.message_id,
        )
        assert opened.message is not None
        view = opened.message
        call = seat_button_id(turn.table_id, turn.hand_no, turn.seq, "call")
        await view_offers(fake, view, call)
    async with running_croupier(fake, database, deck_seed=31) as croupier:
        table = TableView(fake)
        assert (again := table.turn()) is not None and again.key == turn.key
        version = fake.state.message(view.id).version
        clicked = await actor.click(custom_id=call, message=view)
        assert clicked.silent, clicked.text
        assert await table.next_turn(turn.key) is not None  # the call was taken
        await croupier.settled()
        await fake.wait_for(lambda: fake.state.message(view.id).version > version)
        assert call not in seat_buttons(fake, view).values()
        assert f"Your seat, hand {turn.hand_no}" in fake.state.message(view.id).text()
