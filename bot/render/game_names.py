"""Games by name in the reader's language ("Pot-limit Omaha", "Pot-Limit
Omaha"), never by their code (``PO``).

>>> game_name("F2L3D", "en")
'Fixed-limit Deuce-to-Seven Triple Draw'
>>> game_name("F2L3D", "de")
'Fixed-Limit 2-7 Triple Draw'
"""

from __future__ import annotations

from bot.i18n import CATALOGUES, DEFAULT_LOCALE, t
from engine import VARIANTS


def game_name(code: str, locale: str) -> str:
    """The game ``code`` names, in ``locale``; the engine's name for a game
    the catalogues do not know, the code itself for one the engine does not."""
    key = f"variant.{code}"
    if key in CATALOGUES[DEFAULT_LOCALE].messages:
        return t(key, locale)
    variant = VARIANTS.get(code)
    return variant.name if variant is not None else code
