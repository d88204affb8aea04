"""A table's configuration: the game, the stakes, the buy-in range, the seats,
the clock and whether its decks are provably fair.

It is chosen once, when the table is created, and kept as JSON in
``tables.config``. :meth:`TableConfig.checked` refuses a configuration no
table could be played with, naming the option at fault.

>>> config = TableConfig.checked(variant="NT", small_blind=5, big_blind=10,
...                              min_buy_in=200, max_buy_in=1000, seats=6)
>>> TableConfig.from_json(config.to_json()) == config
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, Final

from bot.errors import CroupierError
from engine.hand import Rake
from engine.stakes import Stakes, stud_stakes
from engine.table import TableConfig as EngineTableConfig
from engine.variants import VARIANTS, Variant

MAX_CHIPS: Final = 1_000_000_000
MIN_ACTION_SECONDS: Final = 5
MAX_ACTION_SECONDS: Final = 600
MIN_SEATS: Final = 2
MAX_SEATS: Final = 10


class TableConfigError(CroupierError):
    """A table cannot be created with these options; nothing was created."""


def dealt_variants() -> dict[str, Variant]:
    """The variants a table can deal: all of them.

    Stud's bring-in has its button, and discards and draws their menu of the
    player's own cards (cogs/discard_menu.py).
    """
    return dict(VARIANTS)


@dataclass(frozen=True, slots=True)
class TableConfig:
    variant: str
    small_blind: int
    big_blind: int
    min_buy_in: int
    max_buy_in: int
    seats: int
    action_seconds: int = 30
    provably_fair: bool = False
    #: The language of everything posted in the channel.
    locale: str = "en"
    #: The house's share of each pot (500 = 5 %) up to ``rake_cap`` chips; 0 for none.
    rake_basis_points: int = 0
    rake_cap: int = 0

    @classmethod
    def checked(cls, **options: Any) -> TableConfig:
        """The configuration, or :class:`TableConfigError` for the first bad option."""
        config = cls(**options)
        variant = dealt_variants().get(config.variant)
        if variant is None:
            raise TableConfigError("table.config.variant", variant=config.variant)
        if not 1 <= config.small_blind <= config.big_blind <= MAX_CHIPS:
            raise TableConfigError(
                "table.config.blinds", small_blind=config.small_blind, big_blind=config.big_blind
            )
        if not config.big_blind <= config.min_buy_in <= config.max_buy_in <= MAX_CHIPS:
            raise TableConfigError(
                "table.config.buy_in",
                big_blind=config.big_blind,
                min_buy_in=config.min_buy_in,
                max_buy_in=config.max_buy_in,
            )
        most = min(MAX_SEATS, variant.max_players)
        if not MIN_SEATS <= config.seats <= most:
            raise TableConfigError(
                "table.config.seats", seats=config.seats, low=MIN_SEATS, high=most
            )
        if not MIN_ACTION_SECONDS <= config.action_seconds <= MAX_ACTION_SECONDS:
            raise TableConfigError(
                "table.config.action_seconds",
                seconds=config.action_seconds,
                low=MIN_ACTION_SECONDS,
                high=MAX_ACTION_SECONDS,
            )
        if not (0 <= config.rake_basis_points <= 10_000 and 0 <= config.rake_cap <= MAX_CHIPS):
            raise TableConfigError("table.config.rake")
        return config

    @property
    def engine_variant(self) -> Variant:
        return VARIANTS[self.variant]

    def engine_config(self) -> EngineTableConfig:
        """The engine table's configuration: the rules of the game played here."""
        rake = None
        if self.rake_basis_points:
            rake = Rake(self.rake_basis_points, self.rake_cap)
        stakes = Stakes(self.small_blind, self.big_blind)
        if self.engine_variant.uses_bring_in:
            stakes = stud_stakes(self.small_blind, self.big_blind)
        return EngineTableConfig(
            self.variant,
            stakes,
            seats=self.seats,
            min_buy_in=self.min_buy_in,
            max_buy_in=self.max_buy_in,
            rake=rake,
        )

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> TableConfig:
        return cls.checked(**json.loads(text))
