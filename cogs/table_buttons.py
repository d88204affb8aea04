"""The buttons under a table message and the bet/raise form.

The buttons are answered from their custom ids alone, which (see
:mod:`bot.render.custom_ids`) carry the table, the hand and how many actions
the hand had when they were drawn, so they work after a restart and a stale
or doubled click is refused by the runner. Only the player to act may act;
anyone else gets an ephemeral sentence saying why. "Discard" or "Draw" answers
the player whose turn it is with a menu of their own cards (cogs/discard_menu.py).
"My cards" always answers
with a fresh ephemeral seat view, since a dismissed one cannot be shown again
(cogs/seat_buttons.py).

The seat view offers the same buttons on the player's turn (issue 23), with
ids of their own (``croupier:seat:…``) and answered here, by the same path:
the runner's checks, the write-ahead log, the same refusals. Such a click is
acknowledged without a change (the table message's edit must not answer a
click on another message), its fresh token is handed to the seat view
(:mod:`bot.tables.seat_console`), which the table's next change then edits.

An action's click is answered by the table message's edit that shows the
action (Discord's UPDATE_MESSAGE: one request, see cogs/pending_click.py), or,
when the table takes longer than that allows, acknowledged as it is a moment
later and the table message edited on its own. A refusal is the click's answer,
ephemeral, or a follow-up when the click was acknowledged already.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, cast

import discord

from bot.client import CroupierBot
from bot.error_replies import reply_with_error
from bot.i18n import t
from bot.i18n.discord_bridge import locale_of
from bot.player_decks import faces_for
from bot.render.custom_ids import SEAT_BUTTON, TABLE_BUTTON, raise_modal_id
from bot.render.limits import MODAL_TITLE, shorten
from bot.render.views import Choices
from bot.tables.errors import SeatStaleButton, SeatStaleHand, StaleButton, StaleHand
from bot.tables.requests import ActionRequest, Move
from bot.tables.runner import TableRunner
from cogs.amounts import parse_chip_amount
from cogs.discard_menu import DiscardMenu, menu_prompt
from cogs.dm_notice import tell_if_dms_refused
from cogs.pending_click import ActPace, PendingClick
from cogs.seat_view import clicked_id, editor_for, show_seat
from cogs.unanswered import take

#: What each action button asks for.
BUTTON_MOVES: dict[str, Move] = {
    "fold": Move.FOLD,
    "call": Move.CHECK_OR_CALL,
    "min": Move.MIN,
    "half": Move.HALF_POT,
    "pot": Move.POT,
    "allin": Move.ALL_IN,
    "bringin": Move.BRING_IN,
    "small": Move.SMALL_BET,
    "big": Move.BIG_BET,
    "twice": Move.RUN_TWICE,
    "once": Move.RUN_ONCE,
    "show": Move.SHOW,
    "muck": Move.MUCK,
}

#: The text and description a form's label may have, as Discord allows.
INPUT_LABEL = 45
LABEL_DESCRIPTION = 100


def runner_for(interaction: discord.Interaction[Any], table_id: int) -> TableRunner:
    """The running table the clicked message belongs to."""
    bot = cast(CroupierBot, interaction.client)
    runner = bot.tables.require(interaction.channel_id)
    if runner.table_id != table_id:  # a message of an earlier table in this channel
        raise StaleHand()
    return runner


class TableButton:
    """A click on a table message's button, read from its custom id alone.

    Not a discord.py dynamic item: for every click on one of those, discord.py
    rebuilds a whole ``View`` from the clicked message (every button of the
    table) only to find the one clicked. The cog's listener reads the custom
    id instead (:meth:`clicked`) and answers here.
    """

    def __init__(
        self, table_id: int, hand_no: int, seq: int, action: str, *, on_seat: bool = False
    ) -> None:
        self.table_id, self.hand_no, self.seq, self.action = table_id, hand_no, seq, action
        #: Clicked on the player's own seat view, not on the table message.
        self.on_seat = on_seat
        #: An action's click, once it waits for the table's edit to answer it.
        self.click: PendingClick | None = None
        self.runner: TableRunner | None = None

    @classmethod
    def clicked(cls, interaction: discord.Interaction[Any]) -> TableButton | None:
        """The table button this interaction clicked, or None if it is anything else."""
        if interaction.type is not discord.InteractionType.component:
            return None
        data: Mapping[str, object] = interaction.data or {}
        custom_id = data.get("custom_id")
        if data.get("component_type") != discord.ComponentType.button.value:
            return None
        if not isinstance(custom_id, str):
            return None
        on_seat = custom_id.startswith("croupier:seat:")
        match = (SEAT_BUTTON if on_seat else TABLE_BUTTON).fullmatch(custom_id)
        if match is None:
            return None
        return cls(
            int(match["table"]),
            int(match["hand"]),
            int(match["seq"]),
            match["action"],
            on_seat=on_seat,
        )

    async def callback(self, interaction: discord.Interaction[Any], pace: ActPace) -> None:
        """Answer the click; ``pace``: how long the process's actions take lately."""
        take(interaction)
        try:
            cast(CroupierBot, interaction.client).clicks.check(interaction)
            await self._answer(interaction, pace)
        except Exception as error:
            if self.on_seat:
                error = seat_refusal(error)
                if self.runner is not None:  # the clicked view shows the hand as it is
                    self.runner.seats.refresh(only=interaction.user.id)
            answered = await taken_back(self.click)
            await reply_with_error(interaction, error, answered=answered)
            if answered is None:
                self.click = None  # answered through discord.py, which knows it now
        await tell_if_dms_refused(interaction, self.click)

    async def _answer(self, interaction: discord.Interaction[Any], pace: ActPace) -> None:
        runner = self.runner = runner_for(interaction, self.table_id)
        user_id, locale = interaction.user.id, locale_of(interaction)
        clicked = interaction.message
        # A seat view's click is answered there, never by the table message's edit.
        message_id = clicked.id if clicked is not None and not self.on_seat else None
        seat_id = clicked_id(interaction) if self.on_seat else None
        del clicked
        on_an_older_message = message_id is not None and not runner.is_current_message(message_id)
        if on_an_older_message and self.action != "cards":
            raise StaleButton()
        if self.action not in ("cards", "discard"):
            let_go_of_clicked_message(interaction)
        if self.action in ("cards", "discard"):
            bot = cast(CroupierBot, interaction.client)
            faces = await faces_for(bot.db, bot.card_emojis, user_id)
        if self.action == "cards":
            # The player's seat view, kept current (cogs/seat_buttons.py).
            await show_seat(interaction, runner, locale, faces)
            return
        if self.action == "discard":
            menu = runner.discard_choices(user_id, hand_no=self.hand_no, seq=self.seq)
            await interaction.response.send_message(
                menu_prompt(menu, locale, faces),
                view=DiscardMenu(runner, user_id, menu, locale, faces),
                ephemeral=True,
            )
            return
        if self.action == "raise":
            choices = runner.choices_for(user_id, hand_no=self.hand_no, seq=self.seq)
            if choices.min_raise_to != choices.max_raise_to:
                form = RaiseForm(runner, self.hand_no, choices, locale, pace, on_seat=self.on_seat)
                await interaction.response.send_modal(form)
                return
            # One amount only, and the button says which: no form to fill in.
            request = ActionRequest(Move.RAISE_TO, choices.min_raise_to)
        else:
            request = ActionRequest(BUTTON_MOVES[self.action])
        self.click = PendingClick(interaction, message_id)
        await act_on_click(
            self.click,
            runner,
            request,
            pace,
            hand_no=self.hand_no,
            seq=self.seq,
            acknowledged=seat_kept_current(interaction, runner, seat_id) if self.on_seat else None,
        )


async def act_on_click(
    click: PendingClick,
    runner: TableRunner,
    request: ActionRequest,
    pace: ActPace,
    *,
    hand_no: int,
    seq: int,
    acknowledged: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Act for the clicking player; the table message's edit that shows the action
    answers the click (see cogs/pending_click.py). A click heard of too late for
    that, or made while the process is busy (``pace``), is acknowledged first, and
    not acted on if Discord refused that: the player was told it failed (logged by
    the click). ``acknowledged`` is awaited once it was (a seat view's click, on
    no table message, always is)."""
    user_id = click.interaction.user.id
    answer: PendingClick | None = click
    if click.late or pace.slow:
        if not await click.acknowledge():
            return
        answer = None  # answered already: the table message is edited on its own
        if acknowledged is not None:
            await acknowledged()
    loop = asyncio.get_running_loop()
    began = loop.time()
    try:
        await runner.act(user_id, request, hand_no=hand_no, seq=seq, answer=answer)
    finally:
        pace.took(loop.time() - began)


def seat_kept_current(
    interaction: discord.Interaction[Any], runner: TableRunner, message_id: int | None
) -> Callable[[], Awaitable[None]]:
    """Once a click on seat view ``message_id`` was acknowledged: that view is the
    one kept current from now on, through the click's fresh token (another 15
    minutes)."""

    async def keep() -> None:
        user_id = interaction.user.id
        editor = editor_for(interaction)
        if runner.seats.renew(user_id, editor, message_id=message_id):
            return
        bot = cast(CroupierBot, interaction.client)
        faces = await faces_for(bot.db, bot.card_emojis, user_id)
        runner.seats.open(user_id, locale_of(interaction), faces, editor, message_id=message_id)

    return keep


def seat_refusal(error: Exception) -> Exception:
    """A stale click's refusal, in the seat view's words (it shows the hand being
    played, not an older table message)."""
    if isinstance(error, StaleHand):
        return SeatStaleHand()
    if isinstance(error, StaleButton):
        return SeatStaleButton()
    return error


async def taken_back(click: PendingClick | None) -> bool | None:
    """Before a refusal is answered: ``None`` when the click is the handler's to answer
    (nobody answered it), else whether it was answered (the refusal then follows up)."""
    if click is None or click.take_back():
        return None
    return await click.answered()


def let_go_of_clicked_message(interaction: discord.Interaction[Any]) -> None:
    """Drop discord.py's parsed copy of the clicked table message, once read.

    discord.py parses the whole clicked message (every button, text and row of the
    table: ~150 objects) into ``Interaction.message`` for each click, and an action
    holds its interaction until the table has played it, seconds behind the
    table's lock and the database at hundreds of tables: at 500 tables ~500 such
    messages were alive at any moment, a quarter of what each collection walked.
    An action answers with ``defer`` and refusals with a follow-up, neither of
    which reads the message (only ``response.edit_message`` does, which an action
    never calls). Assigning the public attribute is a reach into discord.py;
    tests/bot/test_table_buttons_message.py fails if it stops being assignable.
    """
    interaction.message = None


class RaiseForm(discord.ui.Modal):
    """Asks for the total to bet or raise to, stating the range the engine allows."""

    def __init__(
        self,
        runner: TableRunner,
        hand_no: int,
        choices: Choices,
        locale: str,
        pace: ActPace | None = None,
        *,
        on_seat: bool = False,
    ) -> None:
        title = t("raise_modal.title_bet" if choices.is_bet else "raise_modal.title_raise", locale)
        super().__init__(
            title=shorten(title, MODAL_TITLE),
            custom_id=raise_modal_id(runner.table_id, hand_no, choices.seq),
            timeout=300,
        )
        self.runner, self.hand_no, self.choices = runner, hand_no, choices
        #: Opened from the player's seat view: answered there, not by the table's edit.
        self.on_seat = on_seat
        self.pace = pace if pace is not None else ActPace()
        low, high = choices.min_raise_to, choices.max_raise_to
        self.amount: discord.ui.TextInput[RaiseForm] = discord.ui.TextInput(
            placeholder=shorten(t("raise_modal.placeholder", locale, low=low), 100),
            custom_id="amount",
            required=True,
            max_length=20,
        )
        # A Label carries the text an input shows (Discord deprecated the input's own
        # label); its description says the whole range even where the label is cut.
        self.add_item(
            discord.ui.Label(
                text=shorten(t("raise_modal.label", locale, low=low, high=high), INPUT_LABEL),
                description=shorten(
                    t("raise_modal.description", locale, low=low, high=high), LABEL_DESCRIPTION
                ),
                component=self.amount,
            )
        )

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        """The amount, acted on; answered like a button's click: a form sent from the
        table message carries that message, whose edit answers it."""
        take(interaction)
        click: PendingClick | None = None
        try:
            amount = parse_chip_amount(
                self.amount.value, low=self.choices.min_raise_to, high=self.choices.max_raise_to
            )
            clicked = interaction.message
            seat_id = clicked_id(interaction) if self.on_seat else None
            on_the_table = (
                clicked is not None
                and not self.on_seat
                and self.runner.is_current_message(clicked.id)
            )
            message_id = clicked.id if on_the_table and clicked is not None else None
            del clicked
            let_go_of_clicked_message(interaction)
            click = PendingClick(interaction, message_id)
            request = ActionRequest(Move.RAISE_TO, amount)
            await act_on_click(
                click,
                self.runner,
                request,
                self.pace,
                hand_no=self.hand_no,
                seq=self.choices.seq,
                acknowledged=(
                    seat_kept_current(interaction, self.runner, seat_id) if self.on_seat else None
                ),
            )
        except Exception as error:
            if self.on_seat:
                error = seat_refusal(error)
                self.runner.seats.refresh(only=interaction.user.id)
            await reply_with_error(interaction, error, answered=await taken_back(click))
