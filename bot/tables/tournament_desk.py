"""The money of a sit-and-go: buy-ins into the prize pool, the start, the
blinds going up, places paid as they are decided, and closing early.

Players register with ``join`` (the buy-in goes to the prize pool, the seat
gets the starting stack of tournament chips) and unregister with ``leave``
until the tournament begins, when every seat is taken or its creator says so.
It begins only with a member registered: computer players alone never start
one (the house bank would play itself for a prize pool nobody can end
without a channel manager), so a full table of them waits for a member.
From then on nobody joins, tops up or leaves with chips; a player sitting out
is dealt in and checked or folded for (blinded away). Each deal first moves
the blinds to the level due; a hand that eliminates players records and pays
their places in the transaction that settles it, and the one that leaves a
single player pays the winner and ends the table.

With rebuys (:mod:`engine.tournament_extras`, asked through the engine's
table) a player buys the starting stack again for the buy-in, and the add-on
in the last rebuy level, each a ledger row into the prize pool
(``tournament_rebuy``, ``tournament_add_on``); with knockout bounties each
player eliminated pays the bounty on their head to the winners of the pot that
busted them (``tournament_bounty`` rows, in the transaction that settles the
hand), and the winner of the tournament takes their own and any left.

Closed before it begins, a tournament refunds every buy-in; after, the hand
in progress is voided and what is left of the prize pool is shared among the
players still in, in proportion to their chips. The progress itself (begun,
entrants, pool, the level clock's seconds) is :mod:`bot.tables.tournament`'s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, replace
from typing import Any

from bot.cashier import Cashier, SeatMovement
from bot.database import Transaction
from bot.house_bank import is_computer
from bot.i18n import ordinal, t
from bot.render.hand_result import names_list
from bot.render.message import OutgoingMessage
from bot.render.views import TournamentView
from bot.tables.bounty_notices import bounty_notice
from bot.tables.clock import Clock, Moment, wall_time_at
from bot.tables.errors import Refused, TooFewToStart, TournamentBuyIn, TournamentStarted
from bot.tables.hand_log import HandLog
from bot.tables.late_refusals import REFUSALS
from bot.tables.money_desk import Settled
from bot.tables.persistence import TableKeeper
from bot.tables.publisher import Publisher
from bot.tables.state import Player, TableState
from bot.tables.table_settings import TableSettings
from bot.tables.table_store import close_table, prize_pool_of, remove_tournament_seats
from bot.tables.tournament import TournamentProgress, elimination_prizes
from engine import (
    BountyBook,
    BountyWon,
    CashOut,
    ClockReading,
    Deal,
    Departure,
    HandResult,
    LateEntry,
    Seat,
    before_the_bubble,
    busting_pot_winners,
    chip_chop,
    clock_second_of_play,
    late_entry,
    read_clock,
)

#: (player, place, prize) of a place decided.
Place = tuple[int, int, int]


class TournamentDesk:
    """A :class:`~bot.tables.money_desk.MoneyDesk` for a sit-and-go."""

    tournament = True

    def __init__(
        self,
        state: TableState,
        keeper: TableKeeper,
        cashier: Cashier,
        hand_log: HandLog,
        publisher: Publisher,
        clock: Clock,
        progress: TournamentProgress,
    ) -> None:
        self.state = state
        self.keeper = keeper
        self.cashier = cashier
        self.hand_log = hand_log
        self.publisher = publisher
        self.clock = clock
        self.progress = progress
        self._refunds: dict[int, SeatMovement] = {}
        #: Places decided by the hand being settled, announced once it is committed.
        self._places: list[Place] = []
        #: Bounties the hand being settled paid (the winner's own: busted is the winner).
        self._bounties: list[BountyWon] = []
        #: Players the hand busted who may rebuy before the next one ends.
        self._waiting: list[int] = []

    @property
    def may_deal(self) -> bool:
        # Not in a rest break of the tournament's clock (engine/rest_breaks.py).
        return (
            self.progress.started
            and self.state.table.can_deal
            and not self.clock_reading(self.clock.now()).on_break
        )

    def clock_reading(self, now: float) -> ClockReading:
        """Where the tournament's clock stands: play or a rest break."""
        return read_clock(self.state.settings.break_rule(), self.progress.elapsed(now=now))

    def rest_break(self) -> float | None:
        """In a rest break, between hands: the table is told of it once, and
        wakes (the runner's clock reading returned) as it ends."""
        now = self.clock.now()
        reading = self.clock_reading(now)
        if not self.progress.started or reading.break_ends_at is None:
            return None
        # A hundredth of a second past its end, so the clock reads it ended.
        ends = now + reading.break_ends_at - self.progress.elapsed(now=now) + 0.01
        progress = self.progress
        if progress.breaks_told < reading.break_number:
            progress.breaks_told = reading.break_number
            text = t(
                "tournament.break_started",
                self.state.locale,
                minutes=self.state.settings.break_rule().minutes,
                at=f"<t:{int(wall_time_at(self.clock, ends))}:R>",
            )
            self.publisher.post(OutgoingMessage(content=text))
        return ends

    @property
    def chips_stay_in_play(self) -> bool:
        return self.progress.started

    async def join(
        self, user_id: int, name: str, *, buy_in: int | None, seat: int | None, locale: str
    ) -> SeatMovement:
        """Enter the tournament: its buy-in to the prize pool, its starting stack
        to the seat; the last seat taken starts it."""
        state, progress = self.state, self.progress
        if progress.started:
            raise TournamentStarted()
        if buy_in is not None and buy_in != progress.buy_in:
            raise TournamentBuyIn(amount=progress.buy_in)
        if state.table.is_seated(user_id):
            raise Refused("engine.already_seated", seat=state.table.seat_of(user_id).number)

        def sit() -> Seat:
            state.add_player(Player(user_id, name, locale))  # saved with the seat
            return state.table.sit(user_id, seat)

        async def pay(tx: Transaction, taken: Seat) -> SeatMovement:
            return await self.cashier.register(
                state.record.guild_id,
                user_id,
                state.table_id,
                taken.number,
                progress.buy_in,
                taken.stack,
                tx=tx,
            )

        movement = await self.keeper.transact(sit, pay)  # all put back should it fail
        progress.prize_pool += movement.amount
        progress.bounties.enter(user_id)
        if len(state.table.seats) == state.settings.seats and self.members_registered:
            await self._begin()
        return movement

    async def join_late(
        self, user_id: int, name: str, *, locale: str, last_level: int, reentries: int = 0
    ) -> SeatMovement:
        """Late registration of a scheduled tournament (bot/scheduled_start.py):
        while its level is at most ``last_level``, a free seat is taken with the
        starting stack for the buy-in (``tournament_buy_in``), one more entrant;
        a player who busted re-enters so while they have ``reentries`` left (a
        buy-in into the pool, not an entrant: :func:`engine.late_entry`).
        Before the start it is an ordinary registration."""
        state, progress = self.state, self.progress
        if not progress.started:
            return await self.join(user_id, name, buy_in=None, seat=None, locale=locale)
        level_clock = state.table.clock
        if level_clock is None:
            raise Refused("schedule.late_closed", level=last_level)
        if state.table.is_seated(user_id):
            raise Refused("engine.already_seated", seat=state.table.seat_of(user_id).number)
        finished = user_id in state.table.finishing_places
        verdict = late_entry(
            level=level_clock.index + 1,
            last_level=last_level,
            still_in=False,
            finished=finished,
            reentries=reentries,
            reentries_made=progress.reentries.get(user_id, 0),
            # A re-entry never on the bubble (a paid place is never paid twice);
            # a new player's entry only adds a place below the others.
            open_now=not finished
            or before_the_bubble(len(state.table.seats), len(progress.prizes)),
            seat_free=len(state.table.seats) < state.settings.seats,
        )
        if verdict is LateEntry.FULL:
            raise Refused("schedule.late_full")
        if not verdict.admitted:
            raise Refused(REFUSALS[verdict], level=last_level, reentries=reentries)
        reentry = verdict is LateEntry.REENTRY

        def sit() -> Seat:
            state.add_player(Player(user_id, name, locale))
            return state.table.sit(user_id, None)

        async def pay(tx: Transaction, taken: Seat) -> SeatMovement:
            return await self.cashier.register(
                state.record.guild_id,
                user_id,
                state.table_id,
                taken.number,
                progress.buy_in,
                taken.stack,
                tx=tx,
                reentry=reentry,
            )

        # One more entrant or re-entry, saved with the seat (the prizes follow the field).
        made = dict(progress.reentries)
        if reentry:
            progress.reentries[user_id] = progress.reentries.get(user_id, 0) + 1
        else:
            progress.entrants += 1
        try:
            movement = await self.keeper.transact(sit, pay)
        except BaseException:
            progress.reentries = made
            if not reentry:
                progress.entrants -= 1
            raise
        progress.prize_pool += movement.amount
        progress.bounties.enter(user_id)
        text = t(
            "schedule.late_reentered" if reentry else "schedule.late_registered",
            state.locale,
            name=name,
            players=progress.entrants,
            pool=progress.prize_money,
        )
        self.publisher.post(OutgoingMessage(content=text))
        return movement

    async def leave(self, user_id: int) -> bool:
        """Unregister before the tournament begins, with the whole buy-in back."""
        if self.progress.started:
            raise Refused("engine.tournament_no_leave")
        state = self.state

        async def refund(tx: Transaction, departure: Departure) -> SeatMovement:
            return await self.cashier.unregister(state.table_id, departure.seat, tx=tx)

        movement = await self.keeper.transact(lambda: state.table.leave(user_id), refund)
        self.progress.prize_pool -= movement.amount
        self.progress.bounties.leave(user_id)
        self._refunds[user_id] = movement
        return False

    def paid_out(self, user_id: int) -> SeatMovement | None:
        return self._refunds.pop(user_id, None)

    async def top_up(self, user_id: int, amount: int) -> SeatMovement:
        """Refused by the engine's table: a tournament has no top-ups."""
        state = self.state

        async def no_chips(tx: Transaction, _: int) -> SeatMovement:
            raise RuntimeError(f"table {state.table_id} topped up a tournament seat")

        return await self.keeper.transact(lambda: state.table.top_up(user_id, amount), no_chips)

    async def change_extras(self, user_id: int, changes: dict[str, object]) -> TableSettings:
        """The opener sets the rebuys, add-on, bounties and payout table before
        the start (the engine checks them); the players registered get the new
        bounty on their heads."""
        state, progress = self.state, self.progress
        if user_id != state.record.creator_id:
            raise Refused("home.not_creator")
        if progress.started:
            raise Refused("table.rebuys_started")
        config = TableSettings.checked(**(asdict(state.settings) | changes))
        rules = config.rules()

        def change() -> None:
            state.table.change_extras(rules.extras)

        async def write(tx: Transaction, _: None) -> None:
            await tx.execute(
                "UPDATE tables SET config = ? WHERE id = ?", (config.to_json(), state.table_id)
            )

        await self.keeper.transact(change, write)
        state.settings_changed(config, rules)
        extras = config.extras
        progress.extras, progress.payouts = extras, config.payout_percentages
        progress.bounties = BountyBook(extras)
        for seat in state.table.seats.values():
            progress.bounties.enter(seat.player)
        return config

    async def rebuy(self, user_id: int) -> int:
        """Buy the starting stack again for the buy-in, when the engine's table
        allows (rebuy levels, at or below the starting stack, between hands);
        the player's balance after it."""
        state, progress = self.state, self.progress
        if not progress.started:
            raise Refused("table.rebuy_before_start")
        price, chips = progress.buy_in, state.settings.starting_stack
        seat_no = state.table.seat_of(user_id).number
        before = progress.rebuys, dict(progress.bounties.heads)

        async def pay(tx: Transaction, _: int) -> int:
            balance = await self.cashier.buy_tournament_chips(
                tx,
                state.record.guild_id,
                state.table_id,
                seat_no,
                user_id,
                price,
                chips,
                "tournament_rebuy",
            )
            progress.rebuys += 1
            progress.bounties.enter(user_id)
            return balance

        try:
            balance = await self.keeper.transact(lambda: state.table.rebuy(user_id), pay)
        except BaseException:
            progress.rebuys, progress.bounties.heads = before
            raise
        progress.prize_pool += price
        text = t(
            "tournament.rebuys", state.locale, name=state.name(user_id), chips=chips, price=price
        )
        self.publisher.post(OutgoingMessage(content=text))
        return balance

    async def add_on(self, user_id: int) -> int:
        """The add-on, once, in the last rebuy level; the balance after it."""
        state, progress = self.state, self.progress
        extras = progress.extras
        if not progress.started:
            raise Refused("table.rebuy_before_start")
        seat_no = state.table.seat_of(user_id).number

        async def pay(tx: Transaction, _: int) -> int:
            balance = await self.cashier.buy_tournament_chips(
                tx,
                state.record.guild_id,
                state.table_id,
                seat_no,
                user_id,
                extras.add_on_price,
                extras.add_on_chips,
                "tournament_add_on",
            )
            progress.add_ons.add(user_id)
            return balance

        taken = user_id in progress.add_ons
        try:
            balance = await self.keeper.transact(
                lambda: state.table.add_on(user_id, taken=taken), pay
            )
        except BaseException:
            if not taken:
                progress.add_ons.discard(user_id)
            raise
        progress.prize_pool += extras.add_on_price
        text = t(
            "tournament.adds_on",
            state.locale,
            name=state.name(user_id),
            chips=extras.add_on_chips,
            price=extras.add_on_price,
        )
        self.publisher.post(OutgoingMessage(content=text))
        return balance

    @property
    def members_registered(self) -> bool:
        """Whether a member (not only computer players) sits at the table."""
        return any(not is_computer(seat.player) for seat in self.state.table.seats.values())

    async def begin(self) -> None:
        """Start with the players registered (two at least, a member among them)."""
        if self.progress.started:
            raise TournamentStarted()
        if len(self.state.table.seats) < 2:
            raise TooFewToStart()
        if not self.members_registered:
            raise Refused("table.tournament_no_member")
        await self._begin()

    async def _begin(self) -> None:
        progress = self.progress
        before = (progress.started, progress.entrants, progress.running_since)
        progress.begin(entrants=len(self.state.table.seats), now=self.clock.now())
        try:
            await self.keeper.save()
        except BaseException:
            progress.started, progress.entrants, progress.running_since = before
            raise
        text = t(
            "tournament.begins",
            self.state.locale,
            players=progress.entrants,
            pool=progress.prize_money,
            payouts=self._payouts_text(),
        )
        if progress.bounties.pool:
            text += " " + t(
                "tournament.bounty_pool", self.state.locale, pool=progress.bounties.pool
            )
        self.publisher.post(OutgoingMessage(content=text))

    def _payouts_text(self) -> str:
        locale = self.state.locale
        return ", ".join(
            t("tournament.payout", locale, place=ordinal(place, locale), amount=amount)
            for place, amount in enumerate(self.progress.prizes, start=1)
        )

    async def close(self) -> list[SeatMovement]:
        """Before it begins every buy-in goes back; after, the hand in progress is
        voided and the prize pool left is shared by the chips of the players still in."""
        state, progress, live = self.state, self.progress, self.state.live

        def void() -> list[Seat]:
            if live is not None:
                state.table.void_hand()
            return list(state.table.seats.values())

        async def write(tx: Transaction, seats: list[Seat]) -> list[SeatMovement]:
            if live is not None:
                await self.hand_log.void(
                    tx,
                    hand_id=live.hand_id,
                    table_id=state.table_id,
                    deal=live.deal,
                    reason="the table was closed",
                )
            movements = []
            if not progress.started:
                for seat in seats:
                    refund = await self.cashier.unregister(state.table_id, seat.number, tx=tx)
                    movements.append(refund)
            else:
                pool = await prize_pool_of(tx, state.table_id)
                shares = chip_chop(pool, [seat.stack for seat in seats]) if seats else ()
                for seat, share in zip(seats, shares, strict=True):
                    await self.cashier.pay_prize(
                        tx,
                        state.record.guild_id,
                        state.table_id,
                        seat.player,
                        share,
                        place=None,
                        note="the tournament was closed before its end",
                    )
                await remove_tournament_seats(tx, state.table_id, [seat.number for seat in seats])
            await close_table(tx, state.table_id)
            return movements

        movements = await self.keeper.transact(void, write)
        progress.prize_pool = 0
        progress.bounties.close()
        return movements

    def before_deal(self) -> OutgoingMessage | None:
        """Move the blinds to the level due; the notice of a new level."""
        table = self.state.table
        # The levels count play time only (a rest break does not).
        if table.advance_level_if_due(self.clock_reading(self.clock.now()).play_seconds) is None:
            return None
        assert table.clock is not None
        stakes = table.stakes
        text = t(
            "tournament.level_up_ante" if stakes.ante else "tournament.level_up",
            self.state.locale,
            level=table.clock.index + 1,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
        )
        return OutgoingMessage(content=text)

    async def settle(self, tx: Transaction, deal: Deal, settled: HandResult) -> None:
        """Record and pay the places the hand decided. Eliminated players' seats
        go; the winner takes what is left of the pool, and the table closes."""
        if settled.cash_outs or settled.shared_pot:
            raise RuntimeError("a tournament hand paid chips out of play")
        state, progress = self.state, self.progress
        seat_of = dict(zip(deal.players, deal.seats, strict=True))
        bounties = self._knockouts(deal, settled)
        for won in bounties:
            await self.cashier.pay_bounty(
                tx,
                state.record.guild_id,
                state.table_id,
                won.player,
                won.paid,
                note=f"bounty of {won.busted}" if won.busted != won.player else "own bounty",
            )
        self._bounties = bounties
        places = elimination_prizes(settled.eliminated, progress.prizes)
        if settled.winner is not None:
            paid = sum(prize for _, _, prize in places)
            places.append((settled.winner, 1, await prize_pool_of(tx, state.table_id) - paid))
        for player, place, prize in places:
            await self.cashier.pay_prize(
                tx, state.record.guild_id, state.table_id, player, prize, place=place
            )
        # A player who waited a hand to rebuy and did not is out now, not dealt in it.
        for player, _, _ in places:
            if player not in seat_of:
                seat_of[player] = int(
                    await tx.fetch_value(
                        "SELECT seat_no FROM seats WHERE table_id = ? AND user_id = ?",
                        (state.table_id, player),
                    )
                )
        await remove_tournament_seats(tx, state.table_id, [seat_of[p] for p, _, _ in places])
        out = {player for player, _, _ in places}
        self._waiting = [player for player in settled.busted if player not in out]
        if settled.winner is not None:
            await close_table(tx, state.table_id)
        self._places = places

    def _knockouts(self, deal: Deal, settled: HandResult) -> list[BountyWon]:
        """The bounties the hand pays: each eliminated player's to the winners
        of the pot that busted them (the engine says who and how much), and
        the tournament's winner their own and any left."""
        book, live = self.progress.bounties, self.state.live
        won: list[BountyWon] = []
        if not book.extras.bounty:
            return won
        if live is not None:
            hand = live.hand
            # Paid at the bust, even by a player who then rebuys (a new bounty).
            for player in settled.busted:
                index = deal.index_of(player)
                winners = busting_pot_winners(hand.pots_awarded, hand.events, index)
                named = tuple((deal.player_at(i), chips) for i, chips in winners)
                won.extend(book.knock_out(player, named))
        if settled.winner is not None:
            left = book.close()
            won.append(BountyWon(settled.winner, settled.winner, left, 0))
        return won

    def after_settle(self) -> Settled:
        """ "Cat finishes 4th of 6", "Ann wins the tournament": one notice per
        place decided; the prize pool in memory follows what was paid."""
        places, self._places = self._places, []
        bounties, self._bounties = self._bounties, []
        waiting, self._waiting = self._waiting, []
        progress, state = self.progress, self.state
        locale = state.locale
        notices = [
            OutgoingMessage(content=t("tournament.may_rebuy", locale, name=state.name(player)))
            for player in waiting
        ]
        for won in bounties:
            progress.prize_pool -= won.paid
            if (notice := bounty_notice(won, state.name, locale)) is not None:
                notices.append(notice)
        for player, place, prize in places:
            progress.prize_pool -= prize
            name, where = state.name(player), ordinal(place, locale)
            # Players out in the same hand with the same stack share a place: say so.
            tied = [state.name(p) for p, other, _ in places if other == place and p != player]
            if place == 1:
                text = t("tournament.winner", locale, name=name, prize=prize)
            else:
                key = "tournament.finishes_paid" if prize else "tournament.finishes"
                text = t(
                    key + "_tied" if tied else key,
                    locale,
                    name=name,
                    place=where,
                    entrants=progress.entrants,
                    prize=prize,
                    others=names_list(tied, locale) if tied else "",
                )
            notices.append(OutgoingMessage(content=text))
        return Settled(tuple(notices), table_over=any(place == 1 for _, place, _ in places))

    async def cash_out(self, tx: Transaction, cash_outs: Iterable[CashOut]) -> None:
        if list(cash_outs):
            raise RuntimeError("a tournament's player left with chips")

    def saved_state(self) -> dict[str, Any]:
        return {"tournament": self.progress.to_data(now=self.clock.now())}

    def tournament_view(self, moment: Moment) -> TournamentView | None:
        """The tournament's registrations, or its level, players and prizes."""
        progress, state = self.progress, self.state
        level_clock, settings = state.table.clock, state.settings
        if level_clock is None or state.closed:
            return None
        view = TournamentView(
            started=progress.started,
            buy_in=progress.buy_in,
            starting_stack=settings.starting_stack,
            level_minutes=settings.level_minutes,
            level_hands=settings.level_hands,
            registered=len(state.table.seats),
            seat_count=settings.seats,
            entrants=progress.entrants,
            players_left=len(state.table.seats),
            prize_pool=progress.prize_pool - progress.bounties.pool,
            prizes=progress.prizes,
            rebuy_levels=progress.extras.rebuy_levels,
            rebuys_open=progress.extras.rebuys_open(level_clock.index),
            add_on_chips=progress.extras.add_on_chips,
            add_on_price=progress.extras.add_on_price,
            bounties=tuple(
                (state.name(seat.player), progress.bounties.heads.get(seat.player, 0))
                for seat in state.table.seats.values()
                if progress.extras.bounty
            ),
        )
        if not progress.started:
            return view
        level, stakes = level_clock.level, level_clock.stakes
        view = replace(
            view,
            level=level_clock.index + 1,
            small_blind=stakes.small_blind,
            big_blind=stakes.big_blind,
            ante=stakes.ante,
            last_level=level.lasts_forever,
        )
        if level.seconds is not None:
            now = moment.now
            ends = clock_second_of_play(
                settings.break_rule(), level_clock.began_at_second + level.seconds
            )
            left = ends - progress.elapsed(now=now)
            if left <= 0:
                return replace(view, next_level_now=True)
            return replace(view, next_level_at=int(moment.wall_time(now + left)))
        if level.hands is not None:
            hands = level.hands - (state.table.hand_number - level_clock.began_at_hand)
            if hands <= 0:
                return replace(view, next_level_now=True)
            return replace(view, hands_to_next_level=hands)
        return view


def rebuy_options_text(config: TableSettings, locale: str) -> str:
    """The channel's notice of a tournament's rebuys, add-on, bounties and payouts."""
    extras, parts = config.extras, []
    if extras.rebuy_levels:
        parts.append(t("tournament.extras.rebuys", locale, levels=extras.rebuy_levels))
    if extras.add_on_chips:
        parts.append(
            t(
                "tournament.extras.add_on",
                locale,
                chips=extras.add_on_chips,
                price=extras.add_on_price,
            )
        )
    if extras.bounty:
        key = "tournament.extras.progressive" if extras.progressive else "tournament.extras.bounty"
        parts.append(t(key, locale, amount=extras.bounty))
    percentages = config.payout_percentages
    if percentages is not None:
        shares = ", ".join(
            t("tournament.extras.share", locale, place=ordinal(place, locale), percent=percent)
            for place, percent in enumerate(percentages, start=1)
        )
        parts.append(t("tournament.extras.payouts", locale, shares=shares))
    rest = config.break_rule()
    if rest.enabled:
        parts.append(
            t("tournament.extras.breaks", locale, minutes=rest.minutes, every=rest.every_minutes)
        )
    if not parts:
        return t("tournament.extras.none", locale)
    return t("tournament.extras.set", locale, options=names_list(parts, locale))
