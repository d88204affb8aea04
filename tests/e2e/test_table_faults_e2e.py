"""The table when things go wrong: slow players, closed DMs, impatient and
confused clicks, nonsense typed into the raise form, Discord rate-limiting
everything, and the gateway dropping in the middle of a hand.

Each test plays through the fake Discord against the real bot and ends, like
every end-to-end test, with the bot's audit: whatever happened, every chip is
where the ledger says, and every finished hand replays to its result.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest

from bot.database import Database
from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, ModalRejected, OptionRejected, Reply
from tests.e2e.hand_records import hand_records
from tests.e2e.privacy import symbols_seen
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, input_id, open_table
from tests.e2e.table_view import Turn

COUNTDOWN = re.compile(r"<t:(\d+):R>")


def button(turn: Turn, action: str) -> str:
    return table_button_id(turn.table_id, turn.hand_no, turn.seq, action)


async def answer(reply: Reply) -> str:
    """What the bot told the member: the answer itself, or its first followup
    when the answer was a silent acknowledgement."""
    return await reply.sentence()


async def logged_actions(database: Database) -> int:
    return int(await database.fetch_value("SELECT COUNT(*) FROM hand_actions"))


async def test_the_clock_acts_for_a_player_who_does_not(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=3) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben], action_seconds=5)
        turn = view.turn()
        assert turn is not None
        message = view.table_message()
        assert message is not None
        countdown = COUNTDOWN.search(message.text())
        assert countdown is not None
        assert 3 <= int(countdown[1]) - time.time() <= 6

        # Nobody acts: five seconds later the clock folds the small blind,
        # who faces the big blind, and the next hand is dealt.
        seen_at = time.monotonic()
        later = await view.next_turn(turn.key, timeout=10)
        waited = time.monotonic() - seen_at
        assert later is not None and later.hand_no == turn.hand_no + 1
        assert 3.5 <= waited <= 8, waited
        assert f"{turn.actor} folds (out of time)" in fake.seen_text(ann)
        by_clock = await croupier.database.fetch_all(
            "SELECT a.actor FROM hand_actions a JOIN hands h ON h.id = a.hand_id"
            " WHERE h.hand_no = ?",
            (turn.hand_no,),
        )
        assert [row["actor"] for row in by_clock] == [None]

        # Players who act in time are never acted for.
        players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
        await players.play_hands(1)
        acted = await croupier.database.fetch_all(
            "SELECT a.actor FROM hand_actions a JOIN hands h ON h.id = a.hand_id"
            " WHERE h.hand_no = ?",
            (later.hand_no,),
        )
        assert acted and all(row["actor"] is not None for row in acted)


async def test_a_player_who_closed_their_dms_reads_their_cards_with_a_button(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        ben.close_dms()
        view = await open_table(fake, [ann, ben])
        turn = view.turn()
        assert turn is not None

        def refused_dms() -> list[object]:
            return [r for r in fake.refusals if r.code == 50007]

        await fake.wait_for(lambda: refused_dms() and ann.dms())
        assert not ben.dms()
        cards = await ben.click(custom_id=button(turn, "cards"), message=turn.message_id)
        assert cards.ephemeral and "Your cards" in cards.text
        assert "Your cards" not in fake.seen_text(ann).replace(ann.dms()[0].text(), "")

        def told() -> list[str]:
            return [
                m.text() for m in ben.ephemerals() if "could not send you your cards" in m.text()
            ]

        await fake.wait_for(told)
        assert "/poker dm on" in told()[0]
        assert "could not send you" not in fake.seen_text(ann), "told to Ben alone"

        players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
        await players.play_hands(3)
        assert len(told()) == 1, "Ben is told once, not every hand"
        assert len(refused_dms()) == 1, "no DM is tried again: each refusal counts against the bot"

        ben.open_dms()
        assert "by DM" in (await ben.slash("poker", "dm", setting="on")).text
        await players.play_hands(1)
        await croupier.settled()
        records = {hand.hand_no: hand for hand in await hand_records(croupier.database)}
        newest = max(records)
        (dm,) = [m for m in ben.dms() if f"Your cards, hand {newest}" in m.text()]
        dealt = {card.symbol for card in records[newest].hole_cards[ben.id]}
        assert symbols_seen(dm.text(), fake) == dealt  # as card emojis, once synced
        shown = records[turn.hand_no].hole_cards[ben.id]
        # The seat view has moved on to later hands since (issue 23): as first shown.
        assert cards.message is not None
        first = next(s for s in ben.seen() if s.message_id == cards.message.id)
        assert all(card.symbol in symbols_seen(first.text, fake) for card in shown)


async def test_clicks_out_of_turn_twice_or_from_outside_change_nothing(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=5) as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        zed = fake.add_member("Zed")  # no seat
        view = await open_table(fake, [ann, ben, cat])
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        by_name = {m.name: m for m in (ann, ben, cat)}
        actor = by_name[turn.actor]
        dealt = {ann, ben} if turn.hand_no == 1 else {ann, ben, cat}
        waiting = next(m for m in dealt if m is not actor)
        before = await logged_actions(croupier.database)

        refused = await waiting.click(custom_id=button(turn, "call"), message=turn.message_id)
        assert await answer(refused) == f"It is not your turn; {actor.name} is to act."
        by_command = await waiting.slash("call")
        assert "It is not your turn" in await answer(by_command)
        if cat not in dealt:
            not_dealt = await cat.click(custom_id=button(turn, "fold"), message=turn.message_id)
            assert "You are not playing this hand" in await answer(not_dealt)
        outsider = await zed.click(custom_id=button(turn, "call"), message=turn.message_id)
        assert "You don't have a seat" in await answer(outsider)
        assert "You don't have a seat" in await answer(await zed.slash("fold"))
        await croupier.settled()
        assert view.turn() == turn and await logged_actions(croupier.database) == before

        # A double click: both clicks are answered, one action is taken.
        first = await actor.click(custom_id=button(turn, "call"), wait=False)
        second = await actor.click(custom_id=button(turn, "call"), wait=False)
        await first.answered()
        await second.answered()
        moved = await view.next_turn(turn.key)
        assert moved is not None
        await croupier.settled()
        assert await logged_actions(croupier.database) == before + 1
        refusals = [*first.said, *second.said]
        assert len(refusals) == 1 and "moved on" in refusals[0], refusals

        # The same command sent twice at once: a command acts on the turn it was
        # sent in, like a button, so the second is refused even where the turn
        # comes back to the same player (as after a check that ends a round,
        # heads-up); every answer says truly what was done.
        actor = by_name[moved.actor]
        word = "check" if moved.buttons["call"] == "Check" else "call"
        both = [await actor.slash(word, wait=False) for _ in range(2)]
        said = [await answer(reply) for reply in both]
        taken = [text for text in said if text.startswith("You ")]
        assert len(taken) == 1, said
        for text in said:
            assert text.startswith(("You checked", "You called", "The hand moved on")), said
        await croupier.settled()
        assert await logged_actions(croupier.database) == before + 2


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("abc", "is not an amount I can use"),
        ("-5", "is not an amount I can use"),
        ("1e9", "is not an amount I can use"),
        ("1,000", "is not an amount I can use"),
        ("12.5", "is not an amount I can use"),
        ("   ", "is not an amount I can use"),
        ("٣٠", "is not an amount I can use"),  # Arabic-Indic digits
        ("99999999999999999999", "is not an amount I can use"),
        ("11", "minimum"),
        ("5000", "the most you can bet"),
    ],
)
async def test_nonsense_in_the_raise_form_is_refused_and_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path, typed: str, why: str
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=6) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben], buy_in=1000)
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]

        opened = await actor.click(custom_id=button(turn, "raise"), message=turn.message_id)
        assert opened.modal is not None
        refused = await actor.submit_modal({input_id(opened.modal): typed})
        text = await answer(refused)
        assert why in text, text
        await croupier.settled()
        assert view.turn() == turn and await logged_actions(croupier.database) == 0


async def test_an_empty_form_or_an_impossible_amount_never_reaches_the_table(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=6) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben], buy_in=1000)
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]
        opened = await actor.click(custom_id=button(turn, "raise"), message=turn.message_id)
        assert opened.modal is not None
        with pytest.raises(ModalRejected):  # Discord's client will not send it
            await actor.submit_modal({input_id(opened.modal): ""})
        for amount in (0, -5, 10**12):
            with pytest.raises(OptionRejected):  # outside the command's declared range
                await actor.slash("raise", amount=amount)
        assert "minimum" in await answer(await actor.slash("raise", amount=11))

        # After all that, a sensible raise is taken.
        opened = await actor.click(custom_id=button(turn, "raise"), message=turn.message_id)
        assert opened.modal is not None
        raised = await actor.submit_modal({input_id(opened.modal): " 40 "})
        assert raised.silent and not raised.followups
        later = await view.next_turn(turn.key)
        assert later is not None
        message = view.table_message()
        assert message is not None and f"{actor.name} raises to 40" in message.text()
        assert await logged_actions(croupier.database) == 1


async def test_a_storm_of_429s_slows_the_table_but_every_hand_finishes(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=8) as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        view = await open_table(fake, [ann, ben, cat])
        players = TablePlayers(fake, [ann, ben, cat], seed=8, view=view)
        await players.play_hands(1)

        # discord.py waits out each 429 and tries again, up to five times a request.
        # Most of the table's edits are the answers to clicks (cogs/pending_click.py),
        # so the edits' storm makes one edit fail outright (tried again 5 s later).
        storms = [
            fake.fail_next(
                "PATCH /channels/{channel}/messages/{message}", count=6, retry_after=0.05
            ),
            fake.fail_next("POST /channels/{channel}/messages", count=4, retry_after=0.1),
            fake.fail_next("POST /interactions/{id}/{token}/callback", count=4, retry_after=0.3),
            fake.fail_next("POST /webhooks/{app}/{token}", count=3, retry_after=0.2),
            # A global one, on the route of every new hand, result and DM (a DM channel
            # is opened once per player, in the hand before the storm).
            fake.fail_next(
                "POST /channels/{channel}/messages", count=2, retry_after=0.1, is_global=True
            ),
        ]
        played = await players.play_hands(6)
        assert all(storm.hits for storm in storms), [len(storm.hits) for storm in storms]
        assert played >= 7
        await croupier.settled()

        # The channel caught up: the newest table message shows the table as it is.
        runner = croupier.bot.tables.runners[0]
        live = runner.live
        shown = view.turn()
        if live is not None and shown is not None:
            assert shown.key == (live.hand_no, len(live.hand.actions))
        finished = [h for h in await hand_records(croupier.database) if h.status == "finished"]
        assert {hand.hand_no for hand in finished} == set(view.results())


async def test_a_gateway_drop_mid_hand_loses_no_click(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=9) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await croupier.settled()
        turn = view.turn()
        assert turn is not None
        actor = {"Ann": ann, "Ben": ben}[turn.actor]

        # The bot's connection drops; a click made meanwhile reaches it when it resumes.
        resumes = fake.gateway.resumes
        assert await fake.drop_gateway(wait_for_resume=False) == 1
        click = await actor.click(custom_id=button(turn, "call"), wait=False)
        await fake.wait_for(lambda: fake.gateway.resumes > resumes, timeout=10)
        await click.answered()
        moved = await view.next_turn(turn.key)
        assert moved is not None

        # Once more, between two actions, then the hand is played out.
        await fake.drop_gateway()
        players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
        await players.play_hands(2)
        assert fake.gateway.identifies == 1, "the session resumed rather than starting over"
        await croupier.settled()
        finished = [h for h in await hand_records(croupier.database) if h.status == "finished"]
        assert len(finished) >= 2 and turn.hand_no in {hand.hand_no for hand in finished}


@pytest.mark.parametrize(
    ("words", "options", "said"),
    [
        (("poker", "join"), {"buy_in": 500}, "You sit in seat 3"),
        (("poker", "sitout"), {}, "You are sitting out"),
        (("poker", "dm"), {"setting": "off"}, "no longer get your cards by DM"),
    ],
)
async def test_table_commands_are_answered_in_time_while_the_database_is_busy(
    fake_discord: FakeDiscord,
    tmp_path: Path,
    words: tuple[str, ...],
    options: dict[str, object],
    said: str,
) -> None:
    """Under load a table's changes queue for the database for seconds; a command
    must still be acknowledged within Discord's three seconds, then answered."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=10) as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        await open_table(fake, [ann, ben])
        member = cat if words[-1] == "join" else ann
        busy = asyncio.Event()

        async def hold_the_database() -> None:
            async with croupier.database.transaction():
                busy.set()
                await asyncio.sleep(3.5)

        holder = asyncio.create_task(hold_the_database())
        await busy.wait()
        reply = await member.slash(*words, **options)
        assert reply.ephemeral
        await reply.settled(timeout=10)
        assert said in reply.text, reply.text
        assert not reply.interaction.refused_codes
        await holder
