"""A table's channel deleted, the bot removed from the server, a seated member
gone: the table closes or the seat is cashed out, a hand in progress is voided,
and every chip goes back to a balance. Each test ends with the audit."""

from __future__ import annotations

import asyncio
from pathlib import Path

from discord.ext import commands

from bot.database import Database
from cogs.departures import Departures
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView
from tests.e2e.vanishing import delete_channel, member_leaves, remove_bot

STARTING_CHIPS = 1000
#: Closing a table whose channel is gone logs its failed deliveries as warnings;
#: discord.py reports the 404s of the messages it could not send as errors.
GONE = ("Unknown Channel", "404")


async def table_in(
    fake: FakeDiscord, channel_id: int, members: list[Member], *, raise_to: int = 100
) -> TableView:
    """A table in ``channel_id`` with ``members`` seated, a hand dealt, and a raise in it."""
    created = await members[0].slash("poker", "create", channel=channel_id)
    await created.settled()
    for member in members:
        await member.slash("poker", "join", buy_in=500, channel=channel_id)
    view = TableView(fake, channel_id)
    turn = await view.next_turn()
    assert turn is not None
    actor = next(m for m in members if m.name == turn.actor)
    await actor.slash("raise", amount=raise_to, channel=channel_id)
    assert await view.next_turn(turn.key) is not None
    return view


async def table_status(database: Database, channel_id: int) -> str:
    return str(
        await database.fetch_value(
            "SELECT status FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
    )


async def balances(database: Database) -> dict[int, int]:
    rows = await database.fetch_all("SELECT user_id, chips FROM balances")
    return {row["user_id"]: row["chips"] for row in rows}


async def until(condition_coroutine: object, timeout: float = 5.0) -> None:
    """Poll an async condition (a zero-argument coroutine function) until it holds."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while not await condition_coroutine():  # type: ignore[operator]
        assert loop.time() < give_up, "the condition never held"
        await asyncio.sleep(0.02)


async def test_a_deleted_channel_closes_its_table_and_every_stack_goes_home(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    doomed = fake.add_channel("poker-2").id  # there before the bot connects, as Discord has it
    async with running_croupier(fake, tmp_path / "croupier.db", expected_errors=GONE) as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        await table_in(fake, fake.channel.id, [ann, cat])
        await table_in(fake, doomed, [ann, ben])
        delete_channel(fake, doomed)

        async def closed() -> bool:
            return await table_status(croupier.database, doomed) == "closed"

        await until(closed)
        await croupier.settled()
        assert await table_status(croupier.database, fake.channel.id) == "open"
        # The raise at the deleted table was voided: Ben has all his chips back.
        assert (await balances(croupier.database))[ben.id] == STARTING_CHIPS
        assert croupier.bot.tables.get(doomed) is None
        voided = await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM hands h JOIN tables t ON t.id = h.table_id"
            " WHERE t.channel_id = ? AND h.status = 'voided'",
            (doomed,),
        )
        assert voided == 1


async def test_a_bot_removed_from_the_server_closes_all_its_tables(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    second = fake.add_channel("poker-2").id
    async with running_croupier(fake, tmp_path / "croupier.db", expected_errors=GONE) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await table_in(fake, fake.channel.id, [ann, ben])
        await table_in(fake, second, [ann, ben])
        remove_bot(fake)

        async def all_closed() -> bool:
            statuses = await croupier.database.fetch_all("SELECT status FROM tables")
            return all(row["status"] == "closed" for row in statuses)

        await until(all_closed)
        await croupier.settled()
        assert await balances(croupier.database) == {ann.id: STARTING_CHIPS, ben.id: STARTING_CHIPS}


async def test_a_member_who_left_while_sitting_out_is_cashed_out(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Without the members intent Discord does not say who left: the bot asks
    about the players sitting out (as a departed player soon is)."""
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db") as croupier:
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        await table_in(fake, fake.channel.id, [ann, ben, cat])
        await cat.slash("poker", "sitout")
        member_leaves(fake, cat)
        await croupier.settled()
        # The extension loader imports the cog afresh: compare by name, not by class.
        departures = croupier.bot.get_cog("Departures")
        assert departures is not None and type(departures).__name__ == Departures.__name__
        assert isinstance(departures, commands.Cog)
        assert await departures.let_departed_players_go() == 1  # type: ignore[attr-defined]
        await croupier.settled()
        seated = await croupier.database.fetch_all("SELECT user_id FROM seats")
        runner = croupier.bot.tables.get(fake.channel.id)
        assert runner is not None
        if runner.live is None or cat.id not in runner.live.deal.players:
            assert cat.id not in {row["user_id"] for row in seated}
        else:  # in the hand: folded when their turn comes, cashed out when it ends
            assert runner.table.seat_of(cat.id).leaving
        assert await departures.let_departed_players_go() <= 1  # type: ignore[attr-defined]
        assert {row["user_id"] for row in seated} >= {ann.id, ben.id}


async def test_with_the_members_intent_a_member_who_leaves_is_let_go_at_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", members_intent=True) as croupier:
        assert croupier.bot.intents.members
        ann, ben, cat = (fake.add_member(n) for n in ("Ann", "Ben", "Cat"))
        view = await table_in(fake, fake.channel.id, [ann, ben, cat])
        member_leaves(fake, cat)

        async def let_go() -> bool:
            runner = croupier.bot.tables.get(fake.channel.id)
            assert runner is not None
            if not runner.table.is_seated(cat.id):
                return True
            return runner.table.seat_of(cat.id).leaving

        await until(let_go)
        # Play on: Cat is folded when their turn comes and cashed out after the hand.
        for _ in range(20):
            await croupier.settled()
            runner = croupier.bot.tables.get(fake.channel.id)
            assert runner is not None
            if not runner.table.is_seated(cat.id):
                break
            turn = view.turn()
            if turn is not None and turn.actor != "Cat":
                member = {"Ann": ann, "Ben": ben}[turn.actor]
                if "muck" in turn.buttons:  # the showdown: a hand that cannot win
                    await member.slash("poker", "muck")
                else:
                    await member.slash("fold" if "Check" not in turn.buttons["call"] else "check")
        await croupier.settled()
        seated = await croupier.database.fetch_all("SELECT user_id FROM seats")
        assert cat.id not in {row["user_id"] for row in seated}
        balance = (await balances(croupier.database))[cat.id]
        assert 0 <= balance <= STARTING_CHIPS + 1000


async def test_a_channel_deleted_while_the_bot_was_down_closes_its_table_at_start(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    database = tmp_path / "croupier.db"
    ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
    doomed = fake.add_channel("poker-2").id
    async with running_croupier(fake, database):
        await table_in(fake, doomed, [ann, ben])
        await table_in(fake, fake.channel.id, [ann, ben])
    delete_channel(fake, doomed)  # nobody is connected to hear it
    async with running_croupier(fake, database, expected_errors=GONE) as croupier:

        async def closed() -> bool:
            return await table_status(croupier.database, doomed) == "closed"

        await until(closed)
        await croupier.settled()
        assert await table_status(croupier.database, fake.channel.id) == "open"
        assert croupier.bot.tables.get(fake.channel.id) is not None
