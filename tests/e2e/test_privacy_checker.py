"""The privacy check reads cards in pictures and emojis, and catches what it
should: a hole card in a showdown picture, a picture showing more than the
scene it carries, an emoji whose name says another card than its face."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image
from PIL.PngImagePlugin import PngInfo

from bot.render.card_faces import face_png
from bot.render.card_markup import card_speech_name
from bot.render.showdown_picture import (
    SCENE_KEY,
    SceneHand,
    ShowdownScene,
    draw_showdown,
    render_showdown,
)
from engine.actions import BetOrRaise, Fold
from engine.cards import Card, parse_cards
from engine.hand import Hand, HandSetup
from engine.variants import VARIANTS
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.fake_discord.emojis import AppEmoji as StoredEmoji
from tests.e2e.hand_records import HandRecord, rabbit_from_deck
from tests.e2e.privacy import check_privacy

BOARD = tuple(parse_cards("3h9c7d5s2h"))
FULL_DECK = parse_cards(" ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))


def record(ann: Member, ben: Member, *, ben_shown: bool) -> HandRecord:
    ann_cards, ben_cards = tuple(parse_cards("AsKc")), tuple(parse_cards("QdQh"))
    shown = {ann.id: ann_cards} | ({ben.id: ben_cards} if ben_shown else {})
    return HandRecord(
        hand_id=1,
        table_id=1,
        hand_no=3,
        status="finished",
        players=(ann.id, ben.id),
        hole_cards={ann.id: ann_cards, ben.id: ben_cards},
        board=BOARD,
        face_up=frozenset(),
        shown=shown,
        button_draw=(),
    )


def scene(*hands: tuple[str, str]) -> ShowdownScene:
    return ShowdownScene(
        BOARD,
        tuple(SceneHand(name, tuple(parse_cards(cards))) for name, cards in hands),
        frozenset(),
        "two_colour",
    )


def post_result(fake: FakeDiscord, description: str, picture: bytes | None = None) -> None:
    files = [] if picture is None else [("showdown.png", picture)]
    fake.state.post_message(
        fake.channel.id, {"embeds": [{"title": "Hand 3", "description": description}]}, files
    )


def test_an_honest_result_with_its_picture_passes(fake_discord: FakeDiscord) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    post_result(fake_discord, "Ann shows A♠ K♣", render_showdown(scene(("Ann", "AsKc"))))
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    assert not report.leaks and not report.problems
    assert report.pictures_read == 2  # one picture, seen by two members


def test_a_mucked_hand_in_the_picture_is_a_leak(fake_discord: FakeDiscord) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    # The words keep Ben's cards out; the picture shows them.
    picture = render_showdown(scene(("Ann", "AsKc"), ("Ben", "QdQh")))
    post_result(fake_discord, "Ann shows A♠ K♣\nBen mucks.", picture)
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    leaked = {(leak.viewer, leak.card, leak.owner) for leak in report.leaks}
    assert ("Ann", "Q♦", ben.id) in leaked and ("Ann", "Q♥", ben.id) in leaked
    assert not any(leak.viewer == "Ben" for leak in report.leaks)  # his own cards


def test_a_picture_showing_more_than_its_scene_is_caught(fake_discord: FakeDiscord) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    honest = scene(("Ann", "AsKc"))
    image = draw_showdown(honest).convert("RGB")
    # Ben's queen pasted into the corner; the scene inside says nothing of it.
    queen = Image.open(io.BytesIO(face_png(Card.parse("Qd"), "two_colour", 40)))
    image.paste(queen.convert("RGB"), (0, 0), queen)
    info = PngInfo()
    info.add_text(SCENE_KEY, honest.to_json())
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", pnginfo=info)
    post_result(fake_discord, "Ann shows A♠ K♣", buffer.getvalue())
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    assert any("shows more than its scene" in problem for problem in report.problems)
    assert report.leaks  # an unreadable picture never passes


def test_an_emoji_is_read_by_its_face_and_its_spoken_name(fake_discord: FakeDiscord) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    queen = Card.parse("Qd")
    emojis = fake_discord.application_emojis.emojis
    emojis[1] = StoredEmoji(1, "c2_Qd_000000", face_png(queen, "two_colour"))
    # Ben's queen of diamonds, as an emoji, in a result where he mucked.
    post_result(fake_discord, f"Ann shows A♠ K♣ <:{card_speech_name(queen)}:1>")
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    assert ("Ann", "Q♦") in {(leak.viewer, leak.card) for leak in report.leaks}
    assert report.emojis_read == 2 and not report.problems


def test_an_emoji_whose_name_says_another_card_is_caught(fake_discord: FakeDiscord) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    emojis = fake_discord.application_emojis.emojis
    emojis[1] = StoredEmoji(1, "c2_Qd_000000", face_png(Card.parse("Qd"), "two_colour"))
    # The face shows Ben's queen; a screen reader would say the ace of spades.
    post_result(fake_discord, "Ann shows <:ace_of_spades:1> K♣")
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=True)], 1)
    assert any("its name says" in problem for problem in report.problems)
    assert report.leaks


def test_an_emoji_the_bot_does_not_hold_is_caught(fake_discord: FakeDiscord) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    post_result(fake_discord, "Ann shows <:ace_of_spades:99> K♣")
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    assert any("not one the bot holds" in problem for problem in report.problems)
    assert report.leaks


def post_table(fake: FakeDiscord, seat_line: str) -> None:
    """A table message as the bot posts it: a Components V2 layout, no embed."""
    text = f"-# No-limit Texas Hold'em · 5/10 · **Hand 3**\n## Pot: **30**\n{seat_line}"
    container = {"type": 17, "components": [{"type": 10, "content": text}]}
    fake.state.post_message(fake.channel.id, {"flags": 1 << 15, "components": [container]}, [])


def test_a_hole_card_emoji_on_the_table_messages_layout_is_caught(
    fake_discord: FakeDiscord,
) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    queen = Card.parse("Qd")
    emojis = fake_discord.application_emojis.emojis
    emojis[1] = StoredEmoji(1, "c2_Qd_000000", face_png(queen, "two_colour"))
    emojis[2] = StoredEmoji(2, "cb_back_000000", face_png(None, "two_colour"))
    back = "<:face_down_card:2>"
    # Face-down cards as backs are nobody's card; Ben's queen face up is a leak.
    post_table(fake_discord, f"2. Ben · **990** · {back} {back}")
    post_table(fake_discord, f"2. Ben · **990** · {back} <:{card_speech_name(queen)}:1>")
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    leaked = {(leak.viewer, leak.card, leak.owner) for leak in report.leaks}
    assert leaked == {("Ann", "Q♦", ben.id)}
    assert not report.problems and report.emojis_read >= 4  # back and queen, by both


def test_a_hand_turned_up_all_in_may_be_shown_only_from_that_moment(
    fake_discord: FakeDiscord,
) -> None:
    """All in, the hands are turned up before the run-out: a table message that
    shows the chances may show them; one from before (no chances) may not."""
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    tabled = replace(record(ann, ben, ben_shown=False), tabled=frozenset(parse_cards("QdQh")))
    post_table(fake_discord, "2. Ben · **0** · all in · Q♦ Q♥\nChances before the flop: Ben 82 %")
    report = check_privacy(fake_discord, [ann, ben], [tabled], 1)
    assert not report.leaks
    post_table(fake_discord, "2. Ben · **990** · Q♦ Q♥")
    report = check_privacy(fake_discord, [ann, ben], [tabled], 1)
    assert {(leak.viewer, leak.card) for leak in report.leaks} == {("Ann", "Q♦"), ("Ann", "Q♥")}


def test_a_notice_of_cards_shown_after_the_hand_names_only_cards_shown(
    fake_discord: FakeDiscord,
) -> None:
    ann, ben = fake_discord.add_member("Ann"), fake_discord.add_member("Ben")
    post = fake_discord.state.post_message
    post(fake_discord.channel.id, {"content": "**Ann** shows A♠ K♣ (hand 3)."}, [])
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    assert not report.leaks and report.cards_checked == 4  # two cards, seen by two members
    # A notice of a hand nobody showed: Ben's queens reach Ann.
    post(fake_discord.channel.id, {"content": "**Ben** zeigt Q♦ (Hand 3)."}, [])
    report = check_privacy(fake_discord, [ann, ben], [record(ann, ben, ben_shown=False)], 1)
    assert {(leak.viewer, leak.card, leak.owner) for leak in report.leaks} == {
        ("Ann", "Q♦", ben.id)
    }


def test_the_rabbit_allowed_is_read_from_the_deck_not_from_the_engines_hunt() -> None:
    # A double-board bomb pot folded on the flop: the deck after the last card
    # dealt holds each street's burn, then board 1's card, then board 2's.
    order = tuple(
        parse_cards("AsKh7c2d" + "3c" + "4c5c6c" + "7h8h9h" + "Td" + "JdQd" + "Ts" + "JsQs")
    )
    order += tuple(card for card in FULL_DECK if card not in order)
    setup = HandSetup(
        VARIANTS["NT"],
        (1000, 1000),
        antes=(20, 20),
        min_bet=10,
        deck=order,
        bomb_pot=True,
        boards=2,
    )
    hand = Hand(setup)
    hand.act(hand.to_act or 0, BetOrRaise(40))
    hand.act(hand.to_act or 0, Fold())
    # Turn: burn Td, Jd to board 1, Qd to board 2; river: burn Ts, Js, Qs.
    assert rabbit_from_deck(hand) == tuple(parse_cards("JdQdJsQs"))
    # The engine hunts the same cards, each board's; a hunt that showed a burn
    # (or anyone's cards) would show a card the checker does not allow.
    assert hand.rabbit_boards() == [parse_cards("JdJs"), parse_cards("QdQs")]
