"""The seeds' remaining games at a Discord table, through the fake Discord and
the real bot: a member opens a table of Manila, Double Texas Hold'em, either
double-board Hold'em or short deck with a straight over three of a kind with
/poker create, two members play whole hands by clicking the table's buttons,
and the table message, the results and the hand log show that game. The
audit runs as the bot stops."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.render.custom_ids import table_button_id
from engine.variants import VARIANTS
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, Turn, layout_text

HANDS = 2
#: Discord's component type of a select menu of strings.
SELECT_MENU = 3


async def ephemeral_answer(member: Member, *words: str, **options: object) -> str:
    reply = await member.slash(*words, **options)
    await reply.settled()
    assert reply.ephemeral, reply
    return reply.text


def description_of(view: TableView, turn: Turn) -> str:
    """The table message ``turn`` was read from, as its embed's description."""
    return layout_text(view.fake.state.messages[turn.message_id])


async def play_to_the_end(
    view: TableView, by_name: dict[str, Member], after: Turn | None
) -> tuple[Turn, list[str]]:
    """Check or call every decision of the next hand until its result is
    posted: the last turn, and every table message description seen."""
    seen: list[str] = []
    turn = await view.next_turn(None if after is None else after.key)
    assert turn is not None, "a hand was dealt"
    hand_no = turn.hand_no
    while True:
        seen.append(description_of(view, turn))
        if "discard" in turn.buttons:
            await set_point_card(view.fake, turn, by_name[turn.actor])
        else:
            action = "muck" if "muck" in turn.buttons else "call"  # muck: the showdown
            assert action in turn.buttons, turn.buttons
            custom_id = table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
            await by_name[turn.actor].click(custom_id=custom_id)
        following = await view.next_turn(turn.key, timeout=3.0)
        if following is None or following.hand_no != hand_no:
            await view.fake.wait_for(lambda: hand_no in view.results())
            return turn, seen
        turn = following


async def set_point_card(fake: FakeDiscord, turn: Turn, member: Member) -> None:
    """Double Hold'em: open the menu only the player sees and set the first of
    their three cards as the point card."""
    assert turn.buttons["discard"] == "Point card…"
    opened = await member.click(
        custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "discard"),
        message=turn.message_id,
    )
    menu = opened.message
    assert menu is not None and menu.ephemeral
    assert "Choose your point card" in menu.text()
    (select,) = [c for c in menu.all_components() if c.get("type") == SELECT_MENU]
    options = [str(option["value"]) for option in select.get("options", [])]
    assert len(options) == 3 and select.get("max_values") == 1
    chosen = await member.select("Your point card", options[:1], message=menu)
    await chosen.settled()
    messages = fake.state.messages

    def answered() -> bool:
        return "Your point card is set" in messages[menu.id].text()

    await fake.wait_for(answered)


@pytest.mark.parametrize("code", ["FM", "NDT", "NDB", "NDBA", "NSS"])
async def test_a_new_game_is_opened_by_command_and_played_to_the_showdown(
    fake_discord: FakeDiscord, tmp_path: Path, code: str
) -> None:
    fake = fake_discord
    name = VARIANTS[code].name
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=11) as croupier:
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        opened = await ephemeral_answer(
            ann, "poker", "create", variant=code, small_blind=5, big_blind=10, min_buy_in=100
        )
        assert f"A table of {name} (5/10" in opened, opened
        for member in (ann, ben):
            joined = await ephemeral_answer(member, "poker", "join", buy_in=500)
            assert "You sit in seat" in joined
        view = TableView(fake)
        by_name = {member.name: member for member in (ann, ben)}
        last: Turn | None = None
        descriptions: list[str] = []
        played = 0
        while played < HANDS or (code == "NDB" and not split_boards(view) and played < 8):
            # Double-board, each half: on until a hand whose boards went apart.
            last, seen = await play_to_the_end(view, by_name, last)
            descriptions += seen
            played += 1
        assert len(view.results()) == played
        if VARIANTS[code].boards == 2:
            # Both boards are on the table message once the flop is out.
            assert any("Board 1:" in text and "Board 2:" in text for text in descriptions)
        if code == "NDB":
            assert split_boards(view)
        if code == "NDT":
            # Everyone sets a point card after the flop, as the table says.
            assert any("Still to set a point card:" in text for text in descriptions)
            assert any("sets a point card" in text for text in descriptions)
        closed = await ann.slash("poker", "close")
        await closed.settled()
        await croupier.settled()
        hands = await croupier.database.fetch_all(
            "SELECT variant FROM hands WHERE status = 'finished' ORDER BY hand_no"
        )
        assert [row["variant"] for row in hands] == [code] * played


def split_boards(view: TableView) -> bool:
    """Whether a posted result gives the two boards' halves of a pot."""
    text = " ".join(message.text() for message in view.results().values())
    return "board 1's half" in text and "board 2's half" in text
