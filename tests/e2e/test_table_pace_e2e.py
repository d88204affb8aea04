"""A table keeps a pleasant pace under Discord's real channel limits.

Discord lets a bot post 5 messages and make 5 edits per channel every 5
seconds. Players who act every couple of seconds, with the bot's pause
between hands, must never have the table wait for Discord: no bucket runs
dry, no request is refused. Under a burst no human makes (actions at machine
speed), the limits do bite, the bot keeps to them without a single 429, and
the table still ends showing its latest state. Time here is the fake's rate
clock, which runs faster than the wall clock so that Discord's seconds pass
quickly; the players' pace is set in Discord's seconds.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import open_table, table_button_id

#: Seconds, on Discord's clock, a player takes to act.
HUMAN_PACE = 2.0
HANDS = 3
#: The rate clock of the human-pace test (Discord's seconds pass 25 times as fast),
#: and of the burst, slow enough that no machine is too slow to burst.
PACE_RATE_CLOCK = 25.0
BURST_RATE_CLOCK = 2.0


async def test_players_acting_every_two_seconds_never_make_the_table_wait(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.rate_limits.time_scale = PACE_RATE_CLOCK
    pause = HUMAN_PACE / fake.rate_limits.time_scale
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=12, hand_pause_seconds=1
    ) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben", "Cat")}
        view = await open_table(fake, list(members.values()))
        posts_before, edits_before = channel_writes(fake)
        clicks = 0
        last = None
        while len(view.results()) < HANDS:
            turn = await view.next_turn(last)
            assert turn is not None, "the table stopped"
            await asyncio.sleep(pause)  # the player reads the table, then acts
            action = "call" if "call" in turn.buttons else "fold"
            if "muck" in turn.buttons:  # the showdown: a hand that cannot win
                action = "muck"
            await members[turn.actor].click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, action),
                message=turn.message_id,
            )
            clicks += 1
            last = turn.key
        await croupier.settled()

        assert fake.rate_limits.exhausted == [], "the table had to wait for Discord"
        assert [
            r for r in fake.rate_limits.refused if "/channels/" in r and "global" not in r
        ] == []
        posts, edits = channel_writes(fake)
        # Per hand a result and a new table message; per action one edit, and a
        # few per hand (blinds posted, the hand ending).
        assert posts - posts_before <= 2 * (HANDS + 1)
        assert edits - edits_before <= clicks + 3 * (HANDS + 1)


def channel_writes(fake: FakeDiscord) -> tuple[int, int]:
    """Messages posted to and edited in the table's channel so far."""
    prefix = f"/api/v10/channels/{fake.channel.id}/messages"
    posts = sum(1 for r in fake.rest.requests if r == f"POST {prefix}")
    edits = sum(1 for r in fake.rest.requests if r.startswith(f"PATCH {prefix}/"))
    return posts, edits


async def test_a_burst_no_human_makes_is_held_back_without_a_single_429(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=13) as croupier:
        members = {name: fake.add_member(name) for name in ("Ann", "Ben")}
        view = await open_table(fake, list(members.values()))
        fake.rate_limits.time_scale = BURST_RATE_CLOCK  # 5 edits per 2.5 s of wall clock
        last = None
        while len(view.results()) < 1:
            turn = await view.next_turn(last)
            assert turn is not None, "the table stopped"
            if "muck" in turn.buttons:  # the showdown: a hand that cannot win
                await members[turn.actor].slash("poker", "muck")
            else:
                action = "check" if turn.buttons.get("call") == "Check" else "call"
                await members[turn.actor].slash(action)
            last = turn.key
        await croupier.settled()
        runner = croupier.bot.tables.runners[0]

        assert fake.rate_limits.exhausted, "the burst never met Discord's limits"
        assert [
            r for r in fake.rate_limits.refused if "/channels/" in r and "global" not in r
        ] == []
        turn = view.turn()
        live = runner.live
        assert live is not None and turn is not None
        assert turn.key == (live.hand_no, len(live.hand.actions))
