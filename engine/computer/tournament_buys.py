"""Whether a computer player buys more chips at a rebuy tournament: a rebuy,
the add-on, or neither, between its hands.

The rule is simple and the same for every style, as a home game's regulars
play a rebuy night: during the rebuy levels a computer player that busted, or
whose stack fell below the starting stack, rebuys (the engine's own
:meth:`~engine.tournament_extras.TournamentExtras.rebuy_refusal` says whether
it may; strictly below, so one that just rebought at zero does not rebuy again
at once); in the last rebuy level it takes the add-on, once, after a rebuy if
it busted.

>>> from engine.tournament_extras import TournamentExtras
>>> extras = TournamentExtras(rebuy_levels=2, add_on_price=50, add_on_chips=500)
>>> chips_to_buy(extras, level_index=0, stack=0, starting_stack=1000, add_on_taken=False)
('rebuy',)
>>> chips_to_buy(extras, level_index=1, stack=0, starting_stack=1000, add_on_taken=False)
('rebuy', 'add_on')
>>> chips_to_buy(extras, level_index=1, stack=1500, starting_stack=1000, add_on_taken=True)
()
>>> chips_to_buy(extras, level_index=2, stack=0, starting_stack=1000, add_on_taken=False)
()
"""

from __future__ import annotations

from typing import Literal

from engine.tournament_extras import TournamentExtras

#: A rebuy or the add-on.
ChipsBought = Literal["rebuy", "add_on"]


def chips_to_buy(
    extras: TournamentExtras,
    *,
    level_index: int,
    stack: int,
    starting_stack: int,
    add_on_taken: bool,
) -> tuple[ChipsBought, ...]:
    """What a computer player between its hands buys now, in order (see the module)."""
    bought: list[ChipsBought] = []
    if stack < starting_stack and (
        extras.rebuy_refusal(
            level_index=level_index, stack=stack, starting_stack=starting_stack, in_hand=False
        )
        is None
    ):
        bought.append("rebuy")
    busted = stack == 0 and not bought  # a busted player rebuys first
    refusal = extras.add_on_refusal(
        level_index=level_index, in_hand=False, taken=add_on_taken, busted=busted
    )
    if refusal is None:
        bought.append("add_on")
    return tuple(bought)
