"""Hand histories in PHH, the open Poker Hand History format (TOML; spec:
uoftcprg/phh-std): reading and writing ``.phh`` and ``.phhs`` files, the
history of a hand the engine dealt, and replaying recorded hands.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 ????", "p3 f", "p1 cbr 6", "p2 f"]
... finishing_stacks = [102, 98, 100]
... ''')
>>> result = replay(history)
>>> result.ok, result.finishing_stacks, result.matches_recorded
(True, (102, 98, 100), True)

``python -m engine.phh replay FILE...`` replays files and folders from the
command line (see :mod:`engine.phh.cli`).
"""

from engine.phh.history import HandHistory, HistoryError
from engine.phh.notation import Amount, NotationError
from engine.phh.reading import load, loads, loads_all
from engine.phh.replaying import ReplayError, ReplayResult, replay
from engine.phh.seen_by import history_seen_by
from engine.phh.writing import dumps, dumps_all

__all__ = [
    "Amount",
    "HandHistory",
    "HistoryError",
    "NotationError",
    "ReplayError",
    "ReplayResult",
    "dumps",
    "dumps_all",
    "history_seen_by",
    "load",
    "loads",
    "loads_all",
    "replay",
]
