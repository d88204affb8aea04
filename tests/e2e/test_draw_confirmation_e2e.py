"""A draw's confirmation shows the drawer's whole new hand at once.

Two members play deuce-to-seven triple draw through the fake Discord. The
replacements are dealt once the whole table has drawn, so the first drawer's
answer must never show a partial hand (three cards of five): it says the new
hand will show there, and once the other player has drawn it shows all five
cards, the ones kept and the ones drawn, as the player's card emojis.
"""

from __future__ import annotations

from pathlib import Path

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Member
from tests.e2e.privacy import CardReader, cards_in
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_view import TableView, Turn

#: Discord's component type of a select menu of strings.
SELECT_MENU = 3


async def open_draw_menu(member: Member, turn: Turn) -> tuple[int, str, list[str]]:
    """Click Draw: the menu's message id, its select's custom id and the card values."""
    opened = await member.click(
        custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "discard"),
        message=turn.message_id,
    )
    menu = opened.message
    assert menu is not None and menu.ephemeral
    (select,) = [c for c in menu.all_components() if c.get("type") == SELECT_MENU]
    return menu.id, str(select["custom_id"]), [str(o["value"]) for o in select["options"]]


async def test_the_first_drawer_sees_the_whole_new_hand_once_it_is_dealt(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=5) as croupier:
        assert croupier.bot.card_emojis.task is not None
        await croupier.bot.card_emojis.task  # cards are emojis from here on
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        created = await ann.slash(
            "poker", "create", variant="F2L3D", small_blind=5, big_blind=10, min_buy_in=100
        )
        await created.settled()
        for member in (ann, ben):
            await (await member.slash("poker", "join", buy_in=500)).settled()
        view = TableView(fake)
        by_name = {"Ann": ann, "Ben": ben}
        turn = await view.next_turn()
        assert turn is not None
        while "discard" not in turn.buttons:  # call and check to the first draw
            action = "call"
            await by_name[turn.actor].click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, action)
            )
            following = await view.next_turn(turn.key)
            assert following is not None and following.hand_no == turn.hand_no
            turn = following

        first = by_name[turn.actor]
        menu_id, select_id, cards = await open_draw_menu(first, turn)
        assert len(cards) == 5
        drawn = await first.select(select_id, cards[:2], message=menu_id)
        await drawn.settled()
        messages = fake.state.messages
        soon = "Your new hand shows here as soon as everyone has drawn."
        await fake.wait_for(lambda: soon in messages[menu_id].text())
        waiting = messages[menu_id].text()
        assert not cards_in(waiting, CardReader(fake)), "no partial hand"

        second_turn = await view.next_turn(turn.key)
        assert second_turn is not None and "discard" in second_turn.buttons
        second = by_name[second_turn.actor]
        assert second is not first
        second_menu, second_select, second_cards = await open_draw_menu(second, second_turn)
        await (await second.select(second_select, second_cards[:1], message=second_menu)).settled()

        def whole_hand_shown() -> bool:
            return "Your cards:" in messages[menu_id].text()

        await fake.wait_for(whole_hand_shown)
        (line,) = [ln for ln in messages[menu_id].text().splitlines() if "Your cards:" in ln]
        shown = cards_in(line, CardReader(fake))
        assert len(shown) == 5 and "<:" in line
        kept = {value for value in cards[2:]}
        assert kept <= {symbol_to_code(symbol) for symbol in shown}
        assert not {symbol_to_code(symbol) for symbol in shown} & set(cards[:2])
        await croupier.settled()


def symbol_to_code(symbol: str) -> str:
    """ "A♠" as the engine writes it: "As"."""
    suits = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
    return symbol[0] + suits[symbol[1]]
