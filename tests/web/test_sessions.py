"""Web sign-in's stores (web/sessions.py), the flood limit on sign-ins
(web/sign_in_flood.py) and where a sign-in may lead
(web/discord_signin.safe_next): sessions in the shared database that expire
and end, on SQLite and PostgreSQL, known after a restart and to another
process; one-time login states bound to the browser that began them."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import make_mocked_request

from bot.database import Database
from web.discord_oauth import DiscordUser
from web.discord_signin import safe_next
from web.sessions import Binding, LoginStates, SessionStore, digest
from web.sign_in_flood import AddressBudget, client_address

ANN = DiscordUser(11, "ann", "Ann", None, "de")
BEN = DiscordUser(2**62 + 3, "ben", None, "a1b2", None)  # an id beyond 32 bits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def database(database_target: str) -> AsyncIterator[Database]:
    async with await Database.open(database_target) as opened:
        yield opened


@pytest.mark.both_databases
async def test_a_session_is_found_by_its_id_until_it_expires(database: Database) -> None:
    clock = Clock()
    store = SessionStore(database, lifetime=60, now=clock)
    session = await store.open(ANN)
    assert len(session.cookie) >= 40 and session.cookie not in repr(session)
    found = await store.get(session.cookie)
    assert found is not None and found.user == ANN and found.binding is None
    clock.now += 59
    assert await store.get(session.cookie) is not None
    clock.now += 2
    assert await store.get(session.cookie) is None
    # The expired row is cleaned when the next session opens.
    assert await store.count() == 1
    await store.open(BEN)
    assert await store.count() == 1


@pytest.mark.both_databases
async def test_a_forged_or_closed_session_is_no_session(database: Database) -> None:
    store = SessionStore(database, now=Clock())
    session = await store.open(ANN)
    other = await store.open(BEN)
    assert session.cookie != other.cookie  # a fresh random id each time
    last = "B" if session.cookie.endswith("A") else "A"  # one character changed
    for forged in ("", None, "x" * 43, session.cookie[:-1] + last, "a" * 5000):
        assert await store.get(forged) is None
    assert await store.close(session.cookie)
    assert await store.get(session.cookie) is None  # replayed after sign-out
    assert not await store.close(session.cookie)
    found = await store.get(other.cookie)  # another browser stays signed in
    assert found is not None and found.user == BEN


@pytest.mark.both_databases
async def test_the_database_keeps_only_a_digest_of_the_id(database: Database) -> None:
    store = SessionStore(database, now=Clock())
    session = await store.open(ANN)
    rows = await database.fetch_all("SELECT * FROM web_sessions")
    assert len(rows) == 1
    kept = " ".join(str(value) for value in rows[0])
    assert session.cookie not in kept and digest(session.cookie) in kept


@pytest.mark.both_databases
async def test_an_activity_session_is_bound_to_its_instance_and_is_no_cookie(
    database: Database,
) -> None:
    store = SessionStore(database, now=Clock())
    bound = Binding("i-77-gc-1", 2**61 + 9, 2**60 + 1)
    session = await store.open(BEN, bound)
    found = await store.get(session.cookie, "activity")
    assert found is not None and found.user == BEN and found.binding == bound
    # An Activity session is no browser sign-in, and a browser's no Activity session.
    assert await store.get(session.cookie) is None
    browser = await store.open(ANN)
    assert await store.get(browser.cookie, "activity") is None


@pytest.mark.both_databases
async def test_a_session_is_known_after_a_restart_and_to_another_process(
    database_target: str,
) -> None:
    """Two stores on one database (two processes, or one before and after a
    restart): a session opened at one is valid at the other, and a sign-out at
    either ends it at both."""
    async with await Database.open(database_target) as first:
        session = await SessionStore(first).open(ANN)
        async with await Database.open(database_target) as second:
            other = SessionStore(second)
            found = await other.get(session.cookie)
            assert found is not None and found.user == ANN
            assert await SessionStore(first).close(session.cookie)
            assert await other.get(session.cookie) is None
        again = await SessionStore(first).open(BEN)
    async with await Database.open(database_target) as restarted:
        found = await SessionStore(restarted).get(again.cookie)
        assert found is not None and found.user == BEN


def test_an_address_may_begin_a_few_sign_ins_a_minute() -> None:
    clock = Clock()
    budget = AddressBudget(per_minute=3, now=clock, limit=100)
    assert [budget.spend("198.51.100.7") for _ in range(3)] == [None, None, None]
    assert budget.spend("198.51.100.7") == 60
    assert budget.spend("203.0.113.9") is None  # another address is not held back
    clock.now += 30
    assert budget.spend("198.51.100.7") == 30
    clock.now += 31
    assert budget.spend("198.51.100.7") is None


def test_a_forwarded_address_is_read_only_from_the_room_s_own_proxy() -> None:
    """``X-Forwarded-For`` names the client only when the connection is the
    operator's reverse proxy (this machine or a private network), and then its
    last address (the one that proxy appended); anyone else's is their own words."""
    forged = {"X-Forwarded-For": "198.51.100.1, 203.0.113.50"}
    direct = make_mocked_request("POST", "/activity/token", headers=forged)
    assert client_address(direct.clone(remote="93.184.216.34")) == "93.184.216.34"
    assert client_address(direct.clone(remote="127.0.0.1")) == "203.0.113.50"
    assert client_address(direct.clone(remote="10.0.0.5")) == "203.0.113.50"
    plain = make_mocked_request("POST", "/activity/token")
    assert client_address(plain.clone(remote="127.0.0.1")) == "127.0.0.1"


def test_a_budget_is_read_without_spending_it() -> None:
    budget = AddressBudget(per_minute=2, now=Clock(), limit=100)
    assert budget.waiting("a") is None and budget.waiting("a") is None
    assert budget.spend("a") is None and budget.spend("a") is None
    assert budget.waiting("a") == 60 and budget.waiting("b") is None


def test_the_budget_forgets_the_quietest_addresses_first() -> None:
    budget = AddressBudget(per_minute=1, now=Clock(), limit=2)
    assert budget.spend("a") is None and budget.spend("b") is None
    assert budget.spend("a") is not None  # a is the most recent now
    assert budget.spend("c") is None  # b gives way
    assert budget.spend("a") is not None and budget.spend("b") is None


@pytest.mark.both_databases
async def test_a_login_state_works_once_in_the_browser_that_began_it(database: Database) -> None:
    states = LoginStates(database, now=Clock())
    state, binding = await states.begin("/table/7")
    assert state != binding and len(state) >= 40
    assert await states.finish(state, binding) == "/table/7"
    assert await states.finish(state, binding) is None  # replayed


@pytest.mark.both_databases
async def test_a_login_state_from_another_browser_or_too_old_is_refused(
    database: Database,
) -> None:
    clock = Clock()
    states = LoginStates(database, lifetime=600, now=clock)
    state, _ = await states.begin("/table/7")
    _, attackers = await states.begin("/")
    assert await states.finish(state, attackers) is None  # another browser's binding
    state, binding = await states.begin("/table/7")
    assert await states.finish(state, None) is None  # no binding cookie at all
    state, binding = await states.begin("/table/7")
    clock.now += 601
    assert await states.finish(state, binding) is None
    assert await states.finish("made-up", binding) is None
    assert await states.count() == 1  # only the other browser's own sign-in is still kept
    await states.begin("/")  # expired rows are cleaned as a sign-in begins
    assert await states.count() == 1


@pytest.mark.both_databases
async def test_a_browser_keeps_its_binding_for_two_sign_ins_at_once(database: Database) -> None:
    states = LoginStates(database, now=Clock())
    first, binding = await states.begin("/table/1")
    second, same = await states.begin("/table/2", binding)
    assert same == binding
    assert await states.finish(second, binding) == "/table/2"
    assert await states.finish(first, binding) == "/table/1"


@pytest.mark.both_databases
async def test_a_sign_in_begun_at_one_process_finishes_at_another_once(
    database_target: str,
) -> None:
    async with (
        await Database.open(database_target) as first,
        await Database.open(database_target) as second,
    ):
        state, binding = await LoginStates(first).begin("/table/3")
        assert await LoginStates(second).finish(state, binding) == "/table/3"
        assert await LoginStates(first).finish(state, binding) is None


@pytest.mark.parametrize(
    ("given", "goes"),
    [
        ("/table/42", "/table/42"),
        ("/", "/"),
        ("//evil.example/table/1", "/"),
        ("https://evil.example/", "/"),
        ("/table/42/../../x", "/"),
        ("/table/42\n", "/"),
        (None, "/"),
        ("/\\evil.example", "/"),
    ],
)
def test_a_sign_in_only_leads_to_a_table_of_this_room(given: str | None, goes: str) -> None:
    assert safe_next(given) == goes
