"""An all-in run out street by street through the fake Discord and the real bot.

Once no more betting can happen, the hands are turned face up and the table
message shows everyone's chances; ``runout_pause_seconds`` later on the
table's clock (a fake clock the test moves) the next street comes, with new
chances, and so on to the result. Hold'em all in before the flop; seven card
stud all in on third street, whose down cards are shown face up with the
chances; and a bot stopped in the middle of a run-out, which carries on from
the street it showed. The privacy checker reads everything each member saw:
no card of a hand appears before that hand is turned up.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.render.custom_ids import table_button_id
from engine import Card
from tests.bot.fake_clock import FakeClock
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.hand_records import hand_records
from tests.e2e.privacy import check_privacy, symbols_seen
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_view import TableView, Turn, layout_text

PAUSE = 2
#: A line of chances: "Chances on <board>: Ann 93 % · Ben 7 %", its figures last.
FIGURES = re.compile(r"((?:Ann|Ben) \d+ %.*)$")


async def answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    return reply.text


async def open_table(fake: FakeDiscord, buy_in: int, **options: object) -> dict[str, Member]:
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    opened = await answer(ann, "poker", "create", small_blind=5, big_blind=10, **options)
    assert "A table of" in opened, opened
    for member in (ann, ben):
        joined = await answer(member, "poker", "join", buy_in=buy_in)
        assert "You sit" in joined or "seat" in joined, joined
    return {"Ann": ann, "Ben": ben}


async def click(members: dict[str, Member], turn: Turn, action: str) -> None:
    button = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
    reply = await members[turn.actor].click(custom_id=button, message=turn.message_id)
    assert reply.silent, reply  # the table message shows the action


def table_text(view: TableView) -> str:
    message = view.table_message()
    assert message is not None
    return layout_text(message)


def chances_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("Chances")]


def hole_cards(croupier: Croupier) -> dict[int, tuple[Card, ...]]:
    """Each player's cards in the hand being played (the truth to compare with)."""
    (runner,) = croupier.bot.tables.runners
    live = runner.live
    assert live is not None
    return {
        user_id: tuple(live.hand.hole_cards[index])
        for index, user_id in enumerate(live.deal.players)
    }


async def next_street(croupier: Croupier, clock: FakeClock) -> None:
    """Let the run-out's pause pass; the next street is dealt and shown."""
    await croupier.settled()
    clock.advance(PAUSE)
    await croupier.settled()


async def all_in_before_the_flop(members: dict[str, Member], view: TableView) -> Turn:
    turn = await view.next_turn()
    assert turn is not None
    await click(members, turn, "allin")
    called = await view.next_turn(turn.key)
    assert called is not None and called.actor != turn.actor
    await click(members, called, "call")
    return called


async def test_all_in_before_the_flop_shows_the_chances_after_each_street(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=5, runout_pause_seconds=PAUSE
    ) as croupier:
        members = await open_table(fake, 500, variant="NT")
        view = TableView(fake)
        called = await all_in_before_the_flop(members, view)
        await croupier.settled()
        cards = hole_cards(croupier)
        text = table_text(view)
        # Betting is over: both hands face up, the chances before the flop, no board yet.
        (before,) = chances_lines(text)
        assert before.startswith("Chances before the flop: "), text
        seen = symbols_seen(text, fake)
        assert {c.symbol for hand in cards.values() for c in hand} <= seen, text
        assert called.hand_no not in view.results()

        await next_street(croupier, clock)
        text = table_text(view)
        (before_again, flop) = chances_lines(text)
        assert before_again == before
        assert flop.startswith("Chances on "), text
        assert called.hand_no not in view.results(), "the turn waits for the pause"

        await next_street(croupier, clock)
        text = table_text(view)
        (_, flop_again, turn) = chances_lines(text)
        assert flop_again == flop
        flop_figures, turn_figures = FIGURES.search(flop), FIGURES.search(turn)
        assert flop_figures is not None and turn_figures is not None
        assert turn_figures[1] != flop_figures[1], text  # the turn changed the chances
        assert called.hand_no not in view.results()

        await next_street(croupier, clock)
        await fake.wait_for(lambda: called.hand_no in view.results(), timeout=10)
        final = table_text(view)
        assert "The hand is over." in final
        assert len(chances_lines(final)) == 3, final  # each stage, after the fact too

        await answer(members["Ann"], "poker", "close")
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, list(members.values()), records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])
        assert report.cards_checked > 0


async def test_a_stud_all_in_shows_the_chances_with_the_hands_face_up(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, clock = fake_discord, FakeClock()
    async with running_croupier(
        fake, tmp_path / "croupier.db", clock=clock, deck_seed=8, runout_pause_seconds=PAUSE
    ) as croupier:
        # At 5/10 stud antes 1 and bets 10: 41 chips go all in within third street.
        members = await open_table(fake, 41, variant="F7S", min_buy_in=41)
        view = TableView(fake)
        turn = await view.next_turn()
        assert turn is not None
        hand_no = turn.hand_no
        while turn is not None and turn.hand_no == hand_no:
            buttons = set(turn.buttons)
            action = next(a for a in ("bringin", "raise", "big", "call") if a in buttons)
            await click(members, turn, action)
            turn = await view.next_turn(turn.key, timeout=3)
        await croupier.settled()
        (runner,) = croupier.bot.tables.runners
        live = runner.live
        assert live is not None and live.hand.runout_due, "all in, the run-out waits"
        shown: list[str] = []
        while True:
            text = table_text(view)
            lines = chances_lines(text)
            # Each street adds its own line as its cards come, the earlier ones kept:
            # the chances with as many cards each as both players hold now.
            cards_each = len(next(iter(hole_cards(croupier).values())))
            assert lines[:-1] == shown, text
            assert lines[-1].startswith(f"Chances with {cards_each} cards each: "), text
            # Every card of both hands face up, the down cards too, with the chances.
            seen = symbols_seen(text, fake)
            held = {c.symbol for hand in hole_cards(croupier).values() for c in hand}
            assert held <= seen, text
            shown = lines
            await next_street(croupier, clock)
            if runner.live is None:
                break
        # From third street (three cards each) to sixth: the seventh decides, no line.
        assert [int(line.split()[2]) for line in shown] == list(range(3, 3 + len(shown)))
        assert shown[-1].startswith("Chances with 6 cards each: "), shown
        await fake.wait_for(lambda: hand_no in view.results(), timeout=10)
        assert chances_lines(table_text(view)) == shown  # each street's, after the fact too

        await answer(members["Ann"], "poker", "close")
        await croupier.settled()
        records = await hand_records(croupier.database)
        report = check_privacy(fake, list(members.values()), records, records[0].table_id)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])


async def test_a_bot_stopped_during_a_run_out_carries_on_from_the_street_it_showed(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, database = fake_discord, tmp_path / "croupier.db"
    clock = FakeClock()
    async with running_croupier(
        fake, database, clock=clock, deck_seed=5, runout_pause_seconds=PAUSE
    ) as croupier:
        members = await open_table(fake, 500, variant="NT")
        view = TableView(fake)
        called = await all_in_before_the_flop(members, view)
        await next_street(croupier, clock)
        await next_street(croupier, clock)
        shown = chances_lines(table_text(view))
        assert len(shown) == 3, shown  # before the flop, on the flop, on the turn
    # Started again: the same hand, at the turn it showed, not dealt from the flop again.
    clock = FakeClock()
    async with running_croupier(
        fake, database, clock=clock, deck_seed=5, runout_pause_seconds=PAUSE
    ) as croupier:
        await croupier.settled()
        # The same chances; the board in them is drawn with the emojis the restarted
        # bot holds by then (as the board above them is), so compare cards as seen.
        again = chances_lines(table_text(view))
        assert [FIGURES.search(line)[1] for line in again] == [  # type: ignore[index]
            FIGURES.search(line)[1]  # type: ignore[index]
            for line in shown
        ]
        assert [symbols_seen(line, fake) for line in again] == [
            symbols_seen(line, fake) for line in shown
        ]
        assert called.hand_no not in view.results()
        await next_street(croupier, clock)
        await fake.wait_for(lambda: called.hand_no in view.results(), timeout=10)
        status = await croupier.database.fetch_value("SELECT status FROM hands WHERE id = 1")
        assert status == "finished"
