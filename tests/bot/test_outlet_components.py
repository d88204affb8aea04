"""A table message edited in place carries exactly what posting it would: its
components, written as Discord's JSON by the outlet, are those discord.py draws
from the same message."""

from __future__ import annotations

from bot.database import Database
from bot.render.table_message import table_message
from bot.tables.outlet import layout_components, layout_of
from bot.tables.requests import ActionRequest, Move
from tests.bot.fake_clock import FakeClock
from tests.bot.table_fakes import RecordingOutlet, config, seated_table, to_act


async def test_an_edit_draws_the_table_as_discord_py_would(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), {1: "Ann", 2: "Ben", 3: "Cat"})
    drawn = 0
    for locale in ("en", "de"):
        for _ in range(4):  # before the flop, then as the hand goes on
            message = table_message(runner.snapshot(), locale)
            assert message.layout and message.buttons
            assert layout_components(message) == layout_of(message).to_components()
            drawn += 1
            if runner.live is not None and runner.live.hand.actor is not None:
                await runner.act(to_act(runner), ActionRequest(Move.CHECK_OR_CALL))
    assert drawn == 8


async def test_the_open_the_table_link_is_drawn_as_discord_py_draws_a_link_button(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await seated_table(database, clock, outlet, config(), {1: "Ann", 2: "Ben"})
    page = "https://poker.example.org/table/1"
    for locale, label in (("en", "Open the table"), ("de", "Tisch öffnen")):
        message = table_message(runner.snapshot(), locale, link=page)
        components = layout_components(message)
        assert components == layout_of(message).to_components()
        links = [
            button
            for row in components[1:]
            for button in row["components"]
            if button.get("url") is not None
        ]
        assert links == [{"type": 2, "style": 5, "disabled": False, "label": label, "url": page}]
    assert not any(spec.url for spec in table_message(runner.snapshot(), "en").buttons)
