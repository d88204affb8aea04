"""One interaction's life: who started it, its token, its deadlines, its answers.

Discord gives the bot 3 seconds for the first answer and 15 minutes for
followups and edits through the token; an interaction is answered at most once.
The record keeps what the bot did so a `Reply` can report it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
MODAL_SUBMIT = 5

CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
MODAL = 9
#: Opens the app's Activity for the member (activities.py).
LAUNCH_ACTIVITY = 12

RESPONSE_WINDOW = 3.0
TOKEN_LIFETIME = 15 * 60.0


@dataclass
class InteractionRecord:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    created_at: float
    payload: dict[str, Any]
    # The message a clicked component sits on (components, and modals opened by them).
    source_message_id: int | None = None
    response_type: int | None = None
    responded_at: float | None = None
    # Whatever `@original` means for this interaction once answered.
    original_message_id: int | None = None
    modal: dict[str, Any] | None = None
    modal_submitted: bool = False
    followup_ids: list[int] = field(default_factory=list)
    # Refusals the bot ran into on this interaction, e.g. [10062] or [40060].
    refused_codes: list[int] = field(default_factory=list)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None
