"""What every table runner of the process shares: the database, the cashier,
the clock, the dealer's randomness, the pauses between hands and between
the streets of a run-out, how public
messages draw cards and who refuses DMs."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.cashier import Cashier
from bot.database import Database
from bot.render.card_faces import DeckStyle
from bot.render.card_markup import TEXT_FACES, CardFaces
from bot.tables.clock import Clock
from bot.tables.dm_refusals import DmRefusals


@dataclass(frozen=True, slots=True)
class TableServices:
    """What every runner shares: the database, the cashier, the clock, the dealer's randomness."""

    database: Database
    cashier: Cashier
    clock: Clock
    hand_pause_seconds: float = 5.0
    #: Seconds between the streets of an all-in run-out (0: dealt at once).
    runout_pause_seconds: float = 0.0
    #: A computer player's pause before it acts, as a person's (about; 0: at once).
    computer_pace_seconds: float = 2.0
    #: ``None``: shuffle with the operating system's randomness.
    rng: random.Random | None = None
    #: How public messages draw cards: the deck, and the emojis synced so far.
    public_faces: Callable[[], CardFaces] = field(default=lambda: TEXT_FACES)
    #: How a player's own messages (their cards by DM) draw cards, by their deck.
    faces_of: Callable[[DeckStyle], CardFaces] = field(default=lambda deck: TEXT_FACES)
    #: Seconds a player may sit out at a cash table before being cashed out (``None``: ever).
    sit_out_seconds: float | None = None
    #: Seconds a player may take over their turn before a turn notice tells them
    #: (:mod:`bot.tables.turn_notices`): one who acts within them is not away.
    away_seconds: float = 8.0
    #: A table's page in the web room (``CROUPIER_PUBLIC_URL``), linked from its
    #: message as "Open the table"; ``None``: no web room published, no link.
    table_page: Callable[[int], str | None] = field(default=lambda table_id: None)
    #: The web room's public address (``CROUPIER_PUBLIC_URL``): results link to
    #: their hands' replays there; ``None``: nothing links to the room.
    public_url: str | None = None
    #: Table messages offer "Open the table in Discord" (``CROUPIER_ACTIVITY``).
    activity_button: bool = False
    #: Players who refused the bot's DMs this session (not DMed again).
    dm_refusals: DmRefusals = field(default_factory=DmRefusals)
