"""What the renderers draw: a table, a hand's result and a player's own seat,
frozen at one moment.

The table's view (:mod:`bot.tables.view`) builds these values from the
running table's state and the renderers of this package draw messages from
them. A :class:`TableSnapshot` is the boundary that keeps hole cards private:
it holds a player's cards only once they were shown at showdown (or dealt face
up), never the face-down cards of a hand in play. :class:`DiscardChoices` and
:class:`PrivateView` hold one player's own cards and are shown only to them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from engine import ActionKind, Card, HandDescription, LegalActions, Phase, PotShare, RaiseSize


@dataclass(frozen=True, slots=True)
class SeatLine:
    seat: int
    user_id: int
    name: str
    stack: int
    #: Chips in front of the player in this betting round.
    bet: int = 0
    in_hand: bool = False
    folded: bool = False
    all_in: bool = False
    sitting_out: bool = False
    leaving: bool = False
    button: bool = False
    small_blind: bool = False
    big_blind: bool = False
    to_act: bool = False
    #: Cards everyone has seen: shown at showdown, or dealt face up.
    shown: tuple[Card, ...] = ()
    shown_description: str = ""
    #: Stud, in a hand being played: the seat's cards in the order dealt, a
    #: face-down card as ``None`` (drawn as a back); empty in other games.
    dealt: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class LastAction:
    """An action as the table tells it; ``by_clock`` when the player did not act themselves."""

    name: str
    kind: ActionKind
    amount: int
    to: int
    all_in: bool
    by_clock: bool = False


@dataclass(frozen=True, slots=True)
class Choices(LegalActions):
    """What the player to act may do, for drawing the buttons: the engine's
    :class:`~engine.LegalActions` itself, with the number of actions taken when
    it was read (a click on an older table message is stale) and the amount of
    each quick size the engine offers (:meth:`~engine.LegalActions.quick_raises`)."""

    player: int = 0
    phase: Phase = Phase.BETTING
    seq: int = 0
    quick_sizes: tuple[tuple[RaiseSize, int], ...] = ()

    @classmethod
    def of(cls, legal: LegalActions, seq: int) -> Choices:
        """The engine's answer as it stands, at action count ``seq``."""
        answer = {field.name: getattr(legal, field.name) for field in fields(LegalActions)}
        return cls(**answer, seq=seq, quick_sizes=legal.quick_raises())


@dataclass(frozen=True, slots=True)
class DiscardChoices:
    """What the player to discard or draw may throw away, for their private menu.

    Unlike the rest of this module it holds the player's own hole cards: it is
    shown only to them, ephemerally.
    """

    hand_no: int
    seq: int
    cards: tuple[Card, ...]
    low: int
    high: int
    #: A draw (thrown cards are replaced) rather than a Pineapple discard.
    draw: bool
    #: Double Hold'em: the one card chosen becomes the point card; nothing is
    #: thrown away.
    point: bool = False


@dataclass(frozen=True, slots=True)
class TournamentView:
    """A tournament as its table message shows it."""

    started: bool
    buy_in: int
    starting_stack: int
    #: Length of a level: minutes, or hands.
    level_minutes: int | None
    level_hands: int | None
    registered: int
    seat_count: int
    #: Players who entered, once it began; players still in.
    entrants: int
    players_left: int
    prize_pool: int
    #: The prize of each paid place, first place first.
    prizes: tuple[int, ...]
    #: The level (from 1), its blinds and big-blind ante.
    level: int = 1
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    #: UNIX time the level's time runs out (levels by time) ...
    next_level_at: int | None = None
    #: ... or hands still to be dealt in it after the one being played (levels by hands).
    hands_to_next_level: int | None = None
    #: The level is over: the next hand is dealt at the next level.
    next_level_now: bool = False
    last_level: bool = False
    #: Rebuys: the last rebuy level (0: none) and whether they are still open;
    #: the add-on's level, chips and price (0 chips: none); each player's bounty.
    rebuy_levels: int = 0
    rebuys_open: bool = False
    add_on_chips: int = 0
    add_on_price: int = 0
    bounties: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HandOdds:
    """One live hand's chances when no more betting can happen, as fractions:
    to win alone (in Hi-Lo: to scoop), to share, and in Hi-Lo to take half."""

    name: str
    win: float
    tie: float
    half: float | None = None


@dataclass(frozen=True, slots=True)
class OddsStage:
    """Each live hand's chances with the board as it stood (empty: before the
    flop), or in stud with the cards each hand held, worked out exactly or
    simulated ("≈")."""

    board: tuple[Card, ...]
    exact: bool
    hands: tuple[HandOdds, ...]
    #: Run it twice: the run these chances are for (2: the second board).
    run: int = 1
    #: Stud: the cards each hand held then (0: a game with a board).
    cards: int = 0
    #: Two boards at once: the board these chances are for (0: the only board).
    board_number: int = 0


@dataclass(frozen=True, slots=True)
class HomeOptionsView:
    """A table's home-game options, as its message and its announcements name them."""

    run_it_twice: bool = False
    rabbit_hunt: bool = False
    #: Bomb pots of this many chips (0: none), every so many hands (0: when voted).
    bomb_pot: int = 0
    bomb_pot_every: int = 0
    double_board: bool = False
    seven_deuce_bounty: int = 0


@dataclass(frozen=True, slots=True)
class HomeGameView:
    """What the home-game options add to the table message."""

    #: Once no more betting can happen: everyone's chances as each board card
    #: came (the latest last); empty when there is nothing to show.
    odds: tuple[OddsStage, ...] = ()
    #: Run it twice: the players still to choose once or twice.
    runout_choosers: tuple[str, ...] = ()
    #: How many times the rest of the board is being run (2: run it twice).
    runouts: int = 1
    #: A bomb pot: what everyone posted (0: not a bomb pot).
    bomb_pot: int = 0
    #: The 7-2 bounty paid: (winner's name, chips collected).
    bounty: tuple[str, int] | None = None


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    table_id: int
    variant_name: str
    small_blind: int
    big_blind: int
    min_buy_in: int
    max_buy_in: int
    seat_count: int
    seats: tuple[SeatLine, ...]
    #: Whether the game shown deals a board (hold'em, Omaha), not stud or draw.
    has_board: bool = True
    #: Stud: (ante, bring-in, small bet, big bet); ``None`` at tables with blinds.
    stud_stakes: tuple[int, int, int, int] | None = None
    hand_no: int | None = None
    board: tuple[Card, ...] = ()
    #: Every board, in games dealt with more than one (double-board Hold'em).
    boards: tuple[tuple[Card, ...], ...] = ()
    #: The main pot first, then the side pots.
    pots: tuple[int, ...] = ()
    hand_over: bool = False
    actor_name: str | None = None
    actor_id: int | None = None
    #: UNIX time at which the clock acts for the player to act.
    deadline: int | None = None
    #: The latest actions, oldest first.
    last_actions: tuple[LastAction, ...] = ()
    choices: Choices | None = None
    #: How many actions the hand has had (what a button's id carries).
    seq: int = 0
    #: In a discard or draw phase: the players still to throw away cards, in order.
    to_discard: tuple[str, ...] = ()
    #: The phase is a draw (thrown cards are replaced), not a discard.
    drawing: bool = False
    #: Double Hold'em: the players still to discard are setting a point card.
    pointing: bool = False
    #: At the showdown: the player to act holds a hand that cannot win, and
    #: shows or mucks it (the clock mucks).
    showdown_choice: bool = False
    commitment: str | None = None
    #: UNIX time of the next deal, when one is due.
    next_hand_at: int | None = None
    #: The first button's high-card draw: (name, card) per player.
    button_draw: tuple[tuple[str, Card], ...] = ()
    closed: bool = False
    #: The table closes when the hand in progress ends.
    closing: bool = False
    #: A mixed table: the mix's name (``variant_name`` is the game shown).
    mix_name: str | None = None
    #: A mixed table's game with blinds: (small blind, big blind, big-blind ante,
    #: small bet, big bet), the bets 0 in no-limit and pot-limit.
    blind_stakes: tuple[int, int, int, int, int] | None = None
    #: A mixed table: the game that comes next ...
    next_game: str | None = None
    #: ... after this many hands of the game shown, counting the one being
    #: played (``None``: when the orbit ends, not yet known) ...
    hands_to_switch: int | None = None
    #: ... at the end of the button's orbit (rather than after a count of hands);
    switch_by_orbit: bool = False
    #: or with the very next hand.
    switch_now: bool = False
    #: Jackpots: (ante, small bet, big bet), and the pot carried to the next deal.
    #: (ante, small bet, big bet) of Five Card Draw; ``jackpots``: openers needed.
    ante_stakes: tuple[int, int, int] | None = None
    jackpots: bool = False
    #: The lines of the options set, as the options declare them
    #: (bot/table_options.py: the ante, straddles, the rake, ...), each a
    #: catalogue key and its values.
    option_lines: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    carried_pot: int = 0
    #: A tournament table: its level, players and prizes.
    tournament: TournamentView | None = None
    #: The table's time banks: (seconds at the start, seconds added, every so
    #: many hands), all 0 without; and whether the player to act is on theirs.
    time_bank: tuple[int, int, int] = (0, 0, 0)
    time_bank_running: bool = False
    #: The home-game extras (:mod:`bot.tables.home_view`): everyone's chances
    #: once no more betting can happen, the players still to choose whether
    #: the board is run twice, and whether the rabbit may be hunted.
    home: HomeGameView | None = None
    #: The home-game options in force (``None``: none), and the agreed ones
    #: waiting for hand ``home_pending_from`` (what raises what a player can lose).
    home_options: HomeOptionsView | None = None
    home_pending: HomeOptionsView | None = None
    home_pending_from: int = 0
    #: The hand is over: its result, which the hand's own message ends with (the
    #: channel gets no message of its own for it).
    result: HandResultView | None = None


@dataclass(frozen=True, slots=True)
class ShownHand:
    name: str
    cards: tuple[Card, ...]
    description: str
    #: What the cards make, as data, by each of the game's evaluations.
    hands: tuple[HandDescription, ...] = ()


@dataclass(frozen=True, slots=True)
class PotWin:
    """One pot, or one half of a split pot, and who won it."""

    pot_index: int
    pot_count: int
    #: ``"whole"``, ``"high"`` or ``"low"``, or ``"board 1"``, ``"board 2"`` ... in
    #: games with more than one board.
    share: PotShare
    amount: int
    #: (name, chips) of every winner.
    winners: tuple[tuple[str, int], ...]
    description: str
    #: The winning hand as data (``None``: won without showing), the rank of
    #: the kicker that decided it, and the cards the winners played.
    hand: HandDescription | None = None
    kicker: int | None = None
    winning_cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class HandResultView:
    table_id: int
    hand_no: int
    shown: tuple[ShownHand, ...]
    mucked: tuple[str, ...]
    wins: tuple[PotWin, ...]
    rake: int = 0
    #: Jackpots: nobody opened, and the pot waits for the next deal.
    carried_over: int = 0
    commitment: str | None = None
    board: tuple[Card, ...] = ()
    #: Every board, in games dealt with more than one (``board`` is the first).
    boards: tuple[tuple[Card, ...], ...] = ()
    #: The hand ended before its board was complete at a table that hunts
    #: rabbits: the message offers the rabbit hunt.
    rabbit_hunt: bool = False
    #: The 7-2 bounty paid: (winner's name, chips collected in all).
    bounty: tuple[str, int] | None = None
    #: What each player gained or lost in the hand (name, finishing stack less
    #: starting stack): the showdown picture shows a winner's gain, not the pot.
    gains: tuple[tuple[str, int], ...] = ()
    #: The hand's shared replay link (public cards only), where the web room
    #: has a public address (:mod:`bot.replay_links`); the message ends with it.
    replay_url: str | None = None


@dataclass(frozen=True, slots=True)
class PrivateView:
    """A player's own view of their hand: their hole cards and best hand so far.

    Like :class:`DiscardChoices` it holds the player's own hole cards: it is
    only ever sent to that player, by DM or as an ephemeral answer.
    """

    table_id: int
    channel_id: int
    hand_no: int
    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    #: The best hand described by the engine, one per way the pot is won (high,
    #: low; each board in double-board games).
    best: tuple[str, ...]
    folded: bool = False
    #: Every board, in games dealt with more than one.
    boards: tuple[tuple[Card, ...], ...] = ()
    #: The best hand as data, one per way the pot is won (and board).
    hands: tuple[HandDescription, ...] = ()


#: How a hand ended for the player it is told to.
Outcome = Literal["won_showdown", "won", "lost_showdown", "folded", "lost"]


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand told from one player's seat, for /history: their own
    cards, the board, and how it ended for them."""

    cards: tuple[Card, ...]
    board: tuple[Card, ...]
    outcome: Outcome
    #: The player's hand as shown (showdowns), and the kicker that won it.
    shown: HandDescription | None = None
    kicker: int | None = None
    #: Every board, when the hand had more than one (a double-board bomb pot,
    #: a board run twice); ``board`` is then the first.
    boards: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class ChipPoint:
    """One cash hand on the chart: its result and which session it belongs to."""

    net: int
    session: int
