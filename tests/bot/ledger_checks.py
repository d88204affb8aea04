"""The chip ledger's invariants, checked after tables have played."""

from __future__ import annotations

from bot.database import Database


async def assert_chips_reconcile(database: Database) -> None:
    """Every chip is somewhere: balances + seats + rake == what was granted,
    and each balance is the sum of its ledger rows."""
    granted = await database.fetch_value(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger"
        " WHERE kind IN ('starting_grant', 'daily', 'admin_grant')"
    )
    rake = await database.fetch_value(
        "SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE kind = 'rake'"
    )
    balances = await database.fetch_value("SELECT COALESCE(SUM(chips), 0) FROM balances")
    stacks = await database.fetch_value("SELECT COALESCE(SUM(stack), 0) FROM seats")
    assert balances + stacks + rake == granted
    mismatched = await database.fetch_all(
        "SELECT b.user_id FROM balances b LEFT JOIN ledger l"
        " ON l.guild_id = b.guild_id AND l.user_id = b.user_id"
        " GROUP BY b.guild_id, b.user_id HAVING SUM(l.delta) IS NOT b.chips"
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
        assert row["net"] == -hand_rake
