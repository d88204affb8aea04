"""Click to table update with turn notices off, by mention and by DM, under
Discord's rate limits: ``python -m bench.turn_notices [--hands 4] [--variant F7S]``.

The same scripted evening is played once per notice choice against the fake
Discord (tests/e2e/fake_discord) with Discord's rate limits at real speed (the
rate clock at 1: five posts and five edits per channel per five seconds):
three players at a no-limit hold'em table (5/10, two seconds between hands,
the same shuffles every run), each checking or calling every turn. Ann and
Ben chose the run's notice (``none``, ``mention`` or ``dm``), Cat nothing.
A player acts 0.2 s after their turn is shown, except Ann's and Ben's first
turn of every hand, taken 2.5 s later: they look away, past the away delay
(set to 1.5 s here, 8 s by default, so the run stays short), so the notice
is due then.

Measured for every click: the time from the click to the table message
showing it (the message's next version in the fake, whether the click's own
answer carried the edit or an edit of its own did). Counted over the
evening: the messages the bot created in the channel, and by DM, per hand;
the pings posted and deleted.

A one-hand evening is played first and not counted: the process's first
showdown picture, fonts and connections cost the first run about half a second
otherwise, whichever notice it plays. Prints one JSON line per run, then the
runs side by side. The goal (issue
23): max under 1.5 s in all three runs, and no p99 difference beyond noise.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, Turn

MODES = ("none", "mention", "dm")
#: How long a player takes for a turn, and for the first turn of a hand they look away at.
QUICK_SECONDS = 0.2
AWAY_PAUSE_SECONDS = 2.5
#: The bot's away delay in this run (the default is 8 s).
AWAY_SECONDS = 1.5
HAND_PAUSE_SECONDS = 2
DECK_SEED = 23


@dataclasses.dataclass
class Evening:
    mode: str
    hands: int
    latencies: list[float]
    channel_messages: int
    dms_sent: int
    dm_edits: int
    pings: int
    pings_deleted: int
    seconds: float

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)

        def at(q: float) -> float:
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

        return {
            "mode": self.mode,
            "hands": self.hands,
            "clicks": len(ordered),
            "p50_ms": round(statistics.median(ordered) * 1000, 1),
            "p99_ms": round(at(0.99), 1),
            "max_ms": round(ordered[-1] * 1000, 1),
            "channel_messages_per_hand": round(self.channel_messages / self.hands, 2),
            "dms_per_hand_per_player": round(self.dms_sent / (self.hands * 3), 2),
            "dm_edits": self.dm_edits,
            "pings": self.pings,
            "pings_deleted": self.pings_deleted,
            "seconds": round(self.seconds, 1),
        }


def action_of(turn: Turn) -> str:
    for action in ("call", "bringin", "muck", "show"):
        if action in turn.buttons:
            return action
    return next(iter(turn.buttons))


async def play_evening(mode: str, hands: int, directory: Path, variant: str = "NT") -> Evening:
    async with FakeDiscord() as fake:
        fake.rate_limits.time_scale = 1.0  # Discord's limits at Discord's speed
        async with running_croupier(
            fake,
            directory / f"{mode}-{hands}.db",
            deck_seed=DECK_SEED,
            hand_pause_seconds=HAND_PAUSE_SECONDS,
        ) as croupier:
            services = croupier.bot.tables.services
            if hasattr(services, "away_seconds"):
                croupier.bot.tables.services = dataclasses.replace(
                    services, away_seconds=AWAY_SECONDS
                )
            ann, ben, cat = (fake.add_member(name) for name in ("Ann", "Ben", "Cat"))
            members = {member.name: member for member in (ann, ben, cat)}
            for member in (ann, ben):
                await (await member.slash("poker", "notify", setting=mode)).settled()
            created = await ann.slash(
                "poker", "create", variant=variant, small_blind=5, big_blind=10
            )
            await created.settled()
            for member in (ann, ben, cat):
                await (await member.slash("poker", "join", buy_in=1000)).settled()
            view = TableView(fake)
            channel = fake.channel.id
            before = {m.id for m in fake.state.messages.values()}
            started = time.monotonic()
            latencies: list[float] = []
            looked_away: set[tuple[int, str]] = set()
            last: tuple[int, int] | None = None
            while len(view.results()) < hands:
                turn = await view.next_turn(last, timeout=30)
                if turn is None:
                    raise RuntimeError(f"no turn came after {last} ({mode})")
                last = turn.key
                member: Member = members[turn.actor]
                pause = QUICK_SECONDS
                if member is not cat and (turn.hand_no, member.name) not in looked_away:
                    looked_away.add((turn.hand_no, member.name))
                    pause = AWAY_PAUSE_SECONDS
                await asyncio.sleep(pause)
                message = fake.state.messages[turn.message_id]
                version = message.version
                custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action_of(turn))
                clicked = time.monotonic()
                await member.click(custom_id=custom_id, message=turn.message_id, wait=False)
                await fake.wait_for(lambda m=message, v=version: m.version > v, timeout=30)
                latencies.append(time.monotonic() - clicked)
            seconds = time.monotonic() - started
            created = [m for m in fake.state.messages.values() if m.id not in before]
            in_channel = [m for m in created if m.channel_id == channel and m.kind == "channel"]
            dms = [m for m in created if m.kind == "dm"]
            pings = [m for m in in_channel if "it is your turn" in m.content]
            return Evening(
                mode,
                hands,
                latencies,
                channel_messages=len(in_channel),
                dms_sent=len(dms),
                dm_edits=sum(m.version - 1 for m in dms),
                pings=len(pings),
                pings_deleted=sum(1 for m in pings if m.deleted),
                seconds=seconds,
            )


def side_by_side(rows: list[dict[str, Any]]) -> str:
    columns = (
        ("mode", "notices"),
        ("p50_ms", "p50 ms"),
        ("p99_ms", "p99 ms"),
        ("max_ms", "max ms"),
        ("channel_messages_per_hand", "channel msgs/hand"),
        ("dms_per_hand_per_player", "DMs/hand/player"),
        ("pings", "pings"),
        ("pings_deleted", "deleted"),
        ("clicks", "clicks"),
    )
    widths = [max(len(title), *(len(str(row[key])) for row in rows)) for key, title in columns]
    lines = [" | ".join(title.ljust(w) for (_, title), w in zip(columns, widths, strict=True))]
    lines.append("-+-".join("-" * w for w in widths))
    for row in rows:
        cells = (str(row[key]).ljust(w) for (key, _), w in zip(columns, widths, strict=True))
        lines.append(" | ".join(cells))
    return "\n".join(lines)


async def main(hands: int, modes: tuple[str, ...], variant: str) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        await play_evening("none", 1, Path(directory))  # not counted: the warm-up
        for mode in modes:
            evening = await play_evening(mode, hands, Path(directory), variant)
            row = evening.summary()
            print(json.dumps(row), flush=True)
            rows.append(row)
    print()
    print(side_by_side(rows))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--variant", default="NT", help="the game's code (F7S: seven card stud)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.hands, tuple(arguments.modes.split(",")), arguments.variant))
