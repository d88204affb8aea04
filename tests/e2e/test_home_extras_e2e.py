"""The home-game extras that had engine tests only, through the fake Discord
and the real bot: a double-board bomb pot (everyone posts the agreed amount,
nobody bets before the flop, each board's half of the pot goes by its own
showdown) and the 7-2 bounty (the winner who shows seven-deuce collects the
agreed bounty from every other player dealt in). The figures checked are the
ones a player would check: the stacks on the table message, the result
message, ``/history``. Every test ends with the audit (each finished hand is
dealt again from its log, no chip created or lost) and the privacy checker.
Votes for a bomb pot outlive a restart of the bot.

The decks are fixed (by seed, or stacked card by card with
:class:`StackedDecks`), so each hand's cards, and so who wins what, are known."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.audit import audit
from bot.render.cards import cards_text
from bot.render.custom_ids import rabbit_button_id, table_button_id
from bot.tables.hand_log import replay_finished_hand
from engine import BountyPaid, Hand, PotAwarded, parse_cards
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.hand_records import _replayed, hand_records
from tests.e2e.privacy import check_privacy
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView, Turn, layout_text, seats_of
from tests.e2e.test_home_game_e2e import answer


async def check_down(view: TableView, players: dict[str, Member], turn: Turn) -> None:
    """Everyone checks (or calls) until hand ``turn.hand_no`` has its result; a
    hand that cannot win is mucked at its showdown turn."""
    current: Turn | None = turn
    while current is not None and current.hand_no == turn.hand_no:
        action = "muck" if "muck" in current.buttons else "call"
        await players[current.actor].click(
            custom_id=table_button_id(current.table_id, current.hand_no, current.seq, action),
            message=current.message_id,
        )
        current = await view.next_turn(current.key, timeout=5)
    await view.fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)


async def replayed_hand(croupier: Croupier, hand_no: int) -> Hand:
    row = await croupier.database.fetch_one("SELECT id FROM hands WHERE hand_no = ?", (hand_no,))
    assert row is not None
    _, hand = await _replayed(croupier.database, row["id"])
    return hand


async def test_a_double_board_bomb_pot_splits_each_half_by_its_own_showdown(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=9) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        players = {member.name: member for member in (ann, ben, cat)}
        opened = await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        assert "A table of" in opened, opened
        saved = await answer(
            ann, "poker", "homegame", bomb_pot=20, bomb_pot_every=1, double_board=True
        )
        assert "bomb pots of 20 every 1 hands, double board" in saved, saved
        for member in (ann, ben, cat):
            await answer(member, "poker", "join", buy_in=500)
        view = TableView(fake)

        # Hand 1: Cat sat down while it was dealt, so it is Ann's and Ben's.
        first = await view.next_turn()
        assert first is not None and first.hand_no == 1
        await check_down(view, players, first)

        # Hand 2: everyone posted the 20, nobody bet before the flop, and the
        # flop is out on both boards before the first player speaks.
        second = await view.next_turn(first.key)
        assert second is not None and second.hand_no == 2
        text = layout_text(fake.state.messages[second.message_id])
        assert "Bomb pot: everyone posted 20; no betting before the flop." in text, text
        assert "### Board 1: " in text and "### Board 2: " in text and "### Pot: **60**" in text
        assert "(SB)" not in text and "(BB)" not in text, text  # nobody posted a blind
        assert {
            n: s.stack for n, s in seats_of(fake.state.messages[second.message_id]).items()
        } == {
            "Ann": 480,
            "Ben": 480,
            "Cat": 480,
        }
        assert "call" in second.buttons and second.amount_of("call") is None  # a check
        await check_down(view, players, second)

        # Each board's half of the 60 went by its own showdown: Cat's flush
        # takes board 1, Ben's pair of tens board 2, Ann's two pair neither.
        result = layout_text(view.results()[2])
        assert "Cat wins board 1's half of the pot of **30** with a flush, king high." in result
        assert "Ben wins board 2's half of the pot of **30** with a pair of tens." in result
        played = await replayed_hand(croupier, 2)
        assert played.setup.bomb_pot and played.setup.antes == (20, 20, 20)
        assert len(played.boards) == 2 and all(len(board) == 5 for board in played.boards)
        awards = [e for e in played.events if isinstance(e, PotAwarded)]
        assert [(a.share, a.amount) for a in awards] == [("board 1", 30), ("board 2", 30)]

        # The next hand is a bomb pot again: the stacks it shows are those
        # after hand 2 (Ann 480, Ben 510, Cat 510), less its 20.
        third = await view.next_turn(second.key)
        assert third is not None and third.hand_no == 3
        stacks = {n: s.stack for n, s in seats_of(fake.state.messages[third.message_id]).items()}
        assert stacks == {"Ann": 460, "Ben": 490, "Cat": 490}, stacks

        # /history: each player's result of hand 2, with both boards.
        for member, net in ((ann, "**-20**"), (ben, "**+10**"), (cat, "**+10**")):
            history = await answer(member, "history")
            line, summary = history.split("**Hand 2**", 1)[1].splitlines()[:2]
            assert line.endswith(net), (member.name, line)
            assert " · board 1 " in summary and " · board 2 " in summary, summary

        closing = await answer(ann, "poker", "close")
        assert "clos" in closing, closing
        await check_down(view, players, third)
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, [ann, ben, cat], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])


class StackedDecks(random.Random):
    """A fixed deck for each shuffle in turn: ``tops`` (cards as text) on top,
    the rest of the deck after them in its unshuffled order; the last one
    serves every shuffle after it. The draw for the button is a shuffle too."""

    def __init__(self, *tops: str) -> None:
        super().__init__(0)
        self.tops = [parse_cards(top) for top in tops]

    def shuffle(self, x: Any) -> None:
        top = self.tops.pop(0) if len(self.tops) > 1 else self.tops[0]
        x[:] = [card for card in top if card in x] + [card for card in x if card not in top]


async def click(member: Member, turn: Turn, action: str) -> None:
    await member.click(
        custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, action),
        message=turn.message_id,
    )


async def next_deal(croupier: Croupier, clock: FakeClock, pause: float) -> None:
    """The pause between hands passes on the table's clock: the next hand is dealt."""
    await croupier.settled()
    clock.advance(pause)
    await croupier.settled()


async def test_seven_deuce_shown_collects_the_bounty_from_everyone_dealt_in(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock, pause = fake_discord, FakeClock(), 5
    # Between hands the table waits on the test's clock: the time to show after a hand.
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, hand_pause_seconds=pause
    ) as croupier:
        croupier.bot.tables.services = replace(
            croupier.bot.tables.services,
            rng=StackedDecks(
                "As Kd",  # the draw for the button: Ann's ace takes it
                "Ac Ad Kc Kh",  # hand 1, Ann and Ben: Ann folds her small blind
                # Hand 2 (Ben, Cat, Ann; one card at a time): Ben 7s2s, Cat QdQc,
                # Ann AhKh; burn, flop 7d7h2h, burn, turn 9c, burn, river 8d.
                "7s Qd Ah 2s Qc Kh 2c 7d7h2h 3c 9c 4c 8d",
                # Hand 3 (Cat, Ann, Ben): Ben 7h2d again.
                "Ac Kc 7h Ad Kd 2d",
            ),
        )
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        players = {member.name: member for member in (ann, ben, cat)}
        await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        saved = await answer(ann, "poker", "homegame", seven_deuce_bounty=50)
        assert "7-2 bounty 50" in saved, saved
        for member in (ann, ben):
            await answer(member, "poker", "join", buy_in=500)
        await next_deal(croupier, clock, pause)
        await answer(cat, "poker", "join", buy_in=500)
        view = TableView(fake)

        # Hand 1 is Ann's and Ben's (Cat sat down once it was dealt): Ann folds.
        first = await view.next_turn()
        assert first is not None and first.hand_no == 1 and first.actor == "Ann"
        await click(ann, first, "fold")
        await next_deal(croupier, clock, pause)

        # Hand 2: everyone calls and checks to the showdown, where Ben's
        # seven-deuce (a full house on this board) is shown and wins.
        second = await view.next_turn(first.key)
        assert second is not None and second.hand_no == 2
        stacks = {n: s.stack for n, s in seats_of(fake.state.messages[second.message_id]).items()}
        assert stacks == {"Ann": 495, "Ben": 500, "Cat": 490}, stacks  # Ben 5 and Cat 10 bet
        await check_down(view, players, second)
        result = layout_text(view.results()[2])
        assert "Ben shows " in result and "Full house, sevens full of deuces" in result, result
        assert "Ben wins the pot of **30**" in result, result
        assert "7-2 bounty: Ben collects 100." in result, result
        played = await replayed_hand(croupier, 2)
        bounty = next(e for e in played.events if isinstance(e, BountyPaid))
        assert bounty.payments == ((1, 50), (2, 50))  # Cat and Ann, 50 each
        await next_deal(croupier, clock, pause)

        # Hand 3 shows the stacks after hand 2 (less its blinds): Ben 505 - 10
        # + 30 + 2 x 50 = 625; Ann and Cat 10 to the pot and 50 to Ben each.
        third = await view.next_turn(second.key)
        assert third is not None and third.hand_no == 3 and third.actor == "Ben"
        stacks = {n: s.stack for n, s in seats_of(fake.state.messages[third.message_id]).items()}
        assert stacks == {"Ann": 425, "Ben": 625, "Cat": 435}, stacks  # Ann 10, Cat 5 bet

        # Hand 3: Ben raises with seven-deuce again, and both fold. Nothing is
        # turned up for him: the hand's result names no card of his, no bounty.
        await click(ben, third, "pot")
        current: Turn | None = await view.next_turn(third.key)
        while current is not None and current.hand_no == 3:
            await click(players[current.actor], current, "fold")
            current = await view.next_turn(current.key, timeout=5)
        await fake.wait_for(lambda: 3 in view.results(), timeout=10)
        await croupier.settled()
        result = layout_text(view.results()[3])
        # The message names the rule ("Home rules: 7-2 bounty 50"), not a bounty paid.
        assert "Ben shows " not in result and "7-2 bounty:" not in result, result
        assert {n: s.stack for n, s in view.seats().items()} == {
            "Ann": 425,
            "Ben": 640,
            "Cat": 435,
        }

        # Before the next deal Ben shows the seven, then the deuce: the bounty
        # comes with the second card, from both other players' seats.
        one = await answer(ben, "poker", "show", card="first")
        assert one == "You showed 7♥ to the table (hand 3).", one
        notices = [m.content for m in fake.messages() if "shows" in m.content]
        assert notices == ["**Ben** shows 7♥ (hand 3)."], notices
        await answer(ben, "poker", "show")
        await croupier.settled()
        notices = [m.content for m in fake.messages() if "shows" in m.content]
        assert notices[-1] == "**Ben** shows 7♥ 2♦ (hand 3).\n7-2 bounty: Ben collects 100."
        table = view.table_message()
        assert table is not None and "7-2 bounty: Ben collects 100." in layout_text(table)
        assert {n: s.stack for n, s in view.seats().items()} == {
            "Ann": 375,
            "Ben": 740,
            "Cat": 385,
        }
        nothing = await answer(ben, "poker", "show")
        assert "no cards you may show" in nothing, nothing

        # The table closes: each stack goes back to its owner's balance
        # (1,000 to start, 500 bought in). Ben: 625 + 15 + 100 = 740.
        closing = await answer(ann, "poker", "close")
        assert "clos" in closing, closing
        await croupier.settled()
        for member, stack in ((ann, 375), (ben, 740), (cat, 385)):
            balance = await answer(member, "balance")
            assert f"You have **{500 + stack:,}** chips." in balance, (member.name, balance)
        for member, net in ((ann, "**-60**"), (ben, "**+115**"), (cat, "**-55**")):
            history = await answer(member, "history")
            line = history.split("**Hand 3**", 1)[1].splitlines()[0]
            assert line.endswith(net), (member.name, line)

        records = await hand_records(croupier.database)
        report = check_privacy(fake, [ann, ben, cat], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])

        # The audit checks the bounty against the engine: one taken from Ann at
        # 60 (the bounty is 50) is found, and so is one Cat never showed for.
        database = croupier.database
        kept = await database.fetch_value("SELECT result FROM hands WHERE hand_no = 3")
        for forged, finding in (
            ({"winner": ben.id, "payments": [[ann.id, 60], [cat.id, 40]]}, "cannot take 60"),
            ({"winner": cat.id, "payments": [[ann.id, 50], [ben.id, 50]]}, "did not show"),
        ):
            result = json.loads(kept) | {"bounty_after_show": forged}
            async with database.transaction() as tx:
                await tx.execute(
                    "UPDATE hands SET result = ? WHERE hand_no = 3", (json.dumps(result),)
                )
            audited = await audit(database, replay_finished_hand)
            assert not audited.clean and finding in audited.render(), audited.render()
        async with database.transaction() as tx:
            await tx.execute("UPDATE hands SET result = ? WHERE hand_no = 3", (kept,))


async def test_bomb_pot_votes_are_kept_across_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
    async with running_croupier(fake, database, deck_seed=4):
        await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        await answer(ann, "poker", "homegame", bomb_pot=20)
        for member in (ann, ben, cat):
            await answer(member, "poker", "join", buy_in=500)
        voted = await answer(ann, "poker", "bomb")
        assert "Ann votes for a bomb pot (1 of 2 votes: 1 more needed)." in voted, voted
    async with running_croupier(fake, database, deck_seed=4) as croupier:
        # Ann's vote outlived the restart: Ben's is the second of the two needed.
        called = await answer(ben, "poker", "bomb")
        assert "the next hand is a bomb pot" in called, called
        await croupier.settled()
    async with running_croupier(fake, database, deck_seed=4):
        # The called bomb pot was saved as well; a third vote has nothing to add.
        late = await answer(cat, "poker", "bomb")
        assert "The next hand is a bomb pot already." in late, late


async def test_a_bomb_pot_vote_counts_the_members_dealt_in_not_computers_or_sitting_out(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    # The next deal waits on the test's clock: everyone sits and votes first.
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=4, hand_pause_seconds=5
    ) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        await answer(ann, "poker", "homegame", bomb_pot=20)
        for _ in range(2):
            added = await answer(ann, "poker", "addbot")
            assert "sits down" in added or "seat" in added, added
        for member in (ann, ben, cat):
            await answer(member, "poker", "join", buy_in=500)
        sat_out = await answer(cat, "poker", "sitout")
        assert "You are sitting out" in sat_out, sat_out

        # Five seats, but only Ann and Ben are members dealt in: two votes call it.
        voted = await answer(ann, "poker", "bomb")
        assert "Ann votes for a bomb pot (1 of 2 votes: 1 more needed)." in voted, voted
        again = await answer(ann, "poker", "bomb")
        assert "You have voted for a bomb pot already (1 of 2 votes: 1 more needed)." in again
        refused = await answer(cat, "poker", "bomb")
        assert "Only players dealt in vote for a bomb pot" in refused, refused
        called = await answer(ben, "poker", "bomb")
        assert "The table voted: the next hand is a bomb pot." in called, called

        # The next hand is the bomb pot: Ann, Ben and the computer players post 20.
        view = TableView(fake)
        await croupier.settled()
        clock.advance(5)
        await croupier.settled()

        def bomb_pot_dealt() -> str | None:
            message = view.table_message()
            text = "" if message is None else layout_text(message)
            return text if "**Hand 1**" in text else None

        text = await fake.wait_for(bomb_pot_dealt, timeout=10)
        assert "Bomb pot: everyone posted 20; no betting before the flop." in text, text
        played = await replayed_hand(croupier, 1)
        assert played.setup.bomb_pot and played.setup.antes == (20, 20, 20, 20)
        await answer(ann, "poker", "close")


async def test_the_rabbit_hunt_of_a_double_board_bomb_pot_shows_each_boards_cards(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=9) as croupier:
        ann, ben, zed = (fake.add_member(name) for name in ("Ann", "Ben", "Zed"))
        players = {member.name: member for member in (ann, ben)}
        await answer(
            ann,
            "poker",
            "create",
            variant="NT",
            small_blind=5,
            big_blind=10,
            min_buy_in=100,
            provably_fair=True,
        )
        saved = await answer(
            ann,
            "poker",
            "homegame",
            rabbit_hunt=True,
            bomb_pot=20,
            bomb_pot_every=1,
            double_board=True,
        )
        assert "rabbit hunt" in saved and "double board" in saved, saved
        for member in (ann, ben):
            await answer(member, "poker", "join", buy_in=500)
        view = TableView(fake)

        # Every hand is a double-board bomb pot: a bet on the flops, and a fold.
        turn = await view.next_turn()
        assert turn is not None
        text = layout_text(fake.state.messages[turn.message_id])
        assert "### Board 1: " in text and "### Board 2: " in text, text
        await click(players[turn.actor], turn, "pot")
        folding = await view.next_turn(turn.key)
        assert folding is not None and folding.hand_no == turn.hand_no
        await click(players[folding.actor], folding, "fold")
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)

        # Zed, who only watches, hunts the rabbit: each board's turn and river.
        result = view.results()[turn.hand_no]
        rabbit_id = rabbit_button_id(turn.table_id, turn.hand_no)
        assert any(c.get("custom_id") == rabbit_id for c in result.all_components())
        hunted = await zed.click(custom_id=rabbit_id, message=result.id)
        await hunted.settled()
        folded = await replayed_hand(croupier, turn.hand_no)
        first, second = folded.rabbit_boards()
        assert len(first) == len(second) == 2
        assert hunted.text == (
            f"**Hand {turn.hand_no}** · rabbit hunt: board 1: {cards_text(first)}"
            f" · board 2: {cards_text(second)} would have come."
        ), hunted.text
        # Dealt as they would have come: burn, board 1, board 2, on each street.
        deck = folded.setup.deck
        assert deck is not None
        last_flop = max(deck.index(card) for board in folded.boards for card in board)
        turn_burn = last_flop + 1
        assert [deck.index(card) for card in (first[0], second[0])] == [
            turn_burn + 1,
            turn_burn + 2,
        ]
        assert [deck.index(card) for card in (first[1], second[1])] == [
            turn_burn + 4,
            turn_burn + 5,
        ]
        # The deck's opening opens them at their places in the committed deck.
        opened = await answer(zed, "poker", "verify", hand=turn.hand_no)
        for card in (*first, *second):
            assert re.search(rf"^\d+ {card} ", opened, re.MULTILINE), (card, opened)

        await answer(ann, "poker", "close")  # after the hand being played
        current = await view.next_turn(folding.key)
        if current is not None:
            await check_down(view, players, current)
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, [ann, ben, zed], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])
        assert report.opened_cards_checked > 0


async def test_home_rules_are_bounded_announced_and_a_raise_waits_a_full_hand(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    # Issue 24: the opener set seven_deuce_bounty:1000000000 after the others
    # sat down, told nobody, and the bounty took the stacks of the players who folded.
    fake, clock, pause = fake_discord, FakeClock(), 5
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, hand_pause_seconds=pause, deck_seed=3
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        players = {"Ann": ann, "Ben": ben}
        await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        for member in (ann, ben):
            await answer(member, "poker", "join", buy_in=500)
        await next_deal(croupier, clock, pause)
        view = TableView(fake)
        first = await view.next_turn()
        assert first is not None and first.hand_no == 1

        # Amounts are a home game's: five big blinds at most, said in the member's words.
        for options in (
            {"seven_deuce_bounty": 1_000_000_000},
            {"bomb_pot": 1_000_000_000, "bomb_pot_every": 1},
        ):
            refused = await answer(ann, "poker", "homegame", **options)
            assert "at most 5 big blinds (50 chips) here." in refused, refused
        assert not [m for m in fake.messages() if "Home rules changed" in m.content]

        # A bounty of 50 and the rabbit hunt: the hunt from the next hand, the
        # bounty only after hand 2 has been played under the announcement.
        saved = await answer(ann, "poker", "homegame", seven_deuce_bounty=50, rabbit_hunt=True)
        assert "from hand 3: rabbit hunt, 7-2 bounty 50" in saved, saved
        await croupier.settled()
        told = [m.content for m in fake.messages() if "Home rules changed" in m.content]
        assert told == [
            "**Home rules changed** by the table's opener. From the next hand: rabbit hunt.\n"
            "From hand **3**, after one full hand in which anyone who does not agree may"
            " leave: rabbit hunt, 7-2 bounty 50."
        ], told
        table = view.table_message()
        assert table is not None
        text = layout_text(table)
        assert "Home rules: rabbit hunt · from hand 3: rabbit hunt, 7-2 bounty 50" in text, text

        turn: Turn | None = first
        for hand_no in (1, 2):
            assert turn is not None and turn.hand_no == hand_no
            await click(players[turn.actor], turn, "fold")
            await fake.wait_for(lambda n=hand_no: n in view.results(), timeout=10)
            await next_deal(croupier, clock, pause)
            turn = await view.next_turn(turn.key)
        assert turn is not None and turn.hand_no == 3
        hands = [await replayed_hand(croupier, n) for n in (1, 2, 3)]
        assert [hand.setup.seven_deuce_bounty for hand in hands] == [0, 0, 50]
        text = layout_text(fake.state.messages[turn.message_id])
        assert "Home rules: rabbit hunt, 7-2 bounty 50" in text and "from hand" not in text, text

        # Lowering applies from the next hand, announced as well.
        await answer(ann, "poker", "homegame", seven_deuce_bounty=0)
        await croupier.settled()
        told = [m.content for m in fake.messages() if "Home rules changed" in m.content]
        assert told[-1] == (
            "**Home rules changed** by the table's opener. From the next hand: rabbit hunt."
        ), told
        await answer(ann, "poker", "close")
        await check_down(view, players, turn)
        await croupier.settled()


async def test_the_rabbit_is_hunted_once_a_hand_and_later_presses_are_answered_privately(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    # Issue 24: 30 presses by a spectator posted 19 identical public messages.
    fake, limit = fake_discord, 20
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=9, flood_limit=limit
    ) as croupier:
        ann, ben, zed = (fake.add_member(name) for name in ("Ann", "Ben", "Zed"))
        players = {"Ann": ann, "Ben": ben}
        await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        await answer(ann, "poker", "homegame", rabbit_hunt=True)
        for member in (ann, ben):
            await answer(member, "poker", "join", buy_in=500)
        view = TableView(fake)
        turn = await view.next_turn()
        assert turn is not None
        await click(players[turn.actor], turn, "fold")
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)
        result = view.results()[turn.hand_no]
        rabbit_id = rabbit_button_id(turn.table_id, turn.hand_no)

        presses = [await zed.click(custom_id=rabbit_id, message=result.id, wait=False)]
        presses += [
            await zed.click(custom_id=rabbit_id, message=result.id, wait=False) for _ in range(29)
        ]
        for press in presses:
            await press.answered(10.0)
            await press.settled()
        await croupier.settled()
        hunt = f"**Hand {turn.hand_no}** · rabbit hunt:"
        posted = [m for m in fake.messages() if m.content.startswith(hunt) and not m.ephemeral]
        assert len(posted) == 1, [m.content for m in posted]
        answered = [press for press in presses if press.text.startswith(hunt)]
        public = [press for press in answered if not press.ephemeral]
        assert len(public) == 1 and public[0].text == posted[0].content
        # The others were told privately, the same cards, or to slow down.
        assert all(press.ephemeral for press in presses if press not in public)
        assert {press.text for press in answered} == {posted[0].content}
        slowed = [press for press in presses if press.text.startswith("Slow down")]
        assert len(answered) <= limit and len(slowed) >= 30 - limit, len(slowed)
        await answer(ann, "poker", "close")
        await croupier.settled()
