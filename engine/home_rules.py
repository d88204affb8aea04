"""Home-game options a table may play with, and the games each one fits.

Online home games (PokerNow and the like) add four things to the rules of the
game itself, each a table option:

- **run it twice**: when the betting ends with everyone all in and board
  cards still to come (before the flop, on the flop or on the turn), the
  players still in the hand choose to deal the rest of the board once or
  twice; twice (only if all of them agree) deals a second board from the same
  deck and each board wins half of every pot. It is offered only when the
  stub can deal both runs with their burns (:func:`runouts_open`);
- **bomb pots**: every N hands (and whenever the table votes for one)
  everyone posts the agreed amount, nobody bets before the flop and the flop
  is dealt, optionally to two boards that each win half the pot;
- **the rabbit hunt**: after a hand that ended before its last board card,
  anyone at the table may see the board cards that would have come;
- **the 7-2 bounty**: a player who wins a hand with seven-deuce and shows it
  collects the agreed bounty from every other player dealt in (shown at the
  showdown, or by choice before the next deal after everyone else folded).

Each fits only some games: a game without a board has no board to run twice,
to bomb to a flop or to hunt; seven-deuce is a two-card hand from a deck with
sevens and deuces. The ``*_refusal`` functions say why an option does not fit
a game, as a sentence key of :data:`engine.errors.MESSAGES` (``None``: it
fits); :meth:`HomeRules.refusal` checks a whole table. At a mixed table an
option is accepted when at least one of its games can play it, and is then
played in the hands of those games only.

>>> from engine.variants import VARIANTS
>>> run_it_twice_refusal(VARIANTS["NT"]) is None, run_it_twice_refusal(VARIANTS["F7S"])
(True, 'run_it_twice_no_board')
>>> bomb_pot_refusal(VARIANTS["PO"]) is None, bomb_pot_refusal(VARIANTS["F5D"])
(True, 'bomb_pot_no_flop')
>>> seven_deuce_refusal(VARIANTS["NT"]) is None, seven_deuce_refusal(VARIANTS["PO"])
(True, 'seven_deuce_two_cards')
>>> HomeRules(bomb_pot=BombPots(50, every=10)).bomb_pot_due(hand_number=20)
True

**Amounts are a home game's.** A bounty or a bomb pot's ante is a few big
blinds at a kitchen table, never a stack: both are at most
:data:`HOME_AMOUNT_BIG_BLINDS` big blinds (``bomb_pot_too_large``,
``seven_deuce_too_large``), so that no hand of home rules costs a player who
folds more than a few bets.

**A change is agreed, not sprung.** The players sat down under the rules of
the moment. A change that raises what a seated player can lose (a larger
bounty, a bomb pot that is new, larger or comes more often) waits until it has
been announced for one full hand (:func:`in_force_now` says which part of a
change applies from the next hand; :meth:`engine.Table.change_home_rules`
counts the hands), so that anyone who does not agree may leave first. A
change that lowers or removes an amount, or switches run it twice or the
rabbit hunt, applies from the next hand.

>>> big = HomeRules(seven_deuce_bounty=50, rabbit_hunt=True)
>>> in_force_now(NO_HOME_RULES, big) == HomeRules(rabbit_hunt=True)
True
>>> in_force_now(big, NO_HOME_RULES) == NO_HOME_RULES
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol

from engine.cards import DEUCE, Card
from engine.errors import RulesError
from engine.events import Event, PotAwarded
from engine.variants import Variant

__all__ = [
    "HOME_AMOUNT_BIG_BLINDS",
    "NO_HOME_RULES",
    "BombPotVote",
    "BombPots",
    "HomeRules",
    "bomb_pot_refusal",
    "bomb_pot_votes_needed",
    "bounty_payments",
    "check_setup",
    "double_board_refusal",
    "has_board",
    "home_amount_most",
    "in_force_now",
    "is_seven_deuce",
    "rabbit_hunt_refusal",
    "raises_exposure",
    "run_it_twice_refusal",
    "runouts_open",
    "seven_deuce_refusal",
    "seven_deuce_winner",
]

#: The two ranks of seven-deuce (engine ranks count from the deuce, 0).
SEVEN: Final = DEUCE + 5
SEVEN_DEUCE_RANKS: Final = frozenset((DEUCE, SEVEN))

#: The most a 7-2 bounty, or a bomb pot's ante, may be: five big blinds (a
#: home game's bounty is a few big blinds, its bomb pot a few antes' worth).
HOME_AMOUNT_BIG_BLINDS: Final = 5
#: Bomb pots come at most every 100 hands by the count.
MAX_BOMB_POT_EVERY: Final = 100


def home_amount_most(big_blind: int) -> int:
    """The largest bounty or bomb pot a table of ``big_blind`` may play.

    >>> home_amount_most(10)
    50
    """
    return HOME_AMOUNT_BIG_BLINDS * big_blind


def has_board(game: Variant) -> bool:
    """Whether ``game`` deals cards to a board."""
    return any(street.board for street in game.streets)


def run_it_twice_refusal(game: Variant) -> str | None:
    """Why the board of ``game`` cannot be run twice, or ``None``."""
    if not has_board(game):
        return "run_it_twice_no_board"
    if game.boards > 1:
        return "run_it_twice_two_boards"
    return None


def bomb_pot_refusal(game: Variant) -> str | None:
    """Why ``game`` cannot be played as a bomb pot, or ``None``: a bomb pot is
    a button game whose first betting round comes before any board card, so
    that skipping it goes straight to the flop."""
    if not has_board(game) or not game.uses_blinds:
        return "bomb_pot_no_flop"
    first_betting = next(street for street in game.streets if street.betting)
    dealt_before = game.streets[: game.streets.index(first_betting) + 1]
    if any(street.board for street in dealt_before):
        return "bomb_pot_no_flop"
    return None


def bomb_pot_votes_needed(voters: int) -> int:
    """How many votes call a bomb pot among ``voters`` players who may vote:
    more than half of them.

    >>> [bomb_pot_votes_needed(n) for n in (1, 2, 3, 4)]
    [1, 2, 2, 3]
    """
    return voters // 2 + 1


@dataclass(frozen=True, slots=True)
class BombPotVote:
    """A vote for a bomb pot counted (:meth:`engine.Table.vote_bomb_pot`): how
    many voted, how many are needed, whether the next hand is now a bomb pot,
    and whether this voter had voted already (then nothing changed)."""

    votes: int
    needed: int
    called: bool
    again: bool = False

    @property
    def missing(self) -> int:
        """Votes still needed for the bomb pot."""
        return max(0, self.needed - self.votes)


def double_board_refusal(game: Variant) -> str | None:
    """Why a bomb pot of ``game`` cannot be dealt to two boards, or ``None``."""
    if game.boards > 1:
        return "double_board_already"
    return bomb_pot_refusal(game)


def rabbit_hunt_refusal(game: Variant) -> str | None:
    """Why ``game`` has no rabbit to hunt, or ``None``."""
    return None if has_board(game) else "rabbit_hunt_no_board"


def seven_deuce_refusal(game: Variant) -> str | None:
    """Why seven-deuce cannot win a hand of ``game``, or ``None``."""
    if game.hole_card_count != 2 or game.uses_bring_in or game.draws:
        return "seven_deuce_two_cards"
    ranks = {card.rank for card in game.deck.cards}
    if not ranks >= SEVEN_DEUCE_RANKS:
        return "seven_deuce_deck"
    return None


@dataclass(frozen=True, slots=True)
class BombPots:
    """The table's bomb pots: ``amount`` posted by everyone dealt in, every
    ``every`` hands (0: only when the table votes for one), to two boards when
    ``double_board``."""

    amount: int
    every: int = 0
    double_board: bool = False

    def __post_init__(self) -> None:
        if self.amount < 1:
            raise RulesError("bomb_pot", amount=self.amount)
        if not 0 <= self.every <= MAX_BOMB_POT_EVERY:
            raise RulesError("bomb_pot_every", hands=self.every, high=MAX_BOMB_POT_EVERY)


@dataclass(frozen=True, slots=True)
class HomeRules:
    """The home-game options of a table (all off by default)."""

    run_it_twice: bool = False
    bomb_pot: BombPots | None = None
    rabbit_hunt: bool = False
    #: The 7-2 bounty each other player dealt in pays; 0 for none.
    seven_deuce_bounty: int = 0

    def __post_init__(self) -> None:
        if self.seven_deuce_bounty < 0:
            raise RulesError("seven_deuce_bounty", amount=self.seven_deuce_bounty)

    @property
    def any(self) -> bool:
        """Whether any option is on."""
        return (
            self.run_it_twice
            or self.bomb_pot is not None
            or self.rabbit_hunt
            or self.seven_deuce_bounty > 0
        )

    def refusal(
        self, games: Sequence[Variant], *, tournament: bool, big_blind: int | None = None
    ) -> str | None:
        """Why a table dealing ``games`` (one, or a mixed table's rotation)
        cannot play these options, as a sentence key, or ``None``.

        Run it twice, bomb pots and the bounty move chips in ways a tournament
        does not allow (its chips are not cash, and nobody runs an elimination
        twice); at a mixed table each option needs one game that can play it.
        Given the table's ``big_blind``, the bounty and the bomb pot are at
        most :func:`home_amount_most` (the sentences take ``big_blinds`` and
        ``most``).

        >>> from engine.variants import VARIANTS
        >>> HomeRules(seven_deuce_bounty=60).refusal([VARIANTS["NT"]], tournament=False,
        ...                                           big_blind=10)
        'seven_deuce_too_large'
        """
        if tournament:
            if self.run_it_twice:
                return "run_it_twice_cash_only"
            if self.bomb_pot is not None:
                return "bomb_pot_cash_only"
            if self.seven_deuce_bounty:
                return "seven_deuce_cash_only"
        if big_blind is not None:
            most = home_amount_most(big_blind)
            if self.bomb_pot is not None and self.bomb_pot.amount > most:
                return "bomb_pot_too_large"
            if self.seven_deuce_bounty > most:
                return "seven_deuce_too_large"
        checks: list[tuple[bool, object]] = [
            (self.run_it_twice, run_it_twice_refusal),
            (self.bomb_pot is not None, bomb_pot_refusal),
            (self.bomb_pot is not None and self.bomb_pot.double_board, double_board_refusal),
            (self.rabbit_hunt, rabbit_hunt_refusal),
            (self.seven_deuce_bounty > 0, seven_deuce_refusal),
        ]
        for wanted, check in checks:
            if not wanted:
                continue
            assert callable(check)
            reasons = [check(game) for game in games]
            if all(reason is not None for reason in reasons):
                return str(reasons[0])
        return None

    def bomb_pot_due(self, hand_number: int) -> bool:
        """Whether hand number ``hand_number`` (from 1) is a bomb pot by the count."""
        bomb = self.bomb_pot
        return bomb is not None and bomb.every > 0 and hand_number % bomb.every == 0


#: A table without home-game options.
NO_HOME_RULES: Final = HomeRules()


def _bomb_pots_raised(before: BombPots | None, after: BombPots | None) -> bool:
    """Whether bomb pots ``after`` can cost a player more than ``before``: new,
    a larger ante, or by the count more often (a second board costs nothing)."""
    if after is None:
        return False
    if before is None or after.amount > before.amount:
        return True
    return after.every > 0 and (before.every == 0 or after.every < before.every)


def raises_exposure(before: HomeRules, after: HomeRules) -> bool:
    """Whether changing the options from ``before`` to ``after`` raises what a
    seated player can lose in a hand: a larger 7-2 bounty, or bomb pots that
    are new, larger or more frequent.

    >>> raises_exposure(HomeRules(seven_deuce_bounty=20), HomeRules(seven_deuce_bounty=50))
    True
    >>> raises_exposure(HomeRules(bomb_pot=BombPots(20, every=2)),
    ...                 HomeRules(bomb_pot=BombPots(20, every=5), rabbit_hunt=True))
    False
    """
    return after.seven_deuce_bounty > before.seven_deuce_bounty or _bomb_pots_raised(
        before.bomb_pot, after.bomb_pot
    )


def in_force_now(before: HomeRules, after: HomeRules) -> HomeRules:
    """What a change from ``before`` to ``after`` puts in force from the next
    hand: all of it, except a raise of what a seated player can lose (see
    :func:`raises_exposure`), which keeps its value of ``before`` until the
    change has been announced for a full hand."""
    bounty = min(after.seven_deuce_bounty, before.seven_deuce_bounty)
    bomb = before.bomb_pot if _bomb_pots_raised(before.bomb_pot, after.bomb_pot) else after.bomb_pot
    return replace(after, bomb_pot=bomb, seven_deuce_bounty=bounty)


# ------------------------------------------------------------ the hand's rules


class HomeSetup(Protocol):
    """What :func:`check_setup` reads of a hand's setup
    (:class:`engine.hand.HandSetup`, which imports this module)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def antes(self) -> tuple[int, ...]: ...
    @property
    def blinds(self) -> tuple[int, ...]: ...
    @property
    def posts(self) -> tuple[int, ...]: ...
    @property
    def run_it_twice(self) -> bool: ...
    @property
    def bomb_pot(self) -> bool: ...
    @property
    def boards(self) -> int: ...
    @property
    def seven_deuce_bounty(self) -> int: ...


def check_setup(setup: HomeSetup) -> None:
    """Refuse (``ValueError``) a hand setup whose home-game options its game
    cannot play: the table offers an option only where it fits, so this is a
    caller's mistake, not a player's."""
    game = setup.variant
    if setup.run_it_twice and run_it_twice_refusal(game) is not None:
        raise ValueError(f"{game.name} cannot run the board twice.")
    if setup.seven_deuce_bounty < 0:
        raise ValueError("The 7-2 bounty cannot be negative.")
    if setup.seven_deuce_bounty and seven_deuce_refusal(game) is not None:
        raise ValueError(f"Seven-deuce cannot win a hand of {game.name}.")
    if setup.boards not in (0, game.boards) and (
        not setup.bomb_pot or setup.boards != 2 or double_board_refusal(game) is not None
    ):
        raise ValueError("Only a bomb pot of a one-board game is dealt to two boards.")
    if setup.bomb_pot:
        if bomb_pot_refusal(game) is not None:
            raise ValueError(f"{game.name} cannot be played as a bomb pot.")
        if any(setup.blinds) or any(setup.posts) or not any(setup.antes):
            raise ValueError("In a bomb pot everyone posts the bomb as an ante, and no blinds.")


def runouts_open(
    game: Variant,
    street_index: int,
    stub_size: int,
    in_hand: Sequence[int],
    stacks: Sequence[int],
) -> bool | None:
    """Whether the rest of the board may be run twice once street
    ``street_index`` is over; ``None`` while that cannot be told yet.

    The rule: the choice comes at the end of whichever street leaves two or
    more hands live with no more betting possible (at most one of them has
    chips left) and nothing but board cards to come: before the flop, on the
    flop or on the turn alike. Until then it is not yet known (``None``):
    betting can go on, or a street still to come asks the players for cards
    (a discard, a draw, a point card) or deals them some, which a second run
    could not deal again. Then it is offered (``True``) exactly when board
    cards are still to come and the stub holds both runs with their burns:
    twice the board cards still to come plus a burn before each street that
    burns. Otherwise (``False``) the board is run once, and the question is
    not asked again in the hand.

    >>> from engine.variants import VARIANTS
    >>> runouts_open(VARIANTS["NT"], 0, 48, [0, 1], [0, 500])  # 2 x (5 cards + 3 burns) <= 48
    True
    >>> runouts_open(VARIANTS["NR"], 0, 14, [0, 1, 2], [0, 0, 0])  # Royal: 16 > 20 - 6
    False
    >>> runouts_open(VARIANTS["PO"], 2, 6, [0, 1], [0, 0])  # ten-handed, all in on the turn
    True
    >>> runouts_open(VARIANTS["NT"], 1, 44, [0, 1], [90, 500]) is None  # both can still bet
    True
    """
    if len(in_hand) < 2 or sum(1 for player in in_hand if stacks[player]) > 1:
        return None
    later = game.streets[street_index + 1 :]
    if any(
        street.discard or street.draw or street.point_card or street.hole_down or street.hole_up
        for street in later
    ):
        return None
    to_come = sum(street.board for street in later)
    burns = sum(1 for street in later if street.board and street.burn)
    return to_come > 0 and 2 * (to_come + burns) <= stub_size


def is_seven_deuce(cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are a seven and a deuce, of any suits."""
    return len(cards) == 2 and {card.rank for card in cards} == SEVEN_DEUCE_RANKS


def seven_deuce_winner(
    events: Sequence[Event],
    hole_cards: Sequence[Sequence[Card]],
    *,
    shown: Sequence[bool],
) -> int | None:
    """Who collects the 7-2 bounty once the pots are awarded, if anyone: the
    one player who took the main pot (alone: a split or a shared run-out is
    not a win), holding seven-deuce and showing it (``shown``: whose hands are
    face up). At a showdown the winning hand is shown anyway; a player who won
    because everyone else folded collects only by choosing to show both cards
    before the next deal (:func:`engine.show_choices.shows_seven_deuce`):
    cards are never turned up for them."""
    takers = {
        player
        for event in events
        if isinstance(event, PotAwarded) and event.pot_index == 0
        for player, chips in event.winners
        if chips
    }
    if len(takers) != 1:
        return None
    (winner,) = takers
    if not is_seven_deuce(hole_cards[winner]) or not shown[winner]:
        return None
    return winner


def bounty_payments(
    winner: int, bounty: int, stacks: Sequence[int], player_count: int
) -> list[tuple[int, int]]:
    """What each other player dealt in pays the 7-2 bounty's ``winner``: the
    bounty, or all they have left when less (nobody owes chips they lack).

    >>> bounty_payments(0, 50, [900, 20, 300], 3)
    [(1, 20), (2, 50)]
    """
    return [
        (player, min(bounty, stacks[player]))
        for player in range(player_count)
        if player != winner and stacks[player]
    ]
