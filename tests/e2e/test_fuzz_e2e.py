"""Fuzzing the Discord surface: random commands, clicks and typed amounts from
random members, through the fake Discord, against the real bot.

Hypothesis writes a script of steps (who does what, with which option or
text); each example plays it at a fresh table with three seated players and
one member without a seat. After every step:

* the bot answered within Discord's three seconds, and logged no error of its
  own (a refusal is not an error; an exception in a cog is);
* a refused step changed nothing: the database's fingerprint (actions logged,
  balances, seats and stacks, the ledger, tables and hands) is what it was;

and every example ends with the audit. Typed amounts include "abc", "-5",
"1e9", "1,000", empty, ten thousand digits and emoji; what Discord itself
would refuse (an option out of its range, a form input too long) is refused
by the fake and never reaches the bot, which is fine: the direct fuzzing of
the form in ``tests/bot/test_fuzz_forms.py`` sends those too.

``CROUPIER_FUZZ_EXAMPLES`` sets how many scripts are played (default 8).
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.database import Database
from tests.e2e.fake_discord import (
    ComponentNotFound,
    FakeDiscord,
    Member,
    ModalRejected,
    OptionRejected,
    Reply,
)
from tests.e2e.impatient_players import TableView, newest_table, text_input_id
from tests.e2e.product_bot import Croupier, running_croupier

EXAMPLES = int(os.environ.get("CROUPIER_FUZZ_EXAMPLES", "8"))
NAMES = ("Ann", "Ben", "Cat", "Zed")  # Zed has no seat
BUTTONS = ("fold", "call", "raise", "min", "half", "pot", "allin", "cards")

NASTY_TEXT = [
    "abc",
    "-5",
    "1e9",
    "1,000",
    "",
    " ",
    "0",
    "9" * 10_000,
    "😀",
    "٣٠",
    "20",
    "100",
    "  40  ",
    "12.5",
    "0x20",
    "99999999999999999999",
    "<@1> **bold**",
]
amounts = st.one_of(
    st.sampled_from([0, -5, 1, 5, 10, 20, 100, 499, 500, 1000, 10**9, 10**12]),
    st.integers(min_value=-(10**15), max_value=10**15),
)
typed = st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=25))


@dataclass(frozen=True)
class Step:
    member: int
    kind: str
    name: str = ""
    value: Any = None
    text: str = ""


steps = st.one_of(
    st.builds(
        Step,
        st.integers(0, 3),
        st.just("click"),
        st.sampled_from(BUTTONS),
        st.booleans(),  # on an older table message rather than the newest
        typed,
    ),
    st.builds(
        Step,
        st.integers(0, 3),
        st.just("action"),
        st.sampled_from(["check", "call", "fold", "allin", "bet", "raise", "bringin"]),
        amounts,
    ),
    st.builds(Step, st.integers(0, 3), st.just("action"), st.just("discard"), st.none(), typed),
    st.builds(
        Step,
        st.integers(0, 3),
        st.just("poker"),
        st.sampled_from(["join", "leave", "sitout", "sitin", "topup", "close", "dm", "verify"]),
        amounts,
    ),
)


@contextmanager
def refusals_logged() -> Iterator[list[str]]:
    """The refusals the bot explains to people, as it logs them."""
    seen: list[str] = []

    class Handler(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.getMessage().startswith("Refused"):
                seen.append(record.getMessage())

    logger = logging.getLogger("bot.error_replies")
    handler, level = Handler(logging.DEBUG), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield seen
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


async def fingerprint(database: Database) -> tuple[object, ...]:
    """Everything a request could change, in a form that compares equal when unchanged."""
    queries = (
        "SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM hand_actions",
        "SELECT guild_id, user_id, chips FROM balances ORDER BY 1, 2",
        "SELECT table_id, seat_no, user_id, stack, sitting_out FROM seats ORDER BY 1, 2",
        "SELECT COUNT(*), COALESCE(SUM(delta), 0) FROM ledger",
        "SELECT id, status FROM tables ORDER BY id",
        "SELECT id, status FROM hands ORDER BY id",
        "SELECT user_id, dm_cards FROM player_settings ORDER BY user_id",
    )
    found = []
    for sql in queries:
        found.append(tuple(tuple(row) for row in await database.fetch_all(sql)))
    return tuple(found)


async def answered(reply: Reply) -> None:
    """The bot answered in time; a "thinking" answer was filled in."""
    await reply.answered()
    await reply.settled()


async def play_step(fake: FakeDiscord, members: list[Member], step: Step) -> None:
    member = members[step.member]
    if step.kind == "click":
        view: TableView | None = newest_table(fake, fake.channel.id)
        if step.value:  # an older table message, if there is one
            older = [
                TableView.of(m)
                for m in fake.messages(fake.channel.id)
                if view is not None and m.id < view.message.id and m.author_id == fake.state.bot.id
            ]
            view = next((v for v in reversed(older) if v.buttons), view)
        if view is None or step.name not in view.buttons:
            return
        reply = await member.click(custom_id=view.buttons[step.name], message=view.message)
        await answered(reply)
        if reply.modal is not None:
            reply = await member.submit_modal({text_input_id(reply.modal): step.text})
            await answered(reply)
        return
    if step.kind == "action":
        options: dict[str, Any] = {"amount": step.value} if step.name in ("bet", "raise") else {}
        if step.name == "discard":
            options = {"cards": step.text}
        await answered(await member.slash(step.name, **options))
        return
    options = {}
    if step.name == "join":
        options = {"buy_in": step.value}
    elif step.name == "topup":
        options = {"amount": step.value}
    elif step.name == "verify":
        options = {"hand": step.value}
    elif step.name == "dm":
        options = {"setting": "on" if step.value % 2 else "off"}
    await answered(await member.slash("poker", step.name, **options))


async def play_script(script: list[Step]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with (
            FakeDiscord() as fake,
            running_croupier(fake, Path(folder) / "croupier.db") as croupier,
        ):
            await play_at_a_table(fake, croupier, script)


async def play_at_a_table(fake: FakeDiscord, croupier: Croupier, script: list[Step]) -> None:
    members = [fake.add_member(name) for name in NAMES]
    created = await members[0].slash("poker", "create", action_seconds=600)
    await created.settled()
    for member in members[:3]:
        await member.slash("poker", "join", buy_in=500)
    with refusals_logged() as refusals:
        for step in script:
            await croupier.settled()
            before = await fingerprint(croupier.database)
            refused_before = len(refusals)
            try:
                await play_step(fake, members, step)
            except (OptionRejected, ModalRejected, ComponentNotFound):
                continue  # Discord itself refuses it: the bot never sees it
            await croupier.settled()
            if len(refusals) > refused_before:
                assert await fingerprint(croupier.database) == before, (step, refusals[-1])


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(script=st.lists(steps, min_size=5, max_size=30))
async def test_random_requests_never_raise_and_refusals_change_nothing(script: list[Step]) -> None:
    await play_script(script)
