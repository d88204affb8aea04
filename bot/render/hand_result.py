"""The message that ends a hand: who showed what, who mucked, and who won
which pot with what, in the reader's language, with a picture of the showdown.

Hands are worded from the engine's data (:mod:`bot.render.hand_words`):
"Ann wins the pot of **120** with a pair of threes, king kicker." when the
kicker beat the best losing hand, "Ann and Ben split the pot of **120**: both
have a straight, nine high." when they tie. Players who mucked share one
line. In draw and stud games (no board) a shown hand is written in the order
its best hand reads. Cards are written by :mod:`bot.render.card_markup`
(emojis of the reader's deck where the bot has them), and the showdown's
picture (:mod:`bot.render.showdown_picture`) is attached when anyone showed.

>>> from bot.render.views import HandResultView, PotWin
>>> result = HandResultView(1, 7, (), (), (PotWin(1, 2, "whole", 120, (("Carol", 120),),
...                                              "Flush, ace high"),))
>>> result_message(result, "en").embed.description
'Carol wins the side pot of **120** with Flush, ace high.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

import discord

from bot.i18n import t
from bot.render.card_faces import DeckStyle
from bot.render.card_markup import TEXT_FACES, CardFaces, cards_markup
from bot.render.hand_words import hand_label, hand_with
from bot.render.home_lines import rabbit_button
from bot.render.limits import EMBED_DESCRIPTION, NAME, check_embed, shorten
from bot.render.message import EMBED_COLOUR, OutgoingFile, OutgoingMessage
from bot.render.showdown_picture import (
    FILENAME,
    reading_order,
    render_showdown,
    showdown_scene,
)
from bot.render.views import HandResultView, PotWin, ShownHand
from engine import Card


def result_message(
    result: HandResultView, locale: str, faces: CardFaces = TEXT_FACES, *, picture: bool = True
) -> OutgoingMessage:
    """The result of a hand for readers of ``locale``, cards drawn from ``faces``
    (its deck also draws the picture); ``picture=False`` leaves the picture out."""
    lines = result_lines(result, locale, faces)
    embed = discord.Embed(
        title=t("result.title", locale, hand_no=result.hand_no),
        description=shorten("\n".join(lines), EMBED_DESCRIPTION),
        colour=EMBED_COLOUR,
    )
    files: tuple[OutgoingFile, ...] = ()
    if picture:
        files = showdown_files(result, faces.deck, locale)
        if files:
            embed.set_image(url=f"attachment://{FILENAME}")
    buttons = rabbit_button(result, locale)
    return OutgoingMessage(embed=check_embed(embed), files=files, buttons=buttons)


def result_lines(
    result: HandResultView, locale: str, faces: CardFaces = TEXT_FACES, *, board: bool = True
) -> list[str]:
    """The result's sentences: who showed what, who mucked, who won which pot
    (the end of the hand's table message, :mod:`bot.render.table_message`);
    ``board=False`` leaves out the board, for a message that shows it above."""
    sorted_cards = not result.board
    lines = _board_lines(result, locale, faces) if board else []
    lines += [_shown_line(shown, locale, faces, sorted_cards) for shown in result.shown]
    if result.mucked:
        names = names_list([shorten(name, NAME) for name in result.mucked], locale)
        key = "result.muck" if len(result.mucked) == 1 else "result.muck_many"
        lines.append(t(key, locale, names=names))
    lines += [_win(win, locale) for win in result.wins]
    if result.carried_over:
        lines.append(t("result.carried_over", locale, amount=result.carried_over))
    if result.bounty is not None:
        name, amount = result.bounty
        lines.append(t("home.bounty", locale, name=shorten(name, NAME), amount=amount))
    if result.rake:
        lines.append(t("result.rake", locale, amount=result.rake))
    if result.commitment:
        lines.append(t("result.verify", locale, hand_no=result.hand_no))
    if result.replay_url:
        lines.append(t("replay.link", locale, url=result.replay_url))
    return lines


def result_boards(result: HandResultView) -> tuple[tuple[Card, ...], ...]:
    """The hand's boards as the result tells them (none in stud and draw games)."""
    return result.boards or ((result.board,) if result.board else ())


def _board_lines(result: HandResultView, locale: str, faces: CardFaces) -> list[str]:
    """The board in the text too: a reader without the picture (not sent, not
    loaded, read aloud) still learns what it was."""
    boards = result_boards(result)
    if len(boards) == 1:
        return [t("result.board", locale, board=cards_markup(boards[0], faces, locale))]
    return [
        t("result.board_n", locale, n=n, board=cards_markup(board, faces, locale))
        for n, board in enumerate(boards, start=1)
    ]


def showdown_files(
    result: HandResultView, deck: DeckStyle, locale: str
) -> tuple[OutgoingFile, ...]:
    """The showdown's picture as an attachment (none when nobody showed),
    described in words for screen readers."""
    scene = showdown_scene(result, deck, locale, sorted_cards=not result.board)
    if scene is None:
        return ()
    alt = [t("result.picture", locale)]
    if len(scene.boards) > 1:
        alt += [
            t("private.board_n", locale, n=n, board=cards_markup(board))
            for n, board in enumerate(scene.boards, start=1)
        ]
    elif scene.board:
        alt.append(t("private.board", locale, board=cards_markup(scene.board)))
    alt += [f"{hand.name}: {cards_markup(hand.cards)}" for hand in scene.hands]
    return (OutgoingFile(FILENAME, render_showdown(scene), shorten(" ".join(alt), 1024)),)


def _shown_line(shown: ShownHand, locale: str, faces: CardFaces, sorted_cards: bool) -> str:
    cards = shown.cards
    if sorted_cards:
        cards = reading_order(cards, shown.hands[0].cards if shown.hands else ())
    words = " / ".join(hand_label(hand, locale) for hand in shown.hands)
    return t(
        "result.shows",
        locale,
        name=shorten(shown.name, NAME),
        cards=cards_markup(cards, faces, locale),
        description=words or shown.description or "—",
    )


def names_list(names: Sequence[str], locale: str) -> str:
    """ "Ann", "Ann and Ben", "Ann, Ben and Cat"."""
    if len(names) == 1:
        return names[0]
    return t("result.and", locale, first=", ".join(names[:-1]), last=names[-1])


def pot_name(win: PotWin, locale: str) -> str:
    if win.pot_count == 1:
        pot = t("result.pot.only", locale)
    elif win.pot_index == 0:
        pot = t("result.pot.main", locale)
    elif win.pot_count == 2:
        pot = t("result.pot.side", locale)
    else:
        pot = t("result.pot.side_n", locale, n=win.pot_index)
    match win.share:
        case "whole":
            return pot
        case "high":
            return t("result.share.high", locale, pot=pot)
        case "low":
            return t("result.share.low", locale, pot=pot)
        case "board 1" | "board 2":  # double-board games
            return t("result.share.board", locale, pot=pot, n=win.share.split()[1])
    assert_never(win.share)


def _win(win: PotWin, locale: str) -> str:
    names = [shorten(name, NAME) for name, _ in win.winners]
    pot = pot_name(win, locale)
    if win.hand is not None:
        hand = hand_with(win.hand, locale, kicker=win.kicker)
        if len(names) == 1:
            key = "result.wins_with"
        else:
            key = "result.split_two_with" if len(names) == 2 else "result.split_many_with"
    else:
        hand = win.description
        with_hand = "_with" if hand else ""
        key = f"result.wins{with_hand}" if len(names) == 1 else f"result.split{with_hand}"
    return t(
        key,
        locale,
        name=names[0],
        names=names_list(names, locale),
        pot=pot,
        amount=win.amount,
        hand=hand,
    )
