"""German players: each member reads the bot's answers in their own client's language,
and a table speaks its server's language, through the fake Discord.

The fake sends every interaction with the member's own ``locale`` and the
server's ``guild_locale``, as Discord does; a German member in an English
server gets German replies while the table stays English, and in a German
server the table itself is German.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.product_bot import running_croupier
from tests.e2e.table_players import table_button_id
from tests.e2e.table_view import TableView


async def test_a_german_member_reads_german_while_the_table_stays_english(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    async with running_croupier(fake, tmp_path / "croupier.db", deck_seed=3) as croupier:
        jonas = fake.add_member("Jonas", locale="de")
        ann = fake.add_member("Ann")

        created = await (await jonas.slash("poker", "create")).settled()
        seated = await (await jonas.slash("poker", "join", buy_in=1000)).settled()
        ann_seated = await (await ann.slash("poker", "join", buy_in=1000)).settled()

        assert created.ephemeral and "Ein Tisch" in created.text and "eröffnet" in created.text
        assert "Du sitzt auf Platz 1" in seated.text
        assert "You sit in seat 2" in ann_seated.text
        view = TableView(fake)
        turn = await view.next_turn()
        assert turn is not None, "no hand was dealt"
        table_text = view.table_message().text()  # type: ignore[union-attr]
        assert "To act:" in table_text and "Am Zug" not in table_text

        cards = await jonas.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "cards")
        )
        assert cards.ephemeral and "Deine Karten" in cards.text
        waiting = ann if turn.actor == "Jonas" else jonas
        refused = await waiting.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "fold"),
            message=turn.message_id,
        )
        told = await refused.sentence()
        sentence = "Du bist nicht dran" if waiting is jonas else "It is not your turn"
        assert refused.ephemeral and sentence in told, told

        if turn.actor == "Ann":  # let Jonas have the turn
            await ann.click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "call"),
                message=turn.message_id,
            )
            turn = await view.next_turn(turn.key)
            assert turn is not None and turn.actor == "Jonas"
        form = await jonas.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "raise"),
            message=turn.message_id,
        )
        assert form.modal is not None and form.modal["title"] in ("Setzen", "Erhöhen")
        [label] = form.modal["components"]
        assert label["type"] == 18 and label["label"].startswith("Einsatz gesamt")
        assert "Alles, was du diese Runde setzt" in label["description"]
        assert label["component"]["type"] == 4 and not label["component"].get("label")
        await croupier.settled()


async def test_in_a_german_server_the_table_is_german_and_each_member_hears_their_own_language(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    runde = fake.add_guild("Pokerrunde", locale="de")
    tisch = fake.default_channel_of(runde)
    async with running_croupier(
        fake, tmp_path / "croupier.db", deck_seed=5, sync_global=True
    ) as croupier:
        lena = fake.add_member("Lena", locale="de", guild=runde)
        ann = fake.add_member("Ann", guild=runde)
        bob = fake.add_member("Bob")  # in the first (English) server only

        created = await (await lena.slash("poker", "create", channel=tisch)).settled()
        lena_seated = await (await lena.slash("poker", "join", buy_in=500, channel=tisch)).settled()
        ann_seated = await (await ann.slash("poker", "join", buy_in=500, channel=tisch)).settled()
        english = await (await bob.slash("poker", "create")).settled()

        assert "Ein Tisch" in created.text
        assert "Du sitzt auf Platz 1" in lena_seated.text
        assert "You sit in seat 2" in ann_seated.text
        assert "A table of" in english.text
        view = TableView(fake, tisch.id)
        await fake.wait_for(lambda: view.table_message() is not None)
        german_table = view.table_message().text()  # type: ignore[union-attr]
        assert "Am Zug: **" in german_table and "[Aussteigen]" in german_table
        assert all(m.channel_id != tisch.id for m in fake.messages(fake.channel))
        assert bob.visible_messages(tisch) == [], "Bob is not in the German server"
        await croupier.settled()
