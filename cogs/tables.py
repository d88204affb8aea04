"""The table commands: /poker create, join, leave, sitout, sitin, topup, start,
close, dm, notify, show and verify, addbot and removebot, and /history.

A tournament is a table too: ``/poker create tournament:true`` opens one,
``join`` and ``leave`` register and unregister until it begins, and ``start``
(its creator, or a member who can manage the channel) begins it early.

Each command finds the table of the channel it is used in (a thread opened for
a table is its own channel), checks what the person typed, asks the runner,
and answers ephemerally. Work that may take longer than Discord's three
seconds (opening a table, reading histories) is deferred first. The table's
buttons are registered here too, and a member leaving the server is folded
and cashed out at every table of that server (when the bot receives member
events, which needs the privileged members intent).
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Final, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.cashier import MAX_AMOUNT
from bot.client import CroupierBot
from bot.cooldowns import reads_cooldown
from bot.database import Database
from bot.error_replies import permission_words
from bot.errors import BadOption, CroupierError
from bot.hand_summaries import summarise
from bot.i18n import language_of, t
from bot.i18n.discord_bridge import catalogue_str, locale_of
from bot.player_decks import DECK_CHOICES, faces_for, set_deck
from bot.render.card_markup import TEXT_FACES, cards_markup
from bot.render.game_picker import chosen_game, game_choices
from bot.render.history_view import history_lines
from bot.render.home_lines import vote_answer
from bot.render.limits import CONTENT
from bot.render.message import link_button
from bot.render.names import NO_NAME, shown_name
from bot.replay_links import finished_hand_id, hand_url, link_for
from bot.stats import games_played, recent_hands
from bot.table_limits import check_may_open
from bot.table_options import (
    CREATE_OPTIONS,
    HOME_OPTIONS,
    OPTIONS,
    REBUY_OPTIONS,
    SESSION_OPTIONS,
)
from bot.tables.auto_top_ups import AutoTopUp, set_auto_top_up
from bot.tables.closing import MAX_VOID_REASON
from bot.tables.deck_openings import hand_opening
from bot.tables.errors import (
    MayNotEndTournament,
    MayNotVoid,
    NothingToVerify,
    NotTableOwner,
    NotTournamentOwner,
    Refused,
)
from bot.tables.histories import history_for_player
from bot.tables.home_game import saved_answer
from bot.tables.outlet import view_of
from bot.tables.runner import TableRunner
from bot.tables.table_settings import (
    TableSettings,
    dealt_variants,
    mixed_games,
    new_table_config,
)
from bot.tables.table_store import set_dm_cards
from bot.tables.time_bank import parse_time_bank
from bot.tables.tournament_desk import rebuy_options_text
from bot.tables.turn_notices import NOTICE_CHOICES, NoticeChoice, set_notice_choice
from bot.tournaments.mtt_desk import MultiTableDesk
from cogs.amounts import checked_amount
from cogs.create_options import create_parameters
from cogs.home_game import RabbitButton
from cogs.in_time import answer_in_time
from cogs.pending_click import ActPace
from cogs.players import guild_id_of
from cogs.seat_buttons import PreActionButton, ShowButton
from cogs.seat_desk import SeatDeskButton, join_table, left_answer, top_up_seat
from cogs.table_buttons import TableButton
from engine import (
    MAX_SEATS,
    MIN_SEATS,
    STYLES,
    check_opening,
)

Interaction = discord.Interaction[CroupierBot]

HISTORY_HANDS: Final = 5
#: What /poker show may show: all the cards, or one by its place in the hand.
SHOWN_CARD: Final[dict[str, int | None]] = {"all": None, "first": 0, "second": 1}
#: Discord's limit of files on one message.
MAX_FILES: Final = 10


#: What a table needs of the bot in its channel: to see it, to post and edit the
#: table message, its results and announcements (embeds), and to attach the
#: showdown pictures (without Attach Files Discord refuses them).
TABLE_PERMISSIONS: Final = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True
)
#: And for a table in a new thread: to open the thread and post in it.
THREAD_PERMISSIONS: Final = discord.Permissions(
    create_public_threads=True, send_messages_in_threads=True
)


#: One of the fixed choices a player's setting may take (a deck, a turn notice).
SettingChoice = TypeVar("SettingChoice", bound=str)


class NoThreadPermission(CroupierError, app_commands.CheckFailure):
    """``thread:true`` from a member who may not create threads in the channel."""

    key = "tables.no_thread_permission"


class TableChanged(CroupierError, app_commands.CheckFailure):
    """The channel's table was replaced while a /poker close was on its way."""

    key = "tables.close_changed"


def missing_permissions(have: discord.Permissions, needed: discord.Permissions) -> list[str]:
    """The names of the permissions in ``needed`` that ``have`` lacks."""
    return [name for name, wanted in needed if wanted and not getattr(have, name)]


#: The computer players' styles, each named with what it is like (its full
#: sentence is in the answer to /poker addbot and in the README).
STYLE_CHOICES: Final = [
    app_commands.Choice(
        name=catalogue_str(f"command.poker.addbot.style.{name.replace('-', '_')}"), value=name
    )
    for name in STYLES
]
GAME_CHOICES: Final = [
    app_commands.Choice(name=rotation.name, value=key) for key, rotation in mixed_games().items()
]


def checked_number(value: object, *, high: int) -> int:
    """A seat or hand number option, checked again here (Discord's range is not enough)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
        raise BadOption(value=value)
    return value


class EmptyReason(CroupierError, app_commands.CheckFailure):
    """A reason for voiding a hand with nothing in it once cleaned."""

    key = "tables.void_reason_empty"


def checked_reason(value: object) -> str:
    """The reason for voiding a hand, made safe to show to the table."""
    if not isinstance(value, str):
        raise BadOption(value=value)
    reason = shown_name(value, MAX_VOID_REASON)
    if not value.strip() or len(value) > MAX_VOID_REASON or reason == NO_NAME:
        raise EmptyReason()
    return reason


def may_close(interaction: discord.Interaction[Any], runner: TableRunner) -> bool:
    """The table's creator, or a member who can manage the channel, may close it."""
    return (
        interaction.user.id == runner.record.creator_id or interaction.permissions.manage_channels
    )


class Tables(commands.Cog):
    """Poker tables: opening, seats, chips at the table, provably fair checks, histories."""

    #: What the bot's invite asks for on behalf of the tables (``bot.client.invite_permissions``).
    bot_permissions: ClassVar[discord.Permissions] = TABLE_PERMISSIONS | THREAD_PERMISSIONS

    poker = app_commands.Group(
        name="poker",
        description=catalogue_str("command.poker.description"),
        guild_only=True,
    )

    def __init__(self, bot: CroupierBot) -> None:
        self.bot = bot
        #: How long this process's actions take lately (cogs/pending_click.py).
        self.pace = ActPace()

    async def cog_load(self) -> None:
        # Table buttons are answered by on_interaction below, not as dynamic items:
        # discord.py rebuilds the whole message's view for each dynamic item click.
        self.bot.add_dynamic_items(PreActionButton, ShowButton, RabbitButton, SeatDeskButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PreActionButton, ShowButton, RabbitButton, SeatDeskButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[CroupierBot]) -> None:
        """A click on a table message's button: answered from its custom id."""
        button = TableButton.clicked(interaction)
        if button is not None:
            await button.callback(interaction, self.pace)

    def runner(self, interaction: discord.Interaction[Any]) -> TableRunner:
        return self.bot.tables.require(interaction.channel_id)

    # mypy cannot match the ParamSpec of a callback taking **chosen; discord.py
    # reads its parameters from the signature create_parameters gives it.
    @poker.command(  # type: ignore[arg-type]
        name="create", description=catalogue_str("command.poker.create.description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @create_parameters(CREATE_OPTIONS)
    async def create(self, interaction: Interaction, **chosen: Any) -> None:
        """Open a table with the options of :data:`bot.table_options.CREATE_OPTIONS`."""
        await self._open_table(interaction, chosen)

    @poker.command(  # type: ignore[arg-type]
        name="session_chips",
        description=catalogue_str("command.poker.session_chips.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @create_parameters(SESSION_OPTIONS)
    async def session_chips(self, interaction: Interaction, **chosen: Any) -> None:
        """Open a table for a night of session chips (:data:`bot.table_options.SESSION_OPTIONS`)."""
        await self._open_table(interaction, chosen)

    async def _open_table(self, interaction: Interaction, chosen: dict[str, Any]) -> None:
        """Open the table ``chosen`` describes: each declared option as chosen, or its default."""
        options = {opt.name: chosen.get(opt.name, opt.default) for opt in OPTIONS.values()}
        guild_id, locale = guild_id_of(interaction), locale_of(interaction)
        variant, game, time_bank = options["variant"], options["game"], options["time_bank"]
        code = None if variant is None else chosen_game(str(variant), locale, dealt_variants())
        if variant is not None and code is None:
            raise BadOption(value=variant)
        mix = None if game is None else str(getattr(game, "value", game))
        if mix is not None and mix not in mixed_games():
            raise BadOption(value=mix)
        table_options: dict[str, Any] = {
            option.setting: options[option.name] for option in OPTIONS.values() if option.setting
        }
        table_options.update(
            variant=code,
            game=mix,
            time_bank=None if time_bank is None else parse_time_bank(str(time_bank)),
            locale=language_of(str(interaction.guild_locale or interaction.locale)),
        )
        config = new_table_config(self.bot.settings, **table_options)
        thread = options["thread"] is True
        if thread and not interaction.permissions.create_public_threads:
            raise NoThreadPermission()
        needed = TABLE_PERMISSIONS | (THREAD_PERMISSIONS if thread else discord.Permissions())
        missing = missing_permissions(interaction.app_permissions, needed)
        if missing:
            # Every permission the table lacks, named as Discord names it, in one sentence.
            text = t(
                "tables.missing_permissions", locale, permissions=permission_words(missing, locale)
            )
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await check_may_open(self.bot.db, self.bot.settings, guild_id, interaction.user.id)
        channel_id = interaction.channel_id
        assert channel_id is not None
        if thread:
            channel_id = (await self._open_thread(interaction, config)).id
        runner = await self.bot.tables.create(guild_id, channel_id, interaction.user.id, config)
        link = self._open_link(runner.table_id, locale)
        if config.tournament:
            await interaction.followup.send(
                t(
                    "tables.created_tournament",
                    locale,
                    variant=config.display_name,
                    buy_in=config.tournament_buy_in,
                    stack=config.starting_stack,
                    small_blind=config.small_blind,
                    big_blind=config.big_blind,
                    channel=f"<#{channel_id}>",
                ),
                ephemeral=True,
                **link,
            )
            return
        if config.session_chips:
            await interaction.followup.send(
                t(
                    "tables.created_session_chips",
                    locale,
                    variant=config.display_name,
                    small_blind=config.small_blind,
                    big_blind=config.big_blind,
                    stack=config.session_chips,
                    channel=f"<#{channel_id}>",
                ),
                ephemeral=True,
                **link,
            )
            return
        await interaction.followup.send(
            t(
                "tables.created",
                locale,
                variant=config.display_name,
                small_blind=config.small_blind,
                big_blind=config.big_blind,
                low=config.min_buy_in,
                high=config.max_buy_in,
                channel=f"<#{channel_id}>",
            ),
            ephemeral=True,
            **link,
        )

    @create.autocomplete("variant")
    async def _variant_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Every game in the reader's language, the server's most played first."""
        played = await games_played(self.bot.db, interaction.guild_id or 0)
        return [
            app_commands.Choice(name=name, value=code)
            for code, name in game_choices(
                played, locale_of(interaction), current, dealt_variants()
            )
        ]

    def _open_link(self, table_id: int, locale: str) -> dict[str, Any]:
        """The "Open the table" link under an answer, when the web room is published (issue 26)."""
        page = self.bot.tables.services.table_page(table_id)
        view = None if page is None else view_of((link_button(t("table.open_link", locale), page),))
        return {} if view is None else {"view": view}

    async def _open_thread(
        self, interaction: discord.Interaction[Any], config: TableSettings
    ) -> discord.Thread:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise app_commands.CheckFailure()
        name = t(
            "tables.thread_name",
            config.locale,
            variant=config.display_name,
            small_blind=config.small_blind,
            big_blind=config.big_blind,
        )
        return await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread)

    @poker.command(name="join", description=catalogue_str("command.poker.join.description"))
    @app_commands.describe(
        buy_in=catalogue_str("command.poker.join.buy_in"),
        seat=catalogue_str("command.poker.join.seat"),
    )
    async def join(
        self,
        interaction: Interaction,
        buy_in: app_commands.Range[int, 1, MAX_AMOUNT] | None = None,
        seat: app_commands.Range[int, MIN_SEATS - 1, MAX_SEATS] | None = None,
    ) -> None:
        runner = self.runner(interaction)
        work = join_table(
            interaction,
            runner,
            buy_in=None if buy_in is None else checked_amount(buy_in),
            seat=None if seat is None else checked_number(seat, high=MAX_SEATS),
        )
        await answer_in_time(
            interaction, work, **self._open_link(runner.table_id, locale_of(interaction))
        )

    @poker.command(name="leave", description=catalogue_str("command.poker.leave.description"))
    async def leave(self, interaction: Interaction) -> None:
        locale = locale_of(interaction)
        runner = self.runner(interaction)

        async def leave() -> str:
            return left_answer(runner, await runner.leave(interaction.user.id), locale)

        await answer_in_time(interaction, leave())

    @poker.command(name="sitout", description=catalogue_str("command.poker.sitout.description"))
    async def sitout(self, interaction: Interaction) -> None:
        runner = self.runner(interaction)

        async def sit_out() -> str:
            await runner.sit_out(interaction.user.id)
            return t("tables.sat_out", locale_of(interaction))

        await answer_in_time(interaction, sit_out())

    @poker.command(name="sitin", description=catalogue_str("command.poker.sitin.description"))
    async def sitin(self, interaction: Interaction) -> None:
        runner = self.runner(interaction)

        async def sit_in() -> str:
            await runner.sit_in(interaction.user.id)
            return t("tables.sat_in", locale_of(interaction))

        await answer_in_time(interaction, sit_in())

    @poker.command(name="topup", description=catalogue_str("command.poker.topup.description"))
    @app_commands.describe(amount=catalogue_str("command.poker.topup.amount"))
    async def topup(
        self, interaction: Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        runner = self.runner(interaction)

        await answer_in_time(interaction, top_up_seat(interaction, runner, checked_amount(amount)))

    @poker.command(
        name="autotopup", description=catalogue_str("command.poker.autotopup.description")
    )
    @app_commands.describe(
        up_to=catalogue_str("command.poker.autotopup.up_to"),
        below=catalogue_str("command.poker.autotopup.below"),
    )
    async def autotopup(
        self,
        interaction: Interaction,
        up_to: app_commands.Range[int, 1, MAX_AMOUNT] | None = None,
        below: app_commands.Range[int, 1, MAX_AMOUNT] | None = None,
    ) -> None:
        """Between hands, the stack back up to ``up_to`` whenever it is below
        ``below`` (default: ``up_to``); no ``up_to``: no automatic top-ups."""
        guild_id, locale = guild_id_of(interaction), locale_of(interaction)
        choice = None
        if up_to is not None:
            target = checked_amount(up_to)
            floor = target if below is None else checked_amount(below)
            if floor > target:
                raise Refused("tables.auto_top_up_order", below=floor, up_to=target)
            choice = AutoTopUp(below=floor, up_to=target)
        runner = self.bot.tables.get(interaction.channel_id or 0)

        async def choose() -> str:
            await set_auto_top_up(self.bot.db, guild_id, interaction.user.id, choice)
            if choice is None:
                return t("tables.auto_top_up_off", locale)
            if runner is not None and not runner.closed:
                await runner.apply_auto_top_ups()
            return t("tables.auto_top_up_on", locale, below=choice.below, up_to=choice.up_to)

        await answer_in_time(interaction, choose())

    @poker.command(name="start", description=catalogue_str("command.poker.start.description"))
    async def start(self, interaction: Interaction) -> None:
        runner = self.runner(interaction)
        if not may_close(interaction, runner):
            raise NotTournamentOwner()

        async def begin() -> str:
            await runner.begin_tournament()
            return t("tables.tournament_started", locale_of(interaction))

        await answer_in_time(interaction, begin())

    @poker.command(name="addbot", description=catalogue_str("command.poker.addbot.description"))
    @app_commands.describe(
        style=catalogue_str("command.poker.addbot.style"),
        seat=catalogue_str("command.poker.addbot.seat"),
    )
    @app_commands.choices(style=STYLE_CHOICES)
    async def addbot(
        self,
        interaction: Interaction,
        style: app_commands.Choice[str] | None = None,
        seat: app_commands.Range[int, MIN_SEATS - 1, MAX_SEATS] | None = None,
    ) -> None:
        runner = self.runner(interaction)
        if not may_close(interaction, runner):
            raise Refused("computer.not_owner")
        locale = locale_of(interaction)

        async def add() -> str:
            movement = await runner.add_computer(
                None if style is None else style.value,
                None if seat is None else checked_number(seat, high=MAX_SEATS),
            )
            chosen = runner.computers.styles[movement.user_id]
            return t(
                "computer.registered" if runner.settings.tournament else "computer.added",
                locale,
                name=runner.state.name(movement.user_id),
                seat=movement.seat_no,
                amount=movement.amount,
                style=t(f"computer.style_name.{chosen.name.replace('-', '_')}", locale),
                about=t(chosen.message_key, locale),
            )

        await answer_in_time(interaction, add())

    @poker.command(
        name="removebot", description=catalogue_str("command.poker.removebot.description")
    )
    @app_commands.describe(seat=catalogue_str("command.poker.removebot.seat"))
    async def removebot(
        self,
        interaction: Interaction,
        seat: app_commands.Range[int, MIN_SEATS - 1, MAX_SEATS] | None = None,
    ) -> None:
        runner = self.runner(interaction)
        if not may_close(interaction, runner):
            raise Refused("computer.not_owner")
        locale = locale_of(interaction)

        async def remove() -> str:
            number = None if seat is None else checked_number(seat, high=MAX_SEATS)
            computer = runner.computers.to_remove(number)
            name = runner.state.name(computer)
            left = await runner.remove_computer(number)
            if left.movement is None:
                return t("computer.removed_later", locale, name=name)
            return t("computer.removed", locale, name=name, amount=left.movement.amount)

        await answer_in_time(interaction, remove())

    @poker.command(name="ledger", description=catalogue_str("command.poker.ledger.description"))
    async def ledger(self, interaction: Interaction) -> None:
        """The table's session ledger, to whoever asks in its channel (at it or watching)."""
        runner = self.runner(interaction)
        if runner.settings.tournament:
            raise Refused("ledger.tournament")
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await runner.session_ledger(locale_of(interaction))
        assert message.embed is not None
        await interaction.followup.send(embed=message.embed, ephemeral=True)

    @poker.command(name="close", description=catalogue_str("command.poker.close.description"))
    @app_commands.describe(void_reason=catalogue_str("command.poker.close.void_reason"))
    async def close(
        self,
        interaction: Interaction,
        void_reason: app_commands.Range[str, 1, MAX_VOID_REASON] | None = None,
    ) -> None:
        """Close at once between hands, after the hand in progress otherwise
        (bot/tables/closing.py); voiding that hand, or ending a tournament under
        way, is for members who can manage the channel."""
        runner = self.runner(interaction)
        if isinstance(runner.desk, MultiTableDesk):
            # A multi-table tournament's tables end together: /tournament cancel.
            raise Refused("mtt.no_close")
        manager = interaction.permissions.manage_channels
        reason = None if void_reason is None else checked_reason(void_reason)
        if reason is not None and not manager:
            raise MayNotVoid()
        if runner.tournament_under_way and runner.members_seated and not manager:
            # With no member left in it, the opener may end it too (issue 24).
            raise MayNotEndTournament()
        if not may_close(interaction, runner):
            raise NotTableOwner()
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.channel_id is not None
        # The permission was checked on this runner: close it, never a table that
        # replaced it while the answer was on its way (no await between here and
        # the registry taking the runner).
        if self.bot.tables.get(interaction.channel_id) is not runner or runner.closed:
            raise TableChanged()
        closed = await self.bot.tables.close(
            interaction.channel_id,
            interaction.user.id,
            void_reason=reason,
            by_name=shown_name(interaction.user.display_name),
        )
        key = "tables.closed_tournament" if runner.settings.tournament else "tables.closed"
        if closed.after_hand:
            key = "tables.closing"
        await interaction.followup.send(
            t(key, locale_of(interaction), count=len(closed.movements)), ephemeral=True
        )

    @poker.command(name="dm", description=catalogue_str("command.poker.dm.description"))
    @app_commands.describe(setting=catalogue_str("command.poker.dm.setting"))
    @app_commands.choices(
        setting=[
            app_commands.Choice(name=catalogue_str("command.poker.dm.on"), value="on"),
            app_commands.Choice(name=catalogue_str("command.poker.dm.off"), value="off"),
        ]
    )
    async def dm(self, interaction: Interaction, setting: app_commands.Choice[str]) -> None:
        if setting.value not in ("on", "off"):
            raise BadOption(value=setting.value)

        async def set_cards_by_dm() -> str:
            await set_dm_cards(self.bot.db, interaction.user.id, setting.value == "on")
            if setting.value == "on":  # they opened their DMs: try again
                self.bot.tables.services.dm_refusals.reopen(interaction.user.id)
            return t(f"tables.dm_{setting.value}", locale_of(interaction))

        await answer_in_time(interaction, set_cards_by_dm())

    @poker.command(name="notify", description=catalogue_str("command.poker.notify.description"))
    @app_commands.describe(setting=catalogue_str("command.poker.notify.setting"))
    @app_commands.choices(
        setting=[
            app_commands.Choice(name=catalogue_str(f"command.poker.notify.{choice}"), value=choice)
            for choice in NOTICE_CHOICES
        ]
    )
    async def notify(self, interaction: Interaction, setting: app_commands.Choice[str]) -> None:
        async def store(database: Database, user_id: int, choice: NoticeChoice) -> None:
            await set_notice_choice(database, user_id, choice)
            for runner in self.bot.tables.runners:  # at once at this process's tables
                runner.notices.chosen(user_id, choice)

        await self._remember(interaction, setting.value, NOTICE_CHOICES, store, "notify")

    @poker.command(name="show", description=catalogue_str("command.poker.show.description"))
    @app_commands.describe(card=catalogue_str("command.poker.show.card"))
    @app_commands.choices(
        card=[
            app_commands.Choice(name=catalogue_str(f"command.poker.show.{what}"), value=what)
            for what in SHOWN_CARD
        ]
    )
    async def show(
        self, interaction: Interaction, card: app_commands.Choice[str] | None = None
    ) -> None:
        what = "all" if card is None else card.value
        if what not in SHOWN_CARD:
            raise BadOption(value=what)
        runner = self.runner(interaction)
        shown = await runner.show_cards(interaction.user.id, SHOWN_CARD[what])
        text = t(
            "tables.shown",
            locale_of(interaction),
            cards=cards_markup(shown.cards, TEXT_FACES),
            hand_no=shown.hand_no,
        )
        await interaction.response.send_message(text, ephemeral=True)

    @poker.command(name="muck", description=catalogue_str("command.poker.muck.description"))
    async def muck(self, interaction: Interaction) -> None:
        runner = self.runner(interaction)
        await runner.muck_cards(interaction.user.id)
        await interaction.response.send_message(
            t("acted.muck", locale_of(interaction)), ephemeral=True
        )

    @poker.command(name="deck", description=catalogue_str("command.poker.deck.description"))
    @app_commands.describe(deck=catalogue_str("command.poker.deck.deck"))
    @app_commands.choices(
        deck=[
            app_commands.Choice(name=catalogue_str(f"command.poker.deck.{deck}"), value=deck)
            for deck in DECK_CHOICES
        ]
    )
    async def deck(self, interaction: Interaction, deck: app_commands.Choice[str]) -> None:
        await self._remember(interaction, deck.value, DECK_CHOICES, set_deck, "deck")

    async def _remember(
        self,
        interaction: Interaction,
        value: str,
        choices: tuple[SettingChoice, ...],
        store: Callable[[Database, int, SettingChoice], Awaitable[None]],
        answer: str,
    ) -> None:
        """Keep a player's choice among ``choices`` (a value Discord did not
        offer is refused) and answer with ``tables.{answer}_{choice}``."""
        chosen = next((choice for choice in choices if choice == value), None)
        if chosen is None:
            raise BadOption(value=value)

        async def choose() -> str:
            await store(self.bot.db, interaction.user.id, chosen)
            return t(f"tables.{answer}_{chosen}", locale_of(interaction))

        await answer_in_time(interaction, choose())

    @poker.command(name="straddle", description=catalogue_str("command.poker.straddle.description"))
    @app_commands.describe(
        setting=catalogue_str("command.poker.straddle.setting"),
        restraddle_to=catalogue_str("command.poker.straddle.restraddle_to"),
    )
    @app_commands.choices(
        setting=[
            app_commands.Choice(name=catalogue_str("command.poker.dm.on"), value="on"),
            app_commands.Choice(name=catalogue_str("command.poker.dm.off"), value="off"),
        ]
    )
    async def straddle(
        self,
        interaction: Interaction,
        setting: app_commands.Choice[str],
        restraddle_to: app_commands.Range[int, 1, MAX_AMOUNT] | None = None,
    ) -> None:
        if setting.value not in ("on", "off"):
            raise BadOption(value=setting.value)
        runner = self.runner(interaction)
        to = 0 if restraddle_to is None else checked_amount(restraddle_to)

        async def choose() -> str:
            await runner.choose_straddle(interaction.user.id, setting.value == "on", to=to)
            if to and setting.value == "on":
                return t("tables.straddle_on_to", locale_of(interaction), amount=to)
            return t(f"tables.straddle_{setting.value}", locale_of(interaction))

        await answer_in_time(interaction, choose())

    # mypy cannot match the ParamSpec of a callback taking **chosen (as create).
    @poker.command(  # type: ignore[arg-type]
        name="homegame", description=catalogue_str("command.poker.homegame.description")
    )
    @create_parameters(HOME_OPTIONS)
    async def homegame(self, interaction: Interaction, **chosen: Any) -> None:
        """Only the options given change; the others stay as they are. Their
        ranges are Discord's (:data:`bot.table_options.HOME_OPTIONS`); the
        engine checks the rest."""
        runner = self.runner(interaction)
        changes = {name: value for name, value in chosen.items() if value is not None}

        async def change() -> str:
            changed = await runner.change_home_options(interaction.user.id, **changes)
            return saved_answer(changed, locale_of(interaction))

        await answer_in_time(interaction, change())

    # mypy cannot match the ParamSpec of a callback taking **chosen (as create).
    @poker.command(  # type: ignore[arg-type]
        name="rebuys", description=catalogue_str("command.poker.rebuys.description")
    )
    @create_parameters(REBUY_OPTIONS)
    async def rebuys(self, interaction: Interaction, **chosen: Any) -> None:
        """A tournament's rebuys, add-on, bounties and payouts, before it begins:
        only the options given change. Their ranges are Discord's
        (:data:`bot.table_options.REBUY_OPTIONS`); the engine checks the rest."""
        runner = self.runner(interaction)
        changes = {name: value for name, value in chosen.items() if value is not None}

        async def change() -> str:
            config = await runner.change_rebuy_options(interaction.user.id, **changes)
            locale = locale_of(interaction)
            return t("tournament.extras.saved", locale, text=rebuy_options_text(config, locale))

        await answer_in_time(interaction, change())

    @poker.command(name="bomb", description=catalogue_str("command.poker.bomb.description"))
    async def bomb(self, interaction: Interaction) -> None:
        runner = self.runner(interaction)

        async def vote() -> str:
            counted = await runner.vote_bomb_pot(interaction.user.id)
            name = shown_name(interaction.user.display_name)
            return vote_answer(counted, name, locale_of(interaction))

        await answer_in_time(interaction, vote())

    @poker.command(name="verify", description=catalogue_str("command.poker.verify.description"))
    @reads_cooldown()
    @app_commands.describe(hand=catalogue_str("command.poker.verify.hand"))
    async def verify_hand(
        self, interaction: Interaction, hand: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        locale = locale_of(interaction)
        hand_no = checked_number(hand, high=MAX_AMOUNT)
        table_id = await self._table_of_channel(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = (
            None
            if table_id is None
            else await hand_opening(self.bot.db, table_id, hand_no, interaction.user.id)
        )
        if found is None:
            await interaction.followup.send(
                t("tables.verify_unknown", locale, hand_no=hand_no), ephemeral=True
            )
            return
        commitment, opening = found.commitment, found.opening
        if commitment is None:
            raise NothingToVerify(hand_no=hand_no)
        if opening is None or not opening.cards:
            # Nothing to open: the hand is still on, or voided, or the asker saw none
            # of its cards (a spectator of a hand won before the flop, or of a draw).
            key = "tables.verify_none_seen"
            if opening is None and not found.over:
                key = "tables.verify_pending"
            elif found.voided:
                key = "tables.verify_closed"
            text = t(key, locale, hand_no=hand_no, commitment=commitment)
            if key == "tables.verify_none_seen":
                text += await self._replay_line(table_id, hand_no, interaction.user.id, locale)
            await interaction.followup.send(text, ephemeral=True)
            return
        name = f"table{table_id}-hand{hand_no}-opening.txt"
        faces = await faces_for(self.bot.db, self.bot.card_emojis, interaction.user.id)
        key = "tables.verify_ok" if check_opening(opening, commitment) else "tables.verify_failed"
        opened = [card.card for card in opening.cards]
        text = ""
        replay_line = await self._replay_line(table_id, hand_no, interaction.user.id, locale)
        for drawn in (faces, TEXT_FACES):  # emojis, unless they make it too long
            text = t(
                key,
                locale,
                hand_no=hand_no,
                commitment=commitment,
                count=len(opened),
                cards=cards_markup(opened, drawn, locale),
                file=name,
            )
            if len(text + replay_line) <= CONTENT:
                break
        if len(text + replay_line) <= CONTENT:
            text += replay_line
        file = discord.File(io.BytesIO(opening.to_text().encode()), filename=name)
        await interaction.followup.send(text, file=file, ephemeral=True)

    async def _replay_line(
        self, table_id: int | None, hand_no: int, user_id: int, locale: str
    ) -> str:
        """A line linking to the finished hand's replay, where the web room has a
        public address (else nothing)."""
        base = self.bot.settings.public_url
        if base is None or table_id is None:
            return ""
        hand_id = await finished_hand_id(self.bot.db, table_id, hand_no)
        if hand_id is None:
            return ""
        url = await link_for(self.bot.db, base, hand_id, user_id)
        return "\n" + t("replay.link_line", locale, url=url)

    async def _table_of_channel(self, interaction: discord.Interaction[Any]) -> int | None:
        """The open table of the channel, else the last one it had."""
        runner = self.bot.tables.get(interaction.channel_id or 0)
        if runner is not None:
            return runner.table_id
        return await self.bot.tables.store.last_table_in(interaction.channel_id or 0)

    @app_commands.command(name="history", description=catalogue_str("command.history.description"))
    @app_commands.guild_only()
    @reads_cooldown()
    async def history(self, interaction: Interaction) -> None:
        locale = locale_of(interaction)
        guild_id = guild_id_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        hands = await recent_hands(self.bot.db, guild_id, interaction.user.id, HISTORY_HANDS)
        if not hands:
            await interaction.followup.send(t("history.none", locale), ephemeral=True)
            return
        faces = await faces_for(self.bot.db, self.bot.card_emojis, interaction.user.id)
        summaries = [
            (hand, await summarise(self.bot.db, hand, interaction.user.id)) for hand in hands
        ]
        lines = [history_lines(summaries, locale, faces)]
        base = self.bot.settings.public_url
        if base is not None:  # each hand's replay, as this player saw it
            links = " · ".join(
                t("replay.hand_link", locale, hand_no=h.hand_no, url=hand_url(base, h.hand_id))
                for h in hands
            )
            lines.append(t("replay.history_links", locale, links=links))
        files = []
        for hand in hands[:MAX_FILES]:
            text = await history_for_player(self.bot.db, hand.hand_id, interaction.user.id)
            if text is not None:
                name = f"table{hand.table_id}-hand{hand.hand_no}.phh"
                files.append(discord.File(io.BytesIO(text.encode()), filename=name))
        lines.append(t("history.files" if files else "history.no_files", locale))
        embed = discord.Embed(title=t("history.title", locale), description="\n".join(lines))
        await interaction.followup.send(
            embed=embed, files=files or discord.utils.MISSING, ephemeral=True
        )

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        await self.bot.tables.player_gone(payload.guild_id, payload.user.id)


async def setup(bot: commands.Bot) -> None:
    if not isinstance(bot, CroupierBot):
        raise TypeError("the tables cog needs a CroupierBot (bot.client.create_client)")
    await bot.add_cog(Tables(bot))
