"""A table's configuration as a person chooses it, option by option, turned
into the :class:`~engine.table.TableRules` it plays by.

Every rule about which options a table may have and which go together lives
in the engine: here (options that have no field in the rules, such as a
tournament's level length or a cash table's own ante), in the types the
options become (:class:`~engine.stakes.Stakes` via
:func:`~engine.stakes.table_stakes`, :class:`~engine.home_rules.HomeRules`,
:class:`~engine.rotation.Rotation`, :class:`~engine.time_bank.TimeBankRule`)
and in :class:`~engine.table.TableRules` itself. A refusal is a
:class:`~engine.errors.RulesError`: a key and its values, which a caller words
in its reader's language (the bot's catalogues, ``engine.<key>``).

>>> rules = table_rules("NT", 5, 10, seats=6, min_buy_in=200, max_buy_in=1000, ante=2)
>>> rules.first_stakes.ante, rules.maximum_buy_in
(2, 1000)
>>> try:
...     table_rules("NT", 5, 10, seats=6, tournament=True, starting_stack=1000, straddle=True)
... except RulesError as refusal:
...     refusal.key
'tournament_cash_only'
>>> chosen_home_rules(double_board=True)
Traceback (most recent call last):
engine.errors.RulesError: Bomb pot options need a bomb pot amount.
"""

from __future__ import annotations

from typing import Any

from engine.blind_structure import (
    DEFAULT_LEVEL_MINUTES,
    MAX_LEVEL_HANDS,
    MAX_LEVEL_MINUTES,
    default_schedule,
)
from engine.draws import DrawRules
from engine.errors import RulesError
from engine.hand import Rake
from engine.home_rules import NO_HOME_RULES, BombPots, HomeRules
from engine.rotation import Rotation
from engine.stakes import MAX_CHIPS, Stakes, table_stakes
from engine.table import TableRules
from engine.tournament_extras import NO_EXTRAS, TournamentExtras
from engine.variants import variant as variant_named

__all__ = ["chosen_home_rules", "table_rules"]


def table_rules(
    variant: str,
    small_blind: int,
    big_blind: int,
    *,
    seats: int,
    min_buy_in: int = 0,
    max_buy_in: int = 0,
    mix: Rotation | None = None,
    hands_per_game: int | None = None,
    jackpots: bool = False,
    ante: int = 0,
    big_blind_ante: bool = False,
    straddle: bool = False,
    rake_basis_points: int = 0,
    rake_cap: int = 0,
    tournament: bool = False,
    starting_stack: int = 0,
    level_minutes: int | None = None,
    level_hands: int | None = None,
    home: HomeRules = NO_HOME_RULES,
    extras: TournamentExtras = NO_EXTRAS,
    **rules: Any,
) -> TableRules:
    """The rules of a table with these options, or the :class:`RulesError` of
    the first one at fault. ``mix`` deals a rotation of games (``variant`` is
    its first), switching every ``hands_per_game`` hands (``None``: each
    orbit). A ``tournament`` starts everyone with ``starting_stack`` chips and
    raises its blinds every ``level_minutes`` minutes (10 unless chosen) or
    every ``level_hands`` hands. The ``rules`` that are fields of
    :class:`TableRules` as they are (``min_players``, ...) go to it unchanged,
    and it checks them."""
    game = variant_named(variant)
    rotation = mix if mix is None or hands_per_game is None else mix.every(hands_per_game)
    if tournament:
        if (
            mix is not None
            or jackpots
            or rake_basis_points
            or rake_cap
            or ante
            or big_blind_ante
            or straddle
        ):
            raise RulesError("tournament_cash_only")
        Stakes(small_blind, big_blind)  # the blinds of the first level
        if level_minutes is not None and level_hands is not None:
            raise RulesError("level_minutes_or_hands")
        if level_hands is not None:
            if not 1 <= level_hands <= MAX_LEVEL_HANDS:
                raise RulesError("level_hands", hands=level_hands, high=MAX_LEVEL_HANDS)
            schedule = default_schedule(small_blind, big_blind, hands=level_hands)
        else:
            minutes = DEFAULT_LEVEL_MINUTES if level_minutes is None else level_minutes
            if not 1 <= minutes <= MAX_LEVEL_MINUTES:
                raise RulesError("level_minutes", minutes=minutes, high=MAX_LEVEL_MINUTES)
            schedule = default_schedule(small_blind, big_blind, seconds=60 * minutes)
        return TableRules(
            variant,
            schedule=schedule,
            starting_stack=starting_stack,
            seats=seats,
            home=home,
            extras=extras,
            **rules,
        )
    if extras.any:
        raise RulesError("extras_tournament_only")
    if rotation is not None:
        # Each game of a mix derives its own stakes from the two blinds.
        if ante or big_blind_ante:
            raise RulesError("ante_game", variant=rotation.name)
        if straddle:
            raise RulesError("straddle", variant=rotation.name)
        stakes = Stakes(small_blind, big_blind)
    else:
        stakes = table_stakes(
            game,
            small_blind,
            big_blind,
            ante=ante,
            big_blind_ante=big_blind_ante,
            straddle=straddle,
        )
    rake = None
    if rake_basis_points or not 0 <= rake_cap <= MAX_CHIPS:
        rake = Rake(rake_basis_points, rake_cap)
    return TableRules(
        variant,
        stakes,
        seats=seats,
        min_buy_in=min_buy_in,
        max_buy_in=max_buy_in,
        rake=rake,
        rotation=rotation,
        draw_rules=DrawRules(jackpots=jackpots),
        home=home,
        **rules,
    )


def chosen_home_rules(
    *,
    run_it_twice: bool = False,
    rabbit_hunt: bool = False,
    bomb_pot: int = 0,
    bomb_pot_every: int = 0,
    double_board: bool = False,
    seven_deuce_bounty: int = 0,
) -> HomeRules:
    """The home-game options as chosen: a bomb pot of ``bomb_pot`` chips (0:
    none) every ``bomb_pot_every`` hands (0: when the table votes), to two
    boards with ``double_board``; the 7-2 bounty in chips (0: none). Whether
    the table's games can play them, and the most they may be, is
    :meth:`HomeRules.refusal`, asked by :class:`TableRules`."""
    if not 0 <= bomb_pot <= MAX_CHIPS:
        raise RulesError("bomb_pot", amount=bomb_pot)
    if (bomb_pot_every or double_board) and not bomb_pot:
        raise RulesError("bomb_pot_options_alone")
    if not 0 <= seven_deuce_bounty <= MAX_CHIPS:
        raise RulesError("seven_deuce_bounty", amount=seven_deuce_bounty)
    return HomeRules(
        run_it_twice=run_it_twice,
        bomb_pot=BombPots(bomb_pot, bomb_pot_every, double_board) if bomb_pot else None,
        rabbit_hunt=rabbit_hunt,
        seven_deuce_bounty=seven_deuce_bounty,
    )
