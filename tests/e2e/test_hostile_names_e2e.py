"""Hostile display names read as names, everywhere the bot shows them.

Members whose names are markdown (a masked link, a heading, bold, a spoiler,
subtext), mentions (@everyone, a user mention) and invisible characters (a
bidi override, a zero-width space) play a cash table and a tournament to its
winner and read /stats. Every message a watching member saw is checked: no
name turned into a link, a heading, bold text, a spoiler, a ping or reversed
text, and each message said who may be pinged (nobody) itself, not only
through the client's default.
"""

from __future__ import annotations

from pathlib import Path

from bot.render.custom_ids import table_button_id
from bot.render.names import shown_name
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView

LINK = "[FREE](https://evil.example/x)"
HEADING = "# HEADING"
BOLD = "**x**"
EVERYONE = "@everyone"
SPOILER = "||gone||"
SUBTEXT = "-# small"
MENTION = "<@123456789012345678>"
BIDI = "Ann\u202eeviL"
ZERO_WIDTH = "Ben\u200bny"


async def shove_until_done(fake: FakeDiscord, members: list[Member], hands: int) -> None:
    """Everyone goes all in (or calls) until no turn comes or ``hands`` results are in."""
    by_shown = {shown_name(member.name): member for member in members}
    view, after = TableView(fake), None
    while len(view.results()) < hands:
        turn = await view.next_turn(after, timeout=5.0)
        if turn is None:
            return
        action = "allin" if "allin" in turn.buttons else "call"
        if "muck" in turn.buttons:  # the showdown: a hand that cannot win
            action = "muck"
        custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
        (actor,) = [
            member
            for shown, member in by_shown.items()
            if shown == turn.actor or shown.startswith(turn.actor.removesuffix("…"))
        ]
        await actor.click(custom_id=custom_id)
        after = turn.key


async def test_hostile_names_are_shown_as_names(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=11) as croupier:
        # Only each message's own allowed_mentions may keep pings off.
        croupier.bot.allowed_mentions = None
        zed = fake.add_member("Zed")  # watches
        cash = [fake.add_member(name) for name in (SPOILER, SUBTEXT, BIDI, ZERO_WIDTH)]
        created = await cash[0].slash("poker", "create", seats=4)
        await created.settled()
        for member in cash:
            await (await member.slash("poker", "join", buy_in=200)).settled()
        await shove_until_done(fake, cash, 3)
        await (await cash[0].slash("poker", "close")).settled()

        tourney = [fake.add_member(name) for name in (LINK, HEADING, BOLD, EVERYONE, MENTION)]
        opened = await tourney[0].slash(
            "poker", "create", tournament=True, buy_in=10, starting_stack=100, level_hands=1,
            seats=5,
        )  # fmt: skip
        await opened.settled()
        for member in tourney:
            await (await member.slash("poker", "join")).settled()
        await shove_until_done(fake, tourney, 40)
        await croupier.settled()
        stats = await (await zed.slash("stats", user=tourney[2].id)).settled()
        stats_title = str(stats.embeds[0].get("title"))

    seen = fake.seen_text(zed)
    assert "wins the tournament" in seen and "finishes" in seen, "the tournament ended"
    for raw in (LINK, BOLD, EVERYONE, SPOILER, MENTION, "](https://", "\u202e", "\u200bny"):
        assert raw not in seen, f"{raw!r} reached a message as it was typed"
    lines = [line.strip() for line in seen.splitlines()]
    # The table message's headings and small type are the bot's own ("## Board: …",
    # "-# No-limit Texas Hold'em · 5/10"); a name never starts one, nor one inside them.
    headings = [
        line
        for line in lines
        if line.startswith((HEADING, SUBTEXT))
        or line.lstrip("#").removeprefix("-#").lstrip().startswith(("# ", "-# "))
    ]
    assert not headings, "a heading"
    for escaped in ("\\[FREE\\]", "\\# HEADING", "\\*\\*x\\*\\*", "\\|\\|gone\\|\\|", "AnneviL"):
        assert escaped in seen, f"{escaped!r}: the name is shown, escaped"
    assert stats_title.endswith("\\*\\*x\\*\\*"), stats_title
    public = [m for m in fake.messages(fake.channel) if not m.ephemeral]
    assert public and all(m.allowed_mentions == {"parse": []} for m in public), [
        m.allowed_mentions for m in public if m.allowed_mentions != {"parse": []}
    ]
