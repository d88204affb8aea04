"""The players' pictures at the web table, served by the room itself.

The page asks ``/avatars/<user id>.png`` of its own origin (the content
security policy allows images from nowhere else, and Discord's Activity
proxy reaches only the room): a member's Discord avatar, fetched here from
the address the bot knows for them (:attr:`bot.web_surface.WebRoomSetup.avatar_url`,
Discord's CDN) and kept; otherwise, and for guests and computer players, a
picture drawn here: the initials of their name on a colour chosen by their id.
Only players seated at an open table have a picture (the room is no proxy
for anyone else's), and an avatar that cannot be fetched, is too large or is
not a picture is drawn instead.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

import aiohttp
from PIL import Image, ImageDraw

from bot.render.fonts import bold_font

log = logging.getLogger(__name__)

#: The size of a served avatar, in pixels (the page shows it at 34 or 24).
AVATAR_SIZE: Final = 64
#: The most bytes an avatar fetched may have.
MAX_AVATAR_BYTES: Final = 512 * 1024
#: How many fetched avatars are kept.
KEPT: Final = 512
#: Seconds a fetch may take.
FETCH_SECONDS: Final = 5.0
#: Drawn avatars' colours (a person's, a computer player's in purple tones).
PEOPLE: Final = ("#3b5bdb", "#1971c2", "#0c8599", "#2f9e44", "#e8590c", "#c2255c", "#5f3dc4")
COMPUTERS: Final = ("#6741d9", "#7048e8", "#862e9c")

#: Where a member's Discord avatar is, if known.
AvatarAddress = Callable[[int], str | None]


def initials(name: str, computer: bool) -> str:
    """The letters drawn: a person's first two words' first letters; a computer
    player's name after its first word ("Bot Ada" → "A").

    >>> initials("Ann Lee", False), initials("Bot Ada", True), initials("", False)
    ('AL', 'A', '?')
    """
    words = [word for word in name.split() if not word.startswith("(")]
    chosen = words[1:2] if computer and len(words) > 1 else words[:2]
    return "".join(word[0] for word in chosen).upper() or "?"


@functools.lru_cache(maxsize=256)
def drawn_avatar(user_id: int, name: str) -> bytes:
    """A round picture with the player's initials, its colour chosen by their id."""
    computer = user_id < 0
    palette = COMPUTERS if computer else PEOPLE
    digest = hashlib.sha256(str(user_id).encode()).digest()
    colour = palette[digest[0] % len(palette)]
    scale = 4  # drawn large, then shrunk: smooth edges
    size = AVATAR_SIZE * scale
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, size - 1, size - 1), fill=colour)
    letters = initials(name, computer)
    font = bold_font(int(size * (0.42 if len(letters) > 1 else 0.5)))
    draw.text((size / 2, size / 2), letters, font=font, fill="#ffffff", anchor="mm")
    image = image.resize((AVATAR_SIZE, AVATAR_SIZE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def as_png(data: bytes) -> bytes | None:
    """``data`` as a PNG of the served size, or ``None`` when it is not a picture."""
    try:
        with Image.open(io.BytesIO(data)) as source:
            image = source.convert("RGBA").resize((AVATAR_SIZE, AVATAR_SIZE))
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


class AvatarBook:
    """Members' Discord avatars fetched once and kept; drawn ones otherwise."""

    def __init__(self, address: AvatarAddress | None) -> None:
        self.address = address
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._session: aiohttp.ClientSession | None = None
        self._lock = asyncio.Lock()

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def picture(self, user_id: int, name: str) -> bytes:
        """The player's avatar as a PNG: their Discord one if known and fetched, else drawn."""
        url = None if user_id < 0 or self.address is None else self.address(user_id)
        if url:
            fetched = await self._fetched(url)
            if fetched is not None:
                return fetched
        return drawn_avatar(user_id, name)

    async def _fetched(self, url: str) -> bytes | None:
        kept = self._kept.get(url)
        if kept is not None:
            self._kept.move_to_end(url)
            return kept
        async with self._lock:  # one fetch at a time: a table's seats ask at once
            if url in self._kept:
                return self._kept[url]
            picture = await self._fetch(url)
            if picture is not None:
                self._kept[url] = picture
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
            return picture

    async def _fetch(self, url: str) -> bytes | None:
        if self._session is None:
            self._session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=FETCH_SECONDS)
            )
        try:
            async with self._session.get(url, allow_redirects=False) as response:
                if response.status != 200:
                    return None
                data = await response.content.read(MAX_AVATAR_BYTES + 1)
        except (aiohttp.ClientError, TimeoutError):
            log.info("An avatar could not be fetched; drawn instead")
            return None
        if len(data) > MAX_AVATAR_BYTES:
            return None
        return await asyncio.to_thread(as_png, data)
