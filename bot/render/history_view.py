"""/history as a player reads it: each of their last hands by game name, with
a summary of how it went beside its hand history file.

>>> from bot.stats import RecentHand
>>> from bot.render.views import HandSummary
>>> from engine import parse_cards
>>> recent = RecentHand(1, 1, 555, 12, "F2L3D", "2024-05-01T20:00:00Z", -20, 0, False)
>>> summary = HandSummary(tuple(parse_cards("7s5h4d3c2h")), (), "folded")
>>> print(history_lines([(recent, summary)], "en"))
**Hand 12** · Fixed-limit Deuce-to-Seven Triple Draw · <#555> · **-20**
your cards 7♠ 5♥ 4♦ 3♣ 2♥ · folded
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.render.card_markup import TEXT_FACES, CardFaces, cards_markup
from bot.render.game_names import game_name
from bot.render.hand_words import hand_with
from bot.render.views import HandSummary
from bot.stats import RecentHand


def history_lines(
    hands: Sequence[tuple[RecentHand, HandSummary | None]],
    locale: str,
    faces: CardFaces = TEXT_FACES,
) -> str:
    """Two lines a hand: which hand and game, then how it went (left out when
    the hand's log could not be read)."""
    lines = []
    for hand, summary in hands:
        lines.append(
            t(
                "history.hand_tournament" if hand.tournament else "history.hand",
                locale,
                hand_no=hand.hand_no,
                game=game_name(hand.variant, locale),
                channel_id=hand.channel_id,
                net=hand.net,
            )
        )
        if summary is None:
            continue
        parts = [t("history.cards", locale, cards=cards_markup(summary.cards, faces, locale))]
        if summary.boards:
            parts.extend(
                t(
                    "history.board_numbered",
                    locale,
                    number=number,
                    board=cards_markup(board, faces, locale),
                )
                for number, board in enumerate(summary.boards, start=1)
            )
        elif summary.board:
            parts.append(
                t("history.board", locale, board=cards_markup(summary.board, faces, locale))
            )
        words = (
            hand_with(summary.shown, locale, kicker=summary.kicker)
            if summary.shown is not None
            else ""
        )
        parts.append(t(f"history.outcome.{summary.outcome}", locale, hand=words))
        lines.append(" · ".join(parts))
    return "\n".join(lines)
