"""A sit-and-go at one table, beyond what the engine's table knows: whether
it has begun, how many entered, its prize pool, how long its level clock has
run, and who is paid what when players bust.

The engine keeps the blind levels and the finishing places; this module keeps
the money side and the clock's seconds. The level clock runs from the start of
the tournament while the bot runs: its seconds are saved with the table in
every transaction and resume from there after a restart, so the time the bot
was down does not count (nobody could play in it).

Prizes follow :mod:`engine.payouts` (the table for the field, or the
organiser's): a place is paid when it is decided, in the transaction that
settles the hand that decided it. With rebuys, an add-on or knockout bounties
(:mod:`engine.tournament_extras`) it also keeps how many rebuys were bought,
who has had the add-on and the bounty on each player's head: the prize money
is every buy-in and rebuy less its bounty part, plus the add-ons; the bounties
set aside wait in the same prize pool until they are won.

>>> progress = TournamentProgress(buy_in=100)
>>> progress.begin(entrants=5, now=50.0)
>>> progress.prize_pool = 500
>>> progress.elapsed(now=80.0), progress.prizes
(30.0, (325, 175))
>>> TournamentProgress.from_data(progress.to_data(now=90.0), 100, 500, now=10.0).elapsed(now=15.0)
45.0
>>> elimination_prizes(((7, 2), (8, 2)), (325, 175))
[(7, 2, 88), (8, 2, 87)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import NO_EXTRAS, BountyBook, TournamentExtras, prizes, shared_prizes


@dataclass
class TournamentProgress:
    """The money and the clock of one tournament table."""

    buy_in: int
    started: bool = False
    #: Players who were registered when it began.
    entrants: int = 0
    #: Buy-ins not yet paid out (the database's ``tables.prize_pool``).
    prize_pool: int = 0
    #: Seconds the level clock ran before ``running_since``.
    elapsed_before: float = 0.0
    #: The runner's clock reading when the level clock last started running.
    running_since: float | None = None
    extras: TournamentExtras = NO_EXTRAS
    #: The organiser's payout percentages; ``None``: the table for the field.
    payouts: tuple[int, ...] | None = None
    #: Rebuys bought so far, and the players who have had their add-on.
    rebuys: int = 0
    add_ons: set[int] = field(default_factory=set)
    #: Re-entries each player made (late registration after busting): a buy-in
    #: each, not an entrant (engine/payouts.py).
    reentries: dict[int, int] = field(default_factory=dict)
    bounties: BountyBook = field(default_factory=lambda: BountyBook(NO_EXTRAS))
    #: The last rest break (1 for the first) the table was told of (engine/rest_breaks.py).
    breaks_told: int = 0

    def __post_init__(self) -> None:
        if self.bounties.extras != self.extras:
            self.bounties = BountyBook(self.extras, self.bounties.heads)

    @property
    def prize_money(self) -> int:
        """The prize pool's money for places (not bounties), as bought so far."""
        if not self.started:
            return self.prize_pool - self.bounties.pool
        entries = self.entrants + self.rebuys + sum(self.reentries.values())
        return entries * self.extras.prize_part(self.buy_in) + len(self.add_ons) * (
            self.extras.add_on_price
        )

    @property
    def registered(self) -> int:
        """Buy-ins in the pool before the start."""
        share = self.buy_in
        return max(1, (self.prize_pool) // share) if share else 1

    def begin(self, *, entrants: int, now: float) -> None:
        self.started, self.entrants = True, entrants
        self.elapsed_before, self.running_since = 0.0, now

    def elapsed(self, *, now: float) -> float:
        """Seconds the tournament has run, for its levels by time."""
        if self.running_since is None:
            return self.elapsed_before
        return self.elapsed_before + max(0.0, now - self.running_since)

    @property
    def prizes(self) -> tuple[int, ...]:
        """The prize of each paid place: of the pool when it began, or, while
        players register, of the pool so far."""
        if self.started:
            return prizes(self.prize_money, self.entrants, self.payouts)
        return prizes(self.prize_money, self.registered, self.payouts)

    def to_data(self, *, now: float) -> dict[str, Any]:
        return {
            "started": self.started,
            "entrants": self.entrants,
            "elapsed": self.elapsed(now=now),
            "rebuys": self.rebuys,
            "add_ons": sorted(self.add_ons),
            "reentries": {str(player): count for player, count in self.reentries.items()},
            "bounties": {str(player): chips for player, chips in self.bounties.heads.items()},
            "breaks_told": self.breaks_told,
        }

    @classmethod
    def from_data(
        cls,
        data: dict[str, Any],
        buy_in: int,
        prize_pool: int,
        *,
        now: float,
        extras: TournamentExtras = NO_EXTRAS,
        payouts: tuple[int, ...] | None = None,
    ) -> TournamentProgress:
        """As saved; a tournament that had begun resumes its clock ``now``."""
        started = bool(data.get("started", False))
        heads = {int(player): int(chips) for player, chips in data.get("bounties", {}).items()}
        return cls(
            buy_in,
            started=started,
            entrants=int(data.get("entrants", 0)),
            prize_pool=prize_pool,
            elapsed_before=float(data.get("elapsed", 0.0)),
            running_since=now if started else None,
            extras=extras,
            payouts=payouts,
            rebuys=int(data.get("rebuys", 0)),
            add_ons={int(player) for player in data.get("add_ons", ())},
            reentries={int(p): int(n) for p, n in data.get("reentries", {}).items()},
            bounties=BountyBook(extras, heads),
            breaks_told=int(data.get("breaks_told", 0)),
        )


def elimination_prizes(
    eliminated: Sequence[tuple[int, int]], place_prizes: Sequence[int]
) -> list[tuple[int, int, int]]:
    """(player, place, prize) for players the table eliminated with their places
    (in its order); players sharing a place share its prizes."""
    by_place: dict[int, list[int]] = {}
    for player, place in eliminated:
        by_place.setdefault(place, []).append(player)
    paid: list[tuple[int, int, int]] = []
    for place, players in by_place.items():
        shares = shared_prizes(place_prizes, place=place, players=len(players))
        paid.extend((player, place, share) for player, share in zip(players, shares, strict=True))
    return paid
