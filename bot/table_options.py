"""Every option a table is created with, declared once.

Each :class:`TableOption` says its name (the ``/poker create`` parameter), its
type, its range, its default, the catalogue key of its description, which
tables it fits, and the table message's line for it when it is set. The slash
command's parameters are built from these declarations (``cogs/tables.py``:
their types, Discord's ranges and descriptions), the ranges are Discord's and
are read again for requests that do not come from Discord's client
(:mod:`bot.command_options`), every other check is the engine's
(:func:`engine.table_rules`, asked by :meth:`TableSettings.checked`), and the
table message shows the lines (:func:`option_lines`). The web table's settings
form will read the same list.

Only the range Discord checks is here; the rules that relate one option to
another (an ante at most the big blind, a tournament without antes, at least
two big blinds to start) are the engine's, with their sentences in the
catalogues.

>>> [option.name for option in CREATE_OPTIONS][:4]
['variant', 'game', 'hands_per_game', 'small_blind']
>>> OPTIONS["seats"].low, OPTIONS["seats"].high
(2, 10)
>>> option_lines({"min_players": 4, "straddle": False})
[('table.min_players', {'count': 4})]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from engine import (
    MAX_BOMB_POT_EVERY,
    MAX_CHIPS,
    MAX_HANDS_PER_GAME,
    MAX_LEVEL_HANDS,
    MAX_LEVEL_MINUTES,
    MAX_RAKE_BASIS_POINTS,
    MAX_REBUY_LEVELS,
    MAX_SEATS,
    MIN_SEATS,
)

#: How long a player has to act: the bot's clock, not a rule of poker.
MIN_ACTION_SECONDS: Final = 5
MAX_ACTION_SECONDS: Final = 600
#: A time bank typed as "30" or "30+5/10" (bot/tables/time_bank.py).
MAX_TIME_BANK_TEXT: Final = 20
#: An organiser's payout table typed as "50,30,20".
MAX_PAYOUTS_TEXT: Final = 80
#: A tournament's rest breaks typed as "10/60" (break minutes/play minutes).
MAX_BREAKS_TEXT: Final = 12


class Fits(Enum):
    """Which tables an option fits (the engine refuses it elsewhere)."""

    ANY = "any"
    CASH = "cash"
    TOURNAMENT = "tournament"
    #: Games dealt with blinds (an ante of the table's own, a straddle: big-bet ones).
    BLINDS = "blinds"
    #: Five card draw, dealt for antes.
    DRAW = "draw"
    #: A mix of games.
    MIX = "mix"


#: An option's line on the table message: the catalogue key and its values,
#: from the table's settings (by their names), or ``None`` when there is
#: nothing to show.
Line = Callable[[Mapping[str, object]], tuple[str, dict[str, object]] | None]


@dataclass(frozen=True, slots=True)
class TableOption:
    """One option of ``/poker create``.

    ``kind`` is its Python type (``int``, ``float``, ``bool``, ``str``; a
    ``str`` option's range is its length); ``default`` ``None`` means "not
    given": the server's settings or the engine decide. ``keyword`` is its
    name in :func:`bot.tables.table_settings.new_table_config` when that
    differs (``None``: the command alone uses it, such as ``thread``).
    """

    name: str
    kind: type
    default: object = None
    low: float | None = None
    high: float | None = None
    fits: Fits = Fits.ANY
    keyword: str | None = ""
    #: ``game``: one of the mixes, offered as Discord choices.
    choices: bool = False
    #: A field of the engine's :class:`~engine.TableRules` of the same name,
    #: given to it as it is (:func:`engine.table_rules` passes it on).
    rules: bool = False
    line: Line | None = None
    #: The /poker subcommand that sets it: ``create``, or ``homegame`` later on.
    command: str = "create"

    @property
    def description(self) -> str:
        """The catalogue key of its description (every language)."""
        return f"command.poker.{self.command}.{self.name}"

    @property
    def setting(self) -> str | None:
        """Its keyword in ``new_table_config``, or ``None`` if the command keeps it."""
        return self.name if self.keyword == "" else self.keyword


def _chips(name: str, fits: Fits = Fits.ANY, keyword: str | None = "") -> TableOption:
    return TableOption(name, int, None, 1, MAX_CHIPS, fits, keyword)


def _ante_line(values: Mapping[str, object]) -> tuple[str, dict[str, object]] | None:
    ante = values.get("ante")
    if not ante:
        return None
    return ("table.big_blind_ante" if values.get("big_blind_ante") else "table.ante"), {
        "ante": ante
    }


def _straddle_line(values: Mapping[str, object]) -> tuple[str, dict[str, object]] | None:
    return ("table.straddle_allowed", {}) if values.get("straddle") else None


def _rake_line(values: Mapping[str, object]) -> tuple[str, dict[str, object]] | None:
    basis_points = values.get("rake_basis_points")
    if not isinstance(basis_points, int) or not basis_points:
        return None
    # A float: the table message writes it as the reader's language does.
    return "table.rake", {"percent": basis_points / 100, "cap": values.get("rake_cap")}


def _session_chips_line(values: Mapping[str, object]) -> tuple[str, dict[str, object]] | None:
    chips = values.get("session_chips")
    if not isinstance(chips, int) or not chips:
        return None
    return "table.session_chips", {"stack": chips}


def _min_players_line(values: Mapping[str, object]) -> tuple[str, dict[str, object]] | None:
    count = values.get("min_players")
    if not isinstance(count, int) or count <= MIN_SEATS:
        return None
    return "table.min_players", {"count": count}


#: ``/poker create``'s options in the order Discord shows them (at most 25).
CREATE_OPTIONS: Final[tuple[TableOption, ...]] = (
    TableOption("variant", str),
    TableOption("game", str, fits=Fits.MIX, choices=True),
    TableOption("hands_per_game", int, None, 1, MAX_HANDS_PER_GAME, Fits.MIX),
    _chips("small_blind"),
    _chips("big_blind"),
    _chips("min_buy_in", Fits.CASH),
    _chips("max_buy_in", Fits.CASH),
    TableOption("seats", int, None, MIN_SEATS, MAX_SEATS),
    TableOption("action_seconds", int, None, MIN_ACTION_SECONDS, MAX_ACTION_SECONDS),
    TableOption("thread", bool, False, keyword=None),
    TableOption("provably_fair", bool, True),
    TableOption("jackpots", bool, False, fits=Fits.DRAW),
    TableOption("ante", int, None, 1, MAX_CHIPS, Fits.BLINDS, line=_ante_line),
    TableOption("big_blind_ante", bool, False, fits=Fits.BLINDS),
    TableOption("straddle", bool, False, fits=Fits.BLINDS, line=_straddle_line),
    TableOption(
        "rake",
        float,
        None,
        0.0,
        MAX_RAKE_BASIS_POINTS / 100,
        Fits.CASH,
        keyword="rake_percent",
        line=_rake_line,
    ),
    _chips("rake_cap", Fits.CASH),
    TableOption("tournament", bool, False, fits=Fits.TOURNAMENT),
    _chips("buy_in", Fits.TOURNAMENT),
    _chips("starting_stack", Fits.TOURNAMENT),
    TableOption("level_minutes", int, None, 1, MAX_LEVEL_MINUTES, Fits.TOURNAMENT),
    TableOption("level_hands", int, None, 1, MAX_LEVEL_HANDS, Fits.TOURNAMENT),
    TableOption("time_bank", str, None, 1, MAX_TIME_BANK_TEXT),
    TableOption("computer_players", bool, True),
    TableOption(
        "min_players",
        int,
        None,
        MIN_SEATS,
        MAX_SEATS,
        Fits.CASH,
        rules=True,
        line=_min_players_line,
    ),
)
#: ``/poker homegame``'s options, which its opener changes while the table plays
#: (only those given change; the table message's home-rules line shows them,
#: bot/render/home_lines.py).
HOME_OPTIONS: Final[tuple[TableOption, ...]] = tuple(
    TableOption(name, kind, None, low, high, Fits.CASH, command="homegame")
    for name, kind, low, high in (
        ("run_it_twice", bool, None, None),
        ("rabbit_hunt", bool, None, None),
        ("bomb_pot", int, 0, MAX_CHIPS),
        ("bomb_pot_every", int, 0, MAX_BOMB_POT_EVERY),
        ("double_board", bool, None, None),
        ("seven_deuce_bounty", int, 0, MAX_CHIPS),
    )
)
#: A night of session chips (the host's cash game): everyone sits with this
#: stack, no balance is touched. ``/poker create`` holds Discord's most (25
#: options), so a night has a command of its own, ``/poker session_chips``,
#: with the options a cash table's night uses.
SESSION_CHIPS: Final = TableOption(
    "session_chips",
    int,
    None,
    1,
    MAX_CHIPS,
    Fits.CASH,
    line=_session_chips_line,
    command="session_chips",
)
SESSION_OPTIONS: Final[tuple[TableOption, ...]] = (
    SESSION_CHIPS,
    *(
        option
        for option in CREATE_OPTIONS
        if option.name
        in {
            "variant",
            "game",
            "hands_per_game",
            "small_blind",
            "big_blind",
            "seats",
            "action_seconds",
            "thread",
            "provably_fair",
            "ante",
            "big_blind_ante",
            "straddle",
            "time_bank",
            "computer_players",
            "min_players",
        }
    ),
)
#: ``/poker rebuys``' options, which a tournament's opener sets before it begins
#: (only those given change): rebuys, the add-on, bounties and the payout table
#: (:mod:`engine.tournament_extras`; the engine checks how they go together).
REBUY_OPTIONS: Final[tuple[TableOption, ...]] = (
    TableOption("rebuy_levels", int, None, 0, MAX_REBUY_LEVELS, Fits.TOURNAMENT, command="rebuys"),
    TableOption("add_on_price", int, None, 0, MAX_CHIPS, Fits.TOURNAMENT, command="rebuys"),
    TableOption("add_on_chips", int, None, 0, MAX_CHIPS, Fits.TOURNAMENT, command="rebuys"),
    TableOption("bounty", int, None, 0, MAX_CHIPS, Fits.TOURNAMENT, command="rebuys"),
    TableOption("progressive_bounty", bool, None, fits=Fits.TOURNAMENT, command="rebuys"),
    TableOption("payouts", str, None, 0, MAX_PAYOUTS_TEXT, Fits.TOURNAMENT, command="rebuys"),
    # Rest breaks on the tournament's one clock, "10/60" (engine/rest_breaks.py, issue 28).
    TableOption("breaks", str, None, 0, MAX_BREAKS_TEXT, Fits.TOURNAMENT, command="rebuys"),
)
#: ``/tournament open``'s and ``/tournament schedule``'s rebuys, add-on, bounties
#: and payout table: ``/poker rebuys``' own, the same meaning and checks (the
#: organiser's percentages, else the field's curve: engine ``mtt_prizes``).
MTT_EXTRAS_OPTIONS: Final[tuple[TableOption, ...]] = REBUY_OPTIONS
OPTIONS: Final[Mapping[str, TableOption]] = {
    option.name: option for option in (*CREATE_OPTIONS, SESSION_CHIPS)
}
#: The options the engine's TableRules takes as they are.
RULES_OPTIONS: Final = tuple(option.name for option in CREATE_OPTIONS if option.rules)


def option_lines(values: Mapping[str, object]) -> list[tuple[str, dict[str, object]]]:
    """The table message's lines for the options set, from each option's value."""
    lines = []
    for option in (*CREATE_OPTIONS, SESSION_CHIPS):
        if option.line is not None:
            line = option.line(values)
            if line is not None:
                lines.append(line)
    return lines


# Seasons (issue 28, bot/seasons.py): whether a tournament counts for the
# server's season. /poker create already has Discord's 25 options, so the
# tournament's opener (or a manager) sets it in the table's channel with
# /season mark; left unset, a tournament counts for the season its end falls in.
#: ``/season mark``'s option.
SEASON_OPTIONS: Final[tuple[TableOption, ...]] = (
    TableOption("season", bool, True, fits=Fits.TOURNAMENT, keyword=None, command="season"),
)


# Tournaments announced ahead (issue 28, bot/scheduled_tournaments.py): the
# sit-and-go's options of /poker create, declared once above and reused as
# they are, and the schedule's own, which set no table option (keyword None).
#: The most players a scheduled tournament waits for (several tables beyond one's seats).
MAX_SCHEDULED_FIELD: Final = 1000
#: The last level late registration may run to (the structure has 18).
MAX_LEVEL_NUMBER: Final = 18
#: The most re-entries an organiser lets a player buy (bot/tournaments/late_entries.py).
MAX_REENTRIES: Final = 10
#: How far ahead of the start registration may open: a week.
MAX_REGISTRATION_HOURS: Final = 7 * 24
#: The most computer players a schedule may enter (as /tournament open allows).
MAX_SCHEDULED_COMPUTERS: Final = 200
#: The sit-and-go options /tournament schedule takes from /poker create.
SCHEDULED_TABLE_OPTIONS: Final[tuple[TableOption, ...]] = tuple(
    option
    for option in CREATE_OPTIONS
    if option.name
    in {
        "variant",
        "game",
        "small_blind",
        "big_blind",
        "seats",
        "action_seconds",
        "buy_in",
        "starting_stack",
        "level_minutes",
        "level_hands",
        "time_bank",
    }
)
#: ``/tournament schedule``'s options after its start time.
SCHEDULE_OPTIONS: Final[tuple[TableOption, ...]] = (
    *SCHEDULED_TABLE_OPTIONS,
    TableOption(
        "min_players", int, 2, MIN_SEATS, MAX_SCHEDULED_FIELD, keyword=None, command="schedule"
    ),
    TableOption(
        "registration_hours",
        int,
        None,
        0,
        MAX_REGISTRATION_HOURS,
        keyword=None,
        command="schedule",
    ),
    TableOption("repeat_weekly", bool, False, keyword=None, command="schedule"),
    TableOption("late_levels", int, 0, 0, MAX_LEVEL_NUMBER, keyword=None, command="schedule"),
    # Rebuys, the add-on and bounties, at one table or several (bot/tournaments/mtt_rebuys.py).
    *MTT_EXTRAS_OPTIONS,
    # Computer players entered at the start, staked by the house bank (issue 28).
    TableOption("computers", int, 0, 0, MAX_SCHEDULED_COMPUTERS, keyword=None, command="schedule"),
    TableOption("reentries", int, 0, 0, MAX_REENTRIES, keyword=None, command="schedule"),
)
