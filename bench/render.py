"""What pictures and the table message cost: a showdown picture, a card face,
the /stats chart, and building the table message after an action.

Each subject is timed in turns with the others, repeat after repeat, so load
that comes and goes on the machine treats them alike; a subject's figure is
its best repeat (the least disturbed), with the median beside it. The peers,
timed in the same run, are what the bot did before pictures: the result
message as text alone (``result_text``), next to the same result with its
picture (``result_with_picture``). Prints one JSON object per subject::

    python -m bench.render [--repeats 15]

The table message is what every action costs: the view of the table's state
(:func:`bot.tables.view.table_view`), the message drawn from it and the
discord.py components the outlet sends, serialised as Discord receives them.
``table_message_layout`` is today's (Components V2, cards as emojis) and
``table_message_embed`` the embed the bot drew before (kept in
``bench/embed_table_message.py``), on the same states: a six-handed hold'em
hand on the flop and a seven-handed stud hand on fifth street, taken from a
real table runner. ``table_message_added_ms`` is the difference per action.

The chart's first call also pays for importing matplotlib and building its
font cache (``chart_first_call``, once per process); the bot pays it at the
first /stats, in a worker thread, never at start-up.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.render import card_faces
from bot.render.hand_result import result_message
from bot.render.showdown_picture import render_showdown, showdown_scene
from bot.render.views import ChipPoint, HandResultView, PotWin, ShownHand
from bot.tables.clock import Moment
from bot.tables.state import TableState
from engine.cards import ALL_CARDS, Card, parse_cards
from engine.evaluation import Evaluation, evaluate
from engine.evaluation.described import described
from engine.evaluation.value import HandValue


def _shown(name: str, hole: str, board: tuple[Card, ...]) -> tuple[ShownHand, HandValue]:
    value = evaluate(Evaluation.STANDARD_HIGH, parse_cards(hole), board)
    assert value is not None
    return ShownHand(name, tuple(parse_cards(hole)), value.describe(), (described(value),)), value


def holdem_result(players: int) -> HandResultView:
    """A hold'em showdown of ``players`` hands, the first winning."""
    rng = random.Random(players)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    board = tuple(deck[:5])
    shown = [
        _shown(f"Player {i + 1}", "".join(map(str, deck[5 + 2 * i : 7 + 2 * i])), board)
        for i in range(players)
    ]
    best = max(shown, key=lambda pair: pair[1])
    win = PotWin(
        0, 1, "whole", 1200, ((best[0].name, 1200),), "", described(best[1]), None, best[1].cards
    )
    return HandResultView(1, 42, tuple(hand for hand, _ in shown), (), (win,), board=board)


def stud_result(players: int) -> HandResultView:
    """A seven card stud showdown: seven cards a hand, no board."""
    rng = random.Random(100 + players)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    shown = [
        _shown(f"Player {i + 1}", "".join(map(str, deck[7 * i : 7 * i + 7])), ())
        for i in range(players)
    ]
    best = max(shown, key=lambda pair: pair[1])
    win = PotWin(
        0, 1, "whole", 800, ((best[0].name, 800),), "", described(best[1]), None, best[1].cards
    )
    return HandResultView(1, 42, tuple(hand for hand, _ in shown), (), (win,))


async def _table_states() -> list[tuple[TableState, Moment]]:
    """A hold'em hand on the flop (six players) and a stud hand on fifth street
    (seven), as a running table holds them."""
    import tempfile
    from pathlib import Path

    from bot.cashier import Cashier
    from bot.daily import DailyReward
    from bot.database import Database
    from bot.tables.clock import SystemClock
    from bot.tables.requests import ActionRequest, Move
    from bot.tables.runner import TableRunner
    from bot.tables.services import TableServices
    from bot.tables.table_settings import TableSettings
    from bot.tables.table_store import TableStore
    from tools.readme_pictures import Channel

    states = []
    with tempfile.TemporaryDirectory() as scratch:
        async with await Database.open(Path(scratch) / "bench.db") as database:
            cashier = Cashier(database, starting_chips=100_000, daily=DailyReward(100, 10, 7))
            services = TableServices(
                database, cashier, SystemClock(), hand_pause_seconds=0.2, rng=random.Random(3)
            )
            for channel_id, (variant, players, actions) in enumerate(
                (("NT", 6, 6), ("F7S", 7, 16)), start=1
            ):
                settings = TableSettings.checked(
                    variant=variant,
                    small_blind=5,
                    big_blind=10,
                    min_buy_in=200,
                    max_buy_in=2000,
                    seats=max(players, 6),
                    action_seconds=60,
                )
                record = await TableStore(database).create(1, channel_id, 1, settings)
                runner = TableRunner(record, settings, services, Channel())
                for user_id in range(11, 11 + players):
                    await runner.join(user_id, f"Player {user_id - 10}", buy_in=1000)
                await runner.start()
                await runner.settled()
                done = 0
                while done < actions:
                    await runner.settled()
                    live = runner.live
                    if live is None or live.hand.actor is None:
                        await asyncio.sleep(0.02)  # the deal comes after a short pause
                        continue
                    done += 1
                    user_id = live.deal.players[live.hand.actor]
                    for move in (Move.BRING_IN, Move.CHECK_OR_CALL):
                        try:
                            await runner.act(user_id, ActionRequest(move))
                            break
                        except Exception:
                            continue
                assert runner.live is not None, "the hand is being played"
                states.append((runner.state, Moment.of(services.clock)))
                await runner.stop()
    return states


def table_message_subjects() -> dict[str, Callable[[], object]]:
    """Building the table message after an action, today's and the embed's."""
    from bench.embed_table_message import table_message as embed_table_message
    from bot.render.card_markup import BACK, CardFaces
    from bot.render.table_message import table_message
    from bot.tables.outlet import layout_of, view_of
    from bot.tables.view import table_view

    faces = CardFaces(
        "two_colour", {**{str(c): 10**18 + int(c) for c in ALL_CARDS}, BACK: 10**18 + 99}
    )
    states = asyncio.run(_table_states())

    def layout() -> None:
        for state, moment in states:
            message = table_message(table_view(state, moment), "en", faces)
            layout_of(message).to_components()

    def embed() -> None:
        for state, moment in states:
            message = embed_table_message(table_view(state, moment), "en")
            assert message.embed is not None
            message.embed.to_dict()
            shown = view_of(message.buttons)
            if shown is not None:
                shown.to_components()

    return {"table_message_layout": layout, "table_message_embed": embed}


def chip_points(count: int) -> list[ChipPoint]:
    rng = random.Random(count)
    return [ChipPoint(int(rng.gauss(0, 40)), index // 60) for index in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()

    from bot.render.stats_chart import chips_chart

    started = time.perf_counter()
    chips_chart(chip_points(50), "Player", "en")
    first_chart = time.perf_counter() - started

    heads_up, six_way, stud = holdem_result(2), holdem_result(6), stud_result(4)
    scenes = {
        name: showdown_scene(result, "four_colour", "en")
        for name, result in (("heads_up", heads_up), ("six_way", six_way), ("stud_four", stud))
    }
    cards = list(ALL_CARDS)
    points = chip_points(300)
    draw_face = card_faces._face.__wrapped__  # uncached: what drawing one face costs

    def one_face() -> None:
        card = cards.pop() if cards else None
        draw_face(None if card is None else int(card), "four_colour", card_faces.EMOJI_SIZE)
        if not cards:
            cards.extend(ALL_CARDS)

    subjects: dict[str, Callable[[], object]] = {
        "showdown_picture_heads_up": lambda: render_showdown(scenes["heads_up"]),  # type: ignore[arg-type]
        "showdown_picture_six_way": lambda: render_showdown(scenes["six_way"]),  # type: ignore[arg-type]
        "showdown_picture_stud_four": lambda: render_showdown(scenes["stud_four"]),  # type: ignore[arg-type]
        "result_text": lambda: result_message(six_way, "en", picture=False),
        "result_with_picture": lambda: result_message(six_way, "en"),
        "card_face": one_face,
        "chart_300_hands": lambda: chips_chart(points, "Player", "en"),
        **table_message_subjects(),
    }
    times: dict[str, list[float]] = {name: [] for name in subjects}
    for _ in range(args.repeats):
        for name, run in subjects.items():
            started = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - started)
    machine = {"python": platform.python_version(), "machine": platform.machine()}
    for name, seconds in times.items():
        line: dict[str, Any] = {
            "subject": name,
            "best_ms": round(min(seconds) * 1000, 2),
            "median_ms": round(statistics.median(seconds) * 1000, 2),
            "repeats": len(seconds),
        }
        print(json.dumps(line | machine), flush=True)
    print(json.dumps({"subject": "chart_first_call", "ms": round(first_chart * 1000, 1)}))
    # Per action: each subject builds the message of two tables.
    layout, embed = (
        min(times[name]) * 1000 / 2 for name in ("table_message_layout", "table_message_embed")
    )
    print(
        json.dumps(
            {
                "subject": "table_message_per_action",
                "layout_ms": round(layout, 3),
                "embed_ms": round(embed, 3),
                "added_ms": round(layout - embed, 3),
            }
        )
    )


if __name__ == "__main__":
    main()
