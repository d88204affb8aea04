"""The replay pages of finished hands: routes, and who the viewer is to them.

- ``/hand/<id>`` and ``/hand/<id>/steps``: the replay as its viewer may see
  it (:func:`bot.replays.viewer_of`): a player of the hand sees their own
  cards, an admin of the table's guild every card; to anyone else the hand
  does not exist (the same polite 404 as a wrong number), so a guessed number
  shows nothing.
- ``/replay/<id>-<signature>`` and ``.../steps``: a shared link
  (:mod:`bot.replay_links`): public cards only, whoever opens it.
- ``/hands``: the viewer's last hands, each linked to its replay (local play's
  page links here).

The page (``web/static/replay.html``, ``replay.js``, ``replay.css``) asks for
its steps once and plays them in the browser. Every card in a response is
one its viewer may see (:func:`bot.replays.replay` builds it for them alone).
"""

from __future__ import annotations

import html
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Final

from aiohttp import web

from bot.database import Database
from bot.i18n import t
from bot.player_decks import deck_of
from bot.replay_links import hand_of_token, replay_key, share_token
from bot.replays import ReplayViewer, StoredHand, replay, stored_hand, viewer_of
from engine import ALL_CARDS, VARIANTS, Card
from web.frames import card_name
from web.viewers import Viewer, ViewerIdentity

log = logging.getLogger(__name__)

#: Is this member an admin of this guild: ``(guild_id, user_id) -> bool``.
GuildAdmin = Callable[[int, int], Awaitable[bool]]
#: How many of the viewer's last hands ``/hands`` lists.
LAST_HANDS: Final = 20
#: How many built replays are kept (the most recently asked).
KEPT_ANSWERS: Final = 256
#: The page's static files, by name, with their types.
REPLAY_FILES: Final = {
    "replay.css": "text/css",
    "replay.js": "text/javascript",
}


async def nobody_is_admin(guild_id: int, user_id: int) -> bool:
    return False


def _game(code: str) -> str:
    variant = VARIANTS.get(code)
    return code if variant is None else variant.name


def _static(name: str) -> bytes:
    return resources.files("web").joinpath("static", name).read_bytes()


def last_hands_link(viewer: Viewer) -> str:
    """The table page's link to the viewer's last hands' replays (none for a spectator)."""
    if viewer.user_id is None:
        return ""
    words = html.escape(t("replay.last_hands", viewer.locale))
    return f'<a id="last-hands" href="/hands" target="_blank" rel="noopener">{words}</a>'


class ReplayPages:
    """The replay routes of one web room."""

    def __init__(
        self,
        database: Database,
        identity: ViewerIdentity,
        is_admin: GuildAdmin = nobody_is_admin,
    ) -> None:
        self.database = database
        self.identity = identity
        self.is_admin = is_admin
        self._answers: OrderedDict[
            tuple[int, ReplayViewer, str, frozenset[Card]], dict[str, object]
        ] = OrderedDict()

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_get("/hand/{hand_id:\\d{1,18}}", self.page)
        router.add_get("/hand/{hand_id:\\d{1,18}}/steps", self.own_steps)
        router.add_get("/replay/{token:[0-9a-f-]{1,60}}", self.page)
        router.add_get("/replay/{token:[0-9a-f-]{1,60}}/steps", self.shared_steps)
        router.add_get("/hands", self.last_hands)

    def _missing(self, viewer: Viewer) -> web.HTTPNotFound:
        return web.HTTPNotFound(
            text=t("replay.not_found", viewer.locale), content_type="text/plain"
        )

    async def page(self, request: web.Request) -> web.StreamResponse:
        viewer = self.identity.identify(request)
        text = _static("replay.html").decode().replace("{{lang}}", viewer.locale)
        return web.Response(text=text, content_type="text/html", charset="utf-8")

    async def own_steps(self, request: web.Request) -> web.StreamResponse:
        viewer = self.identity.identify(request)
        stored = await self._stored(int(request.match_info["hand_id"]))
        if stored is None or viewer.user_id is None:
            raise self._missing(viewer)
        admin = await self.is_admin(stored.guild_id, viewer.user_id)
        seen_as = viewer_of(stored, viewer.user_id, admin=admin)
        if seen_as.kind == "public":
            # Neither a player of the hand nor an admin: no hand of theirs.
            raise self._missing(viewer)
        answer = await self._answer(stored, seen_as, viewer)
        answer["share"] = "/replay/" + share_token(await replay_key(self.database), stored.hand_id)
        answer["deck"] = await self._deck(viewer)
        return web.json_response(answer)

    async def shared_steps(self, request: web.Request) -> web.StreamResponse:
        viewer = self.identity.identify(request)
        hand_id = hand_of_token(await replay_key(self.database), request.match_info["token"])
        stored = None if hand_id is None else await self._stored(hand_id)
        if stored is None:
            raise self._missing(viewer)
        answer = await self._answer(stored, ReplayViewer.public(), viewer)
        answer["share"] = None
        answer["deck"] = await self._deck(viewer)
        return web.json_response(answer)

    async def _deck(self, viewer: Viewer) -> str | None:
        """The viewer's deck as ``/poker deck`` keeps it, as the table page draws
        theirs; ``None`` for someone unknown (the browser's own choice then)."""
        if viewer.user_id is None:
            return None
        return await deck_of(self.database, viewer.user_id)

    async def _stored(self, hand_id: int) -> StoredHand | None:
        try:
            return await stored_hand(self.database, hand_id)
        except Exception:  # a damaged row: no replay, never a traceback to the browser
            log.exception("Hand %s: no replay", hand_id)
            return None

    async def _answer(
        self, stored: StoredHand, seen_as: ReplayViewer, viewer: Viewer
    ) -> dict[str, object]:
        key = (stored.hand_id, seen_as, viewer.locale, stored.shown_after)
        known = self._answers.get(key)
        if known is not None:
            self._answers.move_to_end(key)
            return dict(known)
        try:
            answer = replay(stored, seen_as, viewer.locale)
        except Exception:  # the log does not replay: polite, and logged for the operator
            log.exception("Hand %s: its log does not replay", stored.hand_id)
            raise self._missing(viewer) from None
        answer["card_names"] = {str(card): card_name(card, viewer.locale) for card in ALL_CARDS}
        answer["words"] = {
            key: t(f"replay.{key}", viewer.locale)
            for key in (
                "back",
                "forward",
                "play",
                "pause",
                "start",
                "end",
                "street",
                "step",
                "share",
                "shared_note",
                "house_note",
                "pot",
                "folded",
                "all_in",
                "card_back",
                "dealer",
                "table_region",
                "controls_region",
            )
        }
        # A finished hand does not change (but for cards shown after it, in the key):
        # a link opened again and again is dealt again once, not on every request.
        self._answers[key] = answer
        if len(self._answers) > KEPT_ANSWERS:
            self._answers.popitem(last=False)
        return dict(answer)

    async def last_hands(self, request: web.Request) -> web.StreamResponse:
        """The viewer's last finished hands, each linked to its replay."""
        viewer = self.identity.identify(request)
        locale = viewer.locale
        rows = []
        if viewer.user_id is not None:
            rows = await self.database.fetch_all(
                "SELECT h.id, h.hand_no, h.variant, hp.net FROM hand_players hp"
                " JOIN hands h ON h.id = hp.hand_id"
                " WHERE hp.user_id = ? AND h.status = 'finished'"
                " ORDER BY h.id DESC LIMIT ?",
                (viewer.user_id, LAST_HANDS),
            )
        items = "".join(
            f'<li><a href="/hand/{int(row["id"])}">'
            + html.escape(
                t(
                    "replay.hand_line",
                    locale,
                    hand_no=int(row["hand_no"]),
                    game=_game(str(row["variant"])),
                    net=int(row["net"]),
                )
            )
            + "</a></li>"
            for row in rows
        )
        none = html.escape(t("replay.no_hands", locale))
        body = f"<ol>{items}</ol>" if items else f"<p>{none}</p>"
        text = (
            f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="stylesheet" href="/static/replay.css">'
            f"<title>{html.escape(t('replay.last_hands', locale))}</title></head>"
            f'<body class="hands"><main><h1>{html.escape(t("replay.last_hands", locale))}</h1>'
            f"{body}</main></body></html>"
        )
        return web.Response(text=text, content_type="text/html", charset="utf-8")
