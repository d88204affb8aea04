"""The gaps a player would notice between Discord and the web room (issue 26's
polish), end to end against the fake Discord: the page names a member as
Discord's table does, and every answer that seats a member links the room."""

from __future__ import annotations

import json
from pathlib import Path

from bot.render.custom_ids import rabbit_button_id
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_view import TableView, layout_text
from tests.e2e.test_home_extras_e2e import click
from tests.e2e.test_home_game_e2e import answer
from tests.e2e.test_web_signin_e2e import browser, links_of, sign_in, signed_in_room


async def test_a_member_who_sits_down_from_the_page_is_named_as_discords_table_names_them(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Their server nickname, as ``/poker join`` gives it, not their global name."""
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public), browser() as http:
        ben = fake.add_member("Ben")
        mal = fake.add_member("Malcolm", nick="Mal the Shark")
        await (await ben.slash("poker", "create")).settled()
        await (await ben.slash("poker", "join", buy_in=500)).settled()
        (runner,) = croupier.bot.tables.runners
        await sign_in(http, fake, mal, public, runner.table_id)
        socket_url = f"{public}/table/{runner.table_id}/ws".replace("http://", "ws://")
        async with http.ws_connect(socket_url, headers={"Origin": public}) as page:
            await page.receive(timeout=5)  # hello
            await page.send_str(json.dumps({"type": "join", "buy_in": 500}))
            while (frame := json.loads((await page.receive(timeout=5)).data))["type"] not in (
                "done",
                "refused",
            ):
                pass
            assert frame["type"] == "done", frame
        await croupier.settled()
        assert runner.state.name(mal.id) == "Mal the Shark"
        said = [m.text() for m in fake.messages()]
        assert any("Mal the Shark" in text for text in said)
        assert not any("Malcolm" in text for text in said)


async def test_the_seat_desk_s_sit_down_answer_links_the_table_page(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path) as (croupier, public):
        ann, ben = fake.add_member("Ann"), fake.add_member("Ben")
        await (await ann.slash("poker", "create")).settled()
        await (await ann.slash("poker", "join", buy_in=500)).settled()
        (runner,) = croupier.bot.tables.runners
        waiting = TableView(fake).table_message()
        assert waiting is not None and "Sit down" in layout_text(waiting)
        opened = await ben.click("Sit down", message=waiting.id)
        assert opened.modal is not None, opened.text
        seated = await ben.submit_modal({"buy_in": "500"})
        await seated.settled()
        assert "You sit in seat" in seated.text, seated.text
        page = ("Open the table", f"{public}/table/{runner.table_id}")
        answers = [m for m in fake.messages() if "You sit in seat" in m.text()]
        assert len(answers) == 2 and all(links_of(m) == [page] for m in answers), [
            links_of(m) for m in answers
        ]


async def test_the_rabbit_hunted_from_the_page_is_posted_to_the_channel_as_discord_does(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with signed_in_room(fake, tmp_path, deck_seed=9) as (croupier, public):
        ann, ben, zed = (fake.add_member(name) for name in ("Ann", "Ben", "Zed"))
        players = {"Ann": ann, "Ben": ben}
        await answer(
            ann, "poker", "create", variant="NT", small_blind=5, big_blind=10, min_buy_in=100
        )
        await answer(ann, "poker", "homegame", rabbit_hunt=True)
        for member in (ann, ben):
            await answer(member, "poker", "join", buy_in=500)
        view = TableView(fake)
        turn = await view.next_turn()
        assert turn is not None
        await click(players[turn.actor], turn, "fold")
        await fake.wait_for(lambda: turn.hand_no in view.results(), timeout=10)
        (runner,) = croupier.bot.tables.runners
        # Zed, who only watches in Discord, signs in and hunts from the page.
        async with browser() as http:
            await sign_in(http, fake, zed, public, runner.table_id)
            socket_url = f"{public}/table/{runner.table_id}/ws".replace("http://", "ws://")
            async with http.ws_connect(socket_url, headers={"Origin": public}) as page:
                await page.receive(timeout=5)  # hello
                await page.send_str(json.dumps({"type": "rabbit", "hand_no": turn.hand_no}))
                while (frame := json.loads((await page.receive(timeout=5)).data))["type"] not in (
                    "done",
                    "refused",
                ):
                    pass
                assert frame["type"] == "done", frame
        await croupier.settled()
        hunt = f"**Hand {turn.hand_no}** · rabbit hunt:"
        await fake.wait_for(
            lambda: any(m.content.startswith(hunt) for m in fake.messages()), timeout=10
        )
        posted = [m for m in fake.messages() if m.content.startswith(hunt) and not m.ephemeral]
        assert len(posted) == 1, [m.content for m in posted]
        assert frame["text"] == posted[0].content.replace("**", "")
        # The result message's button afterwards: the same cards, to the presser alone.
        result = view.results()[turn.hand_no]
        pressed = await ben.click(
            custom_id=rabbit_button_id(turn.table_id, turn.hand_no), message=result.id
        )
        assert pressed.ephemeral and pressed.text == posted[0].content
