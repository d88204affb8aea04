"""A table's configuration: the game (or a mix of games), the stakes, the
buy-in range, the seats, the clock and whether its decks are provably fair.

A mixed table names its rotation (``"horse"``, ``"hose"``, ``"ppc"``, the keys
of :data:`engine.rotation.ROTATIONS`) and, optionally, how many hands each
game lasts (none: one orbit of the button); its ``variant`` is the mix's first
game and its two blinds are the mix's stakes (:func:`engine.rotation.game_stakes`).

A tournament table (``tournament``) takes a ``tournament_buy_in`` from each
player's balance into its prize pool and seats everyone with the same
``starting_stack`` of tournament chips; its blinds rise by
:func:`engine.blind_structure.default_schedule` from the table's two blinds,
every ``level_minutes`` minutes or every ``level_hands`` hands. Tournaments
deal the games with blinds (not stud or five card draw, and neither mixes,
which the engine deals at cash tables only, nor a cash table's house rules).

It is chosen once, when the table is created, and kept as JSON in
``tables.config``. :meth:`TableConfig.checked` refuses a configuration no
table could be played with, naming the option at fault.

>>> config = TableConfig.checked(variant="NT", small_blind=5, big_blind=10,
...                              min_buy_in=200, max_buy_in=1000, seats=6)
>>> TableConfig.from_json(config.to_json()) == config
True
>>> horse = TableConfig.checked(variant="NT", rotation="horse", small_blind=5, big_blind=10,
...                             min_buy_in=200, max_buy_in=1000, seats=6)
>>> horse.variant, horse.display_name, horse.engine_config().rotation.codes[:2]
('FT', 'H.O.R.S.E.', ('FT', 'FO/8'))
>>> sng = TableConfig.checked(variant="NT", small_blind=10, big_blind=20, min_buy_in=0,
...                           max_buy_in=0, seats=6, tournament=True, tournament_buy_in=100,
...                           starting_stack=2000)
>>> sng.level_minutes, sng.min_buy_in, sng.engine_config().schedule.levels[1].big_blind
(10, 2000, 40)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any, Final

from bot.errors import CroupierError
from engine.blind_structure import default_schedule
from engine.draws import DrawRules
from engine.hand import Rake
from engine.rotation import ROTATIONS, Rotation
from engine.stakes import AnteKind, BlindSchedule, Stakes, stud_stakes
from engine.table import TableConfig as EngineTableConfig
from engine.variants import VARIANTS, BettingStructure, Variant

MAX_CHIPS: Final = 1_000_000_000
#: The largest rake a table may take: 10 % of the pot.
MAX_RAKE_BASIS_POINTS: Final = 1_000
MIN_ACTION_SECONDS: Final = 5
MAX_ACTION_SECONDS: Final = 600
MIN_SEATS: Final = 2
MAX_SEATS: Final = 10
MAX_HANDS_PER_GAME: Final = 100
#: A tournament's blind levels last 1 to 120 minutes (10 by default), or 1 to 100 hands.
MAX_LEVEL_MINUTES: Final = 120
DEFAULT_LEVEL_MINUTES: Final = 10
MAX_LEVEL_HANDS: Final = 100


class TableConfigError(CroupierError):
    """A table cannot be created with these options; nothing was created."""


def dealt_variants() -> dict[str, Variant]:
    """The variants a table can deal: all of them.

    Stud's bring-in has its button, and discards and draws their menu of the
    player's own cards (cogs/discard_menu.py).
    """
    return dict(VARIANTS)


def ante_stakes(small_blind: int, big_blind: int) -> Stakes:
    """The stakes of a game dealt with neither blinds nor a bring-in (Five Card
    Draw, jackpots or not), from the table's two numbers: everyone antes the
    small blind, the bets are the big blind before the draw and twice it after.

    >>> stakes = ante_stakes(5, 10)
    >>> stakes.ante, stakes.fixed_small_bet, stakes.fixed_big_bet
    (5, 10, 20)
    """
    return Stakes(small_blind, big_blind, ante=small_blind, ante_kind=AnteKind.EVERY_PLAYER)


def mixed_games() -> dict[str, Rotation]:
    """The mixes a table can deal, by the key a configuration names them with."""
    return dict(ROTATIONS)


@dataclass(frozen=True, slots=True)
class TableConfig:
    variant: str
    small_blind: int
    big_blind: int
    min_buy_in: int
    max_buy_in: int
    seats: int
    action_seconds: int = 30
    provably_fair: bool = False
    #: The language of everything posted in the channel.
    locale: str = "en"
    #: The house's share of each pot (500 = 5 %) up to ``rake_cap`` chips; 0 for none.
    rake_basis_points: int = 0
    rake_cap: int = 0
    #: A mixed game: its key in :func:`mixed_games`; ``variant`` is then its first game.
    rotation: str | None = None
    #: Hands of each game of a mix; ``None``: each game lasts one orbit of the button.
    hands_per_game: int | None = None
    #: Five card draw: jacks or better to open, everyone antes the small blind,
    #: and a pot nobody opens waits for the next deal.
    jackpots: bool = False
    #: A game with blinds: an ante besides them, from every player or, with
    #: ``big_blind_ante``, one for the whole table from the big blind.
    ante: int = 0
    big_blind_ante: bool = False
    #: No-limit and pot-limit games with blinds: players may choose a live straddle.
    straddle: bool = False
    #: A sit-and-go tournament instead of a cash table.
    tournament: bool = False
    #: Chips each player pays from their balance into the prize pool.
    tournament_buy_in: int = 0
    #: Tournament chips everyone starts with.
    starting_stack: int = 0
    #: How long each blind level lasts: minutes, or a number of hands.
    level_minutes: int | None = None
    level_hands: int | None = None

    @classmethod
    def checked(cls, **options: Any) -> TableConfig:
        """The configuration, or :class:`TableConfigError` for the first bad option.
        A mixed table's ``variant`` becomes its first game."""
        config = cls(**options)
        most_players = MAX_SEATS
        if config.rotation is not None:
            rotation = mixed_games().get(config.rotation)
            if rotation is None:
                raise TableConfigError("table.config.variant", variant=config.rotation)
            config = replace(config, variant=rotation.codes[0])
            most_players = rotation.max_players
        if config.hands_per_game is not None:
            if config.rotation is None:
                raise TableConfigError("table.config.hands_per_game_alone")
            if not 1 <= config.hands_per_game <= MAX_HANDS_PER_GAME:
                raise TableConfigError(
                    "table.config.hands_per_game",
                    hands=config.hands_per_game,
                    low=1,
                    high=MAX_HANDS_PER_GAME,
                )
        variant = dealt_variants().get(config.variant)
        if variant is None:
            raise TableConfigError("table.config.variant", variant=config.variant)
        config = _checked_tournament(config, variant)
        if not 1 <= config.small_blind <= config.big_blind <= MAX_CHIPS:
            raise TableConfigError(
                "table.config.blinds", small_blind=config.small_blind, big_blind=config.big_blind
            )
        if not config.big_blind <= config.min_buy_in <= config.max_buy_in <= MAX_CHIPS:
            raise TableConfigError(
                "table.config.buy_in",
                big_blind=config.big_blind,
                min_buy_in=config.min_buy_in,
                max_buy_in=config.max_buy_in,
            )
        most = min(most_players, variant.max_players)
        if not MIN_SEATS <= config.seats <= most:
            raise TableConfigError(
                "table.config.seats", seats=config.seats, low=MIN_SEATS, high=most
            )
        if not MIN_ACTION_SECONDS <= config.action_seconds <= MAX_ACTION_SECONDS:
            raise TableConfigError(
                "table.config.action_seconds",
                seconds=config.action_seconds,
                low=MIN_ACTION_SECONDS,
                high=MAX_ACTION_SECONDS,
            )
        if not (0 <= config.rake_basis_points <= MAX_RAKE_BASIS_POINTS) or not (
            0 <= config.rake_cap <= MAX_CHIPS
        ):
            raise TableConfigError("table.config.rake")
        if config.rake_basis_points and not config.rake_cap:
            raise TableConfigError("table.config.rake_cap")
        if config.jackpots and not config.plays_for_antes:
            raise TableConfigError("table.config.jackpots", variant=variant.name)
        blinds_only = config.rotation is None and variant.uses_blinds
        if config.ante or config.big_blind_ante:
            if not blinds_only:
                raise TableConfigError("table.config.ante_game", variant=config.display_name)
            if not 1 <= config.ante <= config.big_blind:
                raise TableConfigError(
                    "table.config.ante", ante=config.ante, big_blind=config.big_blind
                )
        big_bets = variant.betting in (BettingStructure.NO_LIMIT, BettingStructure.POT_LIMIT)
        if config.straddle and not (blinds_only and big_bets):
            raise TableConfigError("table.config.straddle", variant=config.display_name)
        return config

    @property
    def schedule(self) -> BlindSchedule | None:
        """A tournament's blind levels; ``None`` at a cash table."""
        if not self.tournament:
            return None
        if self.level_hands is not None:
            return default_schedule(self.small_blind, self.big_blind, hands=self.level_hands)
        minutes = self.level_minutes or DEFAULT_LEVEL_MINUTES
        return default_schedule(self.small_blind, self.big_blind, seconds=60 * minutes)

    @property
    def engine_variant(self) -> Variant:
        """The table's game; at a mixed table, its first game."""
        return VARIANTS[self.variant]

    @property
    def plays_for_antes(self) -> bool:
        """A single game with neither blinds nor a bring-in (Five Card Draw):
        antes and bets from :func:`ante_stakes`, jackpots possible."""
        game = self.engine_variant
        return self.rotation is None and not game.uses_blinds and not game.uses_bring_in

    @property
    def engine_rotation(self) -> Rotation | None:
        """A mixed table's rotation, switching as configured."""
        if self.rotation is None:
            return None
        rotation = ROTATIONS[self.rotation]
        return rotation if self.hands_per_game is None else rotation.every(self.hands_per_game)

    @property
    def display_name(self) -> str:
        """What the table deals, as its creator chose it: the game or the mix."""
        rotation = self.engine_rotation
        return self.engine_variant.name if rotation is None else rotation.name

    def engine_config(self) -> EngineTableConfig:
        """The engine table's configuration: the rules of the game played here."""
        schedule = self.schedule
        if schedule is not None:
            return EngineTableConfig(
                self.variant,
                schedule=schedule,
                starting_stack=self.starting_stack,
                seats=self.seats,
            )
        rake = None
        if self.rake_basis_points:
            rake = Rake(self.rake_basis_points, self.rake_cap)
        ante_kind = AnteKind.NONE
        if self.ante:
            ante_kind = AnteKind.BIG_BLIND if self.big_blind_ante else AnteKind.EVERY_PLAYER
        stakes = Stakes(
            self.small_blind, self.big_blind, self.ante, ante_kind, straddle=self.straddle
        )
        rotation = self.engine_rotation
        if self.engine_variant.uses_bring_in and rotation is None:
            stakes = stud_stakes(self.small_blind, self.big_blind)
        if self.plays_for_antes:
            stakes = ante_stakes(self.small_blind, self.big_blind)
        draw_rules = DrawRules(jackpots=self.jackpots)
        return EngineTableConfig(
            self.variant,
            stakes,
            seats=self.seats,
            min_buy_in=self.min_buy_in,
            max_buy_in=self.max_buy_in,
            rake=rake,
            rotation=rotation,
            draw_rules=draw_rules,
        )

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableConfig:
        return cls.checked(**json.loads(text))


def _checked_tournament(config: TableConfig, variant: Variant) -> TableConfig:
    """A tournament's options checked, its buy-in range set to the starting
    stack and its levels' length defaulted; a cash table must not have them."""
    if not config.tournament:
        if (
            config.tournament_buy_in
            or config.starting_stack
            or config.level_minutes is not None
            or config.level_hands is not None
        ):
            raise TableConfigError("table.config.tournament_options_alone")
        return config
    if (
        config.rotation is not None
        or config.jackpots
        or config.rake_basis_points
        or config.rake_cap
        or config.ante
        or config.big_blind_ante
        or config.straddle
    ):
        raise TableConfigError("table.config.tournament_cash_only")
    if variant.uses_bring_in or not variant.uses_blinds:
        raise TableConfigError("table.config.tournament_game", variant=variant.name)
    if not 1 <= config.tournament_buy_in <= MAX_CHIPS:
        raise TableConfigError(
            "table.config.tournament_buy_in", amount=config.tournament_buy_in, high=MAX_CHIPS
        )
    if not 2 * config.big_blind <= config.starting_stack <= MAX_CHIPS:
        raise TableConfigError(
            "table.config.starting_stack",
            amount=config.starting_stack,
            low=2 * config.big_blind,
            high=MAX_CHIPS,
        )
    if config.level_minutes is not None and config.level_hands is not None:
        raise TableConfigError("table.config.level_minutes_or_hands")
    if config.level_hands is not None and not 1 <= config.level_hands <= MAX_LEVEL_HANDS:
        raise TableConfigError(
            "table.config.level_hands", hands=config.level_hands, high=MAX_LEVEL_HANDS
        )
    minutes = config.level_minutes
    if config.level_hands is None:
        minutes = DEFAULT_LEVEL_MINUTES if minutes is None else minutes
        if not 1 <= minutes <= MAX_LEVEL_MINUTES:
            raise TableConfigError(
                "table.config.level_minutes", minutes=minutes, high=MAX_LEVEL_MINUTES
            )
    return replace(
        config,
        level_minutes=minutes,
        min_buy_in=config.starting_stack,
        max_buy_in=config.starting_stack,
    )
