"""The lines the table message gives the players' own tools: the table's time
bank (and who is on theirs now) and the hint that ``/poker notify`` exists.

Only what the whole table may know: never a player's pre-action or the
seconds left in anyone's bank (a player's own bank is in their seat view).
"""

from __future__ import annotations

from bot.i18n import t
from bot.render.limits import NAME, shorten
from bot.render.views import TableSnapshot

#: The /poker notify hint shows before the first deal and on the table's first
#: hands: players who want notices have chosen by then, and a line that never
#: changes all evening is noise on every message.
NOTIFY_HINT_HANDS = 3


def seat_hints(snapshot: TableSnapshot, locale: str) -> list[str]:
    lines: list[str] = []
    start, add, every = snapshot.time_bank
    if snapshot.time_bank_running and snapshot.actor_name is not None:
        lines.append(t("table.on_time_bank", locale, name=shorten(snapshot.actor_name, NAME)))
    if start or add:
        key = "table.time_bank_refilled" if add else "table.time_bank"
        lines.append(t(key, locale, seconds=start, add=add, every=every))
    first_hands = snapshot.hand_no is None or snapshot.hand_no <= NOTIFY_HINT_HANDS
    if not snapshot.closed and first_hands:
        lines.append(t("table.notify_hint", locale))
    return lines
