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
``tables.config``. :meth:`TableSettings.checked` refuses a configuration no
table could be played with, naming the option at fault.

>>> config = TableSettings.checked(variant="NT", small_blind=5, big_blind=10,
...                              min_buy_in=200, max_buy_in=1000, seats=6)
>>> TableSettings.from_json(config.to_json()) == config
True
>>> horse = TableSettings.checked(variant="NT", rotation="horse", small_blind=5, big_blind=10,
...                             min_buy_in=200, max_buy_in=1000, seats=6)
>>> horse.variant, horse.display_name, horse.rules().rotation.codes[:2]
('FT', 'H.O.R.S.E.', ('FT', 'FO/8'))
>>> sng = TableSettings.checked(variant="NT", small_blind=10, big_blind=20, min_buy_in=0,
...                           max_buy_in=0, seats=6, tournament=True, tournament_buy_in=100,
...                           starting_stack=2000)
>>> sng.level_minutes, sng.min_buy_in, sng.rules().schedule.levels[1].big_blind
(10, 2000, 40)
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, replace
from typing import Any, Final

from bot.errors import CroupierError
from bot.settings import Settings
from bot.table_options import MAX_ACTION_SECONDS, MIN_ACTION_SECONDS, RULES_OPTIONS
from engine import (
    DEFAULT_LEVEL_MINUTES,
    MAX_CHIPS,
    MAX_PAID_PLACES,
    MIN_SEATS,
    RAKE_CAP_BIG_BLINDS,
    ROTATIONS,
    STARTING_STACK_BIG_BLINDS,
    TOURNAMENT_BUY_IN_BIG_BLINDS,
    VARIANTS,
    BlindSchedule,
    BreakRule,
    HomeRules,
    Rotation,
    RulesError,
    TableRules,
    TimeBankRule,
    TournamentExtras,
    Variant,
    check_percentages,
    chosen_home_rules,
    default_schedule,
    home_amount_most,
    plays_for_antes,
    table_rules,
)

#: Rest breaks typed as "10/60": break minutes, play minutes.
_BREAKS: Final = re.compile(r"^\s*(\d{1,3})\s*/\s*(\d{1,3})\s*$")


class TableSettingsError(CroupierError):
    """A table cannot be created with these options; nothing was created."""


def dealt_variants() -> dict[str, Variant]:
    """The variants a table can deal: all of them.

    Stud's bring-in has its button, and discards and draws their menu of the
    player's own cards (cogs/discard_menu.py).
    """
    return dict(VARIANTS)


def mixed_games() -> dict[str, Rotation]:
    """The mixes a table can deal, by the key a configuration names them with."""
    return dict(ROTATIONS)


@dataclass(frozen=True, slots=True)
class TableSettings:
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
    #: Each player's time bank: seconds at the start, and seconds added every
    #: so many hands (all 0: none); see :mod:`engine.time_bank`.
    time_bank_seconds: int = 0
    time_bank_add_seconds: int = 0
    time_bank_every_hands: int = 0
    #: The home-game options (:mod:`engine.home_rules`, set by ``/poker homegame``):
    #: run it twice, the rabbit hunt, bomb pots of ``bomb_pot`` chips every
    #: ``bomb_pot_every`` hands (0: when the table votes), to two boards with
    #: ``double_board``, and the 7-2 bounty in chips (0: none).
    run_it_twice: bool = False
    rabbit_hunt: bool = False
    bomb_pot: int = 0
    bomb_pot_every: int = 0
    double_board: bool = False
    seven_deuce_bounty: int = 0
    #: Whether /poker addbot may seat computer players (staked by the house bank).
    computer_players: bool = True
    #: The fewest players a hand is dealt to (cash tables; 2 to the seats).
    min_players: int = MIN_SEATS
    #: A night of session chips: everyone sits with this many chips that are
    #: worth nothing away from the table (0: the players' balances are played).
    session_chips: int = 0
    #: A tournament's rebuys during its first ``rebuy_levels`` levels, its add-on
    #: (``add_on_chips`` for ``add_on_price``) in the last of them, the bounty
    #: part of each buy-in, progressive knockouts (:mod:`engine.tournament_extras`),
    #: and the organiser's payout percentages ("50,30,20"; empty: by the field).
    rebuy_levels: int = 0
    add_on_price: int = 0
    add_on_chips: int = 0
    bounty: int = 0
    progressive_bounty: bool = False
    payouts: str = ""
    #: A tournament's rest breaks typed as "10/60": a 10-minute break after every
    #: 60 minutes of play (empty: none; :mod:`engine.rest_breaks`).
    breaks: str = ""

    @classmethod
    def checked(cls, **options: Any) -> TableSettings:
        """The configuration, or :class:`TableSettingsError` for the first bad option.
        A mixed table's ``variant`` becomes its first game.

        The bot checks only what it owns (the names of games and mixes, the
        shape of the command's options, the clock, a tournament's buy-in in
        the members' chips); every rule of the table itself is the engine's
        (:func:`engine.table_rules`), whose refusal key it words."""
        config = cls(**options)
        if config.rotation is not None:
            rotation = mixed_games().get(config.rotation)
            if rotation is None:
                raise TableSettingsError("table.config.variant", variant=config.rotation)
            config = replace(config, variant=rotation.codes[0])
        if config.hands_per_game is not None and config.rotation is None:
            raise TableSettingsError("table.config.hands_per_game_alone")
        if config.variant not in dealt_variants():
            raise TableSettingsError("table.config.variant", variant=config.variant)
        config = _checked_tournament(config)
        config = _checked_session_chips(config)
        if not MIN_ACTION_SECONDS <= config.action_seconds <= MAX_ACTION_SECONDS:
            raise TableSettingsError(
                "table.config.action_seconds",
                seconds=config.action_seconds,
                low=MIN_ACTION_SECONDS,
                high=MAX_ACTION_SECONDS,
            )
        try:
            config.rules()
            config.time_bank()
            config.break_rule()
            config.extras.check_buy_in(config.tournament_buy_in)
            if config.payout_percentages is not None:
                check_percentages(config.payout_percentages)
        except RulesError as refusal:
            raise TableSettingsError(f"engine.{refusal.key}", **refusal.params) from None
        return config

    @property
    def extras(self) -> TournamentExtras:
        """The tournament's rebuys, add-on and bounties (checked by the engine)."""
        return TournamentExtras(
            rebuy_levels=self.rebuy_levels,
            add_on_price=self.add_on_price,
            add_on_chips=self.add_on_chips,
            bounty=self.bounty,
            progressive=self.progressive_bounty,
        )

    @property
    def payout_percentages(self) -> tuple[int, ...] | None:
        """The organiser's payout table; ``None``: the engine's for the field."""
        if not self.payouts.strip():
            return None
        try:
            return tuple(int(part) for part in self.payouts.split(","))
        except ValueError:
            raise RulesError("payout_percentages", high=MAX_PAID_PLACES) from None

    def break_rule(self) -> BreakRule:
        """The tournament's rest breaks, from the organiser's "10/60" (break
        minutes/play minutes); the engine checks the numbers."""
        text = self.breaks.strip()
        if not text:
            return BreakRule()
        match = _BREAKS.match(text)
        if match is None:
            raise BreakRule.refusal()
        return BreakRule(int(match.group(1)), int(match.group(2)))

    def time_bank(self) -> TimeBankRule:
        """How this table fills its players' time banks."""
        return TimeBankRule(
            self.time_bank_seconds, self.time_bank_add_seconds, self.time_bank_every_hands
        )

    @property
    def home(self) -> HomeRules:
        """The engine's home-game options of this table."""
        return chosen_home_rules(
            run_it_twice=self.run_it_twice,
            rabbit_hunt=self.rabbit_hunt,
            bomb_pot=self.bomb_pot,
            bomb_pot_every=self.bomb_pot_every,
            double_board=self.double_board,
            seven_deuce_bounty=self.seven_deuce_bounty,
        )

    @property
    def games(self) -> tuple[Variant, ...]:
        """Every game the table deals: its one game, or its mix's."""
        rotation = self.engine_rotation
        codes = rotation.codes if rotation is not None else (self.variant,)
        return tuple(VARIANTS[code] for code in codes)

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
        antes and bets from :func:`engine.ante_stakes`, jackpots possible."""
        return self.rotation is None and plays_for_antes(self.engine_variant)

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

    def rules(self) -> TableRules:
        """The engine table's rules: the game played here and its stakes
        (:func:`engine.table_rules` checks them)."""
        return table_rules(
            self.variant,
            self.small_blind,
            self.big_blind,
            seats=self.seats,
            min_buy_in=self.min_buy_in,
            max_buy_in=self.max_buy_in,
            mix=None if self.rotation is None else ROTATIONS[self.rotation],
            hands_per_game=self.hands_per_game,
            jackpots=self.jackpots,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            straddle=self.straddle,
            rake_basis_points=self.rake_basis_points,
            rake_cap=self.rake_cap,
            tournament=self.tournament,
            starting_stack=self.starting_stack,
            level_minutes=self.level_minutes,
            level_hands=self.level_hands,
            home=self.home,
            extras=self.extras,
            **{name: getattr(self, name) for name in RULES_OPTIONS},
        )

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableSettings:
        options = json.loads(text)
        # Saved before home-game amounts were bounded: a bounty or bomb pot above
        # the bound is played at the bound (lowering is never a surprise).
        most = home_amount_most(int(options.get("big_blind", 0)))
        for name in ("bomb_pot", "seven_deuce_bounty"):
            if int(options.get(name, 0)) > most and not options.get("tournament"):
                options[name] = most
        return cls.checked(**options)


def _checked_session_chips(config: TableSettings) -> TableSettings:
    """A night of session chips: a cash table where everyone sits with the same
    stack (its buy-in range is that stack), and nothing goes to or from the
    house, whose chips are balance chips: no rake and no jackpots carried."""
    if not config.session_chips:
        return config
    if config.tournament or config.rake_basis_points or config.jackpots:
        raise TableSettingsError("table.config.session_chips_alone")
    if not config.big_blind <= config.session_chips <= MAX_CHIPS:
        raise TableSettingsError(
            "table.config.session_chips",
            amount=config.session_chips,
            low=config.big_blind,
            high=MAX_CHIPS,
        )
    return replace(config, min_buy_in=config.session_chips, max_buy_in=config.session_chips)


def _checked_tournament(config: TableSettings) -> TableSettings:
    """A tournament's buy-in (the members' chips) checked, its buy-in range set
    to the starting stack and its levels' length defaulted; a cash table must
    not have a tournament's options. The engine checks the rest."""
    if not config.tournament:
        if (
            config.tournament_buy_in
            or config.starting_stack
            or config.level_minutes is not None
            or config.level_hands is not None
        ):
            raise TableSettingsError("table.config.tournament_options_alone")
        return config
    if not 1 <= config.tournament_buy_in <= MAX_CHIPS:
        raise TableSettingsError(
            "table.config.tournament_buy_in", amount=config.tournament_buy_in, high=MAX_CHIPS
        )
    minutes = config.level_minutes
    if config.level_hands is None and minutes is None:
        minutes = DEFAULT_LEVEL_MINUTES
    return replace(
        config,
        level_minutes=minutes,
        min_buy_in=config.starting_stack,
        max_buy_in=config.starting_stack,
    )


def new_table_config(
    settings: Settings,
    *,
    variant: str | None,
    game: str | None = None,
    hands_per_game: int | None = None,
    jackpots: bool = False,
    tournament: bool = False,
    buy_in: int | None = None,
    starting_stack: int | None = None,
    level_minutes: int | None = None,
    level_hands: int | None = None,
    small_blind: int | None,
    big_blind: int | None,
    min_buy_in: int | None,
    max_buy_in: int | None,
    seats: int | None,
    action_seconds: int | None,
    provably_fair: bool,
    locale: str,
    ante: int | None = 0,
    big_blind_ante: bool = False,
    straddle: bool = False,
    rake_percent: float | None = None,
    rake_cap: int | None = None,
    time_bank: TimeBankRule | None = None,
    computer_players: bool = True,
    **declared: Any,
) -> TableSettings:
    """A new table's configuration: what the creator chose, the settings' defaults
    for the rest. Default buy-ins keep the settings' ratio to the big blind; the
    default number of seats is cut to what the game can deal (eight at stud).
    ``game`` names a mix of games, which replaces the one ``variant``. A rake
    is given in percent (2.5 is 250 basis points); its cap defaults to the
    engine's :data:`~engine.RAKE_CAP_BIG_BLINDS`.

    A ``tournament`` costs ``buy_in`` and starts everyone with ``starting_stack``
    tournament chips (the engine's defaults in big blinds, 20 and 100); its
    blinds rise every 10 minutes unless ``level_minutes`` or ``level_hands``
    says otherwise. Any other ``declared`` option (bot/table_options.py) is
    kept as chosen; left out (``None``), the table's default stands:
    ``session_chips`` makes a cash table a night of session chips, everyone's
    buy-in that stack (so no buy-in range besides)."""
    if game is not None and variant is not None:
        raise TableSettingsError("table.config.variant_and_mix")
    if tournament and (min_buy_in is not None or max_buy_in is not None):
        raise TableSettingsError("engine.tournament_cash_only")
    code = variant or "NT"
    known = dealt_variants().get(code)
    most_seats = settings.default_seats if known is None else known.max_players
    mix = None if game is None else mixed_games().get(game)
    if mix is not None:
        code, most_seats = mix.codes[0], mix.max_players
    rake_basis_points = round((rake_percent or 0) * 100)
    big = big_blind if big_blind is not None else settings.default_big_blind
    small = small_blind if small_blind is not None else min(settings.default_small_blind, big)
    scale = big / settings.default_big_blind
    common: dict[str, Any] = {
        "variant": code,
        "small_blind": small,
        "big_blind": big,
        "seats": seats if seats is not None else min(settings.default_seats, most_seats),
        "action_seconds": action_seconds
        if action_seconds is not None
        else settings.default_action_seconds,
        "provably_fair": provably_fair is True,
        "locale": locale,
        "rotation": game,
        "hands_per_game": hands_per_game,
        "jackpots": jackpots is True,
        "ante": ante or 0,
        "big_blind_ante": big_blind_ante is True,
        "straddle": straddle is True,
        "rake_basis_points": rake_basis_points,
        "computer_players": computer_players is not False,
        # The declared options kept as they are chosen (bot/table_options.py).
        **{name: value for name, value in declared.items() if value is not None},
    }
    if declared.get("session_chips") is not None and (
        tournament or min_buy_in is not None or max_buy_in is not None
    ):
        raise TableSettingsError("table.config.session_chips_alone")
    if time_bank is not None:
        common["time_bank_seconds"] = time_bank.start_seconds
        common["time_bank_add_seconds"] = time_bank.add_seconds
        common["time_bank_every_hands"] = time_bank.every_hands
    if tournament:
        return TableSettings.checked(
            **common,
            min_buy_in=0,
            max_buy_in=0,
            rake_cap=rake_cap or 0,
            tournament=True,
            tournament_buy_in=buy_in if buy_in is not None else TOURNAMENT_BUY_IN_BIG_BLINDS * big,
            starting_stack=starting_stack
            if starting_stack is not None
            else STARTING_STACK_BIG_BLINDS * big,
            level_minutes=level_minutes,
            level_hands=level_hands,
        )
    if buy_in is not None or starting_stack is not None:
        raise TableSettingsError("table.config.tournament_options_alone")
    if level_minutes is not None or level_hands is not None:
        raise TableSettingsError("table.config.tournament_options_alone")
    return TableSettings.checked(
        **common,
        min_buy_in=min_buy_in
        if min_buy_in is not None
        else max(big, round(settings.default_min_buy_in * scale)),
        max_buy_in=max_buy_in
        if max_buy_in is not None
        else max(big, round(settings.default_max_buy_in * scale), min_buy_in or 0),
        rake_cap=(rake_cap if rake_cap is not None else RAKE_CAP_BIG_BLINDS * big)
        if rake_basis_points
        else 0,
    )
