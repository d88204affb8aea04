"""The home-game extras that had engine tests only, through the fake Discord
and the real bot: a double-board bomb pot (everyone posts the agreed amount,
nobody bets before the flop, each board's half of the pot goes by its own
showdown) and the 7-2 bounty (the winner who shows seven-deuce collects the
agreed bounty from every other player dealt in). The figures checked are the
ones a player would check: the stacks on the table message, the result
message, ``/history``. Every test ends with the audit (each finished hand is
dealt again from its log, no chip created or lost) and the privacy checker.

The decks are fixed by seed (``deck_seed``), so each hand's cards, and so who
wins what, are known."""

from __future__ import annotations

from pathlib import Path

from bot.render.custom_ids import table_button_id
from engine import Hand, PotAwarded
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.hand_records import _replayed, hand_records
from tests.e2e.privacy import check_privacy
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView, Turn, layout_text, seats_of
from tests.e2e.test_home_game_e2e import answer


async def check_down(view: TableView, players: dict[str, Member], turn: Turn) -> None:
    """Everyone checks (or calls) until hand ``turn.hand_no`` has its result."""
    current: Turn | None = turn
    while current is not None and current.hand_no == turn.hand_no:
        await players[current.actor].click(
            custom_id=table_button_id(current.table_id, current.hand_no, current.seq, "call"),
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
        result = str(view.results()[2].embeds[0]["description"])
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
