"""What pictures cost: a showdown picture, a card face, the /stats chart.

Each subject is timed in turns with the others, repeat after repeat, so load
that comes and goes on the machine treats them alike; a subject's figure is
its best repeat (the least disturbed), with the median beside it. The peers,
timed in the same run, are what the bot did before pictures: the result
message as text alone (``result_text``), next to the same result with its
picture (``result_with_picture``). Prints one JSON object per subject::

    python -m bench.render [--repeats 15]

The chart's first call also pays for importing matplotlib and building its
font cache (``chart_first_call``, once per process); the bot pays it at the
first /stats, in a worker thread, never at start-up.
"""

from __future__ import annotations

import argparse
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


if __name__ == "__main__":
    main()
