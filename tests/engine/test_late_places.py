"""Places at a multi-table tournament with late registration and re-entries
(engine/tournament_tables.py, rule 8): a bust while players still enter is
held and placed when late registration closes, below everyone still in, the
first bust last; every entry finishes once, in a place of its own, from the
number of entries down to 1, so "Ben finished 11th, then 8th; a later bust
11th too" cannot happen."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.tournament_tables import (
    Finish,
    HandForHand,
    LateClosed,
    Out,
    TournamentFloor,
)


def carry_out(floor: TournamentFloor) -> None:
    for move in list(floor.pending):
        floor.move_done(move.player)


def late_floor(players: int = 20, paid_places: int = 3, seed: int = 1) -> TournamentFloor:
    floor = TournamentFloor.seat_field(
        range(1, players + 1), seat_count=9, paid_places=paid_places, rng=random.Random(seed)
    )
    floor.late_open = True
    carry_out(floor)
    return floor


def bust(floor: TournamentFloor, table: int, busted: dict[int, int]) -> tuple[object, ...]:
    floor.hand_started(table, None)
    events = floor.hand_finished(table, busted, random.Random(7))
    carry_out(floor)
    return tuple(e for e in events if isinstance(e, Out | Finish | LateClosed))


def test_busts_during_late_registration_are_held_and_placed_at_its_close() -> None:
    floor = late_floor(players=24)
    ann, bea, cid, dan = (floor.seats(1)[s] for s in sorted(floor.seats(1))[:4])
    # Ann busts: out, but no place while players still enter.
    assert bust(floor, 1, {ann: 500}) == (Out(ann),)
    assert not floor.finishes and floor.is_out(ann)
    # Bea and Cid bust in one hand, Cid with more chips at its start.
    events = bust(floor, 1, {bea: 300, cid: 800})
    assert set(events) == {Out(bea), Out(cid)} and not floor.finishes
    floor.seat_late(ann, random.Random(2), reentry=True)  # Ann re-enters
    floor.seat_late(100, random.Random(3))  # a new player registers late
    carry_out(floor)
    table, _ = floor.table_of(ann) or (0, 0)
    bust(floor, table, {ann: 900})  # Ann's second entry busts too
    assert floor.entries == 26  # 25 players, one re-entry
    closed = floor.close_late_registration()
    assert closed is not None and closed.entries == 26
    # The last bust placed highest; the first last; one hand by its stacks.
    assert closed.finishes == (
        Finish(ann, 23),
        Finish(cid, 24),
        Finish(bea, 25),
        Finish(ann, 26),
    )
    assert floor.close_late_registration() is None  # closed once
    assert floor.seats(1) and dan in floor.seats(1).values()
    # After it busts are placed at once again, above the held ones.
    table, _ = floor.table_of(dan) or (0, 0)
    assert bust(floor, table, {dan: 100}) == (Finish(dan, 22),)


def test_reaching_the_bubble_closes_late_registration_and_places_the_held_busts() -> None:
    floor = late_floor(players=6, paid_places=3)
    first, second, third = sorted(floor.seats(1).values())[:3]
    bust(floor, 1, {first: 400})  # five left: late registration still open
    assert floor.takes_late_entries and not floor.finishes
    floor.hand_started(1, None)
    events = floor.hand_finished(1, {second: 200}, random.Random(1))
    # Four left, three paid: no more entries; this hand's bust is placed as
    # always, the held one below it.
    assert Finish(second, 5) in events
    assert LateClosed(6, (Finish(first, 6),)) in events
    assert not floor.late_open and not floor.takes_late_entries
    del third


def test_the_final_table_closes_late_registration() -> None:
    floor = late_floor(players=12, paid_places=2)
    seated = {p: t for t in floor.running_tables for p in floor.seats(t).values()}
    one = [p for p, t in seated.items() if t == 1][:2]
    events = bust(floor, 1, dict.fromkeys(one, 100))
    assert floor.players_left == 10 and floor.late_open  # two tables still
    other = [p for p, t in seated.items() if t == 2][:1]
    events = bust(floor, 2, {other[0]: 100})
    closed = [e for e in events if isinstance(e, LateClosed)]
    assert floor.final_table is not None and len(closed) == 1
    assert sorted(f.place for f in closed[0].finishes) == [10, 11, 12]
    assert not [e for e in events if isinstance(e, HandForHand)]


def test_every_entry_finishes_once_in_a_place_of_its_own() -> None:
    for seed in range(25):
        rng = random.Random(seed)
        floor = late_floor(players=rng.randint(10, 30), paid_places=3, seed=seed)
        newcomer = 1000
        entries = Counter({p: 1 for t in floor.running_tables for p in floor.seats(t).values()})
        hands = 0
        while not any(f.place == 1 for f in floor.finishes):
            hands += 1
            if floor.late_open and hands == 40:
                floor.close_late_registration()
            if floor.late_open and floor.takes_late_entries and rng.random() < 0.3:
                out = [p for p in entries if floor.is_out(p) and floor.table_of(p) is None]
                if out and rng.random() < 0.5:
                    player = rng.choice(out)
                    floor.seat_late(player, rng, reentry=True)
                elif floor.fewest_players < floor.seat_count:
                    player, newcomer = newcomer, newcomer + 1
                    floor.seat_late(player, rng)
                else:
                    continue
                entries[player] += 1
            carry_out(floor)
            table = rng.choice([t for t in floor.running_tables if floor.may_deal(t)])
            at_table = list(floor.seats(table).values())
            count = min(rng.choice([0, 1, 1, 2]), len(at_table) - 1)
            # Distinct stacks: equal ones share a place after late registration.
            busted = {p: rng.randrange(1, 10**6) for p in rng.sample(at_table, count)}
            floor.hand_started(table, None)
            floor.hand_finished(table, busted, rng)
        places = sorted(f.place for f in floor.finishes)
        total = sum(entries.values())
        assert places == list(range(1, total + 1)), seed
        assert Counter(f.player for f in floor.finishes) == entries


def test_a_restart_while_busts_are_held_loses_none() -> None:
    floor = late_floor()
    players = sorted(floor.seats(1).values())
    bust(floor, 1, {players[0]: 700})
    bust(floor, 1, {players[1]: 300, players[2]: 600})
    again = TournamentFloor.from_data(json.loads(json.dumps(floor.to_data())))
    assert again == floor and again.late_open and len(again.held) == 2
    assert again.close_late_registration() == floor.close_late_registration()
    # A floor saved before holding busts places each bust at once, as it did.
    old = floor.to_data()
    del old["late_open"], old["held"]
    assert not TournamentFloor.from_data(old).late_open


def test_a_held_bust_is_never_placed_in_the_money() -> None:
    floor = late_floor(players=24, paid_places=3)
    player = sorted(floor.seats(1).values())[0]
    bust(floor, 1, {player: 100})
    assert floor.late_open and floor.held
    floor.paid_places = 24  # impossible: late registration ends before the money
    with pytest.raises(RuntimeError):
        floor.close_late_registration()
