"""A table button lets go of discord.py's parsed copy of the clicked message
(cogs.table_buttons.let_go_of_clicked_message): the interaction still answers.

These fail if discord.py stops letting the attribute be assigned, or starts
reading the clicked message where an action answers (the deferral and the
follow-up a refusal sends)."""

from __future__ import annotations

import inspect
from typing import Any

import discord

from cogs.table_buttons import let_go_of_clicked_message


def click_payload() -> dict[str, Any]:
    user = {"id": "42", "username": "ann", "discriminator": "0", "avatar": None}
    button = {"type": 2, "style": 1, "label": "Call", "custom_id": "t:1:1:1:call"}
    return {
        "id": "900",
        "application_id": "7",
        "type": 3,
        "token": "click-token",
        "version": 1,
        "channel_id": "55",
        "user": user,
        "locale": "en-US",
        "attachment_size_limit": 10_485_760,
        "data": {"custom_id": "t:1:1:1:call", "component_type": 2},
        "message": {
            "id": "77",
            "channel_id": "55",
            "author": user,
            "content": "",
            "timestamp": "2026-11-24T09:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "components": [{"type": 1, "components": [button]}],
        },
    }


def test_the_clicked_message_can_be_let_go_and_the_click_still_reads() -> None:
    client = discord.Client(intents=discord.Intents.none())
    interaction = discord.Interaction(data=click_payload(), state=client._connection)  # type: ignore[arg-type]
    assert interaction.message is not None and interaction.message.id == 77
    let_go_of_clicked_message(interaction)
    assert interaction.message is None
    assert interaction.user.id == 42 and interaction.data == click_payload()["data"]
    assert not interaction.response.is_done()


def test_the_deferral_and_the_follow_up_do_not_read_the_clicked_message() -> None:
    readers = (
        discord.InteractionResponse.defer,
        discord.InteractionResponse.send_message,
        discord.InteractionResponse.send_modal,
    )
    for reader in readers:
        assert ".message\n" not in inspect.getsource(reader) and "parent.message" not in (
            inspect.getsource(reader)
        ), reader.__qualname__
    followup = discord.Interaction.__dict__["followup"].function
    assert ".message" not in inspect.getsource(followup)
