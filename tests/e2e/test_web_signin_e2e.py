"""Signing in to the web room with Discord, end to end: the product bot with
``CROUPIER_WEB_PORT``, ``CROUPIER_PUBLIC_URL`` and ``CROUPIER_CLIENT_SECRET``
set, against the fake Discord's OAuth2; browsers played by aiohttp clients
with their own cookie jars (tests/e2e/test_web_signin_browser_e2e.py does it
in headless Chromium). A member signs in and is the member at their server's
tables; a forged cookie, a replayed or foreign state, a sign-out from another
site, a session replayed after sign-out, a websocket from another origin and
a user who is not a member of the table's server all only watch. The client
secret and the access tokens reach no browser and no log."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

from bot.database import Database
from bot.i18n import t
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import Croupier, running_croupier
from tests.e2e.table_players import open_table
from web.discord_oauth import DiscordOAuth
from web.discord_signin import DiscordSignIn
from web.refusals import sentence_html
from web.server import WebRoomServer
from web.sessions import SessionStore


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.asynccontextmanager
async def signed_in_room(
    fake: FakeDiscord, tmp_path: Path, **changes: Any
) -> AsyncIterator[tuple[Croupier, str]]:
    """The bot with its web room published at ``http://127.0.0.1:<port>`` and
    Discord sign-in set up as the operators' guide says."""
    port = free_port()
    public = f"http://127.0.0.1:{port}"
    fake.oauth.redirect_uris.add(public + "/auth/callback")  # the portal's step
    async with running_croupier(
        fake,
        tmp_path / "croupier.db",
        web_port=port,
        public_url=public,
        client_secret=fake.oauth.client_secret,
        **changes,
    ) as croupier:
        assert isinstance(croupier.bot.web_room, WebRoomServer)
        yield croupier, public


def browser() -> aiohttp.ClientSession:
    """A browser of its own: its own cookies (on 127.0.0.1 too)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def log_in_to_discord(http: aiohttp.ClientSession, fake: FakeDiscord, member: Member) -> None:
    async with http.get(fake.url + fake.oauth.login_path(member)) as answer:
        assert answer.status == 200


async def sign_in(
    http: aiohttp.ClientSession, fake: FakeDiscord, member: Member, public: str, table_id: int
) -> str:
    """The whole dance, redirects followed; the table page it ends on."""
    await log_in_to_discord(http, fake, member)
    async with http.get(f"{public}/auth/login?next=/table/{table_id}") as page:
        assert page.status == 200, await page.text()
        assert page.url.path == f"/table/{table_id}"
        return await page.text()


async def callback_address(
    http: aiohttp.ClientSession, fake: FakeDiscord, member: Member, public: str, table_id: int
) -> str:
    """Sign-in up to Discord's answer: the callback address, not visited yet."""
    await log_in_to_discord(http, fake, member)
    async with http.get(
        f"{public}/auth/login?next=/table/{table_id}", allow_redirects=False
    ) as to_discord:
        assert to_discord.status == 302
        authorize = to_discord.headers["Location"]
    async with http.get(authorize, allow_redirects=False) as back:
        assert back.status == 302
        return back.headers["Location"]


async def hello(
    http: aiohttp.ClientSession, public: str, table_id: int, origin: str | None = None
) -> dict[str, Any]:
    """The viewer the table's websocket says this browser is."""
    socket_url = f"{public}/table/{table_id}/ws".replace("http://", "ws://")
    async with http.ws_connect(socket_url, headers={"Origin": origin or public}) as page:
        first = json.loads((await page.receive(timeout=5)).data)
        assert first["type"] == "hello"
        viewer: dict[str, Any] = first["viewer"]
        return viewer


def session_cookie(http: aiohttp.ClientSession, public: str) -> str | None:
    morsel = http.cookie_jar.filter_cookies(URL(public)).get("croupier_session")
    return None if morsel is None else morsel.value


async def test_a_member_signs_in_and_is_the_member_at_their_servers_table(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    fake = fake_discord
    seen: list[str] = []  # everything a browser was sent, bodies and headers
    async with signed_in_room(fake, tmp_path) as (croupier, public):
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await open_table(fake, [ann, ben])
        ann.locale = "de"  # her Discord speaks German from now on
        (runner,) = croupier.bot.tables.runners
        async with browser() as http:

            async def keep(session: aiohttp.ClientSession, context: Any, params: Any) -> None:
                seen.append(str(params.response.headers) + str(params.url))

            page = await sign_in(http, fake, ann, public, runner.table_id)
            seen.append(page)
            assert "Angemeldet als Ann" in page  # her Discord language
            assert fake.oauth.exchanges == [ann.id]
            viewer = await hello(http, public, runner.table_id)
            assert viewer["user_id"] == str(ann.id) or viewer["user_id"] == ann.id
            assert not viewer["watching"]
            cookie = http.cookie_jar.filter_cookies(URL(public))["croupier_session"]
            assert cookie.value and len(cookie.value) >= 40
            seen.append(str(list(http.cookie_jar)))
    # Nothing a browser got, and no log line, holds the secret or a token.
    secrets = [fake.oauth.client_secret, *fake.oauth.tokens]
    assert len(secrets) == 2
    for secret in secrets:
        assert all(secret not in text for text in seen)
        assert secret not in caplog.text


async def test_the_session_cookie_is_httponly_lax_and_for_the_whole_room(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public), browser() as http:
        ann = fake.add_member("Ann")
        table = await ann.slash("poker", "create")
        await table.settled()
        (runner,) = croupier.bot.tables.runners
        back = await callback_address(http, fake, ann, public, runner.table_id)
        async with http.get(back, allow_redirects=False) as signed:
            assert signed.status == 303
            assert signed.headers["Location"] == f"/table/{runner.table_id}"
            (set_cookie,) = [
                value
                for value in signed.headers.getall("Set-Cookie")
                if value.startswith("croupier_session=")
            ]
        parts = {part.strip().lower() for part in set_cookie.split(";")}
        assert {"httponly", "path=/", "samesite=lax"} <= parts
        assert "secure" not in parts  # the public address is http here; https adds it


async def test_forged_replayed_and_foreign_sign_ins_only_watch(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public):
        ann, mallory = fake.add_member("Ann"), fake.add_member("Mallory")
        table = await ann.slash("poker", "create")
        await table.settled()
        (runner,) = croupier.bot.tables.runners
        table_id = runner.table_id
        async with browser() as forger:
            forger.cookie_jar.update_cookies({"croupier_session": "A" * 43}, URL(public))
            assert (await hello(forger, public, table_id))["watching"]
            async with forger.get(f"{public}/table/{table_id}") as page:
                text = await page.text()
                assert 'id="sign-in"' in text and "signed-in" not in text
        async with browser() as anns:
            back = await callback_address(anns, fake, ann, public, table_id)
            binding = anns.cookie_jar.filter_cookies(URL(public))["croupier_login"].value
            async with anns.get(back, allow_redirects=False) as first:
                assert first.status == 303
            # Replayed, even with the browser's own binding sent again.
            # (A German browser is told so in German, escaped into a page.)
            async with anns.get(
                back,
                allow_redirects=False,
                headers={"Cookie": f"croupier_login={binding}", "Accept-Language": "de-DE"},
            ) as replayed:
                assert replayed.status == 400  # a state works once
                assert replayed.content_type == "text/html"
                german = t("signin.state_unknown", "de")
                assert await replayed.text() == sentence_html(german, "de")
        # Login CSRF: Mallory's own Discord answer, pushed into the browser of a
        # victim who began a sign-in of their own (and so holds a binding cookie).
        async with browser() as mallorys, browser() as victim:
            planted = await callback_address(mallorys, fake, mallory, public, table_id)
            async with victim.get(
                f"{public}/auth/login?next=/table/{table_id}", allow_redirects=False
            ) as begun:
                assert begun.status == 302
            assert victim.cookie_jar.filter_cookies(URL(public)).get("croupier_login")
            async with victim.get(planted, allow_redirects=False) as pushed:
                assert pushed.status == 400
            assert session_cookie(victim, public) is None
            assert (await hello(victim, public, table_id))["watching"]
        assert fake.oauth.exchanges == [ann.id]  # the refused states spent no code


async def test_sign_out_needs_the_pages_token_no_foreign_origin_and_ends_the_session(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public):
        ann = fake.add_member("Ann")
        table = await ann.slash("poker", "create")
        await table.settled()
        (runner,) = croupier.bot.tables.runners
        table_id = runner.table_id
        async with browser() as http:
            page = await sign_in(http, fake, ann, public, table_id)
            assert 'action="/auth/logout"' in page
            found = re.search(r'name="token" value="([0-9a-f]{64})"', page)
            assert found is not None
            token = found[1]
            stolen = session_cookie(http, public)
            assert stolen is not None and stolen not in page
            # Another site's form (its Origin; or none and no token), or the token elsewhere.
            for origin, form in (
                (None, {}),
                ("http://evil.example", {"token": token}),
                (public, {}),
                ("null", {"token": "0" * 64}),
            ):
                headers = {} if origin is None else {"Origin": origin}
                async with http.post(
                    f"{public}/auth/logout", data={"next": "/", **form}, headers=headers
                ) as refused:
                    assert refused.status == 403, (origin, form)
            # Refused in the page's language: Ann's (English) even in a German browser.
            async with http.post(
                f"{public}/auth/logout",
                data={"next": "/", "token": token},
                headers={"Origin": "http://evil.example", "Accept-Language": "de"},
            ) as refused:
                assert refused.status == 403
                sentence = t("signin.foreign_origin", "en")
                assert await refused.text() == sentence_html(sentence, "en")
            assert not (await hello(http, public, table_id))["watching"]
            # A page open as Ann when she signs out elsewhere is closed (it comes back watching).
            socket_url = f"{public}/table/{table_id}/ws".replace("http://", "ws://")
            open_page = await http.ws_connect(socket_url, headers={"Origin": public})
            # The page's own form: Chromium sends "Origin: null" under no-referrer.
            async with http.post(
                f"{public}/auth/logout",
                data={"next": f"/table/{table_id}", "token": token},
                headers={"Origin": "null"},
                allow_redirects=False,
            ) as out:
                assert out.status == 303 and out.headers["Location"] == f"/table/{table_id}"
            while (message := await open_page.receive(timeout=5)).type is aiohttp.WSMsgType.TEXT:
                pass
            assert message.type is aiohttp.WSMsgType.CLOSE and message.data == 4001
            await open_page.close()
            assert (await hello(http, public, table_id))["watching"]
        async with browser() as replayer:  # the old cookie, replayed after sign-out
            replayer.cookie_jar.update_cookies({"croupier_session": stolen}, URL(public))
            assert (await hello(replayer, public, table_id))["watching"]


async def test_a_websocket_from_another_origin_is_refused_even_signed_in(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public), browser() as http:
        ann = fake.add_member("Ann")
        await (await ann.slash("poker", "create")).settled()
        (runner,) = croupier.bot.tables.runners
        await sign_in(http, fake, ann, public, runner.table_id)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await hello(http, public, runner.table_id, origin="http://evil.example")
        assert refused.value.status == 403


async def test_a_user_of_another_server_only_watches(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public), browser() as http:
        ann = fake.add_member("Ann")
        elsewhere = fake.add_guild("Elsewhere")
        cat = fake.add_member("Cat", guild=elsewhere)
        await (await ann.slash("poker", "create")).settled()
        (runner,) = croupier.bot.tables.runners
        page = await sign_in(http, fake, cat, public, runner.table_id)
        assert "Signed in as Cat" in page
        assert (await hello(http, public, runner.table_id))["watching"]


async def test_discord_and_the_page_at_once_make_one_action(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public), browser() as http:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        (runner,) = croupier.bot.tables.runners
        await sign_in(http, fake, ann, public, runner.table_id)
        turn = view.turn()
        assert turn is not None
        if turn.actor != "Ann":  # Ben acts by Discord until it is Ann's turn
            await ben.click(turn.buttons["call"])
            turn = await view.next_turn(turn.key)
            assert turn is not None and turn.actor == "Ann"
        live = runner.live
        assert live is not None
        before = len(live.actions)
        socket_url = f"{public}/table/{runner.table_id}/ws".replace("http://", "ws://")
        async with http.ws_connect(socket_url, headers={"Origin": public}) as page:
            greeting = json.loads((await page.receive(timeout=5)).data)
            assert not greeting["viewer"]["watching"]  # the page acts as Ann
            move = "call" if "call" in turn.buttons else "check"
            label = turn.buttons.get("call") or turn.buttons.get("check") or ""
            act = {"type": "act", "move": move, "hand_no": turn.hand_no, "seq": turn.seq}
            clicked, _ = await asyncio.gather(ann.click(label), page.send_str(json.dumps(act)))
            answers: list[dict[str, Any]] = []
            while len(answers) < 1:
                frame = json.loads((await page.receive(timeout=5)).data)
                if frame["type"] in ("done", "refused"):
                    answers.append(frame)
            await clicked.settled()
        (answer,) = answers
        assert answer["type"] == "done" or "watching" not in answer["text"], answer
        await croupier.settled()
        hand = runner.live or runner.state.last_hand
        assert hand is not None
        anns = [action for action in hand.actions[before:] if action.name == "Ann"]
        assert len(anns) == 1, hand.actions[before:]


def links_of(message: Any) -> list[tuple[str, str]]:
    """The link buttons of a message: (label, address)."""
    return [
        (component["label"], component["url"])
        for component in message.all_components()
        if component.get("type") == 2 and component.get("style") == 5
    ]


async def test_the_table_message_and_poker_create_offer_open_the_table(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public):
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        (runner,) = croupier.bot.tables.runners
        page = ("Open the table", f"{public}/table/{runner.table_id}")
        created = [m for m in fake.messages() if "is open in" in m.text()]
        assert created and links_of(created[-1]) == [page]
        joined = [m for m in fake.messages() if "You sit in seat" in m.text()]
        assert len(joined) == 2 and all(links_of(m) == [page] for m in joined)
        message = view.table_message()
        assert message is not None
        assert links_of(message) == [page]
        # Beside "My cards", under the action buttons: the layout keeps its rows.
        rows = [c for c in message.components if c.get("type") == 1]
        last = [button.get("label") for button in rows[-1]["components"]]
        assert last == ["My cards", "Open the table"]


async def test_without_a_public_address_nothing_links_to_the_room(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", web_port=free_port()):
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        message = view.table_message()
        assert message is not None and "My cards" in message.button_labels
        assert all(not links_of(m) for m in fake.messages())


async def test_on_https_the_cookies_are_secure_and_host_bound(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Behind https (a web server in front), both cookies are Secure and named
    ``__Host-``: no other site, and no plain http page, may set or read them."""
    fake = fake_discord
    public = "https://poker.example.org"
    fake.oauth.redirect_uris.add(public + "/auth/callback")
    ann = fake.add_member("Ann")

    async def member(guild_id: int, user_id: int) -> bool:
        return True

    oauth = DiscordOAuth(str(fake.application_id), fake.oauth.client_secret, fake.api_base)
    async with await Database.open(tmp_path / "sessions.db") as database:
        sign_in = DiscordSignIn(oauth, public, member, SessionStore(database))
        app = web.Application(middlewares=[sign_in.middleware])
        sign_in.install(app)
        async with TestClient(TestServer(app)) as client:
            await https_sign_in(fake, ann, client, public)


async def https_sign_in(
    fake: FakeDiscord, ann: Member, client: TestClient[web.Request, web.Application], public: str
) -> None:
    to_discord = await client.get("/auth/login?next=/table/5", allow_redirects=False)
    login_cookie = to_discord.cookies["__Host-croupier_login"]
    assert login_cookie["secure"] and login_cookie["httponly"] and login_cookie["path"] == "/"
    async with browser() as http:
        await log_in_to_discord(http, fake, ann)
        async with http.get(to_discord.headers["Location"], allow_redirects=False) as back:
            callback = URL(back.headers["Location"])
    assert str(callback.with_query(None)) == public + "/auth/callback"
    signed = await client.get(
        "/auth/callback?" + callback.query_string,
        headers={"Cookie": f"__Host-croupier_login={login_cookie.value}"},
        allow_redirects=False,
    )
    assert signed.status == 303 and signed.headers["Location"] == "/table/5"
    session = signed.cookies["__Host-croupier_session"]
    assert session["secure"] and session["httponly"] and session["samesite"] == "Lax"
    assert session["path"] == "/" and not session["domain"]


async def test_a_member_with_a_hostile_name_sits_down_from_the_page_as_plain_text(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public), browser() as http:
        ben, mal = fake.add_member("Ben"), fake.add_member("**Mal**@everyone")
        await (await ben.slash("poker", "create")).settled()
        await (await ben.slash("poker", "join", buy_in=500)).settled()
        (runner,) = croupier.bot.tables.runners
        await sign_in(http, fake, mal, public, runner.table_id)
        socket_url = f"{public}/table/{runner.table_id}/ws".replace("http://", "ws://")
        async with http.ws_connect(socket_url, headers={"Origin": public}) as page:
            await page.receive(timeout=5)  # hello
            await page.send_str(json.dumps({"type": "join", "buy_in": 500}))
            while (frame := json.loads((await page.receive(timeout=5)).data))["type"] not in (
                "done",
                "refused",
            ):
                pass
            assert frame["type"] == "done", frame
        await croupier.settled()
        assert runner.table.is_seated(mal.id)
        messages = [m for m in fake.messages() if "**Mal**@everyone" in m.text()]
        assert not messages  # never written raw: no bold, no mention
        assert any("\\*\\*Mal\\*\\*" in m.text() for m in fake.messages())
