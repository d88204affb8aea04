"""Dealing a hand and settling it, each in one transaction.

A deal starts the engine's next hand and writes it to the hand log with
everything needed to deal it again (its deck order; at a provably fair table
the deck's commitment and secret) before anyone sees a card. Settling a
finished hand writes, in one transaction, every player's result, the stacks,
the rake, the hand's PHH history, the chips the money desk moves (cash-outs,
prizes) and the table's saved state; the result message is made from the
hand's events.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from bot.database import Transaction
from bot.i18n import t
from bot.render.message import OutgoingMessage
from bot.replay_links import shared_url
from bot.tables.hand_log import HandLog, PlayerResult
from bot.tables.histories import full_history
from bot.tables.money_desk import MoneyDesk, Settled
from bot.tables.persistence import TableKeeper
from bot.tables.services import TableServices
from bot.tables.state import LiveHand, TableState
from bot.tables.table_store import forget_message_id
from bot.tables.view import result_view
from engine import Deal, Hand, HandMucked, HandResult, HandShown, commit

log = logging.getLogger(__name__)


class Dealer:
    def __init__(
        self,
        state: TableState,
        keeper: TableKeeper,
        hand_log: HandLog,
        desk: MoneyDesk,
        services: TableServices,
    ) -> None:
        self.state = state
        self.keeper = keeper
        self.hand_log = hand_log
        self.desk = desk
        self.clock = services.clock
        #: ``None``: shuffle with the operating system's randomness.
        self.rng = services.rng
        #: How public messages draw cards (emojis once they are synced).
        self.public_faces = services.public_faces
        self.public_url = services.public_url

    async def deal(self) -> tuple[LiveHand, list[OutgoingMessage]]:
        """Deal the next hand and log it; the hand and the notices that go with
        it (a tournament's new level, a mixed table's new game)."""
        state = self.state
        fair = state.settings.provably_fair
        notices: list[OutgoingMessage] = []

        def start() -> tuple[Hand, Deal]:
            notice = self.desk.before_deal()
            if notice is not None:
                notices.append(notice)
            # All in, the rest is dealt street by street (bot.tables.runout); the
            # showdown waits for the choice of a player whose hand cannot win.
            hand = state.table.start_hand(self.rng, muck_choices=True, pause_runouts=True)
            assert state.table.deal is not None
            return hand, state.table.deal

        async def write(tx: Transaction, dealt: tuple[Hand, Deal]) -> LiveHand:
            hand, deal = dealt
            proof = None
            if fair:
                assert deal.setup.deck is not None
                proof = commit(deal.setup.deck)
            commitment = None if proof is None else proof.commitment
            secret = None if proof is None else proof.secret_hex
            hand_id = await self.hand_log.start(
                tx, state.table_id, deal, commitment=commitment, secret=secret
            )
            await forget_message_id(tx, state.table_id)
            return LiveHand(hand_id, deal, hand, commitment, secret)

        game_before = state.table.variant if state.table.hand_number else None
        live = await self.keeper.transact(start, write)
        rotation, game = state.rules.rotation, live.deal.setup.variant
        if rotation is not None and game_before is not None and game != game_before:
            text = t("table.game_changes", state.locale, mix=rotation.name, game=game.name)
            notices.append(OutgoingMessage(content=text))
        return live, notices

    async def settle(self, live: LiveHand) -> Settled:
        """Settle a finished hand in one transaction; then it is the last hand,
        whose message shows its result (``live.result``). The notices to post:
        the money desk's (places decided)."""
        state, desk = self.state, self.desk
        hand, deal = live.hand, live.deal
        shown_at_showdown = {e.player for e in hand.events if isinstance(e, HandShown | HandMucked)}
        results = [
            PlayerResult(
                user_id=user_id,
                seat=seat,
                starting_stack=deal.setup.starting_stacks[index],
                finishing_stack=hand.finishing_stacks[index],
                won_chips=hand.awarded[index],
                went_to_showdown=index in shown_at_showdown,
                won_at_showdown=index in shown_at_showdown and hand.awarded[index] > 0,
            )
            for index, (seat, user_id) in enumerate(zip(deal.seats, deal.players, strict=True))
        ]
        live.result = result_view(state, live)
        base = self.public_url
        if base is not None:  # the result links to the hand's replay (public cards only)
            try:
                link = await shared_url(self.hand_log.database, base, live.hand_id)
            except Exception:  # no link is better than a hand left unsettled
                log.exception("Table %s: no replay link for hand %s", state.table_id, deal.number)
            else:
                live.result = replace(live.result, replay_url=link)

        async def write(tx: Transaction, settled: HandResult) -> None:
            await self.hand_log.finish(
                tx,
                hand_id=live.hand_id,
                table_id=state.table_id,
                guild_id=state.record.guild_id,
                results=results,
                rake=hand.rake_taken,
                result=result_data(hand, deal),
                phh=full_history(
                    hand,
                    names=[state.name(uid) for uid in deal.players],
                    table_id=state.table_id,
                    hand_no=deal.number,
                    seats=deal.seats,
                    seat_count=state.settings.seats,
                ),
                # Session chips are not balance chips either: cash statistics leave them out.
                tournament=desk.tournament or bool(state.settings.session_chips),
            )
            await desk.settle(tx, deal, settled)

        def finish() -> HandResult:
            state.result_unposted(live.hand_id)  # saved with the settlement
            return state.table.finish_hand(hand)

        await self.keeper.transact(finish, write)  # all put back should the write fail
        state.hand_settled(live)
        return desk.after_settle()


def result_data(hand: Hand, deal: Deal) -> dict[str, Any]:
    """What the hand log keeps as a finished hand's result (the audit replays it)."""
    return {
        "players": list(deal.players),
        "finishing_stacks": list(hand.finishing_stacks),
        "awarded": list(hand.awarded),
        "rake": hand.rake_taken,
        "board": " ".join(str(c) for c in hand.board),
        "carried_over": hand.carried_over,
        "shown": {
            str(deal.players[e.player]): " ".join(str(c) for c in e.cards)
            for e in hand.events
            if isinstance(e, HandShown)
        },
    }
