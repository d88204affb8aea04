"""Hand histories in PHH, the open Poker Hand History format (TOML; spec:
uoftcprg/phh-std): reading and writing ``.phh`` and ``.phhs`` files, and the
history of a hand the engine dealt.
"""

from engine.phh.history import HandHistory, HistoryError
from engine.phh.notation import Amount, NotationError
from engine.phh.reading import load, loads, loads_all
from engine.phh.writing import dumps, dumps_all

__all__ = [
    "Amount",
    "HandHistory",
    "HistoryError",
    "NotationError",
    "dumps",
    "dumps_all",
    "load",
    "loads",
    "loads_all",
]
