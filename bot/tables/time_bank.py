"""The players' time banks at a running table.

The rules are the engine's (:mod:`engine.time_bank`): what a bank starts
with, what is added, how spending counts. This part applies them to the
table's clock: when the acting player's ordinary clock runs out and their
bank holds time, :meth:`TimeBanks.run` moves the deadline on by the whole
bank instead of letting the clock act; when they act, :meth:`TimeBanks.acted`
takes what they used of it; a bank that ran out is empty. After each hand,
every player dealt in may earn seconds (:meth:`TimeBanks.after_hand`). The
banks are kept with the players (``tables.state``), so a restart keeps them.

``/poker create time_bank:`` takes the table's rule as ``30`` (seconds at the
start) or ``30+5/10`` (and five more every ten hands): :func:`parse_time_bank`.
"""

from __future__ import annotations

import re
from typing import Final

from bot.tables.clock import Clock
from bot.tables.state import LiveHand, Player, TableState
from bot.tables.table_settings import TableSettingsError
from engine import MAX_TIME_BANK_SECONDS, RulesError, TimeBankRule, spend

_RULE: Final = re.compile(r"^\s*(\d{1,4})\s*(?:\+\s*(\d{1,4})\s*/\s*(\d{1,4}))?\s*$")


def parse_time_bank(text: str) -> TimeBankRule:
    """``"30"`` or ``"30+5/10"`` as a rule; a polite refusal for anything else.

    >>> parse_time_bank("30+5/10")
    TimeBankRule(start_seconds=30, add_seconds=5, every_hands=10)
    >>> parse_time_bank(" 45 ").add_seconds
    0
    """
    match = _RULE.match(text)
    if match is None:
        raise TableSettingsError("engine.time_bank", high=MAX_TIME_BANK_SECONDS)
    start, add, every = (int(group) if group else 0 for group in match.groups())
    try:
        return TimeBankRule(start, add, every)
    except RulesError as refusal:
        raise TableSettingsError(f"engine.{refusal.key}", **refusal.params) from None


class TimeBanks:
    def __init__(self, state: TableState, clock: Clock) -> None:
        self.state = state
        self.clock = clock

    @property
    def rule(self) -> TimeBankRule:
        return self.state.settings.time_bank()

    def bank_of(self, player: Player) -> int:
        """Seconds in the player's bank (a new player's opening bank)."""
        return self.rule.opening() if player.time_bank is None else player.time_bank

    def seconds_of(self, user_id: int) -> int | None:
        """The player's bank, or ``None`` at a table without time banks."""
        player = self.state.players.get(user_id)
        if player is None or not self.rule.enabled:
            return None
        return self.bank_of(player)

    def run(self, live: LiveHand, user_id: int) -> int:
        """The acting player's clock ran out: run their bank if it holds time,
        the seconds it holds (the deadline moves on by all of them:
        :meth:`~bot.tables.stand_ins.StandIns.wake_at`); 0: the clock acts."""
        player = self.state.players.get(user_id)
        if player is None or live.bank_started is not None or live.deadline is None:
            return 0
        bank = self.bank_of(player)
        if bank <= 0:
            return 0
        player.time_bank = bank
        live.bank_started = live.deadline
        return bank

    def acted(self, live: LiveHand, user_id: int) -> None:
        """The acting player acted (or the clock did): take what they used of their bank."""
        started, live.bank_started = live.bank_started, None
        player = self.state.players.get(user_id)
        if started is None or player is None:
            return
        player.time_bank = spend(self.bank_of(player), used=self.clock.now() - started)

    def after_hand(self, live: LiveHand) -> None:
        """Add what the rule adds for each player dealt in (once per hand)."""
        if live.banks_filled:
            return
        live.banks_filled = True
        rule = self.rule
        for user_id in live.deal.players:
            player = self.state.players.get(user_id)
            if player is None:
                continue
            player.hands_dealt += 1
            if rule.enabled:
                player.time_bank = rule.after_hand(
                    self.bank_of(player), hands_dealt=player.hands_dealt
                )
