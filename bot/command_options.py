"""Every slash command's options checked again as Discord would have checked them.

Discord's client refuses an option of the wrong type, out of its range, too
long or not among its choices, but a request does not have to come from
Discord's client: an option that reaches the bot is read again here before any
command runs (``CroupierTree.interaction_check``), so a command never sees a
text where it declared a number (a text ``seats`` once raised ``TypeError``), a
number past its range, or a choice it does not offer. A refused option is a
:class:`OptionRefused` with the value in its sentence; nothing runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

from discord import AppCommandOptionType, app_commands

from bot.errors import BadOption

_GROUPS: Final = (
    AppCommandOptionType.subcommand.value,
    AppCommandOptionType.subcommand_group.value,
)
#: Options whose value is a Discord id, sent as text.
_SNOWFLAKES: Final = frozenset(
    {
        AppCommandOptionType.user,
        AppCommandOptionType.channel,
        AppCommandOptionType.role,
        AppCommandOptionType.mentionable,
        AppCommandOptionType.attachment,
    }
)
#: Discord's limit on a string option's length.
MAX_STRING: Final = 6000


class OptionRefused(BadOption, app_commands.CheckFailure):
    """An option Discord's client would not have sent."""


def leaf_options(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The options of the (sub)command that runs, below any subcommand and group."""
    options: list[Mapping[str, Any]] = list(data.get("options") or [])
    while len(options) == 1 and options[0].get("type") in _GROUPS:
        options = list(options[0].get("options") or [])
    return options


def check_options(
    parameters: Sequence[app_commands.Parameter], options: Sequence[Mapping[str, Any]]
) -> None:
    """Raise :class:`OptionRefused` for the first option the command would not accept."""
    by_name = {parameter.display_name: parameter for parameter in parameters}
    for option in options:
        parameter = by_name.get(str(option.get("name")))
        if parameter is None:
            raise OptionRefused(value=option.get("name"))
        _check_value(parameter, option.get("value"))


def _check_value(parameter: app_commands.Parameter, value: object) -> None:
    kind = parameter.type
    if kind is AppCommandOptionType.boolean:
        ok = isinstance(value, bool)
    elif kind is AppCommandOptionType.integer:
        ok = isinstance(value, int) and not isinstance(value, bool) and _in_range(parameter, value)
    elif kind is AppCommandOptionType.number:
        ok = (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
            and _in_range(parameter, value)
        )
    elif kind is AppCommandOptionType.string:
        ok = isinstance(value, str) and _fits(parameter, value)
    elif kind in _SNOWFLAKES:
        ok = isinstance(value, str) and value.isascii() and value.isdecimal() and len(value) <= 20
    else:
        ok = False
    if ok and parameter.choices:
        ok = any(choice.value == value for choice in parameter.choices)
    if not ok:
        raise OptionRefused(value=_shown(value))


def _in_range(parameter: app_commands.Parameter, value: float) -> bool:
    low, high = parameter.min_value, parameter.max_value
    return (low is None or value >= low) and (high is None or value <= high)


def _fits(parameter: app_commands.Parameter, value: str) -> bool:
    # A string parameter's range is its length (discord.py sends it as min/max_length).
    low = int(parameter.min_value or 0)
    high = int(parameter.max_value or MAX_STRING)
    return low <= len(value) <= high


def _shown(value: object) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"
