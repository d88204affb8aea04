"""A fake Discord for end-to-end tests: the real discord.py client talks to it.

See README.md beside this file. The names a test needs are exported here.
"""

from .commands import OptionRejected
from .errors import ApiError
from .members import ComponentNotFound, Member, ModalRejected
from .messages import Sighting, StoredMessage
from .pointing import StartBot, pointed_at, running_client
from .replies import NoResponse, Reply
from .server import FakeDiscord

__all__ = [
    "ApiError",
    "ComponentNotFound",
    "FakeDiscord",
    "Member",
    "ModalRejected",
    "NoResponse",
    "OptionRejected",
    "Reply",
    "Sighting",
    "StartBot",
    "StoredMessage",
    "pointed_at",
    "running_client",
]
