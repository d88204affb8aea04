"""Rebuys, the add-on and knockout bounties of a multi-table tournament.

The rules are the sit-and-go's (:mod:`engine.tournament_extras`, asked through
each table's engine :class:`~engine.table.Table`); this module carries them out
over the tournament's tables (:mod:`bot.tournaments.floor_runner` calls it from
a few hooks):

- **One prize pool, one clock.** A rebuy (the starting stack for the buy-in)
  or the add-on, taken at any table between the player's hands, pays its price
  into the pool kept on the pool's table (a ``tournament_rebuy`` or
  ``tournament_add_on`` ledger row there) and puts the chips on the player's
  seat at their own table. The level is the tournament's: the table is moved
  to the level due first, so the rebuy levels end at once everywhere.
- **A bust in the rebuy levels** waits, as at a sit-and-go: the table keeps
  the seat, with no chips, until the end of its next hand
  (:meth:`engine.Table.finish_hand`); only then is the floor told, and places
  the player below that hand's busts. A player still deciding whom the floor
  moves (balancing, a table broken) keeps the decision at the new seat
  (:meth:`engine.Table.move_in` with ``busted_with``).
- **Knockout bounties**: the bounty part of every buy-in and rebuy is set
  aside in the same pool, not counted in the prize money
  (:attr:`MultiTableTournament.prize_money`); at each bust the bounty on the
  player's head is paid to the winners of the pot that busted them
  (:class:`engine.BountyBook`, progressive knockouts included), a
  ``tournament_bounty`` row each, in the transaction that settles the hand.
  The winner takes their own; a deal at the final table gives each player
  left theirs.
- **Saved with the floor**: the bounty on each head, the rebuys and who took
  the add-on are part of the tournament's row (:meth:`MttExtras.to_data`),
  written in the same transactions, so a restart finds them as the ledger is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from bot.database import Transaction
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.render.views import TournamentView
from bot.tables.bounty_notices import bounty_notice
from bot.tables.errors import Refused
from bot.tables.persistence import TableKeeper
from bot.tables.registry import TableRegistry
from bot.tables.runner import TableRunner
from bot.tables.state import TableState
from bot.tables.table_settings import TableSettings
from bot.tournaments.final_deal import DealOffer
from engine import (
    BountyBook,
    BountyWon,
    Deal,
    Finish,
    HandResult,
    LevelClock,
    TournamentExtras,
    TournamentFloor,
    busting_pot_winners,
)


class MultiTableTournament(Protocol):
    """What this module asks of its tournament
    (:class:`bot.tournaments.floor_runner.MultiTableTournament`)."""

    registry: TableRegistry
    guild_id: int
    config: TableSettings
    floor: TournamentFloor
    pool_table_id: int
    #: Buy-ins, rebuys and add-ons less the bounties set aside.
    prize_money: int
    running_since: float | None
    over: bool
    #: Cancelled by an organiser, its hands being played out.
    cancelling: bool
    #: A deal offered at the final table, not yet answered by everyone.
    offer: DealOffer | None

    @property
    def prizes(self) -> tuple[int, ...]: ...

    def elapsed(self) -> float: ...

    def wall_time_of_play(self, play_seconds: float) -> int: ...

    def name(self, player: int) -> str: ...

    def runner_of(self, table_id: int) -> TableRunner | None: ...

    def show_lobby(self) -> None: ...

    async def save(self, tx: Transaction) -> None: ...

    async def catch_up(self, tx: Transaction) -> None: ...


#: A rebuy or the add-on.
ChipsKind = Literal["rebuy", "add_on"]
#: The bounties the lobby shows.
LOBBY_BOUNTIES = 3


@dataclass(frozen=True, slots=True)
class ExtrasFigures:
    """What the lobby shows of the rebuys, add-ons and bounties."""

    rebuys: int
    add_ons: int
    #: Chips set aside for bounties not yet paid.
    bounty_pool: int
    #: The biggest bounties on players still in: (name, chips), biggest first.
    biggest: tuple[tuple[str, int], ...]


@dataclass
class MttExtras:
    """A multi-table tournament's rebuys, add-ons and bounties (see the module)."""

    extras: TournamentExtras
    book: BountyBook
    rebuys: int = 0
    add_ons: set[int] = field(default_factory=set)

    @classmethod
    def entered(cls, extras: TournamentExtras, players: Sequence[int]) -> MttExtras:
        """A tournament starting with ``players``: a bounty on every head."""
        book = BountyBook(extras)
        for player in players:
            book.enter(player)
        return cls(extras, book)

    @property
    def any(self) -> bool:
        return self.extras.any

    # -- saving ------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        return {
            "heads": {str(p): chips for p, chips in sorted(self.book.heads.items())},
            "rebuys": self.rebuys,
            "add_ons": sorted(self.add_ons),
        }

    @classmethod
    def from_data(cls, extras: TournamentExtras, data: Any) -> MttExtras:
        """As saved (a tournament saved before these existed: none)."""
        if not isinstance(data, dict):
            return cls(extras, BountyBook(extras))
        heads = {int(p): int(chips) for p, chips in data.get("heads", {}).items()}
        return cls(
            extras,
            BountyBook(extras, heads),
            int(data.get("rebuys", 0)),
            {int(p) for p in data.get("add_ons", ())},
        )

    def put_back(self, data: dict[str, Any]) -> None:
        """Take the state ``data`` (as :meth:`to_data` gives it)."""
        again = MttExtras.from_data(self.extras, data)
        self.book, self.rebuys, self.add_ons = again.book, again.rebuys, again.add_ons

    # -- a hand ends -------------------------------------------------------------

    @staticmethod
    async def busts(
        tx: Transaction, state: TableState, deal: Deal, settled: HandResult
    ) -> tuple[dict[int, int], dict[int, int]]:
        """The players the floor is told are out, with the chips each started
        their last hand with (0 for a player who waited a hand to rebuy and
        did not: out below this hand's busts), and each one's seat."""
        started = dict(zip(deal.players, deal.setup.starting_stacks, strict=True))
        seat_of = dict(zip(deal.players, deal.seats, strict=True))
        out: dict[int, int] = {}
        for player, _ in settled.eliminated:
            out[player] = started.get(player, 0)
            if player not in seat_of:  # not dealt in this hand: their seat is the table's
                seat_of[player] = int(
                    await tx.fetch_value(
                        "SELECT seat_no FROM seats WHERE table_id = ? AND user_id = ?",
                        (state.table_id, player),
                    )
                )
        return out, seat_of

    async def pay_knockouts(
        self,
        tx: Transaction,
        tournament: MultiTableTournament,
        state: TableState,
        deal: Deal,
        settled: HandResult,
        finishes: Sequence[Finish],
    ) -> list[OutgoingMessage]:
        """The bounties the hand pays (each busted player's to the winners of the
        pot that busted them; the winner's own once the tournament is won),
        each a ledger row from the pool; the notices, and who may rebuy."""
        locale = state.locale
        notices = [
            OutgoingMessage(content=t("tournament.may_rebuy", locale, name=state.name(player)))
            for player in settled.busted
            if player not in {p for p, _ in settled.eliminated}
        ]
        won: list[BountyWon] = []
        live = state.live
        if self.extras.bounty and live is not None:
            hand = live.hand
            for player in settled.busted:  # paid at the bust, even by a player who rebuys
                index = deal.index_of(player)
                winners = busting_pot_winners(hand.pots_awarded, hand.events, index)
                named = tuple((deal.player_at(i), chips) for i, chips in winners)
                won.extend(self.book.knock_out(player, named))
        winner = next((f.player for f in finishes if f.place == 1), None)
        if winner is not None and self.extras.bounty:
            won.append(BountyWon(winner, winner, self.book.close(), 0))
        for one in won:
            await _pay_bounty(tx, tournament, one)
            notices.extend(_bounty_notice(tournament, one, locale))
        return notices

    async def pay_deal(
        self, tx: Transaction, tournament: MultiTableTournament, order: Sequence[int]
    ) -> None:
        """A deal at the final table: each player left takes their own bounty,
        the chip leader (``order[0]``) any nobody won."""
        if not self.extras.bounty:
            return
        # The book is left as it is (the tournament ends with this transaction,
        # and should it fail nothing in memory has changed).
        own = {player: self.book.heads.get(player, 0) for player in order}
        own[order[0]] += self.book.pool - sum(own.values())  # bounties nobody won
        for player in order:
            await _pay_bounty(tx, tournament, BountyWon(player, player, own[player], 0))

    # -- rebuys and the add-on ---------------------------------------------------

    async def buy_chips(
        self,
        tournament: MultiTableTournament,
        state: TableState,
        keeper: TableKeeper,
        user_id: int,
        kind: ChipsKind,
    ) -> int:
        """A rebuy or the add-on at a table (the engine's table says whether
        now, at the tournament's level); the player's balance after it. Not
        once the tournament is over or being cancelled (its pool is being
        shared: a computer player between hands must not buy into it then)."""
        if tournament.cancelling:
            raise Refused("mtt.no_chips_when_cancelled")
        if tournament.over:
            raise Refused("mtt.cancel_already")
        config, locale = tournament.config, state.locale
        if kind == "rebuy":
            price, chips = config.tournament_buy_in, config.starting_stack
        else:
            price, chips = self.extras.add_on_price, self.extras.add_on_chips
        seat_no = state.table.seat_of(user_id).number
        level_up: list[OutgoingMessage] = []

        def change() -> int:
            # Cancelled: the pool is about to be shared by the chips; chips bought now
            # would take a share of the others' buy-ins.
            if tournament.cancelling or tournament.over:
                raise Refused("mtt.no_chips_when_cancelled")
            if tournament.offer is not None:  # its shares are of the pool as it was offered
                raise Refused("mtt.no_chips_during_deal")
            table = state.table
            if table.advance_level_if_due(tournament.elapsed()) is not None:
                level_up.append(level_notice(state))
            if kind == "rebuy":
                return table.rebuy(user_id)
            return table.add_on(user_id, taken=user_id in self.add_ons)

        async def pay(tx: Transaction, _: int) -> int:
            # The tournament's row first (as a hand's settling takes it), and a
            # hand end just committed brought in: then the state to put back.
            await tournament.catch_up(tx)
            before[:] = [self.to_data(), tournament.prize_money]
            balance = await tournament.registry.services.cashier.buy_tournament_chips(
                tx,
                tournament.guild_id,
                state.table_id,
                seat_no,
                user_id,
                price,
                chips,
                "tournament_rebuy" if kind == "rebuy" else "tournament_add_on",
                pool_table_id=tournament.pool_table_id,
            )
            if kind == "rebuy":
                self.rebuys += 1
                self.book.enter(user_id)
                tournament.prize_money += self.extras.prize_part(price)
            else:
                self.add_ons.add(user_id)
                tournament.prize_money += price
            await tournament.save(tx)
            return balance

        before: list[Any] = []
        try:
            balance = await keeper.transact(change, pay)
        except BaseException:
            if before:
                self.put_back(before[0])
                tournament.prize_money = before[1]
            raise
        key = "tournament.rebuys" if kind == "rebuy" else "tournament.adds_on"
        text = t(key, locale, name=state.name(user_id), chips=chips, price=price)
        runner = tournament.runner_of(state.table_id)
        if runner is not None:
            for notice in (*level_up, OutgoingMessage(content=text)):
                runner.publisher.post(notice)
        tournament.show_lobby()
        return balance

    # -- what players see --------------------------------------------------------

    def figures(self, tournament: MultiTableTournament) -> ExtrasFigures | None:
        if not self.any:
            return None
        biggest = sorted(self.book.heads.items(), key=lambda item: (-item[1], item[0]))
        return ExtrasFigures(
            rebuys=self.rebuys,
            add_ons=len(self.add_ons),
            bounty_pool=self.book.pool,
            biggest=tuple(
                (tournament.name(player), chips)
                for player, chips in biggest[:LOBBY_BOUNTIES]
                if chips
            ),
        )

    def table_view(
        self, tournament: MultiTableTournament, state: TableState
    ) -> TournamentView | None:
        """The tournament's lines and the Rebuy / Add-on buttons on a table's
        message (only a tournament with rebuys or bounties shows them)."""
        table, config = state.table, tournament.config
        if not self.any or table.clock is None or state.closed or tournament.over:
            return None
        elapsed = tournament.elapsed()
        clock = tournament_clock(state, elapsed)
        level, stakes = clock.index, clock.stakes
        next_level_at = None
        if clock.level.seconds is not None and tournament.running_since is not None:
            next_level_at = tournament.wall_time_of_play(
                clock.began_at_second + clock.level.seconds
            )
        return TournamentView(
            started=True,
            buy_in=config.tournament_buy_in,
            starting_stack=config.starting_stack,
            level_minutes=config.level_minutes,
            level_hands=None,
            registered=len(table.seats),
            seat_count=config.seats,
            entrants=tournament.floor.entrants,
            players_left=tournament.floor.players_left,
            prize_pool=tournament.prize_money,
            prizes=tournament.prizes,
            level=level + 1,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
            next_level_at=next_level_at,
            last_level=clock.level.lasts_forever,
            rebuy_levels=self.extras.rebuy_levels,
            rebuys_open=self.extras.rebuys_open(level),
            add_on_chips=self.extras.add_on_chips,
            add_on_price=self.extras.add_on_price,
            bounties=tuple(
                (state.name(seat.player), self.book.heads.get(seat.player, 0))
                for seat in table.seats.values()
                if self.extras.bounty
            ),
        )


def tournament_clock(state: TableState, elapsed: float) -> LevelClock:
    """The tournament's clock of levels now: the table's, moved on to the
    level due (the table itself moves when it next deals)."""
    clock = state.table.clock
    assert clock is not None
    ahead = replace(clock)
    ahead.advance_if_due(state.table.hands_played, elapsed)
    return ahead


def level_notice(state: TableState) -> OutgoingMessage:
    """The table's notice of the level it just moved to."""
    table = state.table
    assert table.clock is not None
    stakes = table.stakes
    return OutgoingMessage(
        content=t(
            "tournament.level_up_ante" if stakes.ante else "tournament.level_up",
            state.locale,
            level=table.clock.index + 1,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
        )
    )


async def _pay_bounty(tx: Transaction, tournament: MultiTableTournament, won: BountyWon) -> None:
    await tournament.registry.services.cashier.pay_bounty(
        tx,
        tournament.guild_id,
        tournament.pool_table_id,
        won.player,
        won.paid,
        note=f"bounty of {won.busted}" if won.busted != won.player else "own bounty",
    )


def _bounty_notice(
    tournament: MultiTableTournament, won: BountyWon, locale: str
) -> list[OutgoingMessage]:
    notice = bounty_notice(won, tournament.name, locale)
    return [] if notice is None else [notice]
