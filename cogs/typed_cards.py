"""Reading cards someone typed, for /discard, before anything uses them.

Cards are written rank then suit, together or apart, with letters or the
suit symbols the table message shows: ``As Kd``, ``AsKd``, ``A♠ K♦``,
``10h``. Nothing at all, or a dash, stands pat. Whether the player holds the
cards and may throw that many away is the runner's and the engine's question.

>>> [str(card) for card in typed_cards("A♠, 10h kd")]
['As', 'Th', 'Kd']
>>> typed_cards(" - ")
()
>>> try:
...     typed_cards("ace of spades")
... except BadCards as refusal:
...     print(refusal)
'ace of spades' is not a list of cards: write them like As Td 7c, or leave them out to stand pat.
"""

from __future__ import annotations

from typing import Final

from bot.tables.errors import BadCards
from cogs.amounts import quoted
from engine import Card, CardError, parse_cards

__all__ = ["BadCards", "typed_cards"]

#: Suit symbols as the table message writes them, and the letters they stand for.
SUITS: Final = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})
#: More than any game deals a player; a longer text is refused unread.
MAX_TYPED: Final = 40
STAND_PAT: Final = frozenset({"", "-", "none", "pat"})


def typed_cards(text: str) -> tuple[Card, ...]:
    """The cards in ``text``; :class:`BadCards` if it is not a list of cards."""
    cleaned = text.strip()
    if cleaned.lower() in STAND_PAT:
        return ()
    if len(cleaned) > MAX_TYPED:
        raise BadCards(text=quoted(text))
    try:
        return tuple(parse_cards(cleaned.translate(SUITS)))
    except CardError:
        raise BadCards(text=quoted(text)) from None
