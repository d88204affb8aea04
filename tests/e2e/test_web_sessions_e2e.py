"""Web sessions kept in the shared database (issues 26 and 27, web/sessions.py):
a member stays signed in across a restart of the bot; with two ``python -m
bot`` processes on PostgreSQL, a member signed in at A plays at a table run
by B through A's forwarding (a spectator beside her gets no hole card), her
Activity session opened at A reaches B's table, and her sign-out at A ends
her seat power at B; a flood of sign-ins from one address is refused politely
and cannot push a real sign-in in progress out.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
from yarl import URL

from bot.database import Database
from bot.i18n import t
from tests.blocking_reader import BlockingReader
from tests.conftest import SessionServer
from tests.e2e.bot_process import bot_process
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.members import Member
from tests.e2e.hand_records import hand_records
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table
from tests.e2e.table_view import TableView
from tests.e2e.test_web_room_e2e import free_port
from tests.e2e.test_web_signin_e2e import browser, callback_address, hello, sign_in
from tests.web.frame_privacy import spectator_leaks
from web.discord_signin import DiscordSignIn
from web.refusals import sentence_html
from web.server import WebRoomServer
from web.session_sockets import CHECK_SECONDS, SIGNED_OUT
from web.sessions import SessionStore


class Page:
    """A table page's websocket: every frame it got, the answers to its messages."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.frames: list[dict[str, Any]] = []
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reading = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, http: aiohttp.ClientSession, room: str, path: str, origin: str) -> Page:
        address = f"ws{room.removeprefix('http')}{path}"
        return cls(await http.ws_connect(address, headers={"Origin": origin}))

    async def _read(self) -> None:
        async for message in self.socket:
            frame = json.loads(message.data)
            self.frames.append(frame)
            if frame["type"] in ("done", "refused"):
                await self.answers.put(frame)

    async def hello(self) -> dict[str, Any]:
        for _ in range(100):
            if self.frames:
                break
            await asyncio.sleep(0.05)
        assert self.frames and self.frames[0]["type"] == "hello", self.frames
        viewer: dict[str, Any] = self.frames[0]["viewer"]
        return viewer

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send_str(json.dumps(message))

    async def closed(self, timeout: float = 10.0) -> int | None:
        await asyncio.wait_for(self.reading, timeout)
        return self.socket.close_code

    def own_cards(self) -> list[Any]:
        return [
            frame["me"]["cards"]
            for frame in self.frames
            if frame["type"] == "table" and frame.get("me") and frame["me"]["cards"]
        ]


async def play_from_the_page(view: TableView, page: Page, member: Member, other: Member) -> int:
    """Two of ``member``'s turns played from ``page`` (``other`` calls or checks by
    Discord's buttons in between); how many the page's "done" answered."""
    done = 0
    turn = await view.next_turn()
    while done < 2:
        assert turn is not None
        if turn.actor != member.name:
            label = turn.buttons.get("check") or turn.buttons.get("call")
            assert label, turn.buttons
            clicked = await other.click(label)
            await clicked.settled()
        else:
            label = turn.buttons.get("call") or turn.buttons.get("check") or ""
            move = "check" if label.lower().startswith("check") else "call"
            await page.send({"type": "act", "move": move, "hand_no": turn.hand_no, "seq": turn.seq})
            answer = await asyncio.wait_for(page.answers.get(), 10)
            assert answer["type"] == "done", answer
            done += 1
        turn = await view.next_turn(turn.key)
    return done


async def test_a_member_stays_signed_in_across_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    fake.oauth.redirect_uris.add(public + "/auth/callback")
    settings: dict[str, Any] = {
        "web_port": port,
        "public_url": public,
        "client_secret": fake.oauth.client_secret,
    }
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    async with browser() as http:
        async with running_croupier(fake, database, **settings) as croupier:
            await open_table(fake, [ann, ben])
            (runner,) = croupier.bot.tables.runners
            table_id = runner.table_id
            await sign_in(http, fake, ann, public, table_id)
            assert not (await hello(http, public, table_id))["watching"]
        # The bot restarts on the same database: the same cookie is still Ann.
        async with running_croupier(fake, database, **settings) as croupier:
            assert isinstance(croupier.bot.web_room, WebRoomServer)
            viewer = await hello(http, public, table_id)
            assert not viewer["watching"] and viewer["user_id"] == str(ann.id)
            async with http.get(f"{public}/table/{table_id}") as page:
                assert "Signed in as Ann" in await page.text()
    assert fake.oauth.exchanges == [ann.id]  # signed in once


async def test_a_sign_out_at_another_process_closes_an_idle_page_within_the_check(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The session's row deleted by another process (as its sign-out does): a page
    open here that sends nothing is closed (4001) at its next check."""
    fake = fake_discord
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    fake.oauth.redirect_uris.add(public + "/auth/callback")
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        web_port=port,
        public_url=public,
        client_secret=fake.oauth.client_secret,
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await open_table(fake, [ann, ben])
        (runner,) = croupier.bot.tables.runners
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer) and isinstance(room.identity, DiscordSignIn)
        room.identity.sockets.check_seconds = 0.5
        async with browser() as http:
            await sign_in(http, fake, ann, public, runner.table_id)
            cookie = http.cookie_jar.filter_cookies(URL(public))["croupier_session"].value
            page = await Page.open(http, public, f"/table/{runner.table_id}/ws", public)
            assert (await page.hello())["user_id"] == str(ann.id)
            await asyncio.sleep(1.2)
            assert not page.socket.closed  # still signed in: the checks leave it open
            async with await Database.open(tmp_path / "croupier.db") as elsewhere:
                assert await SessionStore(elsewhere).close(cookie)
            assert await page.closed(timeout=3) == SIGNED_OUT


async def test_a_flood_of_sign_ins_from_one_address_cannot_push_out_a_real_one(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.activities.enable()
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    fake.oauth.redirect_uris.add(public + "/auth/callback")
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        web_port=port,
        public_url=public,
        client_secret=fake.oauth.client_secret,
        activity=True,
    ) as croupier:
        ann = fake.add_member("Ann")
        created = await ann.slash("poker", "create")
        await created.settled()
        (runner,) = croupier.bot.tables.runners
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer)
        async with browser() as anns:
            # Ann's sign-in is under way (she is at Discord's consent page) ...
            back = await callback_address(anns, fake, ann, public, runner.table_id)
            # ... while one address (behind the local proxy) begins thousands.
            statuses: list[int] = []
            async with aiohttp.ClientSession() as flood:
                for number in range(300):
                    language = "de" if number % 2 else "en"
                    async with flood.get(
                        f"{public}/auth/login?next=/",
                        allow_redirects=False,
                        headers={"X-Forwarded-For": "198.51.100.7", "Accept-Language": language},
                    ) as answer:
                        statuses.append(answer.status)
                        if answer.status == 429:
                            text = await answer.text()
                            seconds = int(answer.headers["Retry-After"])
                            sentence = t("signin.too_many", language, seconds=seconds)
                            assert text == sentence_html(sentence, language)
            assert statuses[:10] == [302] * 10 and set(statuses[10:]) == {429}
            assert isinstance(room.identity, DiscordSignIn)
            assert await room.identity.states.count() <= 11
            # Ann's sign-in completes.
            async with anns.get(back, allow_redirects=False) as signed:
                assert signed.status == 303
            assert not (await hello(anns, public, runner.table_id))["watching"]
        # The Activity's code exchange, flooded from one address: refused with the
        # sentence before Discord is asked.
        origin = f"https://{fake.application_id}.discordsays.com"
        answers: list[tuple[int, Any]] = []
        async with aiohttp.ClientSession() as flood:
            for _ in range(40):
                async with flood.post(
                    f"{public}/activity/token",
                    json={"code": "made-up", "instance_id": "i-1-gc-2"},
                    headers={"Origin": origin, "X-Forwarded-For": "198.51.100.8"},
                ) as answer:
                    answers.append((answer.status, await answer.json()))
        assert [status for status, _ in answers[:30]] == [401] * 30
        for status, body in answers[30:]:
            assert status == 429
            assert re.fullmatch(
                t("signin.too_many", "en", seconds=999).replace("999", r"\d+").replace(".", r"\."),
                body["text"],
            ), body


async def test_members_behind_discords_proxy_do_not_share_one_sign_in_budget(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Discord's Activity proxy hides its users' addresses: every member inside
    Discord reaches the room from the proxy's. More members than an address's
    budget sign in within a minute, all let in; a member signing in again and
    again is refused in her own words; made-up codes from the proxy's address
    are still refused before Discord is asked."""
    fake = fake_discord
    fake.activities.enable()
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        web_port=port,
        public_url=public,
        client_secret=fake.oauth.client_secret,
        activity=True,
    ) as croupier:
        ann = fake.add_member("Ann")
        created = await ann.slash("poker", "create")
        await created.settled()
        room = croupier.bot.web_room
        assert isinstance(room, WebRoomServer) and room.activity is not None
        members = [ann] + [fake.add_member(f"M{number}") for number in range(34)]
        instance = fake.activities.run_entry_point(ann)
        for member in members[1:]:
            assert fake.activities.run_entry_point(member).instance_id == instance.instance_id
        origin = f"https://{fake.application_id}.discordsays.com"
        proxy = {"Origin": origin, "X-Forwarded-For": "162.159.135.232"}  # Discord's proxy

        async def sign_in(member: Member) -> tuple[int, Any]:
            body = {"code": fake.activities.authorize(member), "instance_id": instance.instance_id}
            async with http.post(f"{public}/activity/token", json=body, headers=proxy) as answer:
                return answer.status, await answer.json()

        async with aiohttp.ClientSession() as http:
            answers = [await sign_in(member) for member in members]
            statuses = [status for status, _ in answers]
            assert statuses == [200] * len(members), statuses
            assert await room.activity.sessions.count() == len(members)
            # One member signing in again and again: her own budget runs out.
            again = [await sign_in(ann) for _ in range(10)]
            assert [status for status, _ in again] == [200] * 9 + [429]
            words = t("activity.too_many", "en", seconds=999).replace(".", r"\.")
            assert re.fullmatch(words.replace("999", r"\d+"), again[-1][1]["text"]), again[-1]
            # The others are not held back by her.
            assert (await sign_in(members[1]))[0] == 200
            # Made-up codes through the proxy: refused by Discord, then before it is asked.
            made_up = {"code": "made-up", "instance_id": instance.instance_id}
            statuses.clear()
            for _ in range(31):
                async with http.post(
                    f"{public}/activity/token", json=made_up, headers=proxy
                ) as answer:
                    statuses.append(answer.status)
            assert statuses == [401] * 30 + [429]


async def test_a_member_signed_in_at_one_process_plays_at_a_table_of_another(
    fake_discord: FakeDiscord, tmp_path: Path, postgresql_server: SessionServer
) -> None:
    fake = fake_discord
    url = await postgresql_server.migrated()
    try:
        spectator_frames = await _two_processes(fake, tmp_path, url)
        database = await Database.open(url, migrate=False)
        try:
            records = await hand_records(database)
            assert await database.fetch_value("SELECT COUNT(*) FROM web_sessions") >= 1
        finally:
            await database.close()
        assert records
        assert spectator_frames
        for frame in spectator_frames:
            assert not spectator_leaks(frame, records), frame
    finally:
        await postgresql_server.drop(url)


async def _two_processes(fake: FakeDiscord, tmp_path: Path, url: str) -> list[dict[str, Any]]:
    fake.activities.enable()
    server = fake.add_guild("Shard 1", shard=(1, 2))
    channel = fake.default_channel_of(server).id
    ports = {name: free_port() for name in ("a", "b")}
    a_room, b_room = (f"http://127.0.0.1:{ports[name]}" for name in ("a", "b"))
    fake.oauth.redirect_uris.add(a_room + "/auth/callback")
    shared = {
        "CROUPIER_DATABASE": url,
        "CROUPIER_SHARD_COUNT": "2",
        # One public address for both (the operators' guide: a proxy in front).
        "CROUPIER_PUBLIC_URL": a_room,
        "CROUPIER_CLIENT_SECRET": fake.oauth.client_secret,
        "CROUPIER_ACTIVITY": "1",
    }
    for name in ports:
        (tmp_path / name).mkdir()
    a_settings = shared | {"CROUPIER_SHARD_IDS": "0", "CROUPIER_WEB_PORT": str(ports["a"])}
    b_settings = shared | {"CROUPIER_SHARD_IDS": "1", "CROUPIER_WEB_PORT": str(ports["b"])}
    async with (
        bot_process(fake, tmp_path / "a" / "bot.db", a_settings) as a,
        bot_process(fake, tmp_path / "b" / "bot.db", b_settings) as b,
        browser() as cats,
        aiohttp.ClientSession() as http,
    ):
        cat, dan = (fake.add_member(name, guild=server) for name in ("Cat", "Dan"))
        view = await open_table(fake, [cat, dan], channel_id=channel)
        with BlockingReader(url) as reader:
            found = reader.one(
                "SELECT id FROM tables WHERE channel_id = ? AND status = 'open'", (channel,)
            )
        assert found is not None
        (table_id,) = found
        # Cat begins signing in at A; Discord's answer reaches B (a reverse proxy
        # taking turns), which finishes it.
        back = await callback_address(cats, fake, cat, a_room, table_id)
        assert back.startswith(a_room + "/auth/callback?")
        async with cats.get(b_room + back.removeprefix(a_room), allow_redirects=False) as done:
            assert done.status == 303, await done.text()
        # The table's page, asked of A and forwarded to B, knows her.
        async with cats.get(f"{a_room}/table/{table_id}") as page:
            page_html = await page.text()
        assert "Signed in as Cat" in page_html
        token = re.search(r'name="token" value="([0-9a-f]{64})"', page_html)
        assert token is not None
        cookie = cats.cookie_jar.filter_cookies(URL(a_room))["croupier_session"].value
        path = f"/table/{table_id}/ws"
        spectator = await Page.open(http, a_room, path, a_room)
        through_a = await Page.open(cats, a_room, path, a_room)
        assert (await through_a.hello())["user_id"] == str(cat.id)
        assert not (await spectator.hello())["user_id"]
        # Seated actions from the page, through A, at B's table.
        assert await play_from_the_page(view, through_a, cat, dan) == 2
        assert through_a.own_cards(), "the member's own cards never reached her page"
        assert not spectator.own_cards()

        # The Activity: a session opened at A reaches B's table through A.
        instance = fake.activities.run_entry_point(cat, channel)
        activity_origin = f"https://{fake.application_id}.discordsays.com"
        async with http.post(
            f"{a_room}/activity/token",
            json={"code": fake.activities.authorize(cat), "instance_id": instance.instance_id},
            headers={"Origin": activity_origin},
        ) as answer:
            assert answer.status == 200, await answer.text()
            given = await answer.json()
        assert given["table_id"] == table_id
        activity = await Page.open(
            http, a_room, f"/activity/ws?session={given['session']}", activity_origin
        )
        hello_frame = await activity.hello()
        assert hello_frame["user_id"] == str(cat.id)
        assert activity.frames[0]["table_id"] == table_id
        await activity.socket.close()

        # A page of hers open at B directly, then she signs out at A.
        at_b = await Page.open(cats, b_room, path, b_room)
        idle_at_b = await Page.open(cats, b_room, path, b_room)
        for page in (at_b, idle_at_b):
            assert (await page.hello())["user_id"] == str(cat.id)
        async with cats.post(
            f"{a_room}/auth/logout",
            data={"next": f"/table/{table_id}", "token": token[1]},
            headers={"Origin": "null"},
            allow_redirects=False,
        ) as out:
            assert out.status == 303
        # The socket forwarded by A is closed at once: signed out.
        assert await through_a.closed(timeout=3) == SIGNED_OUT
        # B's own socket: its next message is refused and the socket closed.
        await at_b.send({"type": "sit_out"})
        assert await at_b.closed() == SIGNED_OUT
        assert at_b.answers.empty()
        # A page at B that sends nothing is closed by B's own check of the session
        # (every CHECK_SECONDS).
        assert await idle_at_b.closed(timeout=CHECK_SECONDS + 5) == SIGNED_OUT
        # The old cookie, replayed through A or at B, only watches.
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as thief:
            for room in (a_room, b_room):
                thief.cookie_jar.update_cookies({"croupier_session": cookie}, URL(room))
                replayed = await Page.open(thief, room, path, room)
                assert (await replayed.hello())["watching"]
                await replayed.socket.close()
        await spectator.socket.close()
        assert await a.stop() == 0 and await b.stop() == 0
        assert not a.troubles(), a.log()
        assert not b.troubles(), b.log()
    return spectator.frames
