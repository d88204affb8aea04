"""``/poker create``'s and ``/poker homegame``'s parameters, built from the
table options' declarations.

discord.py reads a command's parameters from its callback's signature; these
commands' callbacks take ``**chosen`` and this decorator gives each the
signature its declarations (:data:`bot.table_options.CREATE_OPTIONS`,
:data:`~bot.table_options.HOME_OPTIONS`) describe:
each option's type with Discord's range (``app_commands.Range``), its default
and its description from the catalogue. An option is declared once; adding
one to the declarations adds it to the command.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from discord import app_commands

from bot.i18n.discord_bridge import catalogue_str
from bot.table_options import TableOption

Callback = TypeVar("Callback", bound=Callable[..., Any])


def annotation(option: TableOption) -> Any:
    """The parameter's type as discord.py reads it: a choice, a range, or a plain type."""
    if option.choices:
        return app_commands.Choice[str] | None
    if option.kind is bool:
        return bool if option.default is not None else bool | None
    if option.low is not None and option.high is not None:
        low, high = option.low, option.high
        if option.kind is not float:
            low, high = int(low), int(high)
        return app_commands.Range[option.kind, low, high] | None
    return option.kind | None


def create_parameters(
    options: Sequence[TableOption], *, head_parameters: int = 2
) -> Callable[[Callback], Callback]:
    """Give ``(self, interaction, **chosen)`` a parameter for each option (after
    the callback's own first ``head_parameters``, such as a required one)."""

    def decorate(callback: Callback) -> Callback:
        head = list(inspect.signature(callback).parameters.values())[:head_parameters]
        parameters = [
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=option.default,
                annotation=annotation(option),
            )
            for option in options
        ]
        callback.__signature__ = inspect.Signature(head + parameters)  # type: ignore[attr-defined]
        return app_commands.describe(
            **{option.name: catalogue_str(option.description) for option in options}
        )(callback)

    return decorate
