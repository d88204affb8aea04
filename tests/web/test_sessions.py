"""Web sign-in's stores (web/sessions.py) and where a sign-in may lead
(web/discord_signin.safe_next): sessions that expire and end, one-time login
states bound to the browser that began them."""

from __future__ import annotations

import pytest

from web.discord_oauth import DiscordUser
from web.discord_signin import safe_next
from web.sessions import LoginStates, SessionStore

ANN = DiscordUser(11, "ann", "Ann", None, "de")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_session_is_found_by_its_cookie_until_it_expires() -> None:
    clock = Clock()
    store = SessionStore(lifetime=60, now=clock)
    session = store.open(ANN)
    assert len(session.cookie) >= 40 and session.cookie not in repr(session)
    found = store.get(session.cookie)
    assert found is not None and found.user == ANN
    clock.now += 59
    assert store.get(session.cookie) is not None
    clock.now += 2
    assert store.get(session.cookie) is None
    assert len(store) == 0


def test_a_forged_or_closed_session_is_no_session() -> None:
    store = SessionStore(now=Clock())
    session = store.open(ANN)
    other = store.open(ANN)
    assert session.cookie != other.cookie  # a fresh random id each time
    for forged in ("", None, "x" * 43, session.cookie[:-1] + "A", "a" * 5000):
        assert store.get(forged) is None
    assert store.close(session.cookie)
    assert store.get(session.cookie) is None  # replayed after sign-out
    assert not store.close(session.cookie)
    assert store.get(other.cookie) is not None  # another browser stays signed in


def test_the_store_keeps_no_cookie_and_gives_way_when_full() -> None:
    store = SessionStore(now=Clock(), limit=2)
    first, second, third = (store.open(ANN) for _ in range(3))
    assert store.get(first.cookie) is None
    assert store.get(second.cookie) is not None and store.get(third.cookie) is not None
    kept = repr(store._sessions)
    assert third.cookie not in kept and second.cookie not in kept


def test_a_login_state_works_once_in_the_browser_that_began_it() -> None:
    states = LoginStates(now=Clock())
    state, binding = states.begin("/table/7")
    assert state != binding and len(state) >= 40
    assert states.finish(state, binding) == "/table/7"
    assert states.finish(state, binding) is None  # replayed


def test_a_login_state_from_another_browser_or_too_old_is_refused() -> None:
    clock = Clock()
    states = LoginStates(lifetime=600, now=clock)
    state, _ = states.begin("/table/7")
    _, attackers = states.begin("/")
    assert states.finish(state, attackers) is None  # another browser's binding
    state, binding = states.begin("/table/7")
    assert states.finish(state, None) is None  # no binding cookie at all
    state, binding = states.begin("/table/7")
    clock.now += 601
    assert states.finish(state, binding) is None
    assert states.finish("made-up", binding) is None
    assert len(states) == 1  # only the other browser's own sign-in is still pending


def test_a_browser_keeps_its_binding_for_two_sign_ins_at_once() -> None:
    states = LoginStates(now=Clock())
    first, binding = states.begin("/table/1")
    second, same = states.begin("/table/2", binding)
    assert same == binding
    assert states.finish(second, binding) == "/table/2"
    assert states.finish(first, binding) == "/table/1"


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
