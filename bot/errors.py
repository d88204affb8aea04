"""The base of every error a person may read.

An error carries a catalogue key and the values its sentence needs, never a
sentence: the sentence is produced from the catalogue in the reader's language
when it is shown (``error.sentence("de")``). ``str(error)`` is the English
sentence, so logs and tracebacks stay readable.
"""

from __future__ import annotations

from typing import ClassVar

from bot.i18n import t


class CroupierError(Exception):
    """An error with a sentence for the person who caused it.

    Subclasses name their catalogue key in :attr:`key`; a class whose sentence
    varies (such as :class:`bot.settings.SettingsError`) passes the key first.
    """

    key: ClassVar[str] = "error.unexpected"

    def __init__(self, key: str | None = None, /, **params: object) -> None:
        self.message_key: str = key if key is not None else self.key
        self.params: dict[str, object] = params
        super().__init__(self.message_key, params)

    def sentence(self, locale: str = "en") -> str:
        """The sentence for a reader of ``locale``, falling back to English."""
        return t(self.message_key, locale, **self.params)

    def __str__(self) -> str:
        return self.sentence("en")


class BadOption(CroupierError):
    """A command option the bot cannot use, though Discord let it through."""

    key = "error.bad_option"

    def __init__(self, *, value: object) -> None:
        super().__init__(value=value)
        self.value = value
