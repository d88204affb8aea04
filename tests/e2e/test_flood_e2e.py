"""A member who floods the bot is told to slow down, and nobody else is.

Ann sends sixty /history at once, then thirty /balance, then clicks "My cards"
forty times: every request is answered (Discord would otherwise show her a
failure), only as many are served as her cooldowns allow, and the rest say
"slow down". Ben, at the same table, uses the same commands and buttons in the
middle of her flood and is served every time.
"""

from __future__ import annotations

from pathlib import Path

from bot.cooldowns import reads_limit
from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Reply
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import CALLING_STATION, TablePlayers, open_table

SLOW_DOWN = "Slow down a little: try again in"
#: The default of CROUPIER_FLOOD_LIMIT (the other end-to-end tests play at machine speed
#: with the limits off).
LIMIT = 20


async def answers(replies: list[Reply]) -> list[str]:
    for reply in replies:
        await reply.answered(10.0)
        await reply.settled()
    return [reply.text for reply in replies]


async def test_a_flooding_member_is_slowed_down_and_nobody_else(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", flood_limit=LIMIT) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        view = await open_table(fake, [ann, ben])
        await TablePlayers(fake, [ann, ben], style=CALLING_STATION, view=view).play_hands(2)
        await croupier.settled()

        flood = [await ann.slash("history", wait=False) for _ in range(60)]
        meanwhile = await ben.slash("history")
        await meanwhile.settled()
        texts = await answers(flood)
        served = [text for text in texts if not text.startswith(SLOW_DOWN)]
        assert len(texts) == 60, "every request was answered"
        assert len(served) == reads_limit(LIMIT), texts[:8]
        assert all(".phh" in text for text in served)
        assert meanwhile.ephemeral and ".phh" in meanwhile.text, meanwhile.text

        balances = await answers([await ann.slash("balance", wait=False) for _ in range(30)])
        assert all(text.startswith(SLOW_DOWN) for text in balances), "her budget is spent"
        bens = await ben.slash("balance")
        assert bens.text.startswith("You have"), bens.text

        turn = await view.next_turn()
        assert turn is not None
        cards = table_button_id(turn.table_id, turn.hand_no, turn.seq, "cards")
        clicks = await answers(
            [await ann.click(custom_id=cards, wait=False) for _ in range(LIMIT + 20)]
        )
        shown = [text for text in clicks if not text.startswith(SLOW_DOWN)]
        # Her clicks while playing count too: at most her budget was served.
        assert 0 < len(shown) <= LIMIT < len(clicks)
        assert all("Your cards" in text for text in shown)
        bens_cards = await ben.click(custom_id=cards)
        assert "Your cards" in bens_cards.text, bens_cards.text
