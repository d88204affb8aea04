"""The game picker of /poker create: every game by its name in the reader's
language, the most played on the server first, filtered by what the reader
has typed (Discord's autocomplete shows at most 25).

>>> [choice for choice, _ in game_choices({"PO": 3, "F7S": 1}, "en", "")][:3]
['PO', 'F7S', 'NT']
>>> [name for _, name in game_choices({}, "de", "omaha hi")]
['Fixed-Limit Omaha Hi-Lo', 'Pot-Limit Omaha Hi-Lo']
>>> chosen_game("pot-limit omaha", "en"), chosen_game("F7S", "de"), chosen_game("Go Fish", "en")
('PO', 'F7S', None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from bot.i18n import CATALOGUES
from bot.render.game_names import game_name
from engine import VARIANTS

#: What Discord's autocomplete shows at most.
MAX_CHOICES: Final = 25
#: Ties in play count: No-limit Hold'em first, then by name.
FAVOURITE: Final = "NT"


def game_choices(
    played: Mapping[str, int], locale: str, typed: str, codes: Iterable[str] | None = None
) -> list[tuple[str, str]]:
    """(code, name) of the games matching ``typed``, most played first."""
    known = list(codes if codes is not None else VARIANTS)
    words = typed.casefold().split()

    def matches(code: str) -> bool:
        name = game_name(code, locale).casefold()
        return all(word in name or word == code.casefold() for word in words)

    ranked = sorted(
        (code for code in known if matches(code)),
        key=lambda code: (-played.get(code, 0), code != FAVOURITE, game_name(code, locale)),
    )
    return [(code, game_name(code, locale)) for code in ranked[:MAX_CHOICES]]


def chosen_game(text: str, locale: str, codes: Iterable[str] | None = None) -> str | None:
    """The game a picked or typed value names: a code, or a name in any language."""
    known = list(codes if codes is not None else VARIANTS)
    if text in known:
        return text
    wanted = text.strip().casefold()
    languages = [locale, *(language for language in CATALOGUES if language != locale)]
    for language in languages:
        for code in known:
            if game_name(code, language).casefold() == wanted:
                return code
    return None
