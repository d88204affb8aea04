"""What a player brings to a cash table when they do not say: half their
balance, within the table's buy-in range, so that one bad hand leaves them
something to come back with. Their whole balance goes on the table only when
they ask for it (an amount typed in the join command or the Sit down form).

>>> default_buy_in(1000, low=200, high=1000)
500
>>> default_buy_in(5000, low=200, high=1000)
1000
>>> default_buy_in(300, low=200, high=1000)
200
>>> default_buy_in(150, low=200, high=1000) is None
True
"""

from __future__ import annotations


def default_buy_in(balance: int, *, low: int, high: int) -> int | None:
    """The buy-in offered to a player with ``balance`` at a table taking ``low``
    to ``high``; ``None`` when the balance does not reach ``low``."""
    if balance < low:
        return None
    return max(low, min(high, balance // 2))
