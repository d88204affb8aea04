"""A rebuy knockout sit-and-go at a real table runner, on SQLite and
PostgreSQL: a rebuy and the add-on paid from the balance into the prize pool,
what the engine refuses refused politely with nothing changed, each player's
bounty on the table message and paid to who busted them, and at the end the
prize pool and the bounty pool paid to the chip, the audit clean:
buy-ins + rebuys + add-ons = prizes + bounties."""

from __future__ import annotations

import pytest

from bot.database import Database
from bot.tables.errors import NotSeated, Refused
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from bot.tables.table_settings import TableSettings, TableSettingsError
from tests.audited import assert_audit_clean
from tests.bot.fake_clock import FakeClock
from tests.bot.ledger_checks import assert_chips_reconcile
from tests.bot.table_fakes import (
    CHANNEL,
    CREATOR,
    GUILD,
    STARTING_CHIPS,
    RecordingOutlet,
    config,
    deal_next,
    new_table,
    registry,
    to_act,
)
from tests.bot.test_runner_tournament import (
    ANN,
    BEN,
    CAT,
    NAMES,
    balance,
    fold_around,
    heads_up_all_in,
    play_to_the_end,
    prize_pool,
    register,
)

pytestmark = pytest.mark.both_databases

BUY_IN, BOUNTY, ADD_ON_PRICE, ADD_ON_CHIPS = 100, 20, 50, 1500


def rebuy_knockout(**changes: object) -> TableSettings:
    options: dict[str, object] = {
        "tournament": True,
        "tournament_buy_in": BUY_IN,
        "starting_stack": 1000,
        "level_hands": 2,
        "seats": 3,
        "rebuy_levels": 2,
        "add_on_price": ADD_ON_PRICE,
        "add_on_chips": ADD_ON_CHIPS,
        "bounty": BOUNTY,
    }
    options.update(changes)
    return config(**options)


async def ledger_sums(database: Database) -> dict[str, int]:
    rows = await database.fetch_all(
        "SELECT kind, SUM(delta) AS total FROM ledger WHERE kind LIKE 'tournament_%' GROUP BY kind"
    )
    return {row["kind"]: int(row["total"]) for row in rows}


def rebuy_button(runner: TableRunner, outlet: RecordingOutlet) -> str:
    """The custom id of the table message's Rebuy button."""
    (found,) = [button for button in outlet.table.buttons if button.label == "Rebuy"]
    assert found.custom_id.endswith(f"{runner.table_id}:rebuy")
    return found.custom_id


@pytest.mark.parametrize("progressive", [False, True])
async def test_a_rebuy_knockout_sit_and_go_pays_every_chip(
    database: Database, progressive: bool
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(
        database, clock, outlet, rebuy_knockout(progressive_bounty=progressive)
    )
    with pytest.raises(NotSeated):
        await runner.rebuy(ANN)
    await register(runner, {ANN: "Ann", BEN: "Ben"})
    with pytest.raises(Refused) as early:
        await runner.rebuy(ANN)
    assert early.value.message_key == "table.rebuy_before_start"
    await register(runner, {CAT: "Cat"})
    text = outlet.table.public_text()
    assert "🔁 Rebuys until the end of level 2" in text
    assert "➕ Add-on in level 2: 1,500 chips for 50" in text
    assert "🎯 Bounties: Ann 20, Ben 20, Cat 20" in text
    assert "croupier:seatdesk:" in rebuy_button(runner, outlet)

    await runner.rebuy(ANN)
    await runner.settled()
    assert await balance(database, ANN) == STARTING_CHIPS - 2 * BUY_IN
    assert await prize_pool(database) == 4 * BUY_IN
    assert "🔁 Ann rebuys: **1,000** chips for **100**." in outlet.posts()
    assert runner.state.table.seat_of(ANN).stack == 2000
    assert "🎯 Bounties: Ann 40, Ben 20, Cat 20" in outlet.table.public_text()
    with pytest.raises(Refused) as too_many:
        await runner.rebuy(ANN)  # 2,000 chips: above the starting stack
    assert too_many.value.message_key == "engine.rebuy_stack_too_large"
    with pytest.raises(Refused) as not_yet:
        await runner.add_on(BEN)
    assert not_yet.value.message_key == "engine.add_on_not_yet"
    assert await balance(database, BEN) == STARTING_CHIPS - BUY_IN  # nothing changed

    await fold_around(runner, clock)
    await fold_around(runner, clock)
    await fold_around(runner, clock)  # dealt at level 2, the last rebuy level
    assert [button.label for button in outlet.table.buttons if button.row == 3] == [
        "Rebuy",
        "Add-on",
    ]
    await runner.add_on(BEN)
    await runner.settled()
    assert f"➕ Ben takes the add-on: **1,500** chips for **{ADD_ON_PRICE}**." in outlet.posts()
    with pytest.raises(Refused) as twice:
        await runner.add_on(BEN)
    assert twice.value.message_key == "engine.add_on_taken"
    assert await prize_pool(database) == 4 * BUY_IN + ADD_ON_PRICE

    await play_to_the_end(runner, clock)
    posts = outlet.posts()
    sums = await ledger_sums(database)
    money_in = -(sums["tournament_buy_in"] + sums["tournament_rebuy"] + sums["tournament_add_on"])
    assert money_in == 4 * BUY_IN + ADD_ON_PRICE
    # Every bounty set aside (3 buy-ins and a rebuy) was paid, and every prize.
    assert sums["tournament_bounty"] == 4 * BOUNTY
    assert sums["tournament_prize"] + sums["tournament_bounty"] == money_in
    assert await prize_pool(database) == 0
    knocked_out = [post for post in posts if post.startswith("🎯") and " for " in post]
    assert len(knocked_out) >= 2  # two players were knocked out
    if progressive:
        assert any("go onto" in post for post in knocked_out)
    assert any(post.startswith("🏆") for post in posts)
    names = set(NAMES.values())
    assert all(any(name in post for name in names) for post in knocked_out)
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_rebuys_end_with_their_levels(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner: TableRunner = await new_table(database, clock, outlet, rebuy_knockout())
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    for _ in range(5):
        await fold_around(runner, clock)
    assert "🔁 Rebuys are over" in outlet.table.public_text()
    assert not [button for button in outlet.table.buttons if "seatdesk" in button.custom_id]
    before = await balance(database, CAT)
    with pytest.raises(Refused) as over:
        await runner.rebuy(CAT)
    assert over.value.message_key == "engine.rebuys_over"
    with pytest.raises(Refused) as late:
        await runner.add_on(CAT)
    assert late.value.message_key == "engine.add_on_over"
    assert await balance(database, CAT) == before
    await assert_audit_clean(database)


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"bounty": BUY_IN}, "engine.bounty_too_large"),
        ({"rebuy_levels": 0}, "engine.add_on_without_rebuys"),
        ({"payouts": "40,60"}, "engine.payout_percentages"),
        ({"bounty": 0, "progressive_bounty": True}, "engine.progressive_without_bounty"),
    ],
)
def test_options_the_engine_refuses(changes: dict[str, object], key: str) -> None:
    with pytest.raises(TableSettingsError) as refused:
        rebuy_knockout(**changes)
    assert refused.value.message_key == key


async def test_the_organisers_payout_table(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(
        database,
        clock,
        outlet,
        rebuy_knockout(payouts="70,30", bounty=0, add_on_price=0, add_on_chips=0, rebuy_levels=0),
    )
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    assert "The tournament begins with 3 players. Prize pool **300**: 1st 210, 2nd 90." in (
        outlet.posts()
    )
    await play_to_the_end(runner, clock)
    await assert_audit_clean(database)


async def test_the_opener_sets_rebuys_and_bounties_before_the_start(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    plain = rebuy_knockout(rebuy_levels=0, add_on_price=0, add_on_chips=0, bounty=0)
    runner = await new_table(database, clock, outlet, plain)
    await register(runner, {ANN: "Ann"})
    with pytest.raises(Refused) as not_opener:
        await runner.change_rebuy_options(ANN, bounty=10)
    assert not_opener.value.message_key == "home.not_creator"
    with pytest.raises(TableSettingsError) as refused:
        await runner.change_rebuy_options(CREATOR, add_on_chips=500)
    assert refused.value.message_key == "engine.add_on_amounts"
    assert runner.settings.extras.any is False  # nothing changed

    await runner.change_rebuy_options(
        CREATOR, rebuy_levels=1, bounty=10, progressive_bounty=True, payouts="70,30"
    )
    await runner.settled()
    assert (
        "🔁 This tournament has rebuys until the end of level 1, a progressive bounty of 10 chips"
        " from each buy-in and payouts 1st 70 %, 2nd 30 %." in outlet.posts()
    )
    assert "🎯 Bounties: Ann 10" in outlet.table.public_text()
    stored = await database.fetch_value("SELECT config FROM tables")
    assert TableSettings.from_json(str(stored)).bounty == 10
    await register(runner, {BEN: "Ben", CAT: "Cat"})
    assert (
        "The tournament begins with 3 players. Prize pool **270**: 1st 189, 2nd 81."
        " Bounties: **30**." in outlet.posts()
    )
    with pytest.raises(Refused) as started:
        await runner.change_rebuy_options(CREATOR, bounty=20)
    assert started.value.message_key == "table.rebuys_started"
    await play_to_the_end(runner, clock)
    assert (await ledger_sums(database))["tournament_bounty"] == 30
    await assert_audit_clean(database)


async def test_a_restart_keeps_the_rebuys_add_ons_and_bounties(database: Database) -> None:
    clock = FakeClock()
    before, _ = registry(database, clock)
    runner = await before.create(GUILD, CHANNEL, CREATOR, rebuy_knockout(progressive_bounty=True))
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    await runner.rebuy(CAT)
    for _ in range(3):
        await fold_around(runner, clock)
    await runner.add_on(ANN)
    await runner.settled()
    progress = runner.desk.progress  # type: ignore[attr-defined]
    saved = (progress.rebuys, progress.add_ons, progress.bounties.heads, progress.prize_pool)
    assert saved == (1, {ANN}, {ANN: 20, BEN: 20, CAT: 40}, 4 * BUY_IN + ADD_ON_PRICE)
    await before.stop_all()

    after, outlets = registry(database, clock)
    (restored,) = await after.restore_all()
    again = restored.desk.progress  # type: ignore[attr-defined]
    assert (again.rebuys, again.add_ons, again.bounties.heads, again.prize_pool) == saved
    assert again.extras.progressive
    await restored.settled()
    assert "🎯 Bounties: Ann 20, Ben 20, Cat 40" in outlets[0].table.public_text()
    with pytest.raises(Refused) as twice:
        await restored.add_on(ANN)
    assert twice.value.message_key == "engine.add_on_taken"
    await play_to_the_end(restored, clock)
    assert (await ledger_sums(database))["tournament_bounty"] == 4 * BOUNTY
    await after.stop_all()
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_bust_in_the_rebuy_levels_rebuys_instead_of_being_placed(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, rebuy_knockout(level_hands=5))
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    busted: list[int] = []
    for _ in range(5):
        await heads_up_all_in(runner, clock)
        busted = [seat.player for seat in runner.table.seats.values() if seat.busted]
        if busted:
            break
    assert busted, "nobody busted in the rebuy levels"
    (out,) = busted
    name = NAMES[out]
    posts = outlet.posts()
    assert f"💸 {name} is out of chips and may rebuy until the end of the next hand." in posts
    assert any(post.startswith("🎯") and f"for {name}." in post for post in posts)
    assert not await database.fetch_value(
        "SELECT place FROM tournament_entries WHERE user_id = ?", (out,)
    )
    await deal_next(runner, clock)  # the next hand is dealt without the busted player
    assert runner.live is not None and out not in runner.live.deal.players
    await runner.rebuy(out)
    assert runner.table.seat_of(out).stack == 1000
    while runner.live is not None:
        await runner.act(to_act(runner), ActionRequest(Move.FOLD))
    await runner.settled()
    assert runner.table.is_seated(out) and not runner.table.seat_of(out).busted
    await play_to_the_end(runner, clock)
    rebuys = await database.fetch_value(
        "SELECT COUNT(*) FROM ledger WHERE kind = 'tournament_rebuy'"
    )
    assert (await ledger_sums(database))["tournament_bounty"] == (3 + int(rebuys)) * BOUNTY
    finished = await database.fetch_all("SELECT place FROM tournament_entries")
    assert sorted(row["place"] for row in finished) == [1, 2, 3]
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_bust_who_does_not_rebuy_is_placed_after_the_next_hand(
    database: Database,
) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet, rebuy_knockout(level_hands=5))
    await register(runner, {ANN: "Ann", BEN: "Ben", CAT: "Cat"})
    busted: list[int] = []
    for _ in range(5):
        await heads_up_all_in(runner, clock)
        busted = [seat.player for seat in runner.table.seats.values() if seat.busted]
        if busted:
            break
    (out,) = busted
    await fold_around(runner, clock)
    assert not runner.table.is_seated(out)
    assert f"{NAMES[out]} finishes 3rd of 3." in outlet.posts()
    assert (
        await database.fetch_value("SELECT place FROM tournament_entries WHERE user_id = ?", (out,))
        == 3
    )
    assert not await database.fetch_value("SELECT COUNT(*) FROM seats WHERE user_id = ?", (out,))
    with pytest.raises(NotSeated):
        await runner.rebuy(out)
    await play_to_the_end(runner, clock)
    await assert_chips_reconcile(database)
    await assert_audit_clean(database)


async def test_a_cash_table_has_no_rebuys(database: Database) -> None:
    clock, outlet = FakeClock(), RecordingOutlet()
    runner = await new_table(database, clock, outlet)
    await runner.join(ANN, "Ann", buy_in=500)
    for ask in (runner.rebuy(ANN), runner.add_on(ANN), runner.change_rebuy_options(CREATOR)):
        with pytest.raises(Refused) as refused:
            await ask
        assert refused.value.message_key == "engine.extras_tournament_only"
    assert await balance(database, ANN) == STARTING_CHIPS - 500
