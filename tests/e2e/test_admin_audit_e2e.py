"""/admin audit: the owner audits the running bot's database while a table plays,
and is told of a discrepancy; nobody else may run it, not even another server
administrator (Discord offers /admin only to administrators)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table


async def test_the_owner_audits_a_table_in_play_and_sees_a_discrepancy(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        administrators = fake.add_role("Administrators", permissions.ADMINISTRATOR)
        fake.give_role(ann, administrators)
        fake.give_role(ben, administrators)
        croupier.bot.owner_id = ann.id
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(2)

        clean = await ann.slash("admin", "audit")
        await clean.settled()
        assert clean.ephemeral
        assert "The audit is clean" in clean.text, clean.text
        assert "finished hand(s) replay to their recorded results" in clean.text

        refused = await ben.slash("admin", "audit")
        assert "Only the bot's owner" in refused.text

        async with croupier.database.transaction() as tx:  # a chip from nowhere
            await tx.execute("UPDATE balances SET chips = chips + 1 WHERE user_id = ?", (ben.id,))
        found = await ann.slash("admin", "audit")
        await found.settled()
        assert "found **2** problem(s)" in found.text, found.text
        assert f"user {ben.id}: balance" in found.text
        async with croupier.database.transaction() as tx:  # put it back for the final audit
            await tx.execute("UPDATE balances SET chips = chips - 1 WHERE user_id = ?", (ben.id,))
