"""Croupier's tables end to end: the real client against the fake Discord.

Players open a table, sit down, and play whole hands by buttons, by the
bet/raise form and by slash commands, with a side pot, a timeout, a refused
DM and a player leaving mid-hand; afterwards every chip is accounted for in
the ledger, and nothing a spectator saw ever showed a hole card before its
showdown. Time at the table is a fake clock the test moves.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.client import CroupierBot, create_client
from bot.database import Database
from bot.render.custom_ids import table_button_id
from bot.settings import Settings
from bot.tables.runner import TableRunner
from engine.cards import Card
from engine.events import HandShown
from engine.fairness import check_opening, parse_opening
from engine.hand import Phase
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.e2e.fake_discord import FakeDiscord, Member, Reply, StartBot, StoredMessage
from tests.e2e.privacy import symbols_seen
from tests.e2e.table_view import is_table_message, layout_text, result_hand

STARTING_CHIPS = 10_000


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
    start_bot: StartBot[CroupierBot],
    database: Database,
    clock: FakeClock,
) -> AsyncIterator[CroupierBot]:
    settings = Settings(
        discord_token=fake_discord.token,
        dev_guild_id=fake_discord.guild_id,
        starting_chips=STARTING_CHIPS,
    )
    bot = create_client(settings, database, clock=clock, guild_ready_timeout=0.05)
    bot.tables.services = replace(bot.tables.services, rng=random.Random(11))
    await start_bot(bot)
    yield bot
    await bot.close()


class Table:
    """The test's view of the one table: its runner, its players and the clock."""

    def __init__(self, bot: CroupierBot, clock: FakeClock, players: list[Member]) -> None:
        self.bot, self.clock = bot, clock
        self.by_id = {member.id: member for member in players}
        #: Every player's hole cards, by hand number, as dealt.
        self.holes: dict[int, dict[int, list[Card]]] = {}
        #: The players whose cards were shown at each hand's end.
        self.shown: dict[int, set[int]] = {}

    @property
    def runner(self) -> TableRunner:
        (runner,) = self.bot.tables.runners
        return runner

    async def settled(self) -> None:
        await self.runner.settled()

    async def deal(self) -> int:
        """Let the pause pass until the next hand is dealt; its number."""
        await self.settled()
        runner = self.runner
        assert runner.state.next_hand_at is not None, "no hand is due"
        self.clock.advance(runner.state.next_hand_at - self.clock.now())
        await self.settled()
        live = runner.live
        assert live is not None
        self.holes[live.hand_no] = {
            user_id: list(live.hand.hole_cards[index])
            for index, user_id in enumerate(live.deal.players)
        }
        return live.hand_no

    def to_act(self) -> Member:
        live = self.runner.live
        assert live is not None and live.hand.to_act is not None
        return self.by_id[live.deal.players[live.hand.to_act]]

    def button(self, action: str) -> str:
        live = self.runner.live
        assert live is not None
        return table_button_id(self.runner.table_id, live.hand_no, len(live.hand.actions), action)

    def offered(self, action: str) -> bool:
        choices = self.runner.snapshot().choices
        assert choices is not None
        return action in {size.value for size, _ in choices.quick_sizes}

    def note_showdown(self) -> None:
        last = self.runner.state.last_hand
        assert last is not None
        self.shown[last.hand_no] = {
            last.deal.players[e.player] for e in last.hand.events if isinstance(e, HandShown)
        }

    async def click(self, member: Member, action: str) -> Reply:
        runner = self.runner  # the click may close the table before it is answered
        reply = await member.click(custom_id=self.button(action))
        await runner.settled()
        return reply


def hidden_cards_in(text: str, cards: list[Card], fake: FakeDiscord) -> list[Card]:
    """Which of ``cards`` the text shows: as text, in PHH notation, or as emojis.
    A card in PHH notation is a word of its own: ``9d`` inside the deck's
    commitment (hexadecimal) is no card."""
    seen = symbols_seen(text, fake)
    return [
        card
        for card in cards
        if card.symbol in seen or re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", text)
    ]


async def test_players_play_whole_hands_by_buttons_and_commands(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    ann, ben, cat, dan = (fake_discord.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan"))
    eve = fake_discord.add_member("Eve")  # watches the channel, never plays
    cat.close_dms()

    created = await ann.slash(
        "poker",
        "create",
        small_blind=5,
        big_blind=10,
        min_buy_in=100,
        max_buy_in=1000,
        seats=6,
        action_seconds=30,
    )
    await created.settled()
    assert created.ephemeral and "is open in" in created.text
    table = Table(croupier, clock, [ann, ben, cat, dan])
    for member, buy_in in ((ann, 1000), (ben, 300), (cat, 1000), (dan, 150)):
        joined = await member.slash("poker", "join", buy_in=buy_in)
        assert joined.ephemeral and f"with **{buy_in:,}** chips" in joined.content

    # Hand 1, by buttons: the short stack goes all in, the others call and then
    # bet on the flop, which makes a side pot.
    first = await table.deal()
    assert any("Your cards" in m.text() for m in ann.dms())
    assert not cat.dms()
    assert [r for r in fake_discord.refusals if r.code == 50007], "Cat's DMs are closed"
    assert not [m for m in fake_discord.messages() if cat.mention in m.content], "not in public"
    cards = await table.click(ann, "cards")
    ann_cards = table.holes[first][ann.id]
    seen = symbols_seen(cards.text, fake_discord)
    assert cards.ephemeral and all(card.symbol in seen for card in ann_cards)
    flop_bet = False
    while (live := table.runner.live) is not None:
        actor = table.to_act()
        choices = table.runner.snapshot().choices
        assert choices is not None
        if actor is dan and table.offered("allin"):
            await table.click(actor, "allin")
        elif len(live.hand.board) == 3 and choices.can_check and not flop_bet:
            await table.click(actor, "min")
            flop_bet = True
        else:
            await table.click(actor, "call")
    table.note_showdown()
    # The hand's own message ends with its result: no message of its own.
    (result,) = [m for m in fake_discord.messages() if result_hand(m) == 1]
    assert "main pot" in layout_text(result) and "side pot" in layout_text(result)

    # Hand 2: slash commands before the flop, the bet/raise form on it, then a
    # player leaves, another runs out of time, and commands finish the hand.
    second = await table.deal()
    live = table.runner.live
    assert live is not None and len(live.deal.players) >= 3
    actor = table.to_act()
    bystander = next(table.by_id[uid] for uid in live.deal.players if uid != actor.id)
    refused = await bystander.click(custom_id=table.button("call"))
    assert "not your turn" in await refused.sentence()

    async def by_command(member: Member, *words: str, **options: int) -> str:
        reply = await member.slash(*words, **options)
        await reply.settled()
        await table.settled()
        assert reply.ephemeral
        return reply.text

    too_small = await by_command(table.to_act(), "raise", amount=11)
    assert "minimum raise is to **20**" in too_small
    while table.runner.live is not None and not table.runner.live.hand.board:
        choices = table.runner.snapshot().choices
        assert choices is not None
        said = await by_command(table.to_act(), "check" if choices.can_check else "call")
        assert said in ("You checked.", "You called **10**.", "You called **5**.")

    actor = table.to_act()
    opened = await actor.click(custom_id=table.button("raise"))
    assert opened.modal is not None and "Total to bet, 10 to" in str(opened.modal)
    wrong = await actor.submit_modal({"amount": "1e9"})
    assert wrong.ephemeral and "whole number of chips" in wrong.text
    choices = table.runner.snapshot().choices
    assert choices is not None
    await actor.click(custom_id=table.button("raise"))
    await actor.submit_modal({"amount": str(choices.min_raise_to)})
    await table.settled()
    live = table.runner.live
    assert live is not None and live.last_action is not None
    assert (live.last_action.kind, live.last_action.to) == ("bet", choices.min_raise_to)

    leaver = next(
        table.by_id[uid]
        for index, uid in enumerate(live.deal.players)
        if uid not in (actor.id, table.to_act().id) and not live.hand.folded[index]
    )
    left = await leaver.slash("poker", "leave")
    assert "when this hand ends" in left.content
    await table.settled()

    if table.runner.live is not None:
        sleeper = table.to_act()
        clock.advance(30)
        await table.settled()
        assert table.runner.state.players[sleeper.id].timeouts == 1
        assert any("(out of time)" in seen.text for seen in fake_discord.seen_by(eve))

    while table.runner.live is not None:
        if table.runner.snapshot().showdown_choice:  # a hand that cannot win: shown
            said = await by_command(table.to_act(), "poker", "show")
            assert said.startswith("You showed")
            continue
        choices = table.runner.snapshot().choices
        assert choices is not None
        if choices.can_check and choices.can_raise:
            said = await by_command(table.to_act(), "bet", amount=choices.min_raise_to)
            assert said.startswith("You bet")
        else:
            said = await by_command(table.to_act(), "check" if choices.can_check else "call")
            assert said.startswith(("You checked", "You called"))
    table.note_showdown()
    assert not table.runner.table.is_seated(leaver.id)
    assert leaver.id not in table.runner.state.players
    hand_two = [m for m in fake_discord.messages() if result_hand(m) == second]
    assert hand_two, "the result of hand 2 was shown"

    await assert_chips_reconcile(database)
    history = await (await ann.slash("history")).settled()
    assert history.ephemeral and "**Hand 1** · No-limit Texas Hold'em" in history.text
    attached = "\n".join(m.text() for m in [history.message, *history.followups] if m)
    assert 'variant = "NT"' in attached  # each hand as a PHH file
    own = "".join(str(card) for card in table.holes[second].get(ann.id, []))
    if own:
        assert own in attached
    hidden = [uid for uid in table.holes[second] if uid not in table.shown[second] | {ann.id}]
    for uid in hidden:
        assert "".join(str(card) for card in table.holes[second][uid]) not in attached

    # What a spectator saw: no hole card before its hand's showdown.
    checked = 0
    for sighting in fake_discord.seen_by(eve):
        text = "\n".join(
            line for line in sighting.text.splitlines() if not line.startswith("Draw for")
        )
        for hand_no, by_player in table.holes.items():
            if f"Hand {hand_no}" not in text:
                continue
            over = "The hand is over." in text or f"Hand {hand_no}\n" in text + "\n"
            # While a loser shows or mucks, the hands shown before are public.
            over = over or "showdown: show or muck" in text
            for player, cards in by_player.items():
                checked += 1
                if over and player in table.shown.get(hand_no, set()):
                    continue
                assert not hidden_cards_in(text, cards, fake_discord), (hand_no, player, text)
    assert checked
    assert not any(sighting.kind == "ephemeral" for sighting in fake_discord.seen_by(eve))


async def test_a_table_is_closed_by_its_creator_and_every_stack_goes_home(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    await (await ann.slash("poker", "create")).settled()
    await ann.slash("poker", "join", buy_in=500)
    await ben.slash("poker", "join", buy_in=400)
    table = Table(croupier, clock, [ann, ben])
    await table.deal()
    # Closed during a hand: the hand is played out first (tests/e2e/test_fair_close_e2e.py).
    closed = await ann.slash("poker", "close")
    await closed.settled()
    assert "closes when the hand in progress ends" in closed.text
    folder, runner = table.to_act(), table.runner
    await table.click(folder, "fold")
    await runner.settled()
    assert runner.closed and not croupier.tables.runners
    balances = await database.fetch_all("SELECT user_id, chips FROM balances ORDER BY user_id")
    assert sum(row["chips"] for row in balances) == 2 * STARTING_CHIPS
    assert await croupier.cashier.balance(fake_discord.guild_id, folder.id) < STARTING_CHIPS
    assert await database.fetch_value("SELECT status FROM hands") == "finished"
    assert await database.fetch_value("SELECT status FROM tables") == "closed"
    again = await ann.slash("poker", "join")
    assert "no table in this channel" in again.content
    await assert_chips_reconcile(database)


def table_messages(fake: FakeDiscord) -> list[StoredMessage]:
    return [m for m in fake.messages() if is_table_message(m)]


async def two_players_at_a_table(
    fake: FakeDiscord, bot: CroupierBot, clock: FakeClock, **options: object
) -> tuple[Table, Member, Member]:
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    await (await ann.slash("poker", "create", **options)).settled()
    await ann.slash("poker", "join", buy_in=500)
    await ben.slash("poker", "join", buy_in=500)
    return Table(bot, clock, [ann, ben]), ann, ben


async def test_a_deleted_table_message_is_posted_again(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock)
    await table.deal()
    (shown,) = [m for m in table_messages(fake_discord) if "Hand 1" in m.text()]
    fake_discord.delete_message(shown)
    await (await table.to_act().slash("call")).settled()
    await table.settled()
    again = [m for m in table_messages(fake_discord) if "Hand 1" in m.text()]
    assert len(again) == 1 and again[0].id != shown.id
    assert "Latest:" in again[0].text()


async def test_a_fixed_limit_raise_is_one_click(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    """Fixed limit has one raise amount: the button names it and raises at once,
    with no form to fill in and no size buttons that all say the same."""
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock, variant="FT")
    await table.deal()
    message = table_messages(fake_discord)[-1]
    labels = message.button_labels
    assert "Raise to 20" in labels and not [label for label in labels if "Min" in label]
    actor = table.to_act()
    reply = await table.click(actor, "raise")
    assert reply.modal is None and reply.silent
    live = table.runner.live
    last = None if live is None else live.last_action
    assert last is not None and (last.kind, last.to) == ("raise", 20)
    assert "Raise to 30" in table_messages(fake_discord)[-1].button_labels


async def test_a_provably_fair_hand_can_be_verified(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, ann, _ = await two_players_at_a_table(fake_discord, croupier, clock, provably_fair=True)
    await table.deal()
    live = table.runner.live
    assert live is not None and live.commitment is not None
    assert live.commitment in table_messages(fake_discord)[-1].text()
    pending = await (await ann.slash("poker", "verify", hand=1)).settled()
    assert "still being played" in pending.content and live.secret not in pending.content
    await table.click(table.to_act(), "fold")
    result = [m for m in fake_discord.messages() if "/poker verify hand:1" in m.text()]
    assert len(result) == 1 and str(live.secret) not in result[0].text()
    verified = await (await ann.slash("poker", "verify", hand=1)).settled()
    assert "was dealt from the deck it was committed to" in verified.content
    assert verified.message is not None and verified.ephemeral
    (opening,) = verified.message.attachments
    text = opening.data.decode()
    assert live.secret not in text and check_opening(parse_opening(text), live.commitment)
    unknown = await (await ann.slash("poker", "verify", hand=9)).settled()
    assert "no hand 9" in unknown.content


async def test_a_spectator_verifies_a_showdown_hand_and_is_not_told_it_was_voided(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock, provably_fair=True)
    rail = fake_discord.add_member("Rail")
    await table.deal()
    live = table.runner.live
    assert live is not None and live.commitment is not None
    while table.runner.live is live:  # called and checked down to a showdown
        snapshot = table.runner.snapshot()
        await table.click(table.to_act(), "muck" if snapshot.showdown_choice else "call")
    assert any(isinstance(event, HandShown) for event in live.hand.events)
    verified = await (await rail.slash("poker", "verify", hand=1)).settled()
    assert "voided" not in verified.content, verified.content
    assert "was dealt from the deck it was committed to" in verified.content
    board = " ".join(card.symbol for card in live.hand.board)
    assert board in verified.content or len(symbols_seen(verified.content, fake_discord)) >= 5


async def test_a_spectator_who_saw_no_card_is_told_so_not_that_the_hand_was_voided(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock, provably_fair=True)
    rail = fake_discord.add_member("Rail")
    await table.deal()
    live = table.runner.live
    assert live is not None and live.commitment is not None
    await table.click(table.to_act(), "fold")  # over before the flop: nothing shown
    answer = (await (await rail.slash("poker", "verify", hand=1)).settled()).content
    assert "voided" not in answer, answer
    assert "you saw none of its cards" in answer and live.commitment in answer


async def test_tables_are_provably_fair_unless_told_otherwise(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, ann, _ = await two_players_at_a_table(fake_discord, croupier, clock)
    await table.deal()
    live = table.runner.live
    assert live is not None and live.commitment is not None
    assert live.commitment in table_messages(fake_discord)[-1].text()
    await table.click(table.to_act(), "fold")
    verified = await (await ann.slash("poker", "verify", hand=1)).settled()
    assert "was dealt from the deck it was committed to" in verified.content
    closed = await (await ann.slash("poker", "close")).settled()
    assert "closed" in closed.content, closed.content
    await (await ann.slash("poker", "create", provably_fair=False)).settled()
    await ann.slash("poker", "join", buy_in=500)
    ben = table.by_id[next(uid for uid in table.by_id if table.by_id[uid] is not ann)]
    await ben.slash("poker", "join", buy_in=500)
    unfair = Table(croupier, clock, [ann, ben])
    await unfair.deal()
    assert unfair.runner.live is not None and unfair.runner.live.commitment is None
    answer = (await (await ann.slash("poker", "verify", hand=1)).settled()).content
    assert answer.startswith("Hand 1 of this table was not dealt from a committed deck")
    assert "provably_fair:false" in answer and "open it again" in answer


async def test_a_rate_limited_channel_still_ends_showing_the_latest_state(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    fake_discord.enforce_channel_rate_limits(limit=3, window=0.5)
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock)
    await table.deal()
    while table.runner.live is not None:
        actor = table.to_act()
        snapshot = table.runner.snapshot()
        if snapshot.showdown_choice:  # a hand that cannot win
            await (await actor.slash("poker", "muck")).settled()
            await table.settled()
            continue
        choices = snapshot.choices
        assert choices is not None
        await (await actor.slash("check" if choices.can_check else "call")).settled()
        await table.settled()
    latest = table_messages(fake_discord)[-1].text()
    assert "The hand is over." in latest and "Next hand" in latest


async def test_a_restarted_bot_picks_up_the_hand_and_its_buttons_still_work(
    fake_discord: FakeDiscord,
    start_bot: StartBot[CroupierBot],
    database: Database,
    clock: FakeClock,
) -> None:
    settings = Settings(
        discord_token=fake_discord.token,
        dev_guild_id=fake_discord.guild_id,
        starting_chips=STARTING_CHIPS,
    )
    first = await start_bot(
        create_client(settings, database, clock=clock, guild_ready_timeout=0.05)
    )
    table, ann, ben = await two_players_at_a_table(fake_discord, first, clock)
    await table.deal()
    await table.click(table.to_act(), "call")
    before = table.runner.live
    assert before is not None
    await first.close()

    second = await start_bot(
        create_client(settings, database, clock=clock, guild_ready_timeout=0.05)
    )
    table = Table(second, clock, [ann, ben])
    await table.settled()
    resumed = table.runner.live
    assert resumed is not None and resumed.hand_no == before.hand_no
    assert [list(c) for c in resumed.hand.hole_cards] == [list(c) for c in before.hand.hole_cards]
    assert len(table_messages(fake_discord)) >= 2  # the table was posted again
    while table.runner.live is not None:
        snapshot = table.runner.snapshot()
        assert snapshot.choices is not None or snapshot.showdown_choice
        await table.click(table.to_act(), "muck" if snapshot.showdown_choice else "call")
    await assert_chips_reconcile(database)
    await second.close()


async def test_a_table_message_discord_refuses_does_not_stop_the_table(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock, database: Database
) -> None:
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock)
    await table.settled()
    refused = fake_discord.fail_next("POST /channels/{channel_id}/messages", status=403)
    await table.deal()  # the new hand's message is refused
    assert refused.hits
    await (await table.to_act().slash("call")).settled()
    await table.settled()
    # The table carries on, shown in the message it could still edit.
    assert [m for m in table_messages(fake_discord) if "Hand 1" in m.text()]
    while table.runner.live is not None:
        showdown = table.runner.snapshot().showdown_choice
        await table.click(table.to_act(), "muck" if showdown else "call")
    await assert_chips_reconcile(database)


async def test_stud_is_brought_in_by_command(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, ann, ben = await two_players_at_a_table(fake_discord, croupier, clock, variant="F7S")
    await table.deal()
    actor = table.to_act()
    other = ben if actor is ann else ann
    refused = await (await other.slash("bringin")).settled()
    assert "not your turn" in refused.text
    done = await (await actor.slash("bringin")).settled()
    assert done.ephemeral and "You brought in for **5**" in done.text
    live = table.runner.live
    last = None if live is None else live.last_action
    assert last is not None and last.kind == "bring-in"


async def test_a_draw_is_made_by_command(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, _, _ = await two_players_at_a_table(fake_discord, croupier, clock, variant="F5D")
    await table.deal()
    live = table.runner.live
    assert live is not None
    while live.hand.phase is Phase.BETTING:
        word = "check" if live.hand.legal_actions().can_check else "call"
        await (await table.to_act().slash(word)).settled()
    assert live.hand.phase is Phase.DISCARDING
    index = live.hand.legal_actions().player
    drawer = table.by_id[live.deal.players[index]]
    mine = list(live.hand.hole_cards[index])
    theirs = live.hand.hole_cards[1 - index][0]
    for typed, refusal in (
        ("ace of spades", "is not a list of cards"),
        (f"{mine[0]} {theirs}", f"You do not hold {theirs}."),
    ):
        reply = await (await drawer.slash("discard", cards=typed)).settled()
        assert refusal in reply.text and live.hand.hole_cards[index] == mine
    drew = await (await drawer.slash("discard", cards=f"{mine[0].symbol} {mine[1]}")).settled()
    assert "You drew **2**" in drew.text
    assert mine[0] not in live.hand.hole_cards[index]
    stays = table.by_id[live.deal.players[live.hand.legal_actions().player]]
    assert stays is not drawer
    pat = await (await stays.slash("discard")).settled()
    assert "You stood pat." in pat.text
    assert len(live.hand.hole_cards[index]) == 5, "the two drawn cards came once both had drawn"


async def test_house_rules_are_set_at_creation_and_straddles_chosen_by_command(
    fake_discord: FakeDiscord, croupier: CroupierBot, clock: FakeClock
) -> None:
    table, ann, _ = await two_players_at_a_table(
        fake_discord, croupier, clock, ante=2, straddle=True, rake=2.5, rake_cap=4
    )
    await table.deal()
    text = table_messages(fake_discord)[-1].text()
    assert "Ante 2 · Straddles allowed (/poker straddle) · Rake 2.5 % up to 4" in text
    on = await (await ann.slash("poker", "straddle", setting="on")).settled()
    assert on.ephemeral and "You straddle from the next hand on" in on.text
    # Issue 24: a re-straddle may be any legal raise, at least twice the straddle.
    small = await (await ann.slash("poker", "straddle", setting="on", restraddle_to=3)).settled()
    assert "A re-straddle is at least" in small.text, small.text
    chosen = await (
        await ann.slash("poker", "straddle", setting="on", restraddle_to=1000)
    ).settled()
    assert "re-straddle to **1,000** after a straddle" in chosen.text, chosen.text
    assert table.runner.table.seat_of(ann.id).restraddle_to == 1000
    refused = await (await ann.slash("poker", "create", variant="FT", straddle=True)).settled()
    assert "A live straddle is for no-limit and pot-limit games" in refused.text
