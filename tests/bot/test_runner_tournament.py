"""Sit-and-go tournaments at a Discord table: registering and unregistering,
the start, blinds rising on schedule, finishing places announced and paid
from the prize pool, a restart in the middle, and closing early. Every test
ends with the chips reconciled and the audit clean."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.economy_embeds import stats_embed
from bot.stats import player_stats, recent_hands, tournament_stats
from bot.tables.errors import Refused, TooFewToStart, TournamentBuyIn, TournamentStarted
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings, TableSettingsError
from bot.tables.tournament import TournamentProgress
from bot.tables.tournament_desk import TournamentDesk
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    check_or_call,
    config,
    deal_next,
    new_table,
    registry,
    to_act,
)

ANN, BEN, CAT, DAN, EVE = 11, 12, 13, 14, 15
NAMES = {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan", EVE: "Eve"}
BUY_IN = 100


def tournament(**changes: object) -> TableSettings:
    options: dict[str, object] = {
        "tournament": True,
        "tournament_buy_in": BUY_IN,
        "starting_stack": 1000,
        "level_hands": 2,
        "seats": 6,
    }
    options.update(changes)
    return config(**options)


def progress_of(runner: TableRunner) -> TournamentProgress:
    assert isinstance(runner.desk, TournamentDesk)
    return runner.desk.progress


async def balance(database: Database, user_id: int) -> int:
    return int(
        await database.fetch_value("SELECT chips FROM balances WHERE user_id = ?", (user_id,))
    )


async def prize_pool(database: Database) -> int:
    return int(await database.fetch_value("SELECT prize_pool FROM tables ORDER BY id DESC"))


async def register(runner: TableRunner, players: dict[int, str]) -> None:
    for user_id, name in players.items():
        await runner.join(user_id, name)
    await runner.settled()


async def fold_around(runner: TableRunner, clock: FakeClock) -> None:
    """Deal one hand and fold it to the big blind."""
    await deal_next(runner, clock)
    while runner.live is not None:
        await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()


async def everyone_all_in(runner: TableRunner, clock: FakeClock) -> None:
    """Deal one hand: the first to act goes all in and everybody calls. (Late in
    a tournament the blinds may put everyone all in: the hand is over at once.)"""
    await runner.settled()
    assert runner.state.next_hand_at is not None, "no deal is due"
    clock.advance(runner.state.next_hand_at - clock.now())
    await runner.settled()
    while (live := runner.live) is not None:
        move = Move.ALL_IN if live.hand.legal_actions().can_raise else Move.CHECK_OR_CALL
        await runner.act(to_act(runner), ActionRequest(move))
    await runner.settled()


async def heads_up_all_in(runner: TableRunner, clock: FakeClock) -> None:
    """Deal one hand: the first to act goes all in, the next calls, the rest fold."""
    await deal_next(runner, clock)
    acted = 0
    while (live := runner.live) is not None:
        legal = live.hand.legal_actions()
        if acted == 0 and legal.can_raise:
            move = Move.ALL_IN
        elif acted == 1:
            move = Move.CHECK_OR_CALL
        else:
            move = Move.FOLD if legal.can_fold else Move.CHECK_OR_CALL
        await runner.act(to_act(runner), ActionRequest(move))
        acted += 1
    await runner.settled()


async def play_to_the_end(runner: TableRunner, clock: FakeClock) -> None:
    for _ in range(100):
        if runner.closed:
            return
        await everyone_all_in(runner, clock)
    raise AssertionError("the tournament did not end in 100 all-in hands")


async def places(database: Database) -> dict[int, tuple[int | None, int]]:
    rows = await database.fetch_all("SELECT user_id, place, prize FROM tournament_entries")
    return {row["user_id"]: (row["place"], row["prize"]) for row in rows}


async def test_a_four_player_tournament_rises_its_blinds_and_pays_its_winner(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament(seats=4))
    await runner.settled()
    text = outlet.table.public_text()
    assert "**Tournament** · buy-in **100** · starting stack **1,000**" in text
    assert "blinds up every 2 hands" in text
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    assert "Registered: **3** of 4 · prize pool **300**" in outlet.table.public_text()
    assert runner.state.next_hand_at is None  # not before it begins
    await register(runner, {DAN: "Dan"})  # the last seat starts it
    assert "The tournament begins with 4 players. Prize pool **400**: 1st 400." in outlet.posts()
    for user_id in (ANN, BEN, CAT, DAN):
        assert await balance(database, user_id) == STARTING_CHIPS - BUY_IN
    assert await prize_pool(database) == 400

    blinds = []
    for _ in range(5):
        await deal_next(runner, clock)
        live = runner.live
        assert live is not None
        blinds.append((live.hand.setup.blinds[:2], sum(live.hand.setup.antes)))
        while runner.live is not None:
            await runner.act(to_act(runner), ActionRequest(Move.FOLD))
        await runner.settled()
    assert [sorted(b) for b, _ in blinds] == [[5, 10]] * 2 + [[10, 20]] * 2 + [[15, 30]]
    assert [ante for _, ante in blinds] == [0, 0, 0, 0, 0]
    assert "Level **2**: the blinds are now 10/20." in outlet.posts()
    assert "Level **3**: the blinds are now 15/30." in outlet.posts()
    text = outlet.table.public_text()
    assert "Level **3**: blinds 15/30 · next level after one more hand" in text
    assert "Players left: **4** of 4 · prize pool **400** (1st 400)" in text

    await play_to_the_end(runner, clock)
    posts = outlet.posts()
    finished = await places(database)
    assert sorted(place for place, _ in finished.values() if place is not None) == [1, 2, 3, 4]
    winner = next(user for user, (place, _) in finished.items() if place == 1)
    assert finished[winner] == (1, 400)
    assert f"🏆 {NAMES[winner]} wins the tournament and **400** chips!" in posts
    for user, (place, prize) in finished.items():
        if place != 1:
            assert prize == 0
            ordinal = {2: "2nd", 3: "3rd", 4: "4th"}[place]
            assert f"{NAMES[user]} finishes {ordinal} of 4." in posts
            assert await balance(database, user) == STARTING_CHIPS - BUY_IN
    assert await balance(database, winner) == STARTING_CHIPS - BUY_IN + 400
    assert await prize_pool(database) == 0
    assert "This table is closed." in outlet.table.public_text()
    assert "<@" not in outlet.table.public_text()  # the winner's seat by name, not a mention
    assert f"1. {NAMES[winner]} " in outlet.table.public_text()
    assert await database.fetch_value("SELECT COUNT(*) FROM seats") == 0
    assert await database.fetch_value("SELECT status FROM tables") == "closed"
    # Tournament chips are not cash winnings; the result is in the tournament line.
    cash = await player_stats(database, GUILD, winner)
    assert (cash.net, cash.biggest_pot_won) == (0, 0)
    assert cash.hands_played > 0
    result = await tournament_stats(database, GUILD, winner)
    assert (result.played, result.won, result.prizes, result.net) == (1, 1, 400, 300)
    # /stats' recent hands say a tournament hand's figure is in tournament chips.
    embed = stats_embed(
        name="Ann",
        mention="<@11>",
        chips=await balance(database, winner),
        stats=cash,
        recent=await recent_hands(database, GUILD, winner),
        locale="en",
        tournaments=result,
    )
    (recent,) = [field.value for field in embed.fields if field.name == "Recent hands"]
    lines = (recent or "").splitlines()
    assert lines and all(line.endswith("tournament chips (not your balance's)") for line in lines)
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_second_place_is_paid_when_it_busts(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament(seats=5), seed=13)
    await register(runner, NAMES)
    await play_to_the_end(runner, clock)
    finished = await places(database)
    # 65 % and 35 % of 500; three players busted together from equal stacks share 3rd.
    assert sorted(finished.values()) == [(1, 325), (2, 175), (3, 0), (3, 0), (3, 0)]
    second = next(user for user, (place, _) in finished.items() if place == 2)
    assert f"{NAMES[second]} finishes 2nd of 5 and wins **175** chips." in outlet.posts()
    assert await balance(database, second) == STARTING_CHIPS - BUY_IN + 175
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_players_busting_together_share_the_prizes_of_their_places(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament(seats=5), seed=11)
    await register(runner, NAMES)
    await everyone_all_in(runner, clock)  # one player wins everything in the first hand
    assert runner.closed
    finished = await places(database)
    # Four equal stacks bust at once: they share 2nd to 5th, whose prizes are 175 and
    # nothing; the odd chips go to the first of them.
    assert sorted(finished.values()) == [(1, 325), (2, 43), (2, 44), (2, 44), (2, 44)]
    tied = [user for user, (place, _) in finished.items() if place == 2]
    for user, (place, prize) in finished.items():
        if place == 2:
            (said,) = [
                post for post in outlet.posts() if post.startswith(f"{NAMES[user]} finishes")
            ]
            assert said.startswith(f"{NAMES[user]} finishes 2nd of 5, tied with "), said
            assert all(NAMES[other] in said for other in tied if other != user)
            assert said.endswith(f"and wins **{prize}** chips: a share of the tied places' prizes.")
        assert await balance(database, user) == STARTING_CHIPS - BUY_IN + prize
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_registering_and_unregistering_before_the_start(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament())
    await runner.settled()
    empty = outlet.table.public_text()  # nobody yet: no prize pool of 0, no "1st 0"
    assert "Registered: **0** of 6. Register with /poker join" in empty
    assert "1st 0" not in empty and "prize pool **0**" not in empty
    with pytest.raises(TournamentBuyIn) as refused:
        await runner.join(ANN, "Ann", buy_in=500)
    assert refused.value.sentence("en") == (
        "The buy-in of this tournament is **100** chips; leave the amount out."
    )
    movement = await runner.join(ANN, "Ann")
    assert (movement.amount, movement.stack) == (BUY_IN, 1000)
    with pytest.raises(TooFewToStart):
        await runner.begin_tournament()
    left = await runner.leave(ANN)
    assert left.movement is not None and left.movement.amount == BUY_IN
    assert await balance(database, ANN) == STARTING_CHIPS
    assert await prize_pool(database) == 0
    assert await database.fetch_value("SELECT COUNT(*) FROM tournament_entries") == 0
    kinds = await database.fetch_all(
        "SELECT kind, delta FROM ledger WHERE user_id = ? AND kind LIKE 'tournament%' ORDER BY id",
        (ANN,),
    )
    assert [(row["kind"], row["delta"]) for row in kinds] == [
        ("tournament_buy_in", -BUY_IN),
        ("tournament_refund", BUY_IN),
    ]
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_after_the_start_nobody_joins_tops_up_or_leaves(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament())
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    await runner.begin_tournament()
    with pytest.raises(TournamentStarted):
        await runner.begin_tournament()
    with pytest.raises(TournamentStarted):
        await runner.join(DAN, "Dan")
    with pytest.raises(Refused) as refused:
        await runner.leave(ANN)  # even before the first hand is dealt
    assert refused.value.sentence("en") == (
        "In a tournament your chips stay in play; sit out instead."
    )
    await fold_around(runner, clock)
    with pytest.raises(Refused) as refused:
        await runner.top_up(BEN, 100)
    assert refused.value.sentence("en") == "There are no top-ups in a tournament."
    # Sitting out, a player is still dealt in and folded for: blinded away.
    await runner.sit_out(CAT)
    stack = runner.table.seat_of(CAT).stack
    for _ in range(3):
        await deal_next(runner, clock)
        live = runner.live
        assert live is not None and CAT in live.deal.players
        while runner.live is not None:
            await check_or_call(runner)
        await runner.settled()
    assert runner.table.seat_of(CAT).stack < stack
    assert DAN not in await places(database)  # the refused registration took nothing
    assert not await database.fetch_all("SELECT 1 FROM ledger WHERE user_id = ?", (DAN,))
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


def test_tournaments_refuse_what_they_cannot_deal() -> None:
    for changes, key in (
        ({"variant": "F7S"}, "engine.tournament_game"),
        ({"variant": "F5D"}, "engine.tournament_game"),
        ({"ante": 5}, "engine.tournament_cash_only"),
        ({"straddle": True}, "engine.tournament_cash_only"),
        ({"rotation": "horse"}, "engine.tournament_cash_only"),
        ({"level_minutes": 5, "level_hands": 5}, "engine.level_minutes_or_hands"),
        ({"starting_stack": 15}, "engine.starting_stack"),
        ({"tournament_buy_in": 0}, "table.config.tournament_buy_in"),
    ):
        with pytest.raises(TableSettingsError) as refused:
            tournament(**changes)
        assert refused.value.message_key == key
    with pytest.raises(TableSettingsError) as refused:
        config(starting_stack=1000)
    assert refused.value.message_key == "table.config.tournament_options_alone"


async def test_a_restart_resumes_the_level_clock_places_and_pool(database: Database) -> None:
    clock = FakeClock()
    before, outlets = registry(database, clock)
    runner = await before.create(
        GUILD, CHANNEL, CREATOR, tournament(seats=5, level_hands=None, level_minutes=1)
    )
    await register(runner, NAMES)
    while len(runner.table.finishing_places) < 2:
        await heads_up_all_in(runner, clock)
    assert not runner.closed
    await runner.settled()
    clock.advance(70)  # the next deal, more than a minute into the tournament: level 2
    await runner.settled()
    while runner.live is not None:
        await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()
    assert runner.table.clock is not None
    level_clock = runner.table.clock
    saved = (
        level_clock.index,
        level_clock.began_at_second,
        round(progress_of(runner).elapsed(now=clock.now()), 6),
        dict(runner.table.finishing_places),
        progress_of(runner).prize_pool,
        progress_of(runner).entrants,
    )
    assert saved[0] >= 1 and saved[4] == 500
    await before.stop_all()
    clock.advance(3600)  # the bot is down for an hour: the level clock is not running

    after, outlets = registry(database, clock)
    (restored,) = await after.restore_all()
    assert restored.table.clock is not None
    assert (
        restored.table.clock.index,
        restored.table.clock.began_at_second,
        round(progress_of(restored).elapsed(now=clock.now()), 6),
        dict(restored.table.finishing_places),
        progress_of(restored).prize_pool,
        progress_of(restored).entrants,
    ) == saved
    await restored.settled()
    text = outlets[0].table.public_text()
    assert f"Level **{saved[0] + 1}**" in text
    assert "Players left: **3** of 5 · prize pool **500** (1st 325, 2nd 175)" in text
    await play_to_the_end(restored, clock)
    finished = await places(database)
    assert sorted(prize for _, prize in finished.values()) == [0, 0, 0, 175, 325]
    assert restored.closed and not after.runners, "a finished tournament leaves memory"
    await after.stop_all()
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_closing_before_the_start_refunds_every_buy_in(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament())
    await register(runner, {ANN: "Ann", BEN: "Ben"})
    movements = (await runner.close(by=CREATOR)).movements
    assert sorted(movement.amount for movement in movements) == [BUY_IN, BUY_IN]
    assert [await balance(database, user) for user in (ANN, BEN)] == [STARTING_CHIPS] * 2
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_closing_after_the_start_shares_the_pool_by_chips(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, tournament())
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat", DAN: "Dan"})
    await runner.begin_tournament()
    await fold_around(runner, clock)
    await deal_next(runner, clock)  # voided in the middle of a hand
    stacks = {seat.player: seat.stack for seat in runner.table.seats.values()}
    await runner.close(by=CREATOR, void_reason="the room closes", by_name="Host")
    shares = {user: await balance(database, user) - (STARTING_CHIPS - BUY_IN) for user in stacks}
    assert sum(shares.values()) == 400
    for user, stack in stacks.items():
        assert abs(shares[user] - 400 * stack / 4000) < 1
    assert await prize_pool(database) == 0
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)
