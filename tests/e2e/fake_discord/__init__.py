"""A fake Discord for end-to-end tests: the real discord.py client talks to it.

See README.md beside this file. The names a test needs are exported here.
"""

from . import permissions
from .commands import OptionRejected
from .errors import ApiError, Refusal
from .members import ComponentNotFound, Member, ModalRejected
from .messages import Sighting, StoredMessage
from .pointing import StartBot, pointed_at, running_client
from .ratelimits import BULK_RATE_CLOCK
from .replies import NoResponse, Reply
from .server import FakeDiscord

__all__ = [
    "BULK_RATE_CLOCK",
    "ApiError",
    "ComponentNotFound",
    "FakeDiscord",
    "Member",
    "ModalRejected",
    "NoResponse",
    "OptionRejected",
    "Refusal",
    "Reply",
    "Sighting",
    "StartBot",
    "StoredMessage",
    "permissions",
    "pointed_at",
    "running_client",
]
