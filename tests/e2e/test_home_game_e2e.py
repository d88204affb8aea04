"""The home-game options through the fake Discord and the real bot: the table's
opener turns them on with /poker homegame; all in before the river, both
players choose to run it twice by the table message's buttons (the second to
the table in any order) and each board wins half of the pot; a bomb pot is
called by vote and dealt without preflop betting; after a hand that ended
before the river, the rabbit hunt shows the board that would have come. Every
test ends with the audit, which deals each finished hand again from its log;
the privacy checker reads everything each member saw."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.render.custom_ids import TABLE_BUTTON, rabbit_button_id, table_button_id
from engine import PotAwarded
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.fake_discord.messages import StoredMessage
from tests.e2e.hand_records import _replayed, hand_records
from tests.e2e.privacy import check_privacy
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, Turn, layout_text


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    return reply.text


def buttons_of(message: StoredMessage) -> dict[str, re.Match[str]]:
    found = {}
    for component in message.all_components():
        match = TABLE_BUTTON.fullmatch(str(component.get("custom_id") or ""))
        if match is not None:
            found[match["action"]] = match
    return found


def description(message: StoredMessage) -> str:
    """The table message's text as the channel shows it (a Components V2 layout)."""
    return layout_text(message)


async def open_heads_up(fake: FakeDiscord, **home: Any) -> tuple[Member, Member, TableView]:
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    opened = await answer(
        ann,
        "poker",
        "create",
        variant="NT",
        small_blind=5,
        big_blind=10,
        min_buy_in=100,
        provably_fair=True,
    )
    assert "A table of" in opened, opened
    refused = await answer(ben, "poker", "homegame", run_it_twice=True)
    assert "Only the player who opened the table" in refused
    saved = await answer(ann, "poker", "homegame", **home)
    assert "home-game options are saved" in saved, saved
    for member in (ann, ben):
        await answer(member, "poker", "join", buy_in=500)
    return ann, ben, TableView(fake)


async def test_run_it_twice_splits_the_pot_between_two_boards_and_the_audit_replays_it(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=5) as croupier:
        ann, ben, view = await open_heads_up(fake, run_it_twice=True)
        by_name = {"Ann": ann, "Ben": ben}
        turn = await view.next_turn()
        assert turn is not None
        first, second = by_name[turn.actor], ben if by_name[turn.actor] is ann else ann
        await first.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "allin"),
            message=turn.message_id,
        )
        called = await view.next_turn(turn.key)
        assert called is not None and called.actor == second.name
        await second.click(
            custom_id=table_button_id(called.table_id, called.hand_no, called.seq, "call"),
            message=called.message_id,
        )

        def offering() -> StoredMessage | None:
            message = view.table_message()
            return message if message is not None and "twice" in buttons_of(message) else None

        message = await fake.wait_for(offering, timeout=10)
        text = description(message)
        assert "run it twice? Still to choose: Ann, Ben" in text, text
        assert "Chances before the flop: Ann" in text or "Chances on " in text, text
        # The second player to be asked answers first: any player still to choose may.
        twice = buttons_of(message)["twice"]
        seq = int(twice["seq"])
        await second.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, seq, "twice"), message=message.id
        )

        def asking_one() -> StoredMessage | None:
            shown = offering()
            return (
                shown
                if shown is not None and int(buttons_of(shown)["twice"]["seq"]) > seq
                else None
            )

        message = await fake.wait_for(asking_one, timeout=10)
        assert f"Still to choose: {first.name} " in description(message)
        await first.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, seq + 1, "twice"),
            message=message.id,
        )
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)
        await croupier.settled()
        final = view.table_message()
        assert final is not None
        text = description(final)
        assert "Board 1" in text and "Board 2" in text, text
        assert "The board is run twice" in text
        # The chances as each card came: before the flop, on the flop, on the turn;
        # then the same for the second run, the first run's cards out of play.
        assert "Chances before the flop: Ann" in text and text.count("Chances on ") == 4, text
        assert "Second run · Chances before the flop: Ann" in text, text

        row = await croupier.database.fetch_one(
            "SELECT id FROM hands WHERE hand_no = ?", (turn.hand_no,)
        )
        assert row is not None
        _, hand = await _replayed(croupier.database, row["id"])
        assert hand.runouts == 2 and len(hand.boards) == 2
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        assert [a.share for a in awards] == ["board 1", "board 2"]
        assert [a.amount for a in awards] == [500, 500]  # each board half of the 1000 pot
        assert sum(hand.stacks) == 1000

        # The deck's opening covers the second board too: anyone, a spectator
        # included, finds every card of both runs at its place in the committed deck.
        zed = fake.add_member("Zed")
        opened = await answer(zed, "poker", "verify", hand=turn.hand_no)
        first_run, second_run = hand.boards
        assert set(second_run) - set(first_run)  # the second run's own cards
        for card in (*first_run, *second_run):
            assert re.search(rf"^\d+ {card} ", opened, re.MULTILINE), (card, opened)

        await answer(ann, "poker", "close")
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, [ann, ben, zed], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])
        assert report.opened_cards_checked > 0


async def test_a_voted_bomb_pot_and_the_rabbit_hunt_leave_the_audit_clean(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=9) as croupier:
        ann, ben, view = await open_heads_up(fake, rabbit_hunt=True, bomb_pot=20)
        zed = fake.add_member("Zed")  # only watches
        by_name = {"Ann": ann, "Ben": ben}
        no_vote = await answer(zed, "poker", "bomb")
        assert "have a seat at this table" in no_vote, no_vote

        # Hand 1: the first to act folds before the flop; the rabbit shows the board.
        turn = await view.next_turn()
        assert turn is not None
        await by_name[turn.actor].click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "fold"),
            message=turn.message_id,
        )
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)
        voted = await answer(ann, "poker", "bomb")
        assert "votes for a bomb pot (1 of 2 votes: 1 more needed)." in voted, voted

        result = view.results()[turn.hand_no]
        rabbit_id = rabbit_button_id(turn.table_id, turn.hand_no)
        assert any(c.get("custom_id") == rabbit_id for c in result.all_components())
        hunted = await zed.click(custom_id=rabbit_id, message=result.id)
        await hunted.settled()
        assert not hunted.ephemeral
        assert f"**Hand {turn.hand_no}** · rabbit hunt:" in hunted.text, hunted.text
        row = await croupier.database.fetch_one(
            "SELECT id FROM hands WHERE hand_no = ?", (turn.hand_no,)
        )
        assert row is not None
        _, folded = await _replayed(croupier.database, row["id"])
        rabbit_cards = folded.rabbit_cards()
        assert len(rabbit_cards) == 5
        # The deck opening shows the rabbit's cards at their places in the committed deck.
        opened = await answer(zed, "poker", "verify", hand=turn.hand_no)
        for card in rabbit_cards:
            assert re.search(rf"^\d+ {card} ", opened, re.MULTILINE), (card, opened)

        called = await answer(ben, "poker", "bomb")
        assert "the next hand is a bomb pot" in called, called

        # The next hand dealt is the bomb pot: everyone posted 20, the flop is out.
        bomb = await view.next_turn(turn.key)
        assert bomb is not None and bomb.hand_no > turn.hand_no
        bomb_message = fake.state.messages[bomb.message_id]
        text = description(bomb_message)
        while "Bomb pot: everyone posted 20" not in text:
            # The hand dealt before the vote counted was an ordinary one: fold it.
            await by_name[bomb.actor].click(
                custom_id=table_button_id(bomb.table_id, bomb.hand_no, bomb.seq, "fold"),
                message=bomb.message_id,
            )
            await fake.wait_for(lambda b=bomb: b.hand_no in view.results(), timeout=10)
            next_turn = await view.next_turn(bomb.key)
            assert next_turn is not None
            bomb = next_turn
            text = description(fake.state.messages[bomb.message_id])
        assert "no betting before the flop" in text
        current: Turn | None = bomb
        while current is not None and current.hand_no == bomb.hand_no:
            await by_name[current.actor].click(
                custom_id=table_button_id(current.table_id, current.hand_no, current.seq, "call"),
                message=current.message_id,
            )
            current = await view.next_turn(current.key, timeout=5)
        await fake.wait_for(lambda: bomb.hand_no in view.results(), timeout=10)
        row = await croupier.database.fetch_one(
            "SELECT id, initial FROM hands WHERE hand_no = ?", (bomb.hand_no,)
        )
        assert row is not None
        _, played = await _replayed(croupier.database, row["id"])
        assert played.setup.bomb_pot and played.setup.antes == (20, 20)
        assert not played.setup.blinds
        assert len(played.board) == 5 and sum(played.stacks) == 1000

        await answer(ann, "poker", "close")
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, [ann, ben, zed], records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])
        assert report.opened_cards_checked > 0
