"""The OAuth2 client (web/discord_oauth.py) against the fake Discord's OAuth2:
the authorize page's redirect, the one-time code, the bearer token's user."""

from __future__ import annotations

import logging
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

from tests.e2e.fake_discord import FakeDiscord
from web.discord_oauth import DiscordOAuth, DiscordUser, OAuthRefused, authorize_base

REDIRECT = "http://127.0.0.1:9/auth/callback"


def client_of(fake: FakeDiscord, secret: str | None = None) -> DiscordOAuth:
    return DiscordOAuth(str(fake.application_id), secret or fake.oauth.client_secret, fake.api_base)


def test_the_authorize_page_is_discords_own_for_discords_api() -> None:
    assert authorize_base("https://discord.com/api/v10") == "https://discord.com/oauth2/authorize"
    oauth = DiscordOAuth("42", "s3cret-value", "https://discord.com/api/v10")
    url = urlsplit(oauth.authorize_url("https://poker.example/auth/callback", "st4te"))
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    assert parse_qs(url.query) == {
        "response_type": ["code"],
        "client_id": ["42"],
        "scope": ["identify"],
        "state": ["st4te"],
        "redirect_uri": ["https://poker.example/auth/callback"],
    }
    assert "s3cret-value" not in repr(oauth)
    assert "s3cret-value" not in url.geturl()


async def test_a_member_signs_in_through_the_authorize_page(fake_discord: FakeDiscord) -> None:
    ann = fake_discord.add_member("Ann", locale="de")
    fake_discord.oauth.redirect_uris.add(REDIRECT)
    oauth = client_of(fake_discord)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
        # The browser is logged in to Discord as Ann, then follows the authorize link.
        async with browser.get(fake_discord.url + fake_discord.oauth.login_path(ann)) as logged:
            assert logged.status == 200
        async with browser.get(
            oauth.authorize_url(REDIRECT, "the-state"), allow_redirects=False
        ) as answer:
            assert answer.status == 302
            back = urlsplit(answer.headers["Location"])
    assert f"{back.scheme}://{back.netloc}{back.path}" == REDIRECT
    query = parse_qs(back.query)
    assert query["state"] == ["the-state"]
    token = await oauth.exchange_code(query["code"][0], REDIRECT)
    user = await oauth.fetch_user(token)
    assert user == DiscordUser(ann.id, "Ann", "Ann", None, "de")
    # The code works once.
    with pytest.raises(OAuthRefused):
        await oauth.exchange_code(query["code"][0], REDIRECT)


async def test_discord_refuses_what_it_should(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    ann = fake_discord.add_member("Ann")
    oauth = client_of(fake_discord)
    with pytest.raises(OAuthRefused):  # a code nobody granted
        await oauth.exchange_code("made-up", REDIRECT)
    with pytest.raises(OAuthRefused):  # another redirect address than the one granted
        await oauth.exchange_code(fake_discord.oauth.grant(ann, REDIRECT), REDIRECT + "x")
    wrong = client_of(fake_discord, secret="not-the-secret")
    with pytest.raises(OAuthRefused):  # a wrong client secret
        await wrong.exchange_code(fake_discord.oauth.grant(ann, REDIRECT), REDIRECT)
    with pytest.raises(OAuthRefused):  # a token Discord never gave
        await oauth.fetch_user("forged-token")
    assert [error for _, error in fake_discord.oauth.refusals] == [
        "invalid_grant",
        "invalid_grant",
        "invalid_client",
        "401",
    ]
    stale = fake_discord.oauth.grant(ann, REDIRECT)
    fake_discord.clock.advance(601)
    with pytest.raises(OAuthRefused):  # a code older than ten minutes
        await oauth.exchange_code(stale, REDIRECT)
    assert fake_discord.oauth.client_secret not in caplog.text
    assert "not-the-secret" not in caplog.text


async def test_the_authorize_page_refuses_an_unregistered_redirect(
    fake_discord: FakeDiscord,
) -> None:
    ann = fake_discord.add_member("Ann")
    oauth = client_of(fake_discord)
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
        await (await browser.get(fake_discord.url + fake_discord.oauth.login_path(ann))).release()
        async with browser.get(
            oauth.authorize_url("http://evil.example/steal", "s"), allow_redirects=False
        ) as answer:
            assert answer.status == 400
    async with aiohttp.ClientSession() as stranger:  # logged in to Discord as nobody
        fake_discord.oauth.redirect_uris.add(REDIRECT)
        async with stranger.get(oauth.authorize_url(REDIRECT, "s"), allow_redirects=False) as page:
            assert page.status == 401
