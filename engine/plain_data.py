"""Hand setups, deals and whole tables as plain data, and back.

Plain data means what JSON holds: dicts with string keys, lists, strings,
numbers, booleans and ``None``. Cards are written as text (``"As Kd"``). A
program that must survive a restart saves a table with :func:`table_to_data`
and rebuilds it with :func:`table_from_data`; a hand in progress is then
rebuilt from its setup and the actions taken (:meth:`engine.hand.Hand.replay`).

>>> import json, random
>>> from engine.stakes import Stakes
>>> from engine.table import Table, TableRules
>>> rules = TableRules("NT", Stakes(5, 10))
>>> table = Table(rules)
>>> for player in (101, 102, 103):
...     _ = table.sit(player, buy_in=1000)
>>> hand = table.start_hand(random.Random(1))
>>> saved = json.loads(json.dumps(table_to_data(table)))
>>> again = table_from_data(rules, saved)
>>> again.deal == table.deal, again.positions == table.positions
(True, True)
>>> setup_from_data(setup_to_data(hand.setup)) == hand.setup
True
"""

from __future__ import annotations

from typing import Any

from engine.button import ButtonDraw, HandPlan, Positions
from engine.cards import Card, format_cards, parse_cards
from engine.draws import DrawRules
from engine.hand import HandSetup, Rake
from engine.home_rules import BombPots, HomeRules
from engine.rotation import RotationPosition
from engine.stakes import LevelClock
from engine.table import Deal, HomeChange, MissedBlinds, Post, Seat, Table, TableRules
from engine.variants import variant

__all__ = [
    "deal_from_data",
    "deal_to_data",
    "setup_from_data",
    "setup_to_data",
    "table_from_data",
    "table_to_data",
]

Data = dict[str, Any]


def _ints(values: Any) -> tuple[int, ...]:
    return tuple(int(value) for value in values)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def setup_to_data(setup: HandSetup) -> Data:
    rake = setup.rake
    return {
        "variant": setup.variant.code,
        "starting_stacks": list(setup.starting_stacks),
        "antes": list(setup.antes),
        "blinds": list(setup.blinds),
        "bring_in": setup.bring_in,
        "min_bet": setup.min_bet,
        "small_bet": setup.small_bet,
        "big_bet": setup.big_bet,
        "ante_trimming": setup.ante_trimming,
        "rake": None
        if rake is None
        else {
            "basis_points": rake.basis_points,
            "cap": rake.cap,
            "no_flop_no_drop": rake.no_flop_no_drop,
        },
        "deck": None if setup.deck is None else format_cards(setup.deck, " "),
        "posts": list(setup.posts),
        "draw_rules": {
            "max_draw": setup.draw_rules.max_draw,
            "max_draw_with_ace": setup.draw_rules.max_draw_with_ace,
            "jackpots": setup.draw_rules.jackpots,
        },
        "carried_pot": setup.carried_pot,
        "dead_blinds": list(setup.dead_blinds),
        "run_it_twice": setup.run_it_twice,
        "bomb_pot": setup.bomb_pot,
        "boards": setup.boards,
        "seven_deuce_bounty": setup.seven_deuce_bounty,
    }


def setup_from_data(data: Data) -> HandSetup:
    """The setup :func:`setup_to_data` wrote; ``KeyError``, ``TypeError`` or
    ``ValueError`` (including :class:`~engine.cards.CardError`) if it is damaged."""
    rake = data["rake"]
    deck = data["deck"]
    return HandSetup(
        variant(data["variant"]),
        _ints(data["starting_stacks"]),
        antes=_ints(data["antes"]),
        blinds=_ints(data["blinds"]),
        bring_in=int(data["bring_in"]),
        min_bet=int(data["min_bet"]),
        small_bet=int(data["small_bet"]),
        big_bet=int(data["big_bet"]),
        ante_trimming=bool(data["ante_trimming"]),
        rake=None
        if rake is None
        else Rake(int(rake["basis_points"]), int(rake["cap"]), bool(rake["no_flop_no_drop"])),
        deck=None if deck is None else _cards(deck),
        posts=_ints(data.get("posts", ())),
        # Written before draw rules and jackpots were: the defaults.
        draw_rules=_draw_rules_from_data(data.get("draw_rules")),
        carried_pot=int(data.get("carried_pot", 0)),
        dead_blinds=_ints(data.get("dead_blinds", ())),
        # Written before the home-game options were: all off.
        run_it_twice=bool(data.get("run_it_twice", False)),
        bomb_pot=bool(data.get("bomb_pot", False)),
        boards=int(data.get("boards", 0)),
        seven_deuce_bounty=int(data.get("seven_deuce_bounty", 0)),
    )


def _draw_rules_from_data(data: Any) -> DrawRules:
    if data is None:
        return DrawRules()
    return DrawRules(
        max_draw=_optional_int(data["max_draw"]),
        max_draw_with_ace=_optional_int(data["max_draw_with_ace"]),
        jackpots=bool(data["jackpots"]),
    )


def _positions_to_data(positions: Positions) -> list[int]:
    return [positions.button, positions.small_blind, positions.big_blind]


def _positions_from_data(data: Any) -> Positions:
    button, small_blind, big_blind = _ints(data)
    return Positions(button, small_blind, big_blind)


def _draw_to_data(draw: ButtonDraw) -> list[list[Any]]:
    return [[seat, str(card)] for seat, card in draw.cards]


def _draw_from_data(data: Any) -> ButtonDraw:
    return ButtonDraw(tuple((int(seat), Card.parse(card)) for seat, card in data))


def deal_to_data(deal: Deal) -> Data:
    plan = deal.plan
    return {
        "number": deal.number,
        "setup": setup_to_data(deal.setup),
        "seats": list(deal.seats),
        "players": list(deal.players),
        "plan": {
            "positions": _positions_to_data(plan.positions),
            "order": list(plan.order),
            "small_blind_posted": plan.small_blind_posted,
            "entering": sorted(plan.entering),
            "big_blind_passed": list(plan.big_blind_passed),
            "small_blind_passed": list(plan.small_blind_passed),
        },
        "button_seat": deal.button_seat,
        "small_blind_seat": deal.small_blind_seat,
        "big_blind_seat": deal.big_blind_seat,
        "straddle_seat": deal.straddle_seat,
        "restraddle_seats": list(deal.restraddle_seats),
        "posts": [[post.player, post.live, post.dead] for post in deal.posts],
        "button_draw": None if deal.button_draw is None else _draw_to_data(deal.button_draw),
    }


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def deal_from_data(data: Data) -> Deal:
    plan = data["plan"]
    draw = data["button_draw"]
    return Deal(
        number=int(data["number"]),
        setup=setup_from_data(data["setup"]),
        seats=_ints(data["seats"]),
        players=_ints(data["players"]),
        plan=HandPlan(
            _positions_from_data(plan["positions"]),
            _ints(plan["order"]),
            small_blind_posted=bool(plan["small_blind_posted"]),
            entering=frozenset(_ints(plan["entering"])),
            big_blind_passed=_ints(plan["big_blind_passed"]),
            small_blind_passed=_ints(plan["small_blind_passed"]),
        ),
        button_seat=int(data["button_seat"]),
        small_blind_seat=_optional_int(data["small_blind_seat"]),
        big_blind_seat=_optional_int(data["big_blind_seat"]),
        straddle_seat=_optional_int(data["straddle_seat"]),
        restraddle_seats=_ints(data.get("restraddle_seats", ())),
        posts=tuple(Post(int(p), int(live), int(dead)) for p, live, dead in data["posts"]),
        button_draw=None if draw is None else _draw_from_data(draw),
    )


def _seat_to_data(seat: Seat) -> Data:
    return {
        "number": seat.number,
        "player": seat.player,
        "stack": seat.stack,
        "missed_blinds": seat.missed_blinds.value,
        "sitting_out": seat.sitting_out,
        "busted": seat.busted,
        "leaving": seat.leaving,
        "new": seat.new,
        "missed_big_blind": seat.missed_big_blind,
        "missed_small_blind": seat.missed_small_blind,
        "straddles": seat.straddles,
        "restraddle_to": seat.restraddle_to,
        "busted_with": seat.busted_with,
    }


def _seat_from_data(data: Data) -> Seat:
    return Seat(
        number=int(data["number"]),
        player=int(data["player"]),
        stack=int(data["stack"]),
        missed_blinds=MissedBlinds(data["missed_blinds"]),
        sitting_out=bool(data["sitting_out"]),
        busted=bool(data["busted"]),
        leaving=bool(data["leaving"]),
        new=bool(data["new"]),
        missed_big_blind=bool(data["missed_big_blind"]),
        missed_small_blind=bool(data["missed_small_blind"]),
        straddles=bool(data["straddles"]),
        # Saved before re-straddles had amounts: the smallest.
        restraddle_to=int(data.get("restraddle_to", 0)),
        busted_with=int(data.get("busted_with", 0)),
    )


def _home_to_data(home: HomeRules) -> Data:
    bomb = home.bomb_pot
    return {
        "run_it_twice": home.run_it_twice,
        "rabbit_hunt": home.rabbit_hunt,
        "seven_deuce_bounty": home.seven_deuce_bounty,
        "bomb_pot": None
        if bomb is None
        else {"amount": bomb.amount, "every": bomb.every, "double_board": bomb.double_board},
    }


def _home_from_data(data: Data) -> HomeRules:
    bomb = data["bomb_pot"]
    return HomeRules(
        run_it_twice=bool(data["run_it_twice"]),
        rabbit_hunt=bool(data["rabbit_hunt"]),
        seven_deuce_bounty=int(data["seven_deuce_bounty"]),
        bomb_pot=None
        if bomb is None
        else BombPots(int(bomb["amount"]), int(bomb["every"]), bool(bomb["double_board"])),
    )


def table_to_data(table: Table) -> Data:
    """Everything :func:`table_from_data` needs, apart from the configuration."""
    clock = table.clock
    return {
        "seats": [_seat_to_data(seat) for seat in table.seats.values()],
        "hand_number": table.hand_number,
        "positions": None if table.positions is None else _positions_to_data(table.positions),
        "deal": None if table.deal is None else deal_to_data(table.deal),
        "ledger": {
            "bought_in": table.ledger.bought_in,
            "cashed_out": table.ledger.cashed_out,
            "rake": table.ledger.rake,
        },
        "level_clock": None
        if clock is None
        else {
            "index": clock.index,
            "began_at_hand": clock.began_at_hand,
            "began_at_second": clock.began_at_second,
        },
        "finishing_places": [[player, place] for player, place in table.finishing_places.items()],
        "carried_pot": table.carried_pot,
        "bomb_pot_voted": table.bomb_pot_voted,
        "bomb_pot_votes": sorted(table.bomb_pot_votes),
        "pending_home": None
        if (pending := table.pending_home) is None
        else {
            "in_force": _home_to_data(pending.in_force),
            "agreed": _home_to_data(pending.agreed),
            "from_hand": pending.from_hand,
        },
        "blind_positions": None
        if table.blind_positions is None
        else _positions_to_data(table.blind_positions),
        "rotation": None
        if (position := table.rotation_position) is None
        else {
            "game_index": position.game_index,
            "hands_dealt": position.hands_dealt,
            "orbit_start": position.orbit_start,
        },
    }


def table_from_data(rules: TableRules, data: Data) -> Table:
    """The table :func:`table_to_data` saved, under the same ``rules``."""
    positions = data["positions"]
    deal = data["deal"]
    ledger = data["ledger"]
    saved_clock = data["level_clock"]
    level_clock = None
    if saved_clock is not None:
        if rules.schedule is None:
            raise ValueError("A saved level clock needs a tournament's schedule.")
        level_clock = LevelClock(
            rules.schedule,
            int(saved_clock["index"]),
            int(saved_clock["began_at_hand"]),
            float(saved_clock["began_at_second"]),
        )
    # Saved before mixed games existed: no blind positions apart, no rotation.
    blind_positions = data.get("blind_positions")
    saved_rotation = data.get("rotation")
    rotation_position = None
    if saved_rotation is not None:
        if rules.rotation is None:
            raise ValueError("A saved rotation needs a mixed table's configuration.")
        rotation_position = RotationPosition(
            rules.rotation,
            int(saved_rotation["game_index"]),
            int(saved_rotation["hands_dealt"]),
            int(saved_rotation["orbit_start"]),
        )
    table = Table.restored(
        rules,
        seats=[_seat_from_data(seat) for seat in data["seats"]],
        hand_number=int(data["hand_number"]),
        positions=None if positions is None else _positions_from_data(positions),
        deal=None if deal is None else deal_from_data(deal),
        bought_in=int(ledger["bought_in"]),
        cashed_out=int(ledger["cashed_out"]),
        rake=int(ledger["rake"]),
        level_clock=level_clock,
        finishing_places={int(p): int(place) for p, place in data["finishing_places"]},
        rotation_position=rotation_position,
        blind_positions=None if blind_positions is None else _positions_from_data(blind_positions),
        carried_pot=int(data.get("carried_pot", 0)),
        # Saved before home rules waited for their hand: none waits.
        pending_home=None
        if (pending := data.get("pending_home")) is None
        else HomeChange(
            _home_from_data(pending["in_force"]),
            _home_from_data(pending["agreed"]),
            int(pending["from_hand"]),
        ),
    )
    # Saved before bomb pots existed: no vote pending.
    table.bomb_pot_voted = bool(data.get("bomb_pot_voted", False))
    # Saved before the votes were the engine's: none so far (the bot reads its own).
    table.bomb_pot_votes = {int(player) for player in data.get("bomb_pot_votes", ())}
    return table
