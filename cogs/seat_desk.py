"""Sitting down, leaving and topping up at a cash table: the waiting table's
**Sit down**, **Leave** and **Top up** buttons (and a tournament's **Rebuy**
and **Add-on**, answered at once) and their forms, the answers
they share with /poker join, leave and topup, and the way back a refused
buy-in names.

The buttons are discord.py dynamic items (their custom ids carry the table,
:mod:`bot.render.custom_ids`), so they keep working after a restart; each
answers whoever clicks, for themselves, ephemerally. The Sit down form comes
with the default buy-in filled in (:func:`bot.buy_ins.default_buy_in`: half
the balance, within the table's range) and an empty seat (the first free
one); the Top up form with as much again. A player whose balance cannot pay
the table's minimum is told instead the one thing they can do now
(:mod:`bot.way_back`).
"""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

from bot.buy_ins import default_buy_in
from bot.cashier import InsufficientChips, SeatMovement
from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.errors import BadOption, CroupierError
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from bot.render.custom_ids import (
    SEAT_DESK_BUTTON,
    seat_desk_button_id,
    sit_down_form_id,
    top_up_form_id,
)
from bot.render.limits import MODAL_TITLE, shorten
from bot.render.message import link_button
from bot.render.names import seat_name
from bot.tables.errors import Refused
from bot.tables.money_desk import Left
from bot.tables.outlet import view_of
from bot.tables.runner import TableRunner
from bot.way_back import next_step_for
from cogs.amounts import parse_chip_amount
from cogs.in_time import answer_in_time
from cogs.players import guild_id_of, player
from cogs.table_buttons import INPUT_LABEL, LABEL_DESCRIPTION, runner_for
from cogs.unanswered import take

#: Refusals of a buy-in or a top-up that a player with too few chips gets.
SHORT_OF_CHIPS = ("engine.buy_in_too_small", "engine.rebuy_too_small")


class NoWayIn(CroupierError):
    """A refused buy-in or top-up, and what the player can do to play again."""

    key = "way_back.refusal"


def joined_answer(runner: TableRunner, movement: SeatMovement, locale: str) -> str:
    key = "tables.registered" if runner.settings.tournament else "tables.joined"
    return t(
        _session_chips(runner, key),
        locale,
        seat=movement.seat_no,
        amount=movement.amount,
        balance=movement.balance,
    )


def left_answer(runner: TableRunner, left: Left, locale: str) -> str:
    if left.movement is None:
        return t("tables.left_later", locale)
    key = "tables.unregistered" if runner.settings.tournament else "tables.left_now"
    return t(
        _session_chips(runner, key),
        locale,
        amount=left.movement.amount,
        balance=left.movement.balance,
    )


def topped_up_answer(runner: TableRunner, movement: SeatMovement, locale: str) -> str:
    return t(
        _session_chips(runner, "tables.topped_up"),
        locale,
        amount=movement.amount,
        stack=movement.stack,
        balance=movement.balance,
    )


def _session_chips(runner: TableRunner, key: str) -> str:
    """The sentence ``key`` says at a night of session chips: no balance moved."""
    return f"{key}_session_chips" if runner.settings.session_chips else key


async def with_way_back(
    interaction: discord.Interaction[Any], runner: TableRunner, error: CroupierError
) -> CroupierError:
    """``error`` (a refused buy-in or top-up), with what to do now when the
    player's balance cannot pay the table's minimum; else ``error`` itself."""
    short = isinstance(error, InsufficientChips) or error.message_key in SHORT_OF_CHIPS
    if not short or runner.settings.tournament:
        return error
    bot = cast(CroupierBot, interaction.client)
    step = await next_step_for(
        bot.cashier,
        bot.db,
        guild_id_of(interaction),
        interaction.user.id,
        table_minimum=runner.settings.min_buy_in,
        default_minimum=bot.settings.default_min_buy_in,
    )
    if step.kind == "top_up":
        return error
    locale = locale_of(interaction)
    return NoWayIn(refusal=error.sentence(locale), step=step.sentence(locale))


def open_link(runner: TableRunner, locale: str) -> dict[str, Any]:
    """The "Open the table" link under an answer that seats a member, when the
    web room is published (issue 26); nothing without the public address."""
    page = runner.services.table_page(runner.table_id)
    return (
        {}
        if page is None
        else {"view": view_of((link_button(t("table.open_link", locale), page),))}
    )


async def join_table(
    interaction: discord.Interaction[Any],
    runner: TableRunner,
    *,
    buy_in: int | None,
    seat: int | None,
) -> str:
    """Seat the member who asked; the answer, or the refusal with the way back."""
    who = player(interaction, None)
    try:
        movement = await runner.join(
            who.id,
            seat_name(who),
            buy_in=buy_in,
            seat=seat,
            locale=locale_of(interaction),
        )
    except (InsufficientChips, Refused) as error:
        raise await with_way_back(interaction, runner, error) from error
    return joined_answer(runner, movement, locale_of(interaction))


async def top_up_seat(
    interaction: discord.Interaction[Any], runner: TableRunner, amount: int
) -> str:
    try:
        movement = await runner.top_up(interaction.user.id, amount)
    except (InsufficientChips, Refused) as error:
        raise await with_way_back(interaction, runner, error) from error
    return topped_up_answer(runner, movement, locale_of(interaction))


async def buy_tournament_chips(
    runner: TableRunner, interaction: discord.Interaction[Any], action: str
) -> str:
    """A rebuy or the add-on for the member who clicked; the answer."""
    locale, extras = locale_of(interaction), runner.settings.extras
    if action == "rebuy":
        await runner.rebuy(interaction.user.id)
        chips, price = runner.settings.starting_stack, runner.settings.tournament_buy_in
        return t("rebuy.done", locale, chips=chips, price=price)
    await runner.add_on(interaction.user.id)
    return t("add_on.done", locale, chips=extras.add_on_chips, price=extras.add_on_price)


class SeatDeskButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=SEAT_DESK_BUTTON.pattern,
):
    """Sit down, Leave or Top up, for whoever clicks."""

    def __init__(self, table_id: int, action: str) -> None:
        self.table_id, self.action = table_id, action
        super().__init__(
            discord.ui.Button(label=action, custom_id=seat_desk_button_id(table_id, action))
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(int(match["table"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        take(interaction)
        try:
            bot = cast(CroupierBot, interaction.client)
            bot.clicks.check(interaction)
            runner = runner_for(interaction, self.table_id)
            if self.action == "leave":
                locale = locale_of(interaction)

                async def leave() -> str:
                    return left_answer(runner, await runner.leave(interaction.user.id), locale)

                await answer_in_time(interaction, leave())
                return
            if self.action in ("rebuy", "addon"):
                await answer_in_time(
                    interaction, buy_tournament_chips(runner, interaction, self.action)
                )
                return
            form = await self._form(interaction, bot, runner)
            await interaction.response.send_modal(form)
        except Exception as error:
            await reply_with_error(interaction, error)

    async def _form(
        self, interaction: discord.Interaction[Any], bot: CroupierBot, runner: TableRunner
    ) -> discord.ui.Modal:
        user_id, locale = interaction.user.id, locale_of(interaction)
        # A read (never waiting on a write): a form must open within Discord's 3 seconds.
        # A newcomer's balance is the starting grant their first buy-in creates.
        known = await bot.cashier.balance(guild_id_of(interaction), user_id)
        balance = bot.cashier.starting_chips if known is None else known
        low, high = runner.settings.min_buy_in, runner.settings.max_buy_in
        if runner.settings.session_chips:  # no balance pays for them: the night's stack
            balance = high
        if self.action == "sit":
            if runner.table.is_seated(user_id):  # no form to fill in for nothing
                raise Refused("engine.already_seated", seat=runner.table.seat_of(user_id).number)
            offered = default_buy_in(balance, low=low, high=high)
            if offered is None:
                short = InsufficientChips(needed=low, available=balance)
                raise await with_way_back(interaction, runner, short)
            return SitDownForm(runner, offered, balance, locale)
        seat = runner.table.seat_of(user_id) if runner.table.is_seated(user_id) else None
        if seat is None:
            raise Refused("table.not_seated")
        room = high - seat.stack
        if seat.stack == 0:
            offered = default_buy_in(balance, low=low, high=high)
            if offered is None:
                refused = Refused("engine.rebuy_too_small", amount=low)
                raise await with_way_back(interaction, runner, refused)
        else:
            offered = max(1, min(room, balance // 2 or balance))
        return TopUpForm(runner, min(offered, room), seat.stack, balance, locale)


class SitDownForm(discord.ui.Modal):
    """The buy-in (the default filled in) and the seat (empty: the first free one)."""

    def __init__(self, runner: TableRunner, offered: int, balance: int, locale: str) -> None:
        super().__init__(
            title=shorten(t("sit_form.title", locale), MODAL_TITLE),
            custom_id=sit_down_form_id(runner.table_id),
            timeout=600,
        )
        self.runner = runner
        low, high = runner.settings.min_buy_in, runner.settings.max_buy_in
        self.low, self.high = low, high
        self.buy_in: discord.ui.TextInput[SitDownForm] = discord.ui.TextInput(
            custom_id="buy_in", default=str(offered), required=True, max_length=20
        )
        self.add_item(
            discord.ui.Label(
                text=shorten(t("sit_form.buy_in", locale, low=low, high=high), INPUT_LABEL),
                description=shorten(
                    t(_session_chips(runner, "sit_form.buy_in_about"), locale, balance=balance),
                    LABEL_DESCRIPTION,
                ),
                component=self.buy_in,
            )
        )
        self.seat: discord.ui.TextInput[SitDownForm] = discord.ui.TextInput(
            custom_id="seat", required=False, max_length=2
        )
        self.add_item(
            discord.ui.Label(
                text=shorten(t("sit_form.seat", locale), INPUT_LABEL),
                description=shorten(t("sit_form.seat_about", locale), LABEL_DESCRIPTION),
                component=self.seat,
            )
        )

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        take(interaction)
        try:
            amount = parse_chip_amount(self.buy_in.value, low=self.low, high=self.high)
            seat = _seat_number(self.seat.value, self.runner.settings.seats)
            work = join_table(interaction, self.runner, buy_in=amount, seat=seat)
            await answer_in_time(
                interaction, work, **open_link(self.runner, locale_of(interaction))
            )
        except Exception as error:
            await reply_with_error(interaction, error)


class TopUpForm(discord.ui.Modal):
    """How many chips to add (a suggestion filled in)."""

    def __init__(
        self, runner: TableRunner, offered: int, stack: int, balance: int, locale: str
    ) -> None:
        super().__init__(
            title=shorten(t("top_up_form.title", locale), MODAL_TITLE),
            custom_id=top_up_form_id(runner.table_id),
            timeout=600,
        )
        self.runner = runner
        self.room = runner.settings.max_buy_in - stack
        self.amount: discord.ui.TextInput[TopUpForm] = discord.ui.TextInput(
            custom_id="amount", default=str(offered), required=True, max_length=20
        )
        high = runner.settings.max_buy_in
        self.add_item(
            discord.ui.Label(
                text=shorten(t("top_up_form.amount", locale, high=self.room), INPUT_LABEL),
                description=shorten(
                    t(
                        _session_chips(runner, "top_up_form.amount_about"),
                        locale,
                        stack=stack,
                        balance=balance,
                        high=high,
                    ),
                    LABEL_DESCRIPTION,
                ),
                component=self.amount,
            )
        )

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        take(interaction)
        try:
            amount = parse_chip_amount(self.amount.value, low=1, high=max(self.room, 1))
            await answer_in_time(interaction, top_up_seat(interaction, self.runner, amount))
        except Exception as error:
            await reply_with_error(interaction, error)


def _seat_number(text: str, seats: int) -> int | None:
    """The seat typed in the form (``None``: left empty), 1 to ``seats``."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= seats:
        raise BadOption(value=text[:20])
    return int(text)
