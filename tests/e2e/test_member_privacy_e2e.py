"""/privacy through the real client and the fake Discord: a member reads what the
bot keeps about them, asks to be forgotten and confirms, and is gone from the
leaderboards while the audit still counts every chip; a member who manages the
server forgets someone who left, and nobody else may."""

from __future__ import annotations

import json
from pathlib import Path

from tests.audited import assert_audit_clean
from tests.e2e.fake_discord import FakeDiscord, permissions
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table


async def test_a_member_reads_their_records_and_is_forgotten_after_confirming(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4) as croupier:
        ann, ben = fake.add_member("Annika"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
        await players.play_hands(2)

        shown = await ann.slash("privacy", "show")
        assert shown.ephemeral
        assert "2 hand(s) played" in shown.text, shown.text
        records = json.loads(shown.text.split("[croupier-data.json]\n", 1)[1])
        assert records["user_id"] == str(ann.id) and len(records["hands"]) == 2

        seated = await ann.slash("privacy", "forget")
        refused = await ann.click("Forget me", message=seated.message)
        assert "leave there first" in refused.text, refused.text

        await players.close_table(ann)  # everyone cashed out
        asked = await ann.slash("privacy", "forget")
        assert "cannot be undone" in asked.text
        done = await ann.click("Forget me", message=asked.message)
        assert "no longer knows you" in done.text, done.text

        again = await ann.slash("privacy", "show")
        assert "0 hand(s) played" in again.text, again.text
        board = await ben.slash("leaderboard", by="chips")
        await board.settled()
        assert str(ann.id) not in board.text and str(ben.id) in board.text
        async with croupier.database.transaction() as tx:
            stored = [
                str(row[0])
                for row in await tx.fetch_all("SELECT phh FROM hands WHERE phh IS NOT NULL")
            ]
        assert stored and not any("Annika" in text for text in stored)
        await assert_audit_clean(croupier.database)


async def test_only_a_manager_forgets_a_member_and_only_once_they_left(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=4) as croupier:
        ann, ben, cat = fake.add_member("Ann"), fake.add_member("Ben"), fake.add_member("Cat")
        managers = fake.add_role("Managers", permissions.MANAGE_GUILD | permissions.MANAGE_CHANNELS)
        fake.give_role(cat, managers)
        view = await open_table(fake, [ann, ben])
        players = TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view)
        await players.play_hands(1)

        by_ben = await ben.slash("privacy", "forget_member", user=ann)
        assert "Only members who can manage this server" in by_ben.text, by_ben.text
        too_soon = await cat.slash("privacy", "forget_member", user=ann)
        assert "still a member of this server" in too_soon.text, too_soon.text
        await players.close_table(ann)
        fake.remove_member(ann)
        done = await cat.slash("privacy", "forget_member", user=ann)
        await done.settled()
        assert "that member's id and name are gone" in done.text, done.text
        assert not await croupier.database.fetch_value(
            "SELECT COUNT(*) FROM hand_players WHERE user_id = ?", (ann.id,)
        )
        await assert_audit_clean(croupier.database)
