"""The home-game options at a running table: changing them, the vote for a
bomb pot and the rabbit hunt.

- The table's opener changes the options (``/poker homegame``) at any time;
  they are checked as at the table's creation (an option a game cannot play,
  a bounty or bomb pot above five big blinds, is refused with the engine's
  reason) and kept in ``tables.config``. The engine says when they apply
  (:meth:`engine.Table.change_home_rules`): from the next hand, except a raise
  of what a seated player can lose, which waits one full hand so that anyone
  may leave first. Every change is announced in the channel
  (:func:`announcement`), and the table message shows the options in force
  and those waiting for their hand.
- Each member dealt in (seated, not sitting out) may vote for a bomb pot
  (``/poker bomb``): the engine counts the votes and decides
  (:meth:`engine.Table.vote_bomb_pot`: more than half of the members dealt
  in; computer players, which the bot names, do not vote); the next hand
  that can be one is then a bomb pot. The votes so far and the one called
  are saved with the engine's table, so a restart keeps them.
- After a hand that ended before its board was complete, anyone at the table
  may hunt the rabbit: the engine says which board cards would have come
  (:meth:`engine.Hand.rabbit_boards`, each board's in a two-board game or a
  double-board bomb pot; never anyone's hole cards). The hunt is
  recorded with the hand, so a provably fair hand's opening opens those
  cards too and anyone can check them against the commitment. A hand's
  rabbit is hunted once: the first hunt is shown to the table, every later
  press answered to the presser alone (:attr:`RabbitHunt.first`), so that a
  spectator pressing again and again posts nothing more.

Every function here runs under the runner's lock.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass

from bot.database import Database, Transaction
from bot.house_bank import is_computer
from bot.render.home_lines import options_changed_text
from bot.render.message import OutgoingMessage
from bot.tables.errors import NotSeated, Refused
from bot.tables.hand_log import replay_logged_hand
from bot.tables.home_view import home_options
from bot.tables.persistence import TableKeeper
from bot.tables.state import TableState
from bot.tables.table_settings import TableSettings
from engine import BombPotVote, Card, HomeChange

#: A vote counted, as the engine answers it (:meth:`engine.Table.vote_bomb_pot`).
BombVote = BombPotVote


@dataclass(frozen=True, slots=True)
class OptionsChanged:
    """The options agreed (``settings``) and when the engine applies them."""

    settings: TableSettings
    change: HomeChange


async def change_options(
    state: TableState, keeper: TableKeeper, user_id: int, changes: Mapping[str, object]
) -> OptionsChanged:
    """The table's opener changes its home-game options: what applies from the
    next hand, and what waits a full hand, the engine decides."""
    if user_id != state.record.creator_id:
        raise Refused("home.not_creator")
    config = TableSettings.checked(**(asdict(state.settings) | dict(changes)))
    rules = config.rules()

    def change() -> HomeChange:
        return state.table.change_home_rules(rules.home, by=user_id)

    async def write(tx: Transaction, made: HomeChange) -> HomeChange:
        await tx.execute(
            "UPDATE tables SET config = ? WHERE id = ?", (config.to_json(), state.table_id)
        )
        return made

    made = await keeper.transact(change, write)
    state.settings_changed(config, rules)
    return OptionsChanged(config, made)


def _changed_text(changed: OptionsChanged, locale: str, *, to_table: bool) -> str:
    made = changed.change
    in_force, agreed = home_options(made.in_force), home_options(made.agreed)
    return options_changed_text(in_force, agreed, made.from_hand, locale, to_table=to_table)


def announcement(changed: OptionsChanged, locale: str) -> OutgoingMessage:
    """What the channel is told of a change of the home-game options: what
    applies from the next hand and what from a later one."""
    return OutgoingMessage(content=_changed_text(changed, locale, to_table=True))


def saved_answer(changed: OptionsChanged, locale: str) -> str:
    """The opener's own answer: the options agreed, and when the raise applies."""
    return _changed_text(changed, locale, to_table=False)


async def vote_bomb_pot(state: TableState, keeper: TableKeeper, user_id: int) -> BombVote:
    """Count a vote for a bomb pot (the engine's: who may vote, how many are
    needed, :meth:`engine.Table.vote_bomb_pot`), and save it with the table."""
    if state.table.rules.home.bomb_pot is not None and not state.table.is_seated(user_id):
        raise NotSeated()
    counted: list[BombVote] = []

    def change() -> None:
        counted.append(state.table.vote_bomb_pot(user_id, is_computer=is_computer))

    await keeper.save(change)
    return counted[0]


@dataclass(frozen=True, slots=True)
class RabbitHunt:
    """The board cards a hand would have dealt, each board's, and whether this
    was the hand's first hunt (shown to the table) or a later one."""

    boards: tuple[tuple[Card, ...], ...]
    first: bool


async def hunt_rabbit(state: TableState, database: Database, hand_no: int) -> RabbitHunt:
    """The board cards hand ``hand_no`` would have dealt, each board's (one
    board in most games), dealt again from its log (so the hunt works while
    the next hand is played, and after a restart); refused when the hand is
    not over or there is nothing to hunt. Under the runner's lock, so of
    presses at once only one is the first."""
    if not state.settings.rabbit_hunt:
        raise Refused("home.no_rabbit_hunt")
    row = await database.fetch_one(
        "SELECT id, result FROM hands WHERE table_id = ? AND hand_no = ? AND status = 'finished'",
        (state.table_id, hand_no),
    )
    if row is None:
        raise Refused("home.no_rabbit")
    _, hand = await replay_logged_hand(database, row["id"])
    boards = tuple(map(tuple, hand.rabbit_boards()))
    if not boards:
        raise Refused("home.no_rabbit")
    result = json.loads(row["result"]) if row["result"] else {}
    if result.get("rabbit_hunted"):
        return RabbitHunt(boards, first=False)
    result["rabbit_hunted"] = True
    async with database.transaction() as tx:
        await tx.execute(
            "UPDATE hands SET result = ? WHERE id = ?", (json.dumps(result), row["id"])
        )
    return RabbitHunt(boards, first=True)
