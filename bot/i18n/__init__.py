"""Every sentence a person reads, one catalogue per language, and the lookup.

>>> t("daily.claimed", amount=1100, streak=2, balance=2100)
'You claimed **1,100** chips (day 2 of your streak). Your balance is now **2,100** chips.'
>>> t("balance.own", "de-DE", chips=2100)
'Du hast **2.100** Chips.'

Templates use :meth:`str.format` fields. Two format specifications are ours:
``{amount:int}`` writes a whole number with the language's digit grouping and
``{net:+int}`` does the same with a sign, so a number reads right in German too.
A key missing from a language falls back to English; a key missing from English
is a defect and raises :class:`KeyError`.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.i18n import de, en


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The sentences of one language."""

    locale: str
    thousands_separator: str
    messages: Mapping[str, str]


CATALOGUES: Final[Mapping[str, Catalogue]] = {
    "en": Catalogue("en", en.THOUSANDS_SEPARATOR, en.MESSAGES),
    "de": Catalogue("de", de.THOUSANDS_SEPARATOR, de.MESSAGES),
}
DEFAULT_LOCALE: Final = "en"


@functools.lru_cache(maxsize=128)  # a handful of locales, asked for on every sentence
def language_of(locale: str) -> str:
    """The catalogue for a Discord or POSIX locale name: ``"de"`` for ``"de-AT"``.

    >>> language_of("en-GB"), language_of("de"), language_of("pt-BR")
    ('en', 'de', 'en')
    """
    language = locale.replace("_", "-").split("-", 1)[0].lower()
    return language if language in CATALOGUES else DEFAULT_LOCALE


def _grouped(value: object, format_spec: str, thousands_separator: str) -> str:
    """``{value:int}`` or ``{value:+int}``: a whole number with the language's grouping."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{{:{format_spec}}} needs an int, not {value!r}")
    grouped = f"{abs(value):,}".replace(",", thousands_separator)
    if value < 0:
        return f"-{grouped}"
    return f"+{grouped}" if format_spec == "+int" and value > 0 else grouped


@dataclass(frozen=True, slots=True)
class _Template:
    """A sentence parsed once: :meth:`str.format_map` does the rest in C.

    ``plain`` is the sentence with each field of our two specifications
    renamed for its specification (``{amount:int}`` becomes ``{int amount}``,
    a name no parameter can have); ``numbers`` lists those fields, whose
    values are grouped under the new names before ``plain`` is filled in.
    Parsing every template on every call (what :class:`string.Formatter`
    does) was a tenth of the bot's CPU under load.
    """

    plain: str
    #: (parameter, specification, the name it has in ``plain``)
    numbers: tuple[tuple[str, str, str], ...]

    @classmethod
    def parse(cls, template: str) -> _Template:
        plain: list[str] = []
        numbers: list[tuple[str, str, str]] = []
        for literal, field, spec, conversion in string.Formatter().parse(template):
            plain.append(literal.replace("{", "{{").replace("}", "}}"))
            if field is None:
                continue
            if spec in ("int", "+int"):
                renamed = f"{spec} {field}"
                numbers.append((field, spec, renamed))
                field, spec = renamed, ""
            plain.append(
                "{"
                + field
                + ("!" + conversion if conversion else "")
                + (":" + spec if spec else "")
                + "}"
            )
        return cls("".join(plain), tuple(numbers))

    def format(self, thousands_separator: str, params: dict[str, object]) -> str:
        for field, spec, renamed in self.numbers:
            params[renamed] = _grouped(params[field], spec, thousands_separator)
        return self.plain.format_map(params)


_TEMPLATES: Final[Mapping[str, Mapping[str, _Template]]] = {
    name: {key: _Template.parse(text) for key, text in catalogue.messages.items()}
    for name, catalogue in CATALOGUES.items()
}


def t(key: str, /, locale: str = DEFAULT_LOCALE, **params: object) -> str:
    """The sentence ``key`` in ``locale`` (English when that language lacks it)."""
    language = language_of(locale)
    template = _TEMPLATES[language].get(key)
    if template is None:
        language = DEFAULT_LOCALE
        template = _TEMPLATES[DEFAULT_LOCALE][key]
    return template.format(CATALOGUES[language].thousands_separator, params)


def ordinal(place: int, /, locale: str = DEFAULT_LOCALE) -> str:
    """A finishing place in words: 1st, 2nd, 3rd, 4th; in German 1., 2. ...

    >>> ordinal(1), ordinal(2), ordinal(4), ordinal(3, "de")
    ('1st', '2nd', '4th', '3.')
    """
    key = f"ordinal.{place}" if f"ordinal.{place}" in CATALOGUES[DEFAULT_LOCALE].messages else ""
    return t(key or "ordinal.n", locale, place=place)


def number(value: int, /, locale: str = DEFAULT_LOCALE, *, signed: bool = False) -> str:
    """A whole number written the way ``locale`` groups digits.

    >>> number(1234567), number(1234567, "de"), number(50, signed=True)
    ('1,234,567', '1.234.567', '+50')
    """
    separator = CATALOGUES[language_of(locale)].thousands_separator
    return _grouped(value, "+int" if signed else "int", separator)


def decimal(
    value: float, /, locale: str = DEFAULT_LOCALE, *, places: int = 1, signed: bool = False
) -> str:
    """A number with a fraction, written the way ``locale`` writes it: digits
    grouped, the language's decimal mark, a trailing ``,0`` left off.

    >>> decimal(1150.0, "de", signed=True), decimal(-3.5, "de"), decimal(2.25, places=2)
    ('+1.150', '-3,5', '2.25')
    >>> decimal(1234.5), decimal(0.0, signed=True), decimal(2.5, "de", places=2)
    ('1,234.5', '0', '2,5')
    """
    text = f"{abs(value):.{places}f}"
    whole, _, fraction = text.partition(".")
    fraction = fraction.rstrip("0")
    written = number(int(whole), locale)
    if fraction:
        written += t("stats.decimal_point", locale) + fraction
    if text.strip("0.") == "":
        return written
    if value < 0:
        return "-" + written
    return "+" + written if signed else written
