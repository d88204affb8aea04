"""The chip ledger's invariants, checked after tables have played."""

from __future__ import annotations

import json

from bot.database import Database


async def assert_chips_reconcile(database: Database) -> None:
    """Every chip is somewhere: balances + cash seats + carried jackpots + prize
    pools + rake + house banks == what was granted,
    and each balance is the sum of its ledger rows."""
    granted = await database.fetch_value(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger"
        " WHERE kind IN ('starting_grant', 'daily', 'admin_grant')"
    )
    rake = await database.fetch_value(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'rake'"
    )
    balances = await database.fetch_value("SELECT COALESCE(SUM(chips), 0) FROM balances")
    # A tournament's seats hold tournament chips; its buy-ins are in its prize pool.
    stacks = await database.fetch_value(
        "SELECT COALESCE(SUM(stack), 0) FROM seats"
        " JOIN tables ON tables.id = seats.table_id WHERE tables.tournament = 0"
    )
    carried = await database.fetch_value("SELECT COALESCE(SUM(carried_pot), 0) FROM tables")
    pools = await database.fetch_value("SELECT COALESCE(SUM(prize_pool), 0) FROM tables")
    # The house banks stake computer players: below zero by what they put in play.
    banks = await database.fetch_value("SELECT COALESCE(SUM(chips), 0) FROM house_banks")
    assert balances + stacks + carried + pools + rake + banks == granted
    mismatched = await database.fetch_all(
        "SELECT b.user_id FROM balances b LEFT JOIN ledger l"
        " ON l.guild_id = b.guild_id AND l.user_id = b.user_id"
        " GROUP BY b.guild_id, b.user_id HAVING SUM(l.delta) IS DISTINCT FROM b.chips"
    )
    assert not mismatched
    nets = await database.fetch_all(
        "SELECT hand_id, SUM(net) AS net FROM hand_players GROUP BY hand_id"
    )
    for row in nets:
        hand_rake = await database.fetch_value(
            "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'rake' AND hand_id = ?",
            (row["hand_id"],),
        )
        # Jackpots: a hand may take in a pot carried from the last deal and leave
        # one for the next.
        hand = await database.fetch_one(
            "SELECT initial, result FROM hands WHERE id = ?", (row["hand_id"],)
        )
        assert hand is not None
        carried_in = json.loads(hand["initial"])["deal"]["setup"].get("carried_pot", 0)
        carried_out = json.loads(hand["result"] or "{}").get("carried_over", 0)
        assert row["net"] == -hand_rake + carried_in - carried_out
