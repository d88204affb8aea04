"""The host's cash game through Discord (issue 28): three members play a cash
table, one tops up, one leaves, ``/poker ledger`` shows the night so far, and
closing the table posts the session ledger, whose figures are the database's.
And a night of session chips leaves every balance as it was."""

from __future__ import annotations

import re
from pathlib import Path

from bot.session_ledger import session_ledger
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.messages import StoredMessage
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table
from tests.e2e.table_view import TableView, layout_text
from tests.e2e.test_way_back_e2e import text_inputs

STARTING_CHIPS = 1_000


def ledger_posts(fake: FakeDiscord) -> list[StoredMessage]:
    return [m for m in fake.messages(fake.channel) if "Session ledger" in m.text()]


def nets_shown(text: str) -> dict[int, int]:
    """Each member's net as the ledger's text shows it: ``<@id> · ... · net **+1,234**``."""
    found = re.findall(r"<@(\d+)> · .*?net \*\*([+-]?[\d,]+)\*\*", text)
    return {int(uid): int(net.replace(",", "")) for uid, net in found}


async def test_a_cash_night_ends_with_the_session_ledger_posted(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=28) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        refused = await ann.slash("poker", "ledger")
        assert "no table in this channel" in refused.text, refused.text
        view = await open_table(fake, [ann, ben, cat], buy_in=400, rake=5.0, max_buy_in=3000)
        players = TablePlayers(fake, [ann, ben, cat], seed=4, top_up=400, view=view)
        await players.play_hands(3)

        # Chips are added between one's hands: Ben sits a hand out to top up.
        await (await ben.slash("poker", "sitout")).settled()
        await players.play_hands(1)
        topped = await ben.slash("poker", "topup", amount=300)
        await topped.settled()
        assert "You added **300** chips" in topped.text, topped.text
        await (await ben.slash("poker", "sitin")).settled()
        left = await cat.slash("poker", "leave")
        await left.settled()
        await players.play_hands(3)

        asked = await ben.slash("poker", "ledger")
        await asked.settled()
        assert asked.ephemeral and "Session ledger" in asked.text, asked.text
        print("\n--- /poker ledger, asked by Ben during the night ---\n" + asked.text)
        assert f"<@{cat.id}> · bought in **400** · cashed out" in asked.text, asked.text
        assert "at the table" in asked.text
        dan = fake.add_member("Dan")  # watching, not seated: may read it too
        watched = await dan.slash("poker", "ledger")
        await watched.settled()
        assert watched.ephemeral and "Session ledger" in watched.text, watched.text

        await players.close_table(ann)
        await fake.wait_for(lambda: ledger_posts(fake), 10)
        posted = ledger_posts(fake)[-1].text()
        print("\n--- the session ledger posted at closing ---\n" + posted)

        table_id = await croupier.database.fetch_value("SELECT id FROM tables")
        ledger = await session_ledger(croupier.database, table_id)
        assert ledger.balanced and ledger.rake > 0
        assert f"The house · rake **{ledger.rake:,}**" in posted
        shown = nets_shown(posted)
        assert set(shown) == {ann.id, ben.id, cat.id}
        for member in (ann, ben, cat):
            balance = await croupier.database.fetch_value(
                "SELECT chips FROM balances WHERE user_id = ?", (member.id,)
            )
            assert shown[member.id] == balance - STARTING_CHIPS, (member.name, posted)
        assert sum(shown.values()) + ledger.rake == 0
        ben_line = next(line for line in ledger.lines if line.user_id == ben.id)
        assert ben_line.topped_up >= 300
        assert f"topped up **{ben_line.topped_up:,}**" in posted


async def test_a_night_of_session_chips_leaves_every_balance_alone(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=29) as croupier:
        ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
        await (await ann.slash("balance")).settled()  # Ann has a balance from before
        created = await ann.slash("poker", "session_chips", session_chips=1500)
        await created.settled()
        assert "session chips: everyone sits with **1,500**" in created.text, created.text
        joined = await ann.slash("poker", "join")
        await joined.settled()
        assert "with **1,500** session chips; your balance is untouched" in joined.text
        # The waiting table's Sit down form offers the night's stack, whatever the
        # balance (Ben's would be 1,000): session chips are not paid for.
        waiting = TableView(fake).table_message()
        assert waiting is not None and "Sit down" in layout_text(waiting)
        opened = await ben.click("Sit down", message=waiting.id)
        assert opened.modal is not None, opened.text
        assert "Session chips: everyone sits with 1,500." in str(opened.modal), opened.modal
        assert text_inputs(opened.modal)["buy_in"] == "1500"
        seated = await ben.submit_modal({"buy_in": "1500"})
        await seated.settled()
        assert "with **1,500** session chips; your balance is untouched" in seated.text
        joined = await cat.slash("poker", "join")
        await joined.settled()
        assert "with **1,500** session chips" in joined.text, joined.text
        players = TablePlayers(fake, [ann, ben, cat], seed=6, top_up=1500, style=CALLING_STATION)
        await fake.wait_for(lambda: players.view.turn() is not None)
        shown = players.view.table_message()
        assert shown is not None and "Session chips: **1,500** each" in shown.text(), shown.text()
        print("\n--- the table message of the night ---\n" + shown.text())
        await players.play_hands(4)
        await players.close_table(ann)
        await fake.wait_for(lambda: ledger_posts(fake), 10)
        posted = ledger_posts(fake)[-1].text()
        print("\n--- the session-chips ledger posted at closing ---\n" + posted)
        assert "Session ledger · session chips" in posted
        assert "no balance changed" in posted
        shown = nets_shown(posted)
        assert set(shown) == {ann.id, ben.id, cat.id} and sum(shown.values()) == 0
        balances = await croupier.database.fetch_all("SELECT user_id, chips FROM balances")
        assert [(row["user_id"], row["chips"]) for row in balances] == [(ann.id, STARTING_CHIPS)]
        kinds = await croupier.database.fetch_all("SELECT kind FROM ledger")
        assert [row["kind"] for row in kinds] == ["starting_grant"]
