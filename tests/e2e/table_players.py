"""Members playing a table through the fake Discord, as people would.

:class:`TablePlayers` takes each turn the table message shows: it picks a
move with a seeded random :class:`Style` (mostly calls and checks, some
folds, quick sizes, raises through the bet/raise form, now and then all in),
makes it by button or by slash command, and waits until the table message
moves on. Between turns members also do what players do while waiting: ask
for their cards, or click out of turn. Busted players top up. Every answer
the bot gives is checked to be the one the move called for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.render.custom_ids import table_button_id
from tests.e2e.fake_discord import FakeDiscord, Member, Reply
from tests.e2e.table_view import TableView, Turn

#: How long to wait for a turn before looking for busted players to top up.
IDLE_STEP = 0.5
#: Discord's component type of a select menu.
SELECT_MENU = 3
#: Refusals a move made on a turn the table has already left may get.
STALE_REFUSALS = ("not your turn", "moved on", "hand that is over", "No hand")
#: The bot telling a player, once, that their DMs are closed to it: not a refusal.
DM_NOTICE = "could not send you your cards by DM"
#: What the bot confirms for each action command.
CONFIRMATIONS = {
    "check": ("You checked.",),
    "call": ("You called",),
    "fold": ("You folded.",),
    "bet": ("You bet",),
    "raise": ("You raised to",),
    "allin": ("You bet", "You raised to", "You called"),
}


@dataclass(frozen=True)
class Style:
    """How often each move is made; weights, not probabilities."""

    call: float = 60
    fold: float = 12
    min: float = 8
    half: float = 5
    pot: float = 3
    raise_form: float = 8
    allin: float = 1
    #: Stud: bring in, or bet the small or big bet on an open pair.
    bring_in: float = 60
    small: float = 5
    big: float = 3
    #: Draw games: the share of draws that stand pat.
    stand_pat: float = 0.3
    #: At the showdown, a hand that cannot win: shown or mucked.
    show: float = 1
    muck: float = 2
    #: The share of moves typed as slash commands rather than clicked.
    by_command: float = 0.3
    #: Per turn: someone asks for their cards; someone not to act clicks.
    cards_click: float = 0.05
    out_of_turn_click: float = 0.03
    #: The share of seat views opened by a player not to act who then chooses a
    #: pre-action on it (a private choice, taken when their turn comes).
    pre_action_click: float = 0.0


@dataclass
class Played:
    """What the players did, for the test's asserts."""

    moves: dict[str, int] = field(default_factory=dict)
    refusals: list[str] = field(default_factory=list)

    def count(self, what: str) -> None:
        self.moves[what] = self.moves.get(what, 0) + 1


#: Only checks and calls, by button: hands that go to the showdown the same way every time.
CALLING_STATION = Style(
    call=1,
    fold=0,
    min=0,
    half=0,
    pot=0,
    raise_form=0,
    allin=0,
    by_command=0,
    cards_click=0,
    out_of_turn_click=0,
)


async def open_table(
    fake: FakeDiscord,
    members: list[Member],
    *,
    buy_in: int = 1000,
    channel_id: int | None = None,
    **options: Any,
) -> TableView:
    """The first member opens a table in the default channel (or ``channel_id``) with
    ``options`` and everyone sits down; returns the view once the first turn is shown."""
    created = await members[0].slash("poker", "create", channel=channel_id, **options)
    await created.settled()
    assert "is open in" in created.text, created.text
    for member in members:
        joined = await member.slash("poker", "join", channel=channel_id, buy_in=buy_in)
        await joined.settled()
        assert "You sit in seat" in joined.text, joined.text
    view = TableView(fake, channel_id)
    assert await view.next_turn() is not None, "no hand was dealt"
    return view


def input_id(modal: dict[str, Any]) -> str:
    """The custom id of a modal's first text input."""
    for row in modal.get("components") or []:
        for component in row.get("components") or [row.get("component") or {}]:
            if component.get("type") == 4:
                return str(component["custom_id"])
    raise AssertionError(f"the modal {modal.get('title')!r} has no text input")


class TablePlayers:
    """Members at one table, taking the turns its message offers."""

    def __init__(
        self,
        fake: FakeDiscord,
        members: list[Member],
        *,
        seed: int = 1,
        style: Style | None = None,
        top_up: int | None = None,
        view: TableView | None = None,
    ) -> None:
        self.fake = fake
        self.view = view if view is not None else TableView(fake)
        self.by_name = {member.name: member for member in members}
        self.rng = random.Random(seed)
        self.style = style if style is not None else Style()
        self.top_up = top_up
        self.played = Played()

    # ------------------------------------------------------------- playing

    async def close_table(self, closer: Member) -> str:
        """``/poker close`` by ``closer``; a hand in progress is played out first,
        as the table then asks, until the table says it is closed. The answer."""
        closed = await closer.slash("poker", "close")
        await closed.settled()
        if "closes when the hand in progress ends" in closed.text:
            # A closing table takes no more chips: nobody tops up, even a player
            # who busts in the last hand (the table would refuse it).
            top_up, self.top_up = self.top_up, None
            try:
                await self.play_hands(1, idle_timeout=3.0)
            finally:
                self.top_up = top_up

            def told() -> bool:
                posted = self.fake.messages(self.view.channel_id)
                return any("the table is closed" in message.text() for message in posted)

            await self.fake.wait_for(told, 10)
        return closed.text

    async def play_hands(self, count: int, *, idle_timeout: float = 10.0) -> int:
        """Play until ``count`` more hands have their results posted; the number
        of results posted in all. Stops early when no turn comes for ``idle_timeout``."""
        goal = len(self.view.results()) + count
        last: tuple[int, int] | None = None
        idle = 0.0
        while len(self.view.results()) < goal and idle < idle_timeout:
            turn = await self.view.next_turn(last, IDLE_STEP)
            if turn is None:
                # No hand can be dealt while too many players are busted.
                idle = 0.0 if await self._top_up_the_busted() else idle + IDLE_STEP
                continue
            idle = 0.0
            last = turn.key
            if turn.actor not in self.by_name:
                # Someone who left: the table acts for them once Discord shows the
                # table's newer state (the message may lag behind under rate limits).
                continue
            await self.take_turn(turn)
            await self._top_up_the_busted()
        return len(self.view.results())

    async def take_turn(self, turn: Turn) -> None:
        """Make one move for the player to act, then wait until the table shows it."""
        actor = self.by_name[turn.actor]
        await self._while_waiting(turn, actor)
        move = self._pick(turn)
        if move == "discard":
            reply = await self._discard_by_menu(turn, actor)
        elif move == "raise" and turn.raise_range() is not None:
            reply = await self._raise_by_form(turn, actor)
        elif move in ("call", "fold", "allin", "min", "half", "pot") and (
            self.rng.random() < self.style.by_command
        ):
            reply = await self._by_command(turn, actor, move)
        else:
            reply = await actor.click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, move),
                message=turn.message_id,
            )
            self.played.count(f"button:{move}")
        await self._moved_on(turn, reply)

    def _pick(self, turn: Turn) -> str:
        style = self.style
        weights = {
            "call": style.call,
            "fold": style.fold,
            "min": style.min,
            "half": style.half,
            "pot": style.pot,
            "raise": style.raise_form,
            "allin": style.allin,
            "bringin": style.bring_in,
            "small": style.small,
            "big": style.big,
            "discard": 1,
            "show": style.show,
            "muck": style.muck,
        }
        offered = [(move, weight) for move, weight in weights.items() if move in turn.buttons]
        moves, chances = zip(*offered, strict=True)
        return self.rng.choices(moves, chances)[0]

    async def _by_command(self, turn: Turn, actor: Member, move: str) -> Reply:
        label = turn.buttons[move]
        if move == "call":
            words, options = (("check",) if label == "Check" else ("call",)), {}
        elif move == "fold":
            words, options = ("fold",), {}
        elif move == "allin":
            words, options = ("allin",), {}
        else:  # a quick size typed as the amount it stands for
            amount = turn.amount_of(move)
            assert amount is not None, label
            bet = turn.buttons.get("raise", "").startswith("Bet")
            words, options = (("bet",) if bet else ("raise",)), {"amount": amount}
        reply = await actor.slash(*words, **options)
        await reply.settled()
        assert reply.ephemeral, reply
        if reply.text.startswith("You "):
            assert reply.text.startswith(CONFIRMATIONS[words[0]]), (words, reply.text)
        self.played.count(f"command:{words[0]}")
        return reply

    async def _discard_by_menu(self, turn: Turn, actor: Member) -> Reply:
        """Open the discard menu (only the player sees it) and throw cards away,
        or stand pat where the menu offers it."""
        opened = await actor.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "discard"),
            message=turn.message_id,
        )
        menu = opened.message
        if menu is None or not menu.ephemeral:  # refused: the turn had already passed
            return opened
        selects = [c for c in menu.all_components() if c.get("type") == SELECT_MENU]
        pat = "Stand pat" in menu.button_labels
        if pat and (not selects or self.rng.random() < self.style.stand_pat):
            self.played.count("menu:stand_pat")
            return await actor.click("Stand pat", message=menu)
        (select,) = selects
        values = [str(option["value"]) for option in select.get("options", [])]
        low = max(1, int(select.get("min_values", 1)))
        high = min(int(select.get("max_values", 1)), len(values))
        self.played.count("menu:discard")
        return await actor.select(
            str(select["custom_id"]),
            self.rng.sample(values, self.rng.randint(low, high)),
            message=menu,
        )

    async def _raise_by_form(self, turn: Turn, actor: Member) -> Reply:
        low_high = turn.raise_range()
        assert low_high is not None, turn
        low, high = low_high
        amount = self.rng.choice([low, low, (low + high) // 2, high])
        opened = await actor.click(
            custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "raise"),
            message=turn.message_id,
        )
        if opened.modal is None:  # refused: the turn had already passed
            return opened
        reply = await actor.submit_modal({input_id(opened.modal): str(amount)})
        self.played.count("form:raise")
        return reply

    async def _moved_on(self, turn: Turn, reply: Reply) -> None:
        """Until the table shows a later turn or the hand's result, or the bot refused.

        A command's answer (or refusal) fills its own message, and so does a
        click's refusal (a followup, when the click was acknowledged first); a
        click's success shows only on the table.
        """

        def refusals() -> list[str]:
            return [
                text
                for text in reply.said
                if text and not text.startswith("You ") and DM_NOTICE not in text
            ]

        def done() -> bool:
            later = self.view.turn()
            if refusals() or (later is not None and later.key > turn.key):
                return True
            return turn.hand_no in self.view.results()

        try:
            await self.fake.wait_for(done, timeout=10)
        except TimeoutError:
            raise AssertionError(
                f"the table did not move on from {turn} after {reply}; it shows {self.view.turn()}"
            ) from None
        for text in refusals():
            assert any(why in text for why in STALE_REFUSALS), text
            self.played.refusals.append(text)

    async def _while_waiting(self, turn: Turn, actor: Member) -> None:
        others = [m for m in self.by_name.values() if m is not actor]
        if not others:
            return
        if self.rng.random() < self.style.cards_click:
            member = self.rng.choice([actor, *others])
            shown = await member.click(
                custom_id=table_button_id(turn.table_id, turn.hand_no, turn.seq, "cards"),
                message=turn.message_id,
            )
            assert shown.ephemeral, shown
            self.played.count("button:cards")
            if member is not actor and self.rng.random() < self.style.pre_action_click:
                await self._pre_act(member, shown)
        # A button that acts at once (the raise form and the discard menu answer otherwise).
        clicks = sorted(set(turn.buttons) - {"raise", "discard"})
        if clicks and self.rng.random() < self.style.out_of_turn_click:
            bystander = self.rng.choice(others)
            refused = await bystander.click(
                custom_id=table_button_id(
                    turn.table_id, turn.hand_no, turn.seq, self.rng.choice(clicks)
                ),
                message=turn.message_id,
            )
            text = await refused.sentence()
            assert "not your turn" in text or "not playing this hand" in text, text
            self.played.count("refused:out_of_turn")

    async def _pre_act(self, member: Member, shown: Reply) -> None:
        """Choose one of the pre-actions the member's seat view offers, if any."""
        view = shown.message
        if view is None:
            return
        offered = [
            str(c["custom_id"])
            for c in view.all_components()
            if str(c.get("custom_id", "")).startswith("croupier:pre:")
            and not str(c["custom_id"]).endswith(":clear")
        ]
        if not offered:
            return
        await member.click(custom_id=self.rng.choice(offered), message=view)
        self.played.count("seat:pre_action")

    async def _top_up_the_busted(self) -> bool:
        """Top up every busted player; whether anyone was."""
        if self.top_up is None:
            return False
        topped = False
        for seat in self.view.seats().values():
            member = self.by_name.get(seat.name)
            if member is None or seat.stack or "sitting out" not in seat.status:
                continue
            # Settled: under load the answer may come after a "thinking" defer.
            reply = await (await member.slash("poker", "topup", amount=self.top_up)).settled()
            assert "You added" in reply.text, reply.text
            self.played.count("command:topup")
            topped = True
        return topped
