"""The table options' declarations drive /poker create: each declared option is
a parameter of the command with its type, Discord's range and a description
in every language, and nothing else is."""

from __future__ import annotations

from discord import AppCommandOptionType

from bot.i18n import CATALOGUES
from bot.table_options import CREATE_OPTIONS, HOME_OPTIONS, OPTIONS
from cogs.tables import Tables

KINDS = {
    int: AppCommandOptionType.integer,
    float: AppCommandOptionType.number,
    bool: AppCommandOptionType.boolean,
    str: AppCommandOptionType.string,
}


def test_poker_create_has_exactly_the_declared_options_in_their_order() -> None:
    parameters = Tables.create.parameters
    assert [parameter.name for parameter in parameters] == [o.name for o in CREATE_OPTIONS]
    assert len(parameters) <= 25  # Discord's limit on a command's options
    for parameter in parameters:
        option = OPTIONS[parameter.name]
        assert parameter.type is KINDS[option.kind], option.name
        assert not parameter.required
        assert (parameter.min_value, parameter.max_value) == (option.low, option.high), option.name
        assert str(parameter.description) == CATALOGUES["en"].messages[option.description]


def test_every_option_is_described_in_every_language() -> None:
    for catalogue in CATALOGUES.values():
        for option in CREATE_OPTIONS:
            assert catalogue.messages.get(option.description), (catalogue.locale, option.name)


def test_the_min_players_option_is_declared_for_cash_tables_from_two_to_ten() -> None:
    option = OPTIONS["min_players"]
    assert (option.kind, option.low, option.high, option.default) == (int, 2, 10, None)
    assert option.line is not None
    assert option.line({"min_players": 2}) is None
    assert option.line({"min_players": 5}) == ("table.min_players", {"count": 5})


def test_poker_homegame_has_exactly_the_declared_home_options() -> None:
    parameters = Tables.homegame.parameters
    assert [parameter.name for parameter in parameters] == [o.name for o in HOME_OPTIONS]
    for parameter, option in zip(parameters, HOME_OPTIONS, strict=True):
        assert parameter.type is KINDS[option.kind], option.name
        assert (parameter.min_value, parameter.max_value) == (option.low, option.high), option.name
        assert parameter.default is None  # only the options given change
        for catalogue in CATALOGUES.values():
            assert catalogue.messages.get(option.description), (catalogue.locale, option.name)
