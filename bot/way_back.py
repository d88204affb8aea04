"""The one thing a player without chips at a table can do right now to play
again, for the sentence that tells them (the bust notice, the answer to a
refused buy-in).

In order, the first that works: top up from the balance (it holds the
table's minimum buy-in); take the server's refill, open now; claim the daily
chips (when they are enough for the table); wait for the refill, which opens
at a time the sentence names; ask a member who can manage the server for
chips (refills are off).

>>> rule = RefillRule(on=True, chips=1000, hours=4)
>>> now = datetime(2024, 5, 6, 20, 0, tzinfo=UTC)
>>> way = next_step(Standing(400, 0, None, 0, None), rule, table_minimum=600,
...     smallest_buy_in=600, daily_amount=100, daily_open=True, now=now)
>>> way.kind, way.chips
('refill_now', 1000)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from bot.cashier import Cashier, Standing
from bot.database import Reader
from bot.i18n import t
from bot.refills import RefillRule, refill_rule, smallest_buy_in

StepKind = Literal["top_up", "refill_now", "daily", "refill_later", "ask_admin"]


@dataclass(frozen=True, slots=True)
class NextStep:
    """What the player can do now: ``kind``, with the chips it brings or holds
    and, for a refill to come, when it opens."""

    kind: StepKind
    chips: int = 0
    opens: datetime | None = None

    def sentence(self, locale: str) -> str:
        """What to do, said to the player."""
        opens = "" if self.opens is None else f"<t:{int(self.opens.timestamp())}:t>"
        relative = "" if self.opens is None else f"<t:{int(self.opens.timestamp())}:R>"
        return t(f"way_back.{self.kind}", locale, chips=self.chips, opens=opens, when=relative)

    def bust_notice(self, locale: str, *, name: str) -> str:
        """The table's notice that the player called ``name`` is out of chips."""
        return t("table.out_of_chips", locale, name=name) + " " + self.sentence(locale)


def next_step(
    standing: Standing,
    rule: RefillRule,
    *,
    table_minimum: int,
    smallest_buy_in: int,
    daily_amount: int,
    daily_open: bool,
    now: datetime,
) -> NextStep:
    """The first way back that works for a player whose ``standing`` is this."""
    if standing.balance >= table_minimum:
        return NextStep("top_up", chips=standing.balance)
    broke = standing.balance + standing.at_tables < smallest_buy_in
    refillable = rule.on and broke and rule.chips > standing.balance
    if refillable and rule.is_open(standing.last_refill, now):
        return NextStep("refill_now", chips=rule.chips)
    if daily_open and standing.balance + daily_amount >= table_minimum:
        return NextStep("daily", chips=daily_amount)
    if refillable:
        return NextStep(
            "refill_later", chips=rule.chips, opens=rule.opens_after(standing.last_refill)
        )
    return NextStep("ask_admin")


async def next_step_for(
    cashier: Cashier,
    database: Reader,
    guild_id: int,
    user_id: int,
    *,
    table_minimum: int,
    default_minimum: int,
    now: datetime | None = None,
) -> NextStep:
    """:func:`next_step` for the player as the database has them now."""
    moment = datetime.now(UTC) if now is None else now
    standing = await cashier.standing(guild_id, user_id)
    rule = await refill_rule(database, guild_id, cashier.starting_chips)
    smallest = await smallest_buy_in(database, guild_id, default_minimum)
    today = moment.date()
    daily = cashier.daily
    streak = daily.next_streak(standing.last_daily, standing.daily_streak, today)
    return next_step(
        standing,
        rule,
        table_minimum=table_minimum,
        smallest_buy_in=smallest,
        daily_amount=daily.amount(streak),
        daily_open=daily.can_claim(standing.last_daily, today),
        now=moment,
    )
