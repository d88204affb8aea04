"""Errors a player can cause, each carrying a sentence the player understands.

Every refusal has a ``key`` and parameters so the Discord layer can translate
it from its catalogue; ``str(error)`` is the English sentence.

>>> str(IllegalAction("min_raise", amount=600))
'The minimum raise is to 600.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.sentences import SENTENCES

#: English sentences by key, generated from the bot's English catalogue (its
#: ``engine.*`` keys, :mod:`engine.sentences`): the catalogue is the one wording,
#: and the bot's catalogues translate the same keys.
MESSAGES: Final[Mapping[str, str]] = SENTENCES


class EngineError(Exception):
    """Base of the engine's errors."""


class IllegalAction(EngineError):
    """An action the rules do not allow; the state is unchanged.

    ``key`` names the sentence in :data:`MESSAGES`; ``params`` fill it in.
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(MESSAGES[key].format(**params))

    @property
    def sentence(self) -> str:
        return str(self)


class TableError(IllegalAction):
    """A request to the table (sit, leave, top up, deal) the rules do not
    allow; the table is unchanged. Its sentences are in :data:`MESSAGES` too."""


class RulesError(EngineError, ValueError):
    """A table configuration the rules refuse (a bad option, or options that do
    not go together); nothing was made. Like :class:`IllegalAction` it carries a
    ``key`` naming its sentence in :data:`MESSAGES` and the ``params`` that fill
    it in. It is a :class:`ValueError` too: a bad value for a table.

    >>> error = RulesError("seats", seats=12, low=2, high=10)
    >>> error.key, str(error)
    ('seats', 'A table has 2 to 10 seats for this game, not 12.')
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(MESSAGES[key].format(**params))

    @property
    def sentence(self) -> str:
        return str(self)


class DealingError(EngineError):
    """A card was dealt that cannot be dealt (twice, or not in the deck)."""
