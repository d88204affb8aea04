"""The room's refusals in the reader's words: an HTTP error (an unknown table,
a websocket from another page, a table full or moving, a sign-in refused)
whose body is a catalogue sentence (``bot/i18n``) in the reader's language,
the page's own choice (:func:`web.viewers.preferred_language`, or the
signed-in member's language where the room knows it), escaped into a small
HTML page: a browser shows it as it shows the table, and no value put into a
sentence can become markup.

The Activity's refusals are JSON its script shows (:func:`web.activity.refusal`).
"""

from __future__ import annotations

from html import escape
from typing import Final

from aiohttp import web

from bot.i18n import t

_ERRORS: Final[dict[int, type[web.HTTPException]]] = {
    400: web.HTTPBadRequest,
    403: web.HTTPForbidden,
    404: web.HTTPNotFound,
    429: web.HTTPTooManyRequests,
    502: web.HTTPBadGateway,
    503: web.HTTPServiceUnavailable,
}
#: The body aiohttp gives a 404 of its own (no route, a bare ``HTTPNotFound()``).
AIOHTTP_NOT_FOUND: Final = "404: Not Found"


def sentence_html(sentence: str, locale: str) -> str:
    """A page holding one sentence, escaped, in ``locale``."""
    words = escape(sentence)
    return (
        f'<!doctype html>\n<html lang="{escape(locale)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{words}</title>\n</head>\n<body>\n<p>{words}</p>\n</body>\n</html>\n"
    )


def sentence_page(key: str, locale: str, status: int = 200, **values: object) -> web.Response:
    """An answer that is one sentence of the catalogue, in ``locale``."""
    return web.Response(
        text=sentence_html(t(key, locale, **values), locale),
        status=status,
        content_type="text/html",
        charset="utf-8",
    )


def refused(
    status: int, key: str, locale: str, headers: dict[str, str] | None = None, **values: object
) -> web.HTTPException:
    """The HTTP error ``status`` saying the catalogue's ``key`` in ``locale``."""
    return _ERRORS[status](
        text=sentence_html(t(key, locale, **values), locale),
        content_type="text/html",
        headers=headers,
    )
