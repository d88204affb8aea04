"""The catalogues: every key in both languages, with the same placeholders."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from pathlib import Path

import pytest

import bot
from bot.economy_embeds import figures_text
from bot.errors import CroupierError
from bot.i18n import CATALOGUES, t
from bot.play_figures import PlayFigures

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = CATALOGUES["en"].messages


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_every_key_exists_in_every_catalogue(locale: str) -> None:
    assert set(CATALOGUES[locale].messages) == set(ENGLISH)


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_translations_use_the_same_placeholders(locale: str) -> None:
    for key, template in CATALOGUES[locale].messages.items():
        assert _fields(template) == _fields(ENGLISH[key]), key


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_command_descriptions_fit_discords_limit(locale: str) -> None:
    for key, template in CATALOGUES[locale].messages.items():
        if key.startswith(("command.", "leaderboard.by.")):
            assert 1 <= len(template) <= 100, key


def test_every_key_the_code_uses_is_in_the_catalogue() -> None:
    used: set[str] = set()
    pattern = re.compile(r'(?:\bt|catalogue_str|Error)\(\s*"([a-z_]+(?:\.[a-z_]+)+)"')
    for folder in ("bot", "cogs", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(pattern.findall(path.read_text()))
            used |= set(re.findall(r'key(?:: ClassVar\[str\])? = "([a-z_.]+)"', path.read_text()))
    assert used, "the scan found no keys at all"
    assert used <= set(ENGLISH), sorted(used - set(ENGLISH))


def test_every_error_class_has_a_sentence() -> None:
    def subclasses(cls: type[CroupierError]) -> list[type[CroupierError]]:
        return [cls, *(s for sub in cls.__subclasses__() for s in subclasses(sub))]

    for module in pkgutil.walk_packages(bot.__path__, "bot."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)  # defines its error classes
    for cls in subclasses(CroupierError):
        assert cls.key in ENGLISH, cls


def test_numbers_are_grouped_the_way_each_language_writes_them() -> None:
    assert t("balance.own", chips=1234567) == "You have **1,234,567** chips."
    assert t("balance.own", "de", chips=1234567) == "Du hast **1.234.567** Chips."
    assert t("stats.recent_line", hand_no=3, channel_id=1, net=-1500) == ("Hand 3 in <#1>: -1,500")
    assert t("stats.recent_line", hand_no=3, channel_id=1, net=1500).endswith(": +1,500")
    assert t("stats.recent_line", hand_no=3, channel_id=1, net=0).endswith(": 0")


def test_an_unknown_language_falls_back_to_english() -> None:
    assert t("cashier.table_closed", "pt-BR") == "That table is closed."
    assert t("cashier.table_closed", locale="de") == "Dieser Tisch ist geschlossen."


def test_a_key_missing_from_english_is_a_defect() -> None:
    with pytest.raises(KeyError):
        t("no.such.key")


def test_every_leaderboard_has_its_title_line_and_choice() -> None:
    from bot.stats import LEADERBOARDS

    for board in LEADERBOARDS:
        for key in (f"leaderboard.title.{board}", f"leaderboard.line.{board}"):
            assert key in ENGLISH
        assert f"leaderboard.by.{board}" in ENGLISH


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_every_refusal_of_the_engine_has_a_sentence(locale: str) -> None:
    from engine.errors import MESSAGES

    for key, english in MESSAGES.items():
        template = CATALOGUES[locale].messages.get(f"engine.{key}")
        assert template is not None, key
        assert _fields(template) == _fields(english), key


# Fields that carry a count of chips but are not a number: a pot's name
# ("the pot", "side pot 2"), the decimals of the stats line (already written by
# bot.i18n.decimal), or what a player typed (any object, said back as typed).
_NOT_A_CHIP_COUNT = {
    ("result.share.high", "pot"),
    ("result.share.low", "pot"),
    ("result.share.board", "pot"),
    ("result.wins", "pot"),
    ("result.wins_with", "pot"),
    ("result.split", "pot"),
    ("result.split_with", "pot"),
    ("result.split_two_with", "pot"),
    ("result.split_many_with", "pot"),
    ("stats.figures_value", "won"),
    ("stats.figures_value", "bb"),
    ("cashier.invalid_amount", "amount"),
    ("engine.whole_chips", "amount"),
}
_CHIP_FIELDS = {"amount", "balance", "chips", "stack", "pot", "prize", "pool", "cap", "price"}
_CHIP_FIELDS |= {"net", "buy_in", "total", "ante", "bb", "small_blind", "big_blind", "won"}


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_every_count_of_chips_is_written_with_the_languages_grouping(locale: str) -> None:
    """A chip figure in a sentence goes through {x:int}, never a bare {x}: a bare
    field prints 1150 beside 1.265 in German."""
    bare = [
        (key, name)
        for key, template in CATALOGUES[locale].messages.items()
        for _, name, spec, _ in string.Formatter().parse(template)
        if name in _CHIP_FIELDS
        and spec not in ("int", "+int")
        and (key, name) not in _NOT_A_CHIP_COUNT
    ]
    assert bare == []


def test_german_figures_read_with_german_separators() -> None:
    text = figures_text(PlayFigures(500, 25.0, 12.5, 2.25, 40.0, 50.0, 1150.0), "de")
    assert "**+1.150** Big Blinds pro 100 Hände" in text
    assert "PFR **12,5 %**" in text
    english = figures_text(PlayFigures(500, None, None, None, None, None, -1234.5), "en")
    assert "**-1,234.5** big blinds" in english
    assert t("home.bomb_pot", "de", amount=1500).startswith("Bomb Pot: alle haben 1.500 gesetzt")
    assert t("home.bounty", "de", name="Ann", amount=2000) == "7-2-Prämie: Ann kassiert 2.000."
    assert t("home.option.seven_deuce_bounty", "de", amount=1000) == "7-2-Prämie 1.000"
    assert t("engine.starting_stack", "de", low=20, high=10**9, amount=2 * 10**9).endswith(
        "nicht bei 2.000.000.000."
    )


def _engine_refusal_keys() -> set[str]:
    """Every refusal key the engine's source raises: the first argument of its
    keyed errors, the keys its ``*_refusal`` functions return, and the bet and
    raise sizes' families (``min_bet``, ``fixed_raise_choice``, ...)."""
    keys: set[str] = set()
    raised = re.compile(r"\b(?:IllegalAction|TableError|RulesError)\(\s*\"([a-z0-9_]+)\"")
    returned = re.compile(r"^\s*return \"([a-z0-9_]+)\"$", re.MULTILINE)
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= set(raised.findall(text))
        if path.name in ("home_rules.py", "hand.py"):
            keys |= set(returned.findall(text))
    for word in ("bet", "raise"):
        keys |= {f"fixed_{word}", f"fixed_{word}_choice", f"min_{word}", f"max_{word}"}
    return keys


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
def test_every_engine_refusal_key_has_a_sentence_in_every_language(locale: str) -> None:
    keys = _engine_refusal_keys()
    assert {"seats", "ante", "min_players", "min_raise", "bomb_pot_no_flop"} <= keys
    missing = sorted(key for key in keys if f"engine.{key}" not in CATALOGUES[locale].messages)
    assert missing == []


def test_the_engines_english_is_generated_from_the_catalogue() -> None:
    # One wording: engine/sentences.py is written from bot/i18n/en.py; run
    # `python -m bot.i18n.engine_sentences` after changing an engine.* sentence.
    from bot.i18n.engine_sentences import TARGET, source
    from engine.errors import MESSAGES

    assert TARGET.read_text(encoding="utf-8") == source()
    assert MESSAGES["table_full"] == ENGLISH["engine.table_full"]
