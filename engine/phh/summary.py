"""A readable account of a replayed hand, for ``python -m engine.phh show``:
the game and the players, then what happened street by street, as the
engine's events tell it, and how the finishing stacks compare with the record.
"""

from __future__ import annotations

from engine.cards import Card
from engine.events import (
    BetReturned,
    BoardDealt,
    CardsDiscarded,
    Event,
    ForcedBetPosted,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PlayerActed,
    PointCardChosen,
    PotAwarded,
    RakeTaken,
    StreetStarted,
    UpCardsDealt,
)
from engine.phh.history import HandHistory
from engine.phh.notation import Dealing, Discarding, Showdown
from engine.phh.replaying import ReplayResult
from engine.variants import VARIANTS

_VERBS = {
    "fold": "folds",
    "check": "checks",
    "call": "calls {amount}",
    "bet": "bets {to}",
    "raise": "raises to {to}",
    "complete": "completes to {to}",
    "bring-in": "brings in for {amount}",
}


def describe(history: HandHistory, result: ReplayResult) -> str:
    """Several lines telling the hand; the last says how it ended. Give it a
    history whose actions read (``result`` would have refused them)."""
    n = history.player_count
    names = list(history.players) or [f"p{i + 1}" for i in range(n)]
    width = max(len(name) for name in names)
    scale = result.scale

    def chips(amount: int) -> str:
        return str(amount) if scale == 1 else f"{amount / scale:.{len(str(scale)) - 1}f}"

    # Cards the engine dealt for unknown ones (``??``) are not the record's: keep them hidden.
    named = {
        card
        for line in history.lines()
        if isinstance(line, Dealing | Discarding | Showdown)
        for card in line.cards
        if card is not None
    }

    def cards(held: tuple[Card, ...]) -> str:
        return " ".join(str(card) if card in named else "??" for card in held)

    variant = VARIANTS.get(history.variant)
    lines = [f"{variant.name if variant else history.variant}, {n} players"]
    for name, stack in zip(names, history.starting_stacks, strict=True):
        lines.append(f"  {name:<{width}}  {stack}")
    events: list[Event] = result.hand.events if result.hand is not None else []
    for event in events:
        match event:
            case StreetStarted(street):
                lines.append(street.capitalize())
            case ForcedBetPosted(player, kind, amount):
                lines.append(f"  {names[player]} posts the {kind}, {chips(amount)}")
            case HoleCardsDealt(player, held) | UpCardsDealt(player, held):
                lines.append(f"  {names[player]} is dealt {cards(held)}")
            case BoardDealt(_, held, board):
                which = f" {board + 1}" if variant is not None and variant.boards > 1 else ""
                lines.append(f"  Board{which}: {cards(held)}")
            case PlayerActed(player, kind, amount, to, all_in):
                verb = _VERBS[kind].format(amount=chips(amount), to=chips(to))
                lines.append(f"  {names[player]} {verb}{' (all in)' if all_in else ''}")
            case PointCardChosen(player):
                lines.append(f"  {names[player]} sets a point card")
            case CardsDiscarded(player, count, replaced):
                word = "draws" if replaced else "discards"
                lines.append(f"  {names[player]} {word} {count}")
            case BetReturned(player, amount):
                lines.append(f"  {chips(amount)} uncalled goes back to {names[player]}")
            case HandShown(player, held, descriptions):
                hidden = any(card not in named for card in held)
                told = f" ({'; '.join(descriptions)})" if descriptions and not hidden else ""
                lines.append(f"  {names[player]} shows {cards(held)}{told}")
            case HandMucked(player):
                lines.append(f"  {names[player]} mucks")
            case RakeTaken(amount):
                lines.append(f"  The house takes {chips(amount)}")
            case PotAwarded(index, share, _, winners, description):
                pot = "main pot" if index == 0 else f"side pot {index}"
                part = "" if share == "whole" else f" ({share})"
                told = f" with {description}" if description else ""
                for player, won in winners:
                    lines.append(f"  {names[player]} wins {chips(won)} from the {pot}{part}{told}")
    if not result.ok:
        where = f" at action {result.action_index} ({result.action})" if result.action else ""
        lines.append(f"Refused{where}: {result.error}")
        return "\n".join(lines)
    if result.finishing_stacks is None:
        lines.append("The record ends before the hand is over.")
        return "\n".join(lines)
    lines.append("Finishing stacks")
    for i, stack in enumerate(result.finishing_stacks):
        change = stack - history.starting_stacks[i]
        lines.append(f"  {names[i]:<{width}}  {stack} ({'+' if change >= 0 else ''}{change})")
    verdict = {
        True: "They match the recorded finishing stacks.",
        False: f"They do not match the recorded {list(map(str, history.finishing_stacks or ()))}.",
        None: "The record has no finishing stacks to compare.",
    }[result.matches_recorded]
    lines.append(verdict)
    return "\n".join(lines)
