"""The view: what a running table shows, as pure functions of its state.

:func:`table_view` turns a :class:`~bot.tables.state.TableState` (and one
reading of the clock) into the :class:`~bot.render.views.TableSnapshot`
everyone may see; the renderers in :mod:`bot.render` draw the messages from
it. Nothing here awaits, reads a clock or changes the table, so the table
message is a function of the table and can be tested without asyncio. The
other views are of one hand: the buttons' :class:`~bot.render.views.Choices`,
a player's own :class:`~bot.render.views.PrivateView` and discard menu, and
the result of a finished hand.

Every rule comes from the engine: whose turn it is, the pots it holds, the
quick raise sizes. The view decides only how they are shown, for instance one
pot holding everything (this round's bets included) until side pots have been
gathered, and the bets in front of each player.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from bot.house_bank import is_computer
from bot.render.views import (
    Choices,
    DiscardChoices,
    HandResultView,
    LastAction,
    PotWin,
    PrivateView,
    SeatLine,
    ShownHand,
    TableSnapshot,
    TournamentView,
)
from bot.tables.clock import Moment
from bot.tables.home_view import home_options, home_view
from bot.tables.state import LiveHand, TableState
from engine import (
    BountyPaid,
    Card,
    CardsDiscarded,
    Hand,
    HandMucked,
    HandShown,
    IllegalAction,
    LegalActions,
    Phase,
    PlayerActed,
    PointCardChosen,
    PotAwarded,
    RakeTaken,
    RunoutChosen,
    Seat,
    Stakes,
    Variant,
    described,
    evaluate,
    in_showing_order,
    pot_verdicts,
    seat_view,
    shown_hands,
)

#: How many of the latest actions the table message shows.
RECENT_ACTIONS: Final = 3


def table_view(
    state: TableState, moment: Moment, *, tournament: TournamentView | None = None
) -> TableSnapshot:
    """What everyone may see of the table now: the hand being played, else the
    one that ended last, else the table waiting for players.

    ``tournament`` is the tournament desk's own view (:mod:`bot.tables.tournament_desk`).
    """
    live = state.live
    shown_from = live if live is not None else state.last_hand
    settings, rules, table = state.settings, state.rules, state.table
    game = shown_from.deal.setup.variant if shown_from is not None else table.next_variant
    blinds = table.base_stakes
    snapshot = TableSnapshot(
        table_id=state.table_id,
        variant_name=game.name,
        small_blind=blinds.small_blind,
        big_blind=blinds.big_blind,
        min_buy_in=rules.minimum_buy_in,
        max_buy_in=rules.maximum_buy_in,
        seat_count=settings.seats,
        stud_stakes=_stud_stakes(game, table.stakes_for(game)),
        ante_stakes=_ante_stakes(state),
        jackpots=rules.draw_rules.jackpots,
        ante=settings.ante,
        big_blind_ante=settings.big_blind_ante,
        straddle=settings.straddle,
        rake_basis_points=settings.rake_basis_points,
        rake_cap=settings.rake_cap,
        session_chips=settings.session_chips,
        carried_pot=table.carried_pot if live is None else 0,
        seats=tuple(_seat_line(state, seat, shown_from, game) for seat in table.seats.values()),
        has_board=any(street.board for street in game.streets),
        closed=state.closed,
        closing=state.closing,
        next_hand_at=None
        if state.next_hand_at is None
        else int(moment.wall_time(state.next_hand_at)),
        tournament=tournament,
        time_bank=(
            settings.time_bank_seconds,
            settings.time_bank_add_seconds,
            settings.time_bank_every_hands,
        ),
        home_options=home_options(table.rules.home),
        home_pending=None
        if table.pending_home is None
        else home_options(table.pending_home.agreed),
        home_pending_from=0 if table.pending_home is None else table.pending_home.from_hand or 0,
    )
    snapshot = _with_mix(state, snapshot, game)
    if shown_from is None:
        return snapshot
    hand, deal = shown_from.hand, shown_from.deal
    actor = hand.to_act if live is not None else None
    if live is None:
        pots = tuple(pot.amount for pot in hand.pots_awarded)
    else:
        # Side pots form as bets are gathered; until then this round's bets
        # are shown in front of each player, and the total as one pot.
        gathered = hand.collected_pots()
        pots = (hand.pot_total,) if len(gathered) < 2 else tuple(p.amount for p in gathered)
    player_at = dict(zip(deal.seats, deal.players, strict=True))
    # The draw placed the button: nothing to show where no button is marked.
    draw = (
        deal.button_draw.cards
        if deal.button_draw is not None and _marks_button(deal.setup.variant)
        else ()
    )
    return replace(
        snapshot,
        hand_no=shown_from.hand_no,
        board=tuple(hand.board),
        boards=_more_boards(hand),
        pots=pots,
        hand_over=live is None,
        actor_name=None if actor is None else state.name(deal.players[actor]),
        actor_id=None if actor is None else deal.players[actor],
        # A computer player's pause is no clock: no deadline is shown for it.
        deadline=None
        if live is None
        or live.deadline is None
        or actor is None
        or is_computer(deal.players[actor])
        else int(moment.wall_time(live.deadline)),
        time_bank_running=live is not None and actor is not None and live.bank_started is not None,
        last_actions=tuple(shown_from.actions[-RECENT_ACTIONS:]),
        choices=None if actor is None else choices(hand),
        seq=len(hand.actions),
        to_discard=tuple(state.name(deal.players[i]) for i in hand.pending_discards)
        if live is not None
        else (),
        drawing=live is not None and hand.phase is Phase.DISCARDING and hand.street.draw > 0,
        pointing=live is not None and hand.phase is Phase.DISCARDING and hand.street.point_card,
        showdown_choice=actor is not None and hand.phase is Phase.SHOWDOWN,
        commitment=shown_from.commitment,
        button_draw=tuple(
            (state.name(player_at[seat_no]), card) for seat_no, card in draw if seat_no in player_at
        ),
        home=home_view(state, shown_from, live=live is not None),
    )


def choices(hand: Hand) -> Choices | None:
    """What the player to act may bet or raise to, for the buttons; ``None``
    outside a betting round."""
    try:
        legal = hand.legal_actions()
    except IllegalAction:
        return None
    if legal.phase is not Phase.BETTING:
        return None
    return Choices(
        seq=len(hand.actions),
        can_fold=legal.can_fold,
        can_check=legal.can_check,
        call_amount=legal.call_amount,
        can_raise=legal.can_raise,
        is_bet=legal.is_bet,
        min_raise_to=legal.min_raise_to,
        max_raise_to=legal.max_raise_to,
        # With one amount only, the raise button itself bets it.
        quick_sizes=legal.quick_raises(),
        call_is_all_in=legal.can_call and legal.call_amount == legal.stack,
        can_bring_in=legal.can_post_bring_in,
        bring_in_amount=legal.bring_in_amount,
        is_completion=legal.is_completion,
        raise_choices=legal.raise_choices if legal.can_raise else (),
    )


def private_view(state: TableState, live: LiveHand, index: int) -> PrivateView:
    """The hole cards and best hand so far of the player at hand index ``index``:
    only ever shown to that player. Read from the seat's view, the same one a
    computer player in that seat decides from."""
    hand = live.hand
    seen = seat_view(hand, index)
    cards, board = seen.hole_cards, seen.board
    values = []
    for each_board in seen.boards:
        for evaluation in hand.variant.evaluations:
            try:
                value = evaluate(evaluation, cards, each_board)
            except ValueError:  # too few cards yet to make a hand
                continue
            if value is not None:
                values.append(value)
    return PrivateView(
        state.table_id,
        state.record.channel_id,
        live.hand_no,
        cards,
        board,
        tuple(value.describe() for value in values),
        seen.folded[index],
        _more_boards(hand),
        tuple(described(value) for value in values),
    )


def discard_choices(live: LiveHand, index: int, legal: LegalActions) -> DiscardChoices:
    """The player's own cards and how many they may throw away, for their menu."""
    return DiscardChoices(
        hand_no=live.hand_no,
        seq=live.seq,
        cards=tuple(live.hand.hole_cards[index]),
        low=legal.discard_min,
        high=legal.discard_max,
        draw=live.hand.street.draw,
        point=live.hand.street.point_card,
    )


def told(event: object) -> LastAction | None:
    """A player's action as the table tells it (the name is filled in by the caller)."""
    if isinstance(event, PlayerActed):
        return LastAction("", event.kind, event.amount, event.to, event.all_in)
    if isinstance(event, CardsDiscarded):
        return LastAction("", event.kind, event.count, 0, False)
    if isinstance(event, PointCardChosen):
        return LastAction("", "point_card", 0, 0, False)
    if isinstance(event, RunoutChosen):
        return LastAction("", "run_twice" if event.count == 2 else "run_once", 0, 0, False)
    if isinstance(event, HandShown):
        return LastAction("", "show", 0, 0, False)
    if isinstance(event, HandMucked):
        return LastAction("", "muck", 0, 0, False)
    return None


def result_view(state: TableState, live: LiveHand) -> HandResultView:
    """Who showed what and who won which pot, for the message that ends a hand."""
    hand, players = live.hand, live.deal.players
    pot_count = len(hand.pots_awarded)
    said = {e.player: " / ".join(e.descriptions) for e in hand.events if isinstance(e, HandShown)}
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    return HandResultView(
        state.table_id,
        live.hand_no,
        shown=tuple(
            ShownHand(state.name(players[s.player]), s.cards, said.get(s.player, ""), s.hands)
            for s in shown_hands(hand)
        ),
        mucked=tuple(
            state.name(players[e.player]) for e in hand.events if isinstance(e, HandMucked)
        ),
        wins=tuple(
            PotWin(
                e.pot_index,
                pot_count,
                e.share,
                e.amount,
                tuple((state.name(players[i]), chips) for i, chips in e.winners),
                e.description,
                verdict.hand,
                verdict.kicker,
                tuple(card for cards in verdict.winning_cards for card in cards),
            )
            for e, verdict in zip(awards, pot_verdicts(hand), strict=True)
        ),
        rake=sum(e.amount for e in hand.events if isinstance(e, RakeTaken)),
        carried_over=hand.carried_over,
        commitment=live.commitment,
        board=tuple(hand.board),
        boards=_more_boards(hand),
        rabbit_hunt=state.settings.rabbit_hunt and bool(hand.rabbit_cards()),
        bounty=next(
            (
                (state.name(players[e.winner]), e.total)
                for e in hand.events
                if isinstance(e, BountyPaid)
            ),
            None,
        ),
    )


def _with_mix(state: TableState, snapshot: TableSnapshot, game: Variant) -> TableSnapshot:
    """At a mixed table: the mix, the stakes of the game shown and what comes next."""
    rotation = state.rules.rotation
    outlook = state.table.game_outlook()
    if rotation is None or outlook is None or state.closed:
        return snapshot
    blind_stakes = None
    if game.uses_blinds:
        stakes = state.table.stakes_for(game)
        big_bet_game = game.betting.is_big_bet
        blind_stakes = (
            stakes.small_blind,
            stakes.big_blind,
            stakes.ante,
            0 if big_bet_game else stakes.fixed_small_bet,
            0 if big_bet_game else stakes.fixed_big_bet,
        )
    mixed = replace(snapshot, mix_name=rotation.name, blind_stakes=blind_stakes)
    if state.live is None and outlook.game != game:
        return replace(mixed, next_game=outlook.game.name, switch_now=True)
    return replace(
        mixed,
        next_game=outlook.next_game.name,
        hands_to_switch=outlook.hands_left,
        switch_by_orbit=outlook.by_orbit,
    )


def _marks_button(game: Variant) -> bool:
    """Whether the table shows where the button is in ``game``. Stud has no
    dealer button that means anything to the players: its order of play
    follows the up cards (the bring-in first), so no seat is marked."""
    return not game.uses_bring_in


def _seat_line(
    state: TableState, seat: Seat, shown_from: LiveHand | None, game: Variant
) -> SeatLine:
    name = state.name(seat.player)
    index = None if shown_from is None else shown_from.index_of(seat.player)
    shows_button = _marks_button(game)
    if shown_from is None or index is None:
        return SeatLine(
            seat.number,
            seat.player,
            name,
            seat.stack,
            sitting_out=seat.sitting_out,
            leaving=seat.leaving,
            button=shows_button and state.live is None and state.table.button_seat == seat.number,
        )
    hand, deal = shown_from.hand, shown_from.deal
    in_play = shown_from is state.live
    # Stud's up cards were dealt face up: everyone has seen them. Down cards never are.
    cards: tuple[Card, ...] = tuple(hand.up_cards(index))
    description = ""
    turned_up: set[Card] = set()
    for event in hand.events:
        if isinstance(event, HandShown) and event.player == index:
            # A draw game's shown cards in rank order: never which were drawn.
            cards = in_showing_order(game, event.cards)
            description = " / ".join(event.descriptions)
            turned_up.update(event.cards)
    # Shown by choice once the hand was over (bot/tables/show_or_muck.py).
    if shown_from.shown_after.get(seat.player):
        cards = shown_from.shown_after[seat.player]
    # Stud's cards in the order dealt, the down cards as backs (never their
    # faces) unless the hand was turned up (all in: face up for the run-out).
    dealt: tuple[Card | None, ...] = ()
    deals_up = any(street.hole_up for street in game.streets)
    if deals_up and in_play and not hand.folded[index]:
        dealt = tuple(
            card if up or card in turned_up else None
            for card, up in zip(hand.hole_cards[index], hand.up[index], strict=True)
        )
    return SeatLine(
        seat.number,
        seat.player,
        name,
        hand.stacks[index] if in_play else seat.stack,
        bet=hand.bets[index] if in_play else 0,
        in_hand=True,
        folded=hand.folded[index],
        all_in=in_play and hand.is_all_in(index),
        sitting_out=seat.sitting_out,
        leaving=seat.leaving,
        button=shows_button and deal.button_seat == seat.number,
        small_blind=deal.small_blind_seat == seat.number,
        big_blind=deal.big_blind_seat == seat.number,
        to_act=in_play and hand.to_act == index,
        shown=cards,
        shown_description=description,
        dealt=dealt,
    )


def _more_boards(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """Every board of a game dealt with more than one; nothing for one board."""
    return tuple(map(tuple, hand.boards)) if len(hand.boards) > 1 else ()


def _stud_stakes(game: Variant, stakes: Stakes) -> tuple[int, int, int, int] | None:
    """(ante, bring-in, small bet, big bet) of a stud game, else ``None``."""
    if not game.uses_bring_in:
        return None
    return (stakes.ante, stakes.bring_in, stakes.fixed_small_bet, stakes.fixed_big_bet)


def _ante_stakes(state: TableState) -> tuple[int, int, int] | None:
    """(ante, small bet, big bet) of a game played for antes (Five Card Draw), else ``None``."""
    if not state.settings.plays_for_antes:
        return None
    stakes = state.rules.first_stakes
    return (stakes.ante, stakes.fixed_small_bet, stakes.fixed_big_bet)
