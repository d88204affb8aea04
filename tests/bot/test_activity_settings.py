"""The table as a Discord Activity, the bot's side without Discord: the setting
(off by default), what is missing said in one sentence each, the button on the
table message only when the Activity is offered (and within Discord's limits),
and the entry point command a bulk overwrite must send back."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.activity import activity_offered, entry_points, missing_pieces
from bot.i18n import t
from bot.render.custom_ids import ACTIVITY_BUTTON
from bot.render.limits import BUTTONS_PER_ROW, ROWS
from bot.render.message import LAYOUT_COMPONENTS
from bot.render.table_message import table_message
from bot.settings import Settings, load_settings
from tests.bot.test_table_render import crowded_table

BUTTON = "Open the table in Discord"


def test_the_activity_is_off_unless_asked() -> None:
    settings = load_settings({"DISCORD_TOKEN": "abc"}, None)
    assert settings.activity is False and not activity_offered(settings)
    assert missing_pieces(settings) == []
    on = load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_ACTIVITY": "true"}, None)
    assert on.activity is True


def test_each_missing_piece_is_one_sentence_in_both_languages() -> None:
    asked = Settings(discord_token="abc", activity=True)
    assert missing_pieces(asked) == ["activity.no_web_port", "activity.no_secret"]
    assert not activity_offered(asked)
    assert missing_pieces(replace(asked, web_port=8765)) == ["activity.no_secret"]
    ready = replace(asked, web_port=8765, client_secret="s3cret")
    assert missing_pieces(ready) == [] and activity_offered(ready)
    for key in ("activity.no_web_port", "activity.no_secret", "activity.no_entry_point"):
        for locale in ("en", "de"):
            sentence = t(key, locale)
            assert (sentence.count(". ") == 0 and sentence.endswith(")")) or sentence.endswith(".")
            assert "s3cret" not in sentence


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_button_is_on_the_table_message_only_when_the_activity_is_offered(
    locale: str,
) -> None:
    snapshot = crowded_table()
    label = t("button.open_activity", locale)
    without = table_message(snapshot, locale)
    assert label not in [button.label for button in without.buttons]
    # Beside the web room's "Open the table" link, as an operator with both has it.
    offered = table_message(
        snapshot, locale, link="https://poker.example.org/table/1", activity=True
    )
    (button,) = [b for b in offered.buttons if ACTIVITY_BUTTON.fullmatch(b.custom_id)]
    assert button.label == label and button.row == 4
    assert f":{snapshot.table_id}" in button.custom_id
    rows = Counter(b.row for b in offered.buttons)
    assert len(rows) <= ROWS and max(rows.values()) <= BUTTONS_PER_ROW
    assert 1 + len(offered.layout) + len(rows) + len(offered.buttons) <= LAYOUT_COMPONENTS
    closed = table_message(replace(snapshot, closed=True), locale, activity=True)
    assert label not in [b.label for b in closed.buttons]


def test_a_bulk_overwrite_sends_the_entry_point_back_without_discords_own_fields() -> None:
    listed = [
        {"id": "1", "name": "poker", "type": 1, "description": "Play", "version": "9"},
        {
            "id": "2",
            "application_id": "7",
            "version": "3",
            "name": "launch",
            "type": 4,
            "handler": 2,
            "description": "",
            "integration_types": [0, 1],
            "contexts": [0, 1, 2],
        },
    ]
    assert entry_points(listed) == [
        {
            "name": "launch",
            "type": 4,
            "handler": 2,
            "description": "",
            "integration_types": [0, 1],
            "contexts": [0, 1, 2],
        }
    ]
    assert entry_points(listed[:1]) == []
    assert t("button.open_activity", "en") == BUTTON
