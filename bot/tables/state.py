"""What a running table holds in memory, shared by the parts that run it.

The engine's :class:`~engine.Table` (seats, chips, the button), the players'
names and languages, the hand being played with its log id and clock, the hand
that ended last (shown until the next is dealt), when the next deal is due and
whether the table is closed. The runner owns a :class:`TableState` and hands it
to its parts (the money desk, the dealer, the view, restoring); none of them
reaches back into the runner, so none of them imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.render.views import HandResultView, LastAction, OddsStage
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import TableRecord
from engine import (
    BountyPaid,
    Card,
    Deal,
    Hand,
    Table,
    TableRules,
    table_from_data,
    table_to_data,
)


@dataclass
class Player:
    """What the table knows of a seated player beyond the engine's seat."""

    user_id: int
    name: str
    locale: str = "en"
    #: Timeouts in a row; reset when the player acts.
    timeouts: int = 0
    #: Seconds left in the player's time bank (``None``: not yet given one),
    #: and hands they were dealt in here (:mod:`bot.tables.time_bank`).
    time_bank: int | None = None
    hands_dealt: int = 0
    #: UNIX time the player began sitting out (:mod:`bot.tables.sit_outs`).
    sitting_out_since: float | None = None

    def copy(self) -> Player:
        """A copy to put back (:meth:`TableState.snapshot`), made the quick way."""
        return Player(**vars(self))

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "locale": self.locale,
            "timeouts": self.timeouts,
            "time_bank": self.time_bank,
            "hands_dealt": self.hands_dealt,
            "sitting_out_since": self.sitting_out_since,
        }

    @classmethod
    def from_data(cls, user_id: int, data: dict[str, Any]) -> Player:
        since = data.get("sitting_out_since")
        return cls(
            user_id,
            str(data.get("name", f"<@{user_id}>")),
            str(data.get("locale", "en")),
            int(data.get("timeouts", 0)),
            None if data.get("time_bank") is None else int(data["time_bank"]),
            int(data.get("hands_dealt", 0)),
            float(since) if isinstance(since, int | float) else None,
        )


@dataclass
class LiveHand:
    """The hand being played (or the one just over), with its log id and clock."""

    hand_id: int
    deal: Deal
    hand: Hand
    commitment: str | None = None
    secret: str | None = None
    deadline: float | None = None
    #: Every action taken, as the table message tells it.
    actions: list[LastAction] = field(default_factory=list)
    result: HandResultView | None = None
    #: The clock's reading when the acting player's time bank began to run
    #: (``None``: it is not running), and whether the banks were filled after it.
    bank_started: float | None = None
    banks_filled: bool = False
    #: Cards players chose to show once the hand was over, by user id
    #: (:mod:`bot.tables.show_or_muck`).
    shown_after: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    #: Everyone's chances as the table message shows them, worked out off the
    #: event loop (:func:`bot.tables.home_view.work_out_odds`) when the hand
    #: had ``odds_at`` events: shown only while it still has as many.
    odds: tuple[OddsStage, ...] = ()
    odds_at: int = -1
    #: The 7-2 bounty its uncontested winner collected by showing the
    #: seven-deuce once the hand was over (:mod:`bot.tables.show_or_muck`).
    bounty_after: BountyPaid | None = None
    #: How many face-down cards each player had been dealt when the latest DM
    #: Discord took was sent, by user id (:mod:`bot.tables.hole_card_dms`):
    #: saved, so a restart DMs nobody the same cards again.
    dms_delivered: dict[int, int] = field(default_factory=dict)
    #: The rabbit was hunted after the hand (:func:`bot.tables.home_game.hunt_rabbit`):
    #: the board cards it would have dealt are public (the web room shows them).
    rabbit_hunted: bool = False

    @property
    def last_action(self) -> LastAction | None:
        return self.actions[-1] if self.actions else None

    @property
    def hand_no(self) -> int:
        return self.deal.number

    @property
    def seq(self) -> int:
        """How many actions the hand has had (what a button's id carries)."""
        return len(self.hand.actions)

    def index_of(self, user_id: int) -> int | None:
        return self.deal.players.index(user_id) if user_id in self.deal.players else None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a change written by :class:`~bot.tables.persistence.TableKeeper` may
    touch, as it was before: put back whole when the database refuses the
    write (:meth:`TableState.put_back`). The DMs delivered are not in it: they
    record what Discord did, which a refused write does not undo."""

    table: dict[str, Any]
    players: dict[int, Player]
    closing: bool
    unposted_result: int | None
    runout: tuple[int, int] | None


@dataclass
class TableState:
    """Everything a running table holds in memory."""

    record: TableRecord
    settings: TableSettings
    rules: TableRules
    table: Table
    players: dict[int, Player] = field(default_factory=dict)
    live: LiveHand | None = None
    #: The hand that ended last, shown until the next one is dealt.
    last_hand: LiveHand | None = None
    #: The clock's reading when the next deal is due, when one is.
    next_hand_at: float | None = None
    closed: bool = False
    #: Closing was asked for during a hand: nothing new is dealt, and the table
    #: closes when that hand ends (:mod:`bot.tables.closing`).
    closing: bool = False
    #: The hand whose result is settled but not yet handed to Discord: posted
    #: again after a restart (:mod:`bot.tables.restore`).
    unposted_result: int | None = None
    #: An all-in run out street by street: (hand id, streets dealt), saved so
    #: that a restart deals as many again (:mod:`bot.tables.runout`).
    runout: tuple[int, int] | None = None

    @classmethod
    def saved_fields(cls, saved: Mapping[str, Any]) -> dict[str, Any]:
        """The fields :meth:`saved` keeps beside the table and its players, read
        back after a restart (:mod:`bot.tables.restore`) for the constructor."""
        unposted, runout = saved.get("unposted_result"), saved.get("runout")
        return {
            "closing": bool(saved.get("closing", False)),
            "unposted_result": unposted if isinstance(unposted, int) else None,
            "runout": (int(runout[0]), int(runout[1]))
            if isinstance(runout, list) and len(runout) == 2
            else None,
        }

    @property
    def table_id(self) -> int:
        return self.record.table_id

    # The one writer of the fields below (the parts ask through these).

    def add_player(self, player: Player) -> None:
        """Name a player sitting down (inside the keeper's change, so that a
        refused write forgets them again)."""
        self.players[player.user_id] = player

    def forget(self, user_id: int) -> None:
        """The player left the table: it names them no more."""
        self.players.pop(user_id, None)

    def hand_dealt(self, live: LiveHand) -> None:
        """``live`` is the hand being played (dealt, or resumed after a restart)."""
        self.live, self.last_hand = live, None

    def hand_settled(self, live: LiveHand) -> None:
        """``live`` is over and settled: it is the last hand, shown until the next."""
        self.live, self.last_hand = None, live

    def hand_voided(self) -> None:
        """The hand being played was voided: none is."""
        self.live = None

    def close_after_hand(self) -> None:
        """Deal nothing new; close once the hand being played ends."""
        self.closing = True

    def close(self) -> None:
        """Every stack went home: the table is closed, and names nobody."""
        self.live = self.last_hand = None
        self.players.clear()
        self.closed = True
        self.closing = False

    def table_over(self) -> None:
        """The game is over (a tournament won): closed, naming only who still sits."""
        self.closed = True
        for user_id in self.departed():
            self.players.pop(user_id)

    def settings_changed(self, settings: TableSettings, rules: TableRules) -> None:
        """The table's settings changed and were saved (home-game options, a
        tournament's rebuys and bounties): the rules the table plays by follow."""
        self.settings, self.rules = settings, rules

    def result_unposted(self, hand_id: int) -> None:
        """Hand ``hand_id`` is settled and its result not yet handed to Discord."""
        self.unposted_result = hand_id

    def result_posted(self, hand_id: int) -> None:
        """Discord took the result of hand ``hand_id`` (saved with the next change)."""
        if self.unposted_result == hand_id:
            self.unposted_result = None

    def snapshot(self) -> Snapshot:
        """Everything a written change may touch, as it is now."""
        return Snapshot(
            table_to_data(self.table),
            {user_id: player.copy() for user_id, player in self.players.items()},
            self.closing,
            self.unposted_result,
            self.runout,
        )

    def put_back(self, snapshot: Snapshot) -> None:
        """Everything a written change may touch back as ``snapshot`` holds it:
        the database refused the write, and memory never holds what it does not."""
        self.table = table_from_data(self.rules, snapshot.table)
        players = self.players
        self.players = {
            # The same object where nothing changed: a part holding it keeps it.
            user_id: now if (now := players.get(user_id)) == player else player.copy()
            for user_id, player in snapshot.players.items()
        }
        self.closing = snapshot.closing
        self.unposted_result = snapshot.unposted_result
        self.runout = snapshot.runout

    @property
    def locale(self) -> str:
        """The language of everything posted in the channel."""
        return self.settings.locale

    def name(self, user_id: int) -> str:
        player = self.players.get(user_id)
        return player.name if player is not None else f"<@{user_id}>"

    def departed(self) -> list[int]:
        """The players the table still names who no longer sit at it."""
        return [user_id for user_id in self.players if not self.table.is_seated(user_id)]

    def saved(self) -> dict[str, Any]:
        """The table and its players as ``tables.state`` keeps them."""
        return {
            "table": table_to_data(self.table),
            "players": {str(uid): player.to_data() for uid, player in self.players.items()},
            "closing": self.closing,
            "unposted_result": self.unposted_result,
            "dms_delivered": None
            if self.live is None
            else {
                "hand_id": self.live.hand_id,
                "players": {str(uid): count for uid, count in self.live.dms_delivered.items()},
            },
            "runout": self.runout_dealt(),
        }

    def runout_dealt(self) -> list[int] | None:
        """The run-out streets dealt in the hand being played, as saved: (hand id,
        count); nothing once the hand is over (settled with this state)."""
        runout, live = self.runout, self.live
        if runout is None or live is None or live.hand_id != runout[0] or live.hand.is_complete:
            return None
        return list(runout)
