"""The playing styles of computer players: what each one is like, as numbers a
decision reads, and the one sentence a player is told about it.

A style is data, not a subclass: every decision of every game reads the same
few dials. ``looseness`` is the share of starting hands the style plays from a
middle seat at a six-handed table (other seats and table sizes scale it);
``raise_share`` how many of those it raises rather than calls; the postflop
dials say how readily it bets, bluffs and calls.

The sentences are English reference texts for the bot's catalogues, under the
keys :attr:`Style.message_key` (``computer.style.<name>``).

>>> STYLES["tight-aggressive"].looseness
0.2
>>> DEFAULT_STYLE.name
'balanced'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["DEFAULT_STYLE", "STYLES", "Style", "style_named"]


@dataclass(frozen=True, slots=True)
class Style:
    """How a computer player plays."""

    #: The name players type, as in ``/poker addbot style:tight-aggressive``.
    name: str
    #: One sentence describing the style (English reference text).
    description: str
    #: Share of starting hands played from a middle seat, six-handed.
    looseness: float
    #: Share of the hands played that it raises first in (PFR over VPIP).
    raise_share: float
    #: How readily it bets and raises for value and on draws, 0 to 1.
    aggression: float
    #: How often it bets with nothing when a bet could win the pot at once.
    bluffing: float
    #: Equity it gives up when calling, in share of the pot: a calling station
    #: calls with less than the price asks; a tight player wants more.
    call_slack: float
    #: How much it believes an opponent's bet: 1 reads the betting at face
    #: value, 0 ignores it.
    respect: float

    @property
    def message_key(self) -> str:
        """The catalogue key of :attr:`description`."""
        return "computer.style." + self.name.replace("-", "_")


STYLES: Final[dict[str, Style]] = {
    style.name: style
    for style in (
        Style(
            "balanced",
            "Plays a solid mix: selective starting hands, bets its good hands, "
            "bluffs now and then and folds when the price is wrong.",
            looseness=0.22,
            raise_share=0.75,
            aggression=0.6,
            bluffing=0.12,
            call_slack=0.0,
            respect=0.7,
        ),
        Style(
            "tight-passive",
            "Plays few hands and rarely raises: it checks and calls, and a bet "
            "from it usually means a strong hand.",
            looseness=0.13,
            raise_share=0.35,
            aggression=0.25,
            bluffing=0.02,
            call_slack=0.02,
            respect=0.9,
        ),
        Style(
            "tight-aggressive",
            "Plays few hands but plays them hard: it raises rather than calls and "
            "keeps betting when it has the best of it.",
            looseness=0.2,
            raise_share=0.85,
            aggression=0.75,
            bluffing=0.1,
            call_slack=0.0,
            respect=0.75,
        ),
        Style(
            "loose-aggressive",
            "Plays many hands and puts pressure on with frequent bets, raises and bluffs.",
            looseness=0.27,
            raise_share=0.8,
            aggression=0.85,
            bluffing=0.22,
            call_slack=0.03,
            respect=0.55,
        ),
        Style(
            "calling-station",
            "Plays lots of hands and hates to fold: it calls bet after bet and "
            "seldom raises without a big hand.",
            looseness=0.45,
            raise_share=0.15,
            aggression=0.2,
            bluffing=0.01,
            call_slack=0.12,
            respect=0.3,
        ),
    )
}

DEFAULT_STYLE: Final = STYLES["balanced"]


def style_named(name: str) -> Style:
    """The style called ``name`` (``tight-aggressive``, ``tight aggressive`` and
    ``TIGHT_AGGRESSIVE`` all work); a :class:`KeyError` lists the known names."""
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    try:
        return STYLES[key]
    except KeyError:
        known = ", ".join(STYLES)
        raise KeyError(f"There is no style {name!r}; known: {known}.") from None
