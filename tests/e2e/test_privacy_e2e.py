"""Nobody sees a hole card that is not theirs before it is shown at the showdown.

Five members play a few hundred hands through the fake Discord while a sixth
only watches. One has closed their DMs and one has turned card DMs off, so
both rely on the "My cards" button; players ask for their cards, click out
of turn, read their /history and open the deck with /poker verify along the
way. Afterwards every card in everything each member was shown (every version
of every message, embed, button, modal, attached hand history, deck opening
and showdown picture, every card emoji, their ephemerals and their DMs) is
checked against the hands as the database logged them
(:mod:`tests.e2e.privacy`), the table message's card emojis (board, stud's up
cards and backs) and each player's DMs of their cards in their own deck's
emojis included. Cards reach members as emojis once the bot has
synced them (Ben plays with the four-colour deck), and as text before. Seven card stud (up cards are
everybody's) and triple draw (draws and discards stay their owner's, even
after a showdown) are played the same way.

CI plays ``CROUPIER_E2E_HANDS`` hold'em hands (default 200) and a fifth as
many of each other game; ``pytest -m slow`` plays a thousand more.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.fake_discord import BULK_RATE_CLOCK, FakeDiscord, Member
from tests.e2e.hand_records import HandRecord, hand_records
from tests.e2e.privacy import EMOJI, CardReader, cards_in, check_privacy
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import Style, TablePlayers
from tests.e2e.table_view import TableView, is_table_message

HANDS = int(os.environ.get("CROUPIER_E2E_HANDS", "200"))
SLOW_HANDS = 1000
STUD_AND_DRAW_HANDS = max(20, HANDS // 5)
#: Often enough that every player asks for their cards many times, and chooses
#: pre-actions on the seat view that answers.
CURIOUS = Style(cards_click=0.15, out_of_turn_click=0.05, pre_action_click=0.5)


def assert_seat_views_private(fake: FakeDiscord) -> None:
    """Every seat view, and every pre-action chosen on one, was shown to its owner
    alone; every turn notice named (and could ping) only its own player."""
    for message in fake.state.messages.values():
        text = message.text()
        private = "Your seat, hand" in text or any(
            str(c.get("custom_id", "")).startswith("croupier:pre:")
            for c in message.all_components()
        )
        if private or "Chosen before your turn" in text:
            assert message.ephemeral and message.visible_to is not None, text
            assert message.visible_to == frozenset({message.interaction_user_id}), text
        if message.kind == "channel" and "it is your turn" in message.content:
            mentions = message.allowed_mentions or {}
            (pinged,) = mentions.get("users", [])
            assert message.content.startswith(f"<@{pinged}>") and not mentions.get("parse")


def dm_of_hand(member: Member, hand: HandRecord) -> list[str]:
    title = f"Your cards, hand {hand.hand_no}"
    return [m.text() for m in member.dms() if m.embeds and m.embeds[0].get("title") == title]


async def play_and_check(
    fake: FakeDiscord, tmp_path: Path, hands: int, seed: int, variant: str = "NT"
) -> None:
    # Hundreds of hands at machine speed: Discord's rate limits stay on, on a rate
    # clock running a hundred times as fast (tests of the pace use the default).
    fake.rate_limits.time_scale = BULK_RATE_CLOCK
    async with running_croupier(
        fake, tmp_path / "croupier.db", starting_chips=10_000_000, deck_seed=seed
    ) as croupier:
        assert croupier.bot.card_emojis.task is not None
        await croupier.bot.card_emojis.task  # cards are emojis from here on
        ann, ben, cat, dan, eve = (fake.add_member(n) for n in ("Ann", "Ben", "Cat", "Dan", "Eve"))
        zed = fake.add_member("Zed")  # only watches
        players = [ann, ben, cat, dan, eve]
        four = await ben.slash("poker", "deck", deck="four_colour")
        assert "four-colour deck" in four.text
        cat.close_dms()
        dm_off = await dan.slash("poker", "dm", setting="off")
        assert "no longer get your cards by DM" in dm_off.text
        # Turn notices: Eve is mentioned in the channel, Ann told by DM.
        await (await eve.slash("poker", "notify", setting="mention")).settled()
        await (await ann.slash("poker", "notify", setting="dm")).settled()

        created = await ann.slash(
            "poker",
            "create",
            variant=variant,
            small_blind=5,
            big_blind=10,
            seats=6,
            provably_fair=True,
        )
        await created.settled()
        for member in players:
            await member.slash("poker", "join", buy_in=1000)
        view = TableView(fake)
        table = TablePlayers(fake, players, seed=seed, style=CURIOUS, top_up=1000, view=view)
        played = 0
        while played < hands:
            played = await table.play_hands(min(50, hands - played))
            for member in players:  # whoever may, shows the hand that just ended
                await (await member.slash("poker", "show")).settled()
            for member in (*players, zed):
                history = await member.slash("history")
                await history.settled()
                # The last hand may still be running: then only its commitment is shown.
                for hand_no in {played, 1 + played * 7 % played}:
                    await (await member.slash("poker", "verify", hand=hand_no)).settled()
        closed = await ann.slash("poker", "close")
        await closed.settled()
        await croupier.settled()

        records = await hand_records(croupier.database)
        report = check_privacy(fake, [*players, zed], records, records[0].table_id)
        assert_seat_views_private(fake)
        assert not report.leaks, "\n\n".join(str(leak) for leak in report.leaks[:5])
        assert not report.problems, report.problems[:5]

    finished = [hand for hand in records if hand.status == "finished"]
    assert len(finished) >= hands
    assert sum(1 for hand in finished if len(hand.shown) >= 2) >= hands // 10, "few showdowns"
    assert report.cards_checked > 20 * hands
    assert report.history_cards_checked > 0, "no /history file was checked"
    assert report.opened_cards_checked > 0, "no /poker verify opening was checked"
    assert report.emojis_read > 10 * hands, "few cards were drawn as emojis"
    # The table message draws the board (and stud's up cards, its down cards as
    # backs) as the table's emojis; the watcher's every sighting of it was checked.
    on_table = [
        sighting.text
        for sighting in fake.seen_by(zed)
        if sighting.message_id in fake.state.messages
        and is_table_message(fake.state.messages[sighting.message_id])
    ]
    assert sum(len(EMOJI.findall(text)) for text in on_table) > hands
    if variant == "F7S":
        assert any(":face_down_card:" in text for text in on_table)
    assert report.pictures_read > 0, "no showdown picture was checked"
    assert table.played.moves["button:cards"] > hands // 10
    assert table.played.moves["seat:pre_action"] > hands // 40
    assert table.played.moves["refused:out_of_turn"] > 0
    if variant == "F7S":
        assert table.played.moves["button:bringin"] > 0
    if variant == "F2L3D":
        assert table.played.moves["menu:discard"] > 0 and table.played.moves["menu:stand_pat"] > 0
    # The cards each player was sent are the ones the log dealt them.
    for hand in finished:
        for member in (ann, ben, eve):
            if member.id in hand.players and variant == "NT":
                (dm,) = dm_of_hand(member, hand)
                (line,) = [ln for ln in dm.splitlines() if ln.startswith("Your cards:")]
                # Drawn as the player's own deck's emojis, named for screen readers.
                assert "<:" in line
                cards = [card.symbol for card in hand.hole_cards[member.id]]
                assert cards_in(line, CardReader(fake)) == cards
            elif member.id in hand.players:  # later streets and draws bring more DMs
                assert dm_of_hand(member, hand)
        assert not dm_of_hand(cat, hand) and not dm_of_hand(dan, hand)
    # Cat, whose DMs are closed, is told once and alone (tests/e2e/test_table_faults_e2e.py).
    notices = [m for m in fake.messages(fake.channel) if "could not send you" in m.text()]
    assert all(m.kind == "ephemeral" for m in notices) and len(notices) <= 1
    assert report.own_cards_seen is not None
    assert report.own_cards_seen["Cat"] > 0 and report.own_cards_seen["Dan"] > 0
    assert report.own_cards_seen["Zed"] == 0


async def test_no_hole_card_is_seen_before_its_showdown(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    await play_and_check(fake_discord, tmp_path, HANDS, seed=2024)


@pytest.mark.parametrize("variant", ["F7S", "F2L3D"])
async def test_no_down_card_is_seen_in_stud_or_a_draw_game(
    fake_discord: FakeDiscord, tmp_path: Path, variant: str
) -> None:
    """Up cards are everybody's; down cards, draws and discards stay their owner's."""
    await play_and_check(fake_discord, tmp_path, STUD_AND_DRAW_HANDS, seed=31, variant=variant)


@pytest.mark.slow
async def test_no_hole_card_is_seen_in_a_thousand_hands(
    fake_discord: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a thousand hands: run with -m slow")
    await play_and_check(fake_discord, tmp_path, SLOW_HANDS, seed=7)
