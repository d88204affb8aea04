"""Replays of finished hands, and who sees which card of them: the one place
that says so.

A finished hand is dealt again from its log (``hands.initial`` and
``hand_actions``, :mod:`bot.tables.hand_log`) one action at a time, and each
moment becomes a step: the street, every seat's stack, bet and cards, the
board(s), the pots as they grew, what was just done, and at the last step the
result in the result message's own sentences.

Who sees which card (:func:`visible_cards`):

- a **player** of the hand sees their own hole cards and every card the table
  saw (the board, stud's up cards, hands shown at the showdown, cards shown by
  choice once the hand was over); a mucked or folded hand stays hidden;
- the **public** (a spectator, anyone holding a shared link) sees only the
  cards the table saw;
- the **house** (an admin of the table's guild) sees every hole card.

Each step is built from the cards its viewer may see and nothing else: a card
the viewer may not see is written ``null`` in every field, and never as a
name, a count of a particular card or an order (an opponent who drew has
their shown cards sorted, as :func:`engine.phh.history_seen_by` hides the
order of their cards).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from bot.database import Reader
from bot.i18n import t
from bot.render.action_words import told_key
from bot.render.hand_result import result_message
from bot.render.views import HandResultView, PotWin, ShownHand
from bot.tables.hand_log import LoggedAction
from engine import (
    BetReturned,
    BoardDealt,
    BountyPaid,
    Card,
    CardsDiscarded,
    Deal,
    Event,
    ForcedBetPosted,
    Hand,
    HandMucked,
    HandShown,
    PlayerActed,
    PointCardChosen,
    PotAwarded,
    RakeTaken,
    RunoutChosen,
    cards_seen_by,
    deal_from_data,
    parse_cards,
    players_who_drew,
    pot_verdicts,
    shown_hands,
)
from engine.phh import loads

#: Who is looking: a player of the hand, the public, or the house.
ViewerKind = Literal["player", "public", "house"]

#: The streets' names the catalogue has (``replay.street.<name>``).
_STREETS: Final = frozenset(
    {
        "deal",
        "draw",
        "draw_1",
        "draw_2",
        "draw_3",
        "fifth",
        "first",
        "flop",
        "fourth",
        "point_card",
        "predraw",
        "preflop",
        "river",
        "second",
        "seventh",
        "sixth",
        "third",
        "turn",
    }
)


@dataclass(frozen=True, slots=True)
class ReplayViewer:
    """Who a replay is built for: ``index`` is the player's hand index."""

    kind: ViewerKind
    index: int | None = None

    @classmethod
    def public(cls) -> ReplayViewer:
        return cls("public")


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A finished hand as the database holds it."""

    hand_id: int
    table_id: int
    guild_id: int
    hand_no: int
    deal: Deal
    actions: tuple[LoggedAction, ...]
    #: The players' names (from the house's history), by hand index.
    names: tuple[str, ...]
    #: Cards players chose to show after the hand was over.
    shown_after: frozenset[Card]


def viewer_of(stored: StoredHand, user_id: int | None, *, admin: bool) -> ReplayViewer:
    """What ``user_id`` (``None``: nobody known) may see of ``stored``: the house's
    record for an admin of its guild, a player's view for one who played it,
    the public's otherwise."""
    if admin:
        return ReplayViewer("house")
    if user_id is not None and user_id in stored.deal.players:
        return ReplayViewer("player", stored.deal.players.index(user_id))
    return ReplayViewer.public()


def visible_cards(
    events: Sequence[Event], viewer: ReplayViewer, shown_after: frozenset[Card]
) -> set[Card] | None:
    """The cards ``viewer`` may see after ``events`` (``None``: every card, the house).
    ``shown_after``: cards shown by choice once the hand was over (empty before)."""
    if viewer.kind == "house":
        return None
    index = viewer.index if viewer.kind == "player" else None
    return cards_seen_by(events, index) | shown_after


async def stored_hand(database: Reader, hand_id: int) -> StoredHand | None:
    """Finished hand ``hand_id``, or ``None`` (no such hand, not finished, damaged)."""
    row = await database.fetch_one(
        "SELECT h.table_id, h.hand_no, h.initial, h.phh, t.guild_id FROM hands h"
        " JOIN tables t ON t.id = h.table_id WHERE h.id = ? AND h.status = 'finished'",
        (hand_id,),
    )
    if row is None:
        return None
    try:
        deal = deal_from_data(json.loads(row["initial"])["deal"])
    except (KeyError, TypeError, ValueError):
        return None
    actions = await database.fetch_all(
        "SELECT seq, actor, action FROM hand_actions WHERE hand_id = ? ORDER BY seq", (hand_id,)
    )
    names: tuple[str, ...] = ()
    if row["phh"]:
        try:
            names = tuple(loads(str(row["phh"])).players)
        except ValueError:
            names = ()
    if len(names) != len(deal.players):
        names = tuple(f"#{seat}" for seat in deal.seats)
    shows = await database.fetch_all("SELECT cards FROM hand_shows WHERE hand_id = ?", (hand_id,))
    shown_after = frozenset(card for r in shows for card in parse_cards(str(r["cards"])))
    return StoredHand(
        hand_id,
        int(row["table_id"]),
        int(row["guild_id"]),
        int(row["hand_no"]),
        deal,
        tuple(LoggedAction(a["seq"], a["actor"], a["action"]) for a in actions),
        names,
        shown_after,
    )


@dataclass(frozen=True, slots=True)
class _Moment:
    """The hand at one moment, every card in it (filtered before it is shown)."""

    events: int
    street: str
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    hole: tuple[tuple[Card, ...], ...]
    up: tuple[tuple[bool, ...], ...]
    boards: tuple[tuple[Card, ...], ...]
    pots: tuple[int, ...]
    actor: int | None
    over: bool


def _moment(hand: Hand) -> _Moment:
    over = hand.is_complete
    return _Moment(
        len(hand.events),
        hand.street.name,
        tuple(hand.stacks),
        tuple(hand.bets),
        tuple(hand.folded),
        tuple(tuple(cards) for cards in hand.hole_cards),
        tuple(tuple(up) for up in hand.up),
        tuple(tuple(board) for board in hand.boards),
        () if over else tuple(pot.amount for pot in hand.collected_pots() if pot.amount),
        None if over else hand.to_act,
        over,
    )


def _played(deal: Deal, actions: Sequence[LoggedAction]) -> tuple[Hand, list[_Moment]]:
    """The hand dealt again from its log as the table dealt it
    (:func:`bot.tables.hand_log.replay`), a moment after each action and each
    street of a run-out."""
    hand = Hand(deal.setup, muck_choices=True, pause_runouts=True)
    moments = [_moment(hand)]

    def run_out() -> None:
        while hand.runout_due:
            hand.deal_runout()
            moments.append(_moment(hand))

    for expected_seq, logged in enumerate(actions, start=1):
        if logged.seq != expected_seq:
            raise ValueError(f"action {expected_seq} is missing from the log")
        player, action = logged.parsed()
        run_out()
        hand.act(player, action)
        moments.append(_moment(hand))
    run_out()
    if not hand.is_complete:
        hand.finish()
        moments.append(_moment(hand))
    return hand, moments


def _told(event: Event, names: Sequence[str], locale: str) -> str | None:
    """What one event says to the reader, or ``None`` (nothing to say)."""
    if isinstance(event, PlayerActed):
        text = t(
            told_key(event.kind), locale, name=names[event.player], amount=event.amount, to=event.to
        )
        return text + (" " + t("action.all_in_suffix", locale) if event.all_in else "")
    if isinstance(event, ForcedBetPosted):
        return t("replay.posts", locale, name=names[event.player], amount=event.amount)
    if isinstance(event, CardsDiscarded):
        return t(told_key(event.kind), locale, name=names[event.player], amount=event.count)
    if isinstance(event, PointCardChosen):
        return t(told_key("point_card"), locale, name=names[event.player], amount=0)
    if isinstance(event, RunoutChosen):
        key = told_key("run_twice" if event.count == 2 else "run_once")
        return t(key, locale, name=names[event.player], amount=0)
    if isinstance(event, HandShown):
        return t("action.show", locale, name=names[event.player])
    if isinstance(event, HandMucked):
        return t("action.muck", locale, name=names[event.player])
    if isinstance(event, BetReturned):
        return t("replay.returned", locale, name=names[event.player], amount=event.amount)
    if isinstance(event, BoardDealt):
        return t("replay.board_dealt", locale, street=street_name(event.street, locale))
    return None


def street_name(street: str, locale: str) -> str:
    """A street's name in the reader's language."""
    key = street.replace(" ", "_")
    return t(f"replay.street.{key}", locale) if key in _STREETS else street


def _shown_cards(
    cards: tuple[Card, ...],
    up: tuple[bool, ...],
    visible: set[Card] | None,
    *,
    hide_order: bool,
) -> list[str | None]:
    """A seat's cards as the viewer may see them: a hidden card is ``null``."""
    if visible is None:
        return [str(card) for card in cards]
    seen = [
        str(card) for card, face_up in zip(cards, up, strict=True) if face_up or card in visible
    ]
    if hide_order:
        # An opponent who drew: which card came when stays unknown.
        return sorted(seen) + [None] * (len(cards) - len(seen))
    return [
        str(card) if face_up or card in visible else None
        for card, face_up in zip(cards, up, strict=True)
    ]


def result_view(stored: StoredHand, hand: Hand) -> HandResultView:
    """Who showed what and who won which pot, for the replay's last step
    (what :func:`bot.tables.view.result_view` says at the table)."""
    names, players = stored.names, stored.deal.players
    said = {e.player: " / ".join(e.descriptions) for e in hand.events if isinstance(e, HandShown)}
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    pot_count = len(hand.pots_awarded)
    return HandResultView(
        stored.table_id,
        stored.hand_no,
        shown=tuple(
            ShownHand(names[s.player], s.cards, said.get(s.player, ""), s.hands)
            for s in shown_hands(hand)
        ),
        mucked=tuple(names[e.player] for e in hand.events if isinstance(e, HandMucked)),
        wins=tuple(
            PotWin(
                e.pot_index,
                pot_count,
                e.share,
                e.amount,
                tuple((names[i], chips) for i, chips in e.winners),
                e.description,
                verdict.hand,
                verdict.kicker,
                tuple(card for cards in verdict.winning_cards for card in cards),
            )
            for e, verdict in zip(awards, pot_verdicts(hand), strict=True)
        ),
        rake=sum(e.amount for e in hand.events if isinstance(e, RakeTaken)),
        carried_over=hand.carried_over,
        board=tuple(hand.board),
        bounty=next(
            ((names[e.winner], e.total) for e in hand.events if isinstance(e, BountyPaid)),
            None,
        ),
        gains=tuple(
            (names[index], hand.finishing_stacks[index] - stored.deal.setup.starting_stacks[index])
            for index in range(len(players))
        ),
    )


def _plain(text: str) -> str:
    return text.replace("**", "").replace("__", "")


def replay(stored: StoredHand, viewer: ReplayViewer, locale: str) -> dict[str, Any]:
    """The replay of ``stored`` as ``viewer`` may see it, ready to send as JSON.

    Raises :class:`ValueError` or :class:`~engine.errors.EngineError` when the
    log does not replay."""
    deal, names = stored.deal, stored.names
    hand, moments = _played(deal, stored.actions)
    drew = players_who_drew(hand.events)
    steps: list[dict[str, Any]] = []
    street_starts: dict[str, int] = {}
    previous = 0
    for number, moment in enumerate(moments):
        last = number == len(moments) - 1
        events = hand.events[: moment.events]
        visible = visible_cards(events, viewer, stored.shown_after if last else frozenset())
        told = [
            _plain(text)
            for event in hand.events[previous : moment.events]
            if (text := _told(event, names, locale)) is not None
        ]
        previous = moment.events
        street = street_name(moment.street, locale)
        street_starts.setdefault(moment.street, number)
        steps.append(
            {
                "street": moment.street,
                "street_name": street,
                "told": told,
                "seats": [
                    {
                        "stack": moment.stacks[index],
                        "bet": moment.bets[index],
                        "folded": moment.folded[index],
                        "all_in": not moment.folded[index] and moment.stacks[index] == 0,
                        "to_act": moment.actor == index,
                        "cards": _shown_cards(
                            moment.hole[index],
                            moment.up[index],
                            visible,
                            hide_order=index in drew
                            and viewer.kind != "house"
                            and index != viewer.index,
                        ),
                    }
                    for index in range(len(deal.players))
                ],
                "boards": [[str(card) for card in board] for board in moment.boards],
                "pots": list(moment.pots),
                "pot_total": sum(moment.pots) + sum(moment.bets),
                "over": moment.over,
            }
        )
    result = result_view(stored, hand)
    message = result_message(result, locale, picture=False)
    embed = message.embed
    lines = [] if embed is None or not embed.description else embed.description.split("\n")
    return {
        "type": "replay",
        "hand_id": stored.hand_id,
        "table_id": stored.table_id,
        "hand_no": stored.hand_no,
        "game": deal.setup.variant.name,
        "viewer": viewer.kind,
        "me": viewer.index,
        "players": [
            {
                "name": names[index],
                "seat": deal.seats[index],
                "computer": user_id < 0,
                "button": deal.seats[index] == deal.button_seat,
                "small_blind": deal.seats[index] == deal.small_blind_seat,
                "big_blind": deal.seats[index] == deal.big_blind_seat,
                "starting_stack": deal.setup.starting_stacks[index],
            }
            for index, user_id in enumerate(deal.players)
        ],
        "streets": [
            {"street": street, "name": street_name(street, locale), "step": step}
            for street, step in street_starts.items()
        ],
        "steps": steps,
        "result": {
            "title": _plain(t("result.title", locale, hand_no=stored.hand_no)),
            "lines": [_plain(line) for line in lines],
        },
    }
