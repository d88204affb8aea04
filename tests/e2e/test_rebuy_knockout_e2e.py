"""A rebuy sit-and-go with knockout bounties through the fake Discord and the
real bot: a member opens a tournament, sets rebuys, an add-on and bounties with
/poker rebuys, two members and a computer player register; a member rebuys and
another takes the add-on with the table message's buttons between hands, and
the computer player takes the add-on by itself, staked by the house bank; the
table is played to a winner; every bounty (three buy-ins and the rebuy) is paid
to the chip and the audit, run as the bot stops, is clean."""

from __future__ import annotations

import re
from pathlib import Path

from bot.render.custom_ids import seat_desk_button_id, table_button_id
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView

BUY_IN, BOUNTY, ADD_ON_PRICE = 100, 20, 50


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


def buttons_of(view: TableView) -> dict[str, str]:
    """The table message's buttons: custom id -> label."""
    message = view.table_message()
    found: dict[str, str] = {}
    stack = list(message.components) if message is not None else []
    while stack:
        component = stack.pop()
        stack.extend(component.get("components", ()))
        if component.get("custom_id"):
            found[str(component["custom_id"])] = str(component.get("label", ""))
    return found


async def test_a_rebuy_knockout_sit_and_go_with_members_and_a_computer_player(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=5, hand_pause_seconds=1.5
    ) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        opened = await ephemeral_answer(
            ann,
            "poker",
            "create",
            tournament=True,
            buy_in=BUY_IN,
            starting_stack=1000,
            level_hands=1,
            seats=3,
        )
        assert "tournament is open" in opened
        refused = await ephemeral_answer(ben, "poker", "rebuys", bounty=BOUNTY)
        assert "Only the player who opened" in refused
        saved = await ephemeral_answer(
            ann,
            "poker",
            "rebuys",
            rebuy_levels=2,
            add_on_price=ADD_ON_PRICE,
            add_on_chips=1500,
            bounty=BOUNTY,
        )
        assert saved.startswith("Saved. 🔁 This tournament has rebuys until the end of level 2")
        await ephemeral_answer(ben, "poker", "join")
        await ephemeral_answer(ann, "poker", "addbot")
        await ephemeral_answer(ann, "poker", "join")  # the last seat: it begins
        await croupier.settled()
        view = TableView(fake)
        message = view.table_message()
        assert message is not None
        assert "🔁 Rebuys until the end of level 2" in message.text()
        assert "🎯 Bounties: " in message.text() and f"Ann {BOUNTY}" in message.text()

        members = {"Ann": ann, "Ben": ben}
        wanted = {"rebuy": ann, "addon": ben}
        answers: dict[str, str] = {}
        after = None
        for _ in range(400):
            turn = view.turn()
            if turn is None:  # between hands: the rebuy and the add-on
                for action, member in list(wanted.items()):
                    custom_id = seat_desk_button_id(turn_table(view), action)
                    if custom_id not in buttons_of(view):
                        continue
                    reply = await member.click(custom_id=custom_id)
                    await reply.settled()
                    if "chips for" in reply.text:
                        answers[action] = reply.text
                        del wanted[action]
            turn = await view.next_turn(after, timeout=5.0)
            if turn is None:
                if await croupier.database.fetch_value("SELECT status FROM tables") == "closed":
                    break
                continue
            if turn.actor not in members:
                after = turn.key
                continue
            # Nobody shoves until the add-on has been taken: the rebuy levels play quietly.
            if not wanted and "allin" in turn.buttons:
                action = "allin"
            elif "check" in turn.buttons:
                action = "check"
            elif "call" in turn.buttons:
                action = "call"
            else:
                action = next(iter(turn.buttons))
            if "muck" in turn.buttons:
                action = "muck"
            custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
            await members[turn.actor].click(custom_id=custom_id)
            after = turn.key
        await croupier.settled()

        assert answers["rebuy"] == "You rebought: **1,000** chips for **100**."
        assert answers["addon"] == "Your add-on: **1,500** chips for **50**."
        texts = [m.text() for m in fake.messages(fake.channel)]
        assert "🔁 Ann rebuys: **1,000** chips for **100**." in texts
        assert "➕ Ben takes the add-on: **1,500** chips for **50**." in texts
        # The computer player takes the add-on in the last rebuy level too, staked
        # by the house bank (bot/tables/computer_seats.py, engine.chips_to_buy).
        assert "➕ Bot Ada takes the add-on: **1,500** chips for **50**." in texts
        staked = await croupier.database.fetch_all(
            "SELECT delta FROM ledger WHERE kind = 'house_stake' AND note LIKE 'tournament_add_on%'"
        )
        assert [row["delta"] for row in staked] == [-ADD_ON_PRICE]
        assert (
            "The tournament begins with 3 players. Prize pool **240**: 1st 240. Bounties: **60**."
            in texts
        )
        assert any("wins the tournament" in text for text in texts)
        # Two players knocked out and the winner's own: every bounty set aside
        # (three buy-ins and the rebuy, the busted rebuyer's worth two) is paid.
        paid = [text for text in texts if text.startswith("🎯")]
        assert len(paid) == 3
        amounts = [int(re.search(r"\*\*(\d+)\*\*", text)[1]) for text in paid]  # type: ignore[index]
        assert sum(amounts) == 4 * BOUNTY
        sums = {
            row["kind"]: int(row["total"])
            for row in await croupier.database.fetch_all(
                "SELECT kind, SUM(delta) AS total FROM ledger GROUP BY kind"
            )
        }
        assert sums["tournament_rebuy"] == -BUY_IN
        assert sums["tournament_add_on"] == -ADD_ON_PRICE
        # A member's bounty is a tournament_bounty row; a computer player's goes
        # back to the house bank (house_return), as its prizes do.
        assert 0 < sums["tournament_bounty"] <= 4 * BOUNTY
        assert await croupier.database.fetch_value("SELECT prize_pool FROM tables") == 0
        assert await croupier.database.fetch_value("SELECT status FROM tables") == "closed"


def turn_table(view: TableView) -> int:
    message = view.table_message()
    assert message is not None
    for custom_id in buttons_of(view):
        if custom_id.startswith("croupier:"):
            return int(custom_id.split(":")[2])
    raise AssertionError("the table message has no buttons")
