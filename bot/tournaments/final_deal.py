"""A deal at a multi-table tournament's final table: what is offered, who has
agreed, and the message that asks everyone.

One player still in proposes a chip chop or an ICM deal (the amounts are the
engine's: :func:`engine.chip_chop`, :func:`engine.icm_deal`, of the prize
money left, from the stacks between hands). The table deals no hand while the
offer is open. It is made only when every player left agrees by the button
(a computer player agrees to either kind: both are the engine's fair shares);
one decline, or the offer's time running out, and the table plays on. Made,
each player is paid their amount from the prize pool, a ledger row each.

An open offer is saved with the tournament's row (:func:`offer_data`), who
has agreed included, so a restart keeps it standing: its buttons answer it
as before and it lapses at the time it would have (saved as a UNIX time: the
players were told how many seconds they had, a restart does not add any; one
that lapsed while the bot was down lapses as it starts again, saying so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

from bot.i18n import t
from bot.render.message import ButtonSpec, OutgoingMessage
from bot.tables.clock import Clock, wall_time_at
from engine import chip_chop, icm_deal

#: Seconds an offer waits for every answer before the table plays on.
DEAL_SECONDS: Final = 120.0
#: The kinds of deal, as the command names them.
DealKind = Literal["chop", "icm"]
#: The deal buttons' custom ids: ``croupier:mttdeal:<tournament>:<offer>:<answer>``.
DEAL_BUTTON_PATTERN: Final = (
    r"croupier:mttdeal:(?P<tournament>\d{1,12}):(?P<offer>\d{1,6}):(?P<answer>accept|decline)"
)


def deal_button_id(tournament_id: int, offer: int, answer: str) -> str:
    return f"croupier:mttdeal:{tournament_id}:{offer}:{answer}"


def deal_amounts(kind: DealKind, stacks: list[int], prizes_left: list[int]) -> tuple[int, ...]:
    """Each stack's share of the prize money left (``prizes_left``: one prize
    per player left, the best place first; their sum is the pool shared)."""
    if kind == "chop":
        return chip_chop(sum(prizes_left), stacks)
    return icm_deal(stacks, prizes_left)


@dataclass
class DealOffer:
    """An open offer: its number in the tournament, its kind, the players
    left (in seat order) and what each would take, who has agreed, and when
    it lapses (on the bot's clock)."""

    number: int
    kind: DealKind
    proposer: int
    players: tuple[int, ...]
    amounts: tuple[int, ...]
    deadline: float
    accepted: set[int] = field(default_factory=set)

    @property
    def agreed(self) -> bool:
        return self.accepted >= set(self.players)


def offer_data(offer: DealOffer, clock: Clock) -> dict[str, Any]:
    """The open offer as plain data (saved with the tournament's row), its
    deadline as a UNIX time (``clock``'s deadlines are this process's own)."""
    return {
        "number": offer.number,
        "kind": offer.kind,
        "proposer": offer.proposer,
        "players": list(offer.players),
        "amounts": list(offer.amounts),
        "lapses_at": wall_time_at(clock, offer.deadline),
        "accepted": sorted(offer.accepted),
    }


def offer_from_data(data: dict[str, Any], clock: Clock) -> DealOffer:
    """The offer :func:`offer_data` saved, lapsing at the time it was to."""
    kind: DealKind = "icm" if data["kind"] == "icm" else "chop"
    return DealOffer(
        int(data["number"]),
        kind,
        int(data["proposer"]),
        tuple(int(p) for p in data["players"]),
        tuple(int(a) for a in data["amounts"]),
        clock.now() + max(0.0, float(data["lapses_at"]) - clock.wall_now()),
        {int(p) for p in data["accepted"]},
    )


def offer_message(
    offer: DealOffer, tournament_id: int, names: dict[int, str], locale: str
) -> OutgoingMessage:
    """The offer in the final table's thread, with the buttons to answer it."""
    shares = "\n".join(
        t("mtt.deal.share", locale, name=names[player], amount=amount)
        for player, amount in zip(offer.players, offer.amounts, strict=True)
    )
    text = t(
        f"mtt.deal.offer_{offer.kind}",
        locale,
        name=names[offer.proposer],
        shares=shares,
        seconds=int(DEAL_SECONDS),
    )
    buttons = (
        ButtonSpec(
            deal_button_id(tournament_id, offer.number, "accept"),
            t("mtt.deal.accept", locale),
            "success",
        ),
        ButtonSpec(
            deal_button_id(tournament_id, offer.number, "decline"),
            t("mtt.deal.decline", locale),
            "danger",
        ),
    )
    return OutgoingMessage(content=text, buttons=buttons)
