"""PokerKit as an oracle: one PokerKit state mirroring one of our hands.

This module owns the translation between our engine and PokerKit 0.7.7 for the
games both deal (NT, PO, FT, FO/8, NS): building a PokerKit state with the same
stacks, forced bets and betting structure as a :class:`~engine.hand.HandSetup`,
feeding it the very cards our hand dealt (PokerKit deals nothing itself here),
reading its legal actions in our terms, and applying the same actions.

PokerKit automates everything but the player actions and the dealing, and runs
in tournament mode, where folding with nothing to call is refused as we refuse
it (in cash-game mode it is only a warning).

Two conventions differ and are translated, not compared:

* Heads-up, PokerKit reverses the blinds and antes it is given (it takes
  ``[small, big]`` and makes index 0 post the big blind); our
  ``HandSetup.blinds`` is what each index posts, so two-player blinds and antes
  are passed reversed.
* PokerKit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` lists the
  pot-limit mixin first, so it is dealt pot limit with no cap; the oracle puts
  the fixed-limit mixin in front to get the game its name promises.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pokerkit as pk

from engine.actions import Action, BetOrRaise, CheckOrCall, Fold
from engine.cards import ALL_CARDS, Card
from engine.errors import IllegalAction
from engine.hand import Hand, HandSetup

AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


class _FixedLimitOmahaHiLo(
    pk.FixedLimitPokerMixin, pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
):
    """PokerKit's fixed-limit Omaha hi-lo with the fixed-limit mixin taking effect."""


#: The variants PokerKit shares with us, by our code.
SHARED_VARIANTS = ("NT", "PO", "FT", "FO/8", "NS")


@dataclass(frozen=True, slots=True)
class Options:
    """A betting decision as both engines can describe it.

    ``min_to``/``max_to`` are 0 when raising is not allowed; ``refusal`` is the
    engine's own reason when it is not (our message key, PokerKit's sentence).
    """

    actor: int | None
    can_fold: bool
    call_amount: int
    can_raise: bool
    min_to: int
    max_to: int
    refusal: str = ""

    def same_choices(self, other: Options) -> bool:
        return (
            self.actor,
            self.can_fold,
            self.call_amount,
            self.can_raise,
            self.min_to,
            self.max_to,
        ) == (
            other.actor,
            other.can_fold,
            other.call_amount,
            other.can_raise,
            other.min_to,
            other.max_to,
        )


def _for_pokerkit(values: tuple[int, ...], n: int) -> tuple[int, ...]:
    """What each index posts, in PokerKit's terms (reversed heads-up)."""
    if not values:
        return (0,) * n
    return values[::-1] if n == 2 else values


def create_state(setup: HandSetup, mode: pk.Mode = pk.Mode.TOURNAMENT) -> pk.State:
    """A PokerKit state for ``setup``, waiting for its first card. In cash-game
    ``mode`` PokerKit asks the players all in how many times to run the board."""
    state: pk.State = create_game(setup, mode)(setup.starting_stacks, setup.player_count)
    # Only the speed of PokerKit's showdown changes: it evaluates every hand
    # again for each pot, hand type and muck decision.
    state.hand_types = tuple(_memoized(hand_type) for hand_type in state.hand_types)
    return state


def create_game(setup: HandSetup, mode: pk.Mode = pk.Mode.TOURNAMENT) -> Any:
    """The PokerKit game (a state factory, and what its hand histories name) of ``setup``."""
    n = setup.player_count
    code = setup.variant.code
    antes = _for_pokerkit(setup.antes, n)
    blinds = _for_pokerkit(setup.blinds, n)
    common: dict[str, Any] = {"mode": mode}
    game: Any
    if code == "NT":
        game = pk.NoLimitTexasHoldem(
            AUTOMATIONS, setup.ante_trimming, antes, blinds, setup.min_bet, **common
        )
    elif code == "NS":
        game = pk.NoLimitShortDeckHoldem(
            AUTOMATIONS, setup.ante_trimming, antes, blinds, setup.min_bet, **common
        )
    elif code == "PO":
        game = pk.PotLimitOmahaHoldem(
            AUTOMATIONS, setup.ante_trimming, antes, blinds, setup.min_bet, **common
        )
    elif code == "FT":
        game = pk.FixedLimitTexasHoldem(
            AUTOMATIONS,
            setup.ante_trimming,
            antes,
            blinds,
            setup.small_bet,
            setup.big_bet,
            **common,
        )
    elif code == "FO/8":
        game = _FixedLimitOmahaHiLo(
            AUTOMATIONS,
            setup.ante_trimming,
            antes,
            blinds,
            setup.small_bet,
            setup.big_bet,
            **common,
        )
    else:
        raise ValueError(f"PokerKit does not deal {code} the way we do.")
    return game


_MEMOIZED: dict[type[Any], type[Any]] = {}


def _memoized(hand_type: type[Any]) -> type[Any]:
    """``hand_type`` with its pure ``from_game`` remembered by the cards given."""
    if hand_type in _MEMOIZED:
        return _MEMOIZED[hand_type]
    values: dict[tuple[tuple[pk.Card, ...], tuple[pk.Card, ...]], Any] = {}

    def from_game(cls: type[Any], hole_cards: Any, board_cards: Any = ()) -> Any:
        key = (tuple(hole_cards), tuple(board_cards))
        if key not in values:
            try:
                values[key] = hand_type.from_game(*key)
            except ValueError as error:
                values[key] = error
        value = values[key]
        if isinstance(value, ValueError):
            raise value
        return value

    memoized = type(hand_type.__name__, (hand_type,), {"from_game": classmethod(from_game)})
    _MEMOIZED[hand_type] = memoized
    return memoized


class Oracle:
    """A PokerKit state kept in step with one of our hands."""

    def __init__(self, setup: HandSetup, mode: pk.Mode = pk.Mode.TOURNAMENT) -> None:
        self.setup = setup
        #: The PokerKit game, which PokerKit's hand history of the state names.
        self.game = create_game(setup, mode)
        self.state = create_state(setup, mode)
        self._hole_fed = [0] * setup.player_count
        self._burned_fed = 0
        self._board_fed = 0

    # ------------------------------------------------------------- dealing

    def deal_like(self, hand: Hand) -> None:
        """Give PokerKit every card our hand has dealt that it has not seen yet,
        in the order PokerKit asks for them (burn, hole cards, board)."""
        state = self.state
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            while True:
                if state.can_burn_card():
                    state.burn_card(_pk_cards([hand.burned[self._burned_fed]]))
                    self._burned_fed += 1
                elif state.can_deal_hole():
                    player = state.hole_dealee_index
                    assert player is not None
                    cards = hand.hole_cards[player][self._hole_fed[player] :]
                    wanted = len(state.hole_dealing_statuses[player])
                    assert len(cards) == wanted, (player, cards, wanted)
                    state.deal_hole(_pk_cards(cards), player)
                    self._hole_fed[player] += len(cards)
                elif state.can_deal_board():
                    count = state.board_dealing_count
                    assert count is not None
                    board = board_in_dealing_order(hand)
                    cards = board[self._board_fed : self._board_fed + count]
                    assert len(cards) == count, (board, self._board_fed, count)
                    state.deal_board(_pk_cards(cards))
                    self._board_fed += count
                else:
                    return

    # ------------------------------------------------------------- queries

    @property
    def is_complete(self) -> bool:
        return not self.state.status

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        return tuple(self.state.stacks)

    def options(self) -> Options:
        state = self.state
        actor = state.actor_index
        if actor is None:
            return Options(None, False, 0, False, 0, 0)
        call = state.checking_or_calling_amount
        assert call is not None
        refusal = ""
        try:
            state.verify_completion_betting_or_raising_to()
        except ValueError as error:
            refusal = str(error)
        if refusal:
            return Options(actor, state.can_fold(), call, False, 0, 0, refusal)
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        assert low is not None and high is not None
        return Options(actor, state.can_fold(), call, True, low, high)

    def accepts(self, action: Action) -> bool:
        """Whether PokerKit would take ``action`` from the player to act."""
        state = self.state
        match action:
            case Fold():
                return bool(state.can_fold())
            case CheckOrCall():
                return bool(state.can_check_or_call())
            case BetOrRaise(to):
                return bool(state.can_complete_bet_or_raise_to(to))
        return False

    # ------------------------------------------------------------- actions

    def act(self, action: Action) -> None:
        state = self.state
        match action:
            case Fold():
                state.fold()
            case CheckOrCall():
                state.check_or_call()
            case BetOrRaise(to):
                state.complete_bet_or_raise_to(to)
            case _:
                raise ValueError(f"PokerKit is not asked to {action!r}.")


_PK_CARDS: dict[int, pk.Card] = {
    int(card): next(iter(pk.Card.parse(str(card)))) for card in ALL_CARDS
}


def board_in_dealing_order(hand: Hand) -> list[Card]:
    """The board cards as they were dealt: a second run's own cards follow the
    first run's (the cards both runs share are dealt once)."""
    first = hand.boards[0]
    if hand.runouts == 1:
        return first
    second = hand.boards[1]
    shared = next((k for k, card in enumerate(second) if card not in first), len(second))
    return first + second[shared:]


def _pk_cards(cards: Sequence[Card]) -> tuple[pk.Card, ...]:
    return tuple(_PK_CARDS[card] for card in cards)


def options_of(hand: Hand) -> Options:
    """Our hand's betting decision in the same terms; the refusal is probed by
    asking for a raise beyond the player's stack, which is always refused and
    names why raising is impossible when it is."""
    if hand.is_complete or hand.actor is None:
        return Options(None, False, 0, False, 0, 0)
    legal = hand.legal_actions()
    refusal = ""
    if not legal.can_raise:
        try:
            hand.act(legal.player, BetOrRaise(legal.bet + legal.stack + 1))
        except IllegalAction as error:
            refusal = error.key
        else:  # pragma: no cover - would be an engine bug caught elsewhere
            raise AssertionError("a raise beyond the stack was accepted")
    return Options(
        legal.player,
        legal.can_fold,
        legal.call_amount,
        legal.can_raise,
        legal.min_raise_to if legal.can_raise else 0,
        legal.max_raise_to if legal.can_raise else 0,
        refusal,
    )
