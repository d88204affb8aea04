"""The catalogues: every key in both languages, with the same placeholders."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from pathlib import Path

import pytest

import bot
from bot.errors import CroupierError
from bot.i18n import CATALOGUES, t

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
