"""Computer players: opponents that decide from what their seat can see.

Ask a :class:`ComputerPlayer` of a :class:`Style` for its action with the
seat's :class:`~engine.seat_view.SeatView` and a :class:`random.Random`::

    action = ComputerPlayer(STYLES["tight-aggressive"]).decide(seat_view(hand, index), rng)
    hand.act(index, action)

The action is always legal. The styles and their one-sentence descriptions
are in :mod:`engine.computer.styles`.
"""

from engine.computer.player import ComputerPlayer
from engine.computer.styles import DEFAULT_STYLE, STYLES, Style, style_named
from engine.computer.tournament_buys import ChipsBought, chips_to_buy

__all__ = [
    "DEFAULT_STYLE",
    "STYLES",
    "ChipsBought",
    "ComputerPlayer",
    "Style",
    "chips_to_buy",
    "style_named",
]
