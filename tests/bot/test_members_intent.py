"""The privileged members intent is asked for only when the operator says so."""

from __future__ import annotations

import pytest

from bot.client import croupier_intents
from bot.settings import SettingsError, load_settings


def test_the_members_intent_is_off_unless_asked_for() -> None:
    assert not load_settings({"DISCORD_TOKEN": "abc"}, None).members_intent
    assert not croupier_intents().members
    assert not croupier_intents().message_content


def test_the_members_intent_can_be_asked_for() -> None:
    settings = load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_MEMBERS_INTENT": "true"}, None)
    assert settings.members_intent
    assert croupier_intents(members=True).members


def test_a_malformed_members_intent_setting_names_it() -> None:
    with pytest.raises(SettingsError, match="CROUPIER_MEMBERS_INTENT"):
        load_settings({"DISCORD_TOKEN": "abc", "CROUPIER_MEMBERS_INTENT": "maybe"}, None)
