"""A finished hand told from one player's seat, for /history: the game, their
own cards, the board, and how it ended for them (won with what, lost at the
showdown with what, folded).

Only what that player saw at the table goes in: their own cards, the board
and the result; nobody else's hole cards. The hand is dealt again from its
log (:func:`bot.tables.hand_log.replay_logged_hand`).
"""

from __future__ import annotations

from bot.database import Database
from bot.render.views import HandSummary
from bot.stats import RecentHand
from bot.tables.hand_log import replay_logged_hand
from engine import pot_verdicts, shown_hands


async def summarise(database: Database, hand: RecentHand, user_id: int) -> HandSummary | None:
    """``hand`` as ``user_id`` lived it, or ``None`` when its log cannot be replayed."""
    try:
        deal, played = await replay_logged_hand(database, hand.hand_id)
    except Exception:  # a damaged log: the line without a summary
        return None
    if user_id not in deal.players:
        return None
    me = deal.players.index(user_id)
    cards, board = tuple(played.hole_cards[me]), tuple(played.board)
    boards = tuple(map(tuple, played.boards)) if len(played.boards) > 1 else ()
    mine = next((s for s in shown_hands(played) if s.player == me), None)
    shown = mine.hands[0] if mine is not None and mine.hands else None
    if hand.won_chips > 0:
        won = [v for v in pot_verdicts(played) if me in v.winners and v.hand is not None]
        if won:
            return HandSummary(
                cards, board, "won_showdown", won[0].hand, won[0].kicker, boards=boards
            )
        return HandSummary(cards, board, "won", boards=boards)
    if played.folded[me]:
        return HandSummary(cards, board, "folded", boards=boards)
    if shown is not None:
        return HandSummary(cards, board, "lost_showdown", shown, boards=boards)
    return HandSummary(cards, board, "lost", boards=boards)
