"""Where the catalogues meet Discord: localised command descriptions and choice
names, and the language to answer an interaction in.

Slash command texts are declared with :func:`catalogue_str`, which carries the
English sentence (what Discord shows by default) and its catalogue key; the
:class:`CatalogueTranslator` installed on the command tree gives Discord the
other languages when the tree syncs.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import CATALOGUES, DEFAULT_LOCALE, language_of, t


def catalogue_str(key: str) -> app_commands.locale_str:
    """A command text for discord.py: the English sentence, tagged with its key."""
    return app_commands.locale_str(t(key), key=key)


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The language to answer the person behind ``interaction`` in."""
    return language_of(str(interaction.locale))


class CatalogueTranslator(app_commands.Translator):
    """Gives Discord every non-English catalogue's version of a keyed command text."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = language_of(str(locale))
        if key is None or language == DEFAULT_LOCALE:
            return None
        return CATALOGUES[language].messages.get(key)
