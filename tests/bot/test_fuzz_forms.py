"""Fuzzing what a person types: the raise form's text and the amounts of commands.

Discord checks a slash command's number options and a form input's length, but
only in its own client: the bot reads every amount again itself. Here the
real form handler (:class:`cogs.table_buttons.RaiseForm`) gets any text at all
(ten thousand digits, emoji, other scripts' digits, "1e9", "1,000", nothing),
and :func:`cogs.amounts.checked_amount` gets any value at all. Whatever
arrives: no exception escapes, a refusal is a sentence and changes nothing,
and an amount taken is exactly the whole number typed, within the range the
form stated.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cashier import MAX_AMOUNT
from bot.database import Database
from bot.tables.errors import BadAmount
from cogs.amounts import checked_amount, parse_chip_amount
from cogs.table_buttons import RaiseForm
from tests.bot.fake_clock import FakeClock
from tests.bot.fake_interactions import FakeInteraction, FakeUser
from tests.bot.table_fakes import RecordingOutlet, new_table
from tests.bot.table_players import player_to_act

ANN, BEN = 11, 12

typed = st.one_of(
    st.sampled_from(
        ["abc", "-5", "1e9", "1,000", "", " ", "😀", "٣٠", "12.5", "0", "+30", "3 0", "9" * 10_000]
    ),
    st.text(),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.integers(min_value=0, max_value=2000).map(lambda n: f" {n}\n"),
)


@settings(max_examples=150, deadline=None)
@given(text=typed)
def test_an_amount_is_a_whole_number_in_range_or_a_refusal(text: str) -> None:
    try:
        amount = parse_chip_amount(text, low=20, high=1000)
    except BadAmount as refusal:
        sentence = refusal.sentence("en")
        assert "is not an amount I can use" in sentence and len(sentence) < 300
        return
    assert text.strip().isascii() and text.strip().isdigit()
    assert amount == int(text.strip()) and 1 <= amount <= MAX_AMOUNT


@settings(max_examples=100, deadline=None)
@given(
    value=st.one_of(
        st.integers(min_value=-(10**20), max_value=10**20),
        st.booleans(),
        st.floats(allow_nan=True),
        st.text(max_size=10),
        st.none(),
    )
)
def test_a_command_option_is_checked_again(value: object) -> None:
    try:
        amount = checked_amount(value)
    except BadAmount:
        assert not (isinstance(value, int) and not isinstance(value, bool)) or not (
            1 <= value <= MAX_AMOUNT
        )
        return
    assert amount == value and type(value) is int and 1 <= amount <= MAX_AMOUNT


async def _fingerprint(database: Database) -> tuple[object, ...]:
    return (
        await database.fetch_value("SELECT COUNT(*) FROM hand_actions"),
        tuple(tuple(r) for r in await database.fetch_all("SELECT * FROM seats ORDER BY 1, 2")),
        await database.fetch_value("SELECT COUNT(*) FROM ledger"),
    )


async def _submit(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with await Database.open(Path(folder) / "croupier.db") as database:
            clock = FakeClock()
            runner = await new_table(database, clock, RecordingOutlet())
            await runner.join(ANN, "Ann", buy_in=500)
            await runner.join(BEN, "Ben", buy_in=500)
            clock.advance(5)
            await runner.settled()
            actor, position = player_to_act(runner), runner.position()
            assert actor is not None and position is not None
            choices = runner.choices_for(actor, hand_no=position[0], seq=position[1])
            form = RaiseForm(runner, position[0], choices, "en")
            interaction = FakeInteraction(client=None, user=FakeUser(actor, "Ann"))
            form.amount._refresh_state(interaction, {"value": text})  # type: ignore[arg-type]
            before = await _fingerprint(database)
            await form.on_submit(interaction)  # type: ignore[arg-type]
            await runner.settled()
            refusals = [a for a in interaction.answers if a.kind != "defer"]
            if refusals:
                (refusal,) = refusals
                assert refusal.ephemeral and refusal.content
                assert await _fingerprint(database) == before
            else:
                amount = int(text.strip())
                assert choices.min_raise_to <= amount <= choices.max_raise_to
                last = await database.fetch_value(
                    "SELECT action FROM hand_actions ORDER BY seq DESC LIMIT 1"
                )
                assert last.endswith(f"cbr {amount}"), last
            await runner.stop()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    text=st.one_of(typed, st.integers(min_value=15, max_value=520).map(str)),
)
def test_the_raise_form_takes_any_text_and_never_fails(text: str) -> None:
    asyncio.run(_submit(text))
