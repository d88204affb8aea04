"""The table message's lines and buttons for the home-game options: the
chances of each hand once no more betting can happen ("≈" when simulated),
who still chooses whether the board is run twice (and the two buttons), that
it is being run twice, a bomb pot, a 7-2 bounty paid; and the rabbit-hunt
button on the result of a hand that ended before its board was complete;
the cards the rabbit hunt shows, and the answer to a vote for a bomb pot."""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import t
from bot.render.card_markup import TEXT_FACES, CardFaces, cards_markup
from bot.render.cards import cards_text
from bot.render.custom_ids import rabbit_button_id
from bot.render.limits import NAME, shorten
from bot.render.message import ButtonSpec, ButtonStyle
from bot.render.views import HandOdds, HandResultView, HomeGameView, HomeOptionsView
from engine import BombPotVote, Card

#: Makes one button: action, label, style, row.
ButtonMaker = Callable[[str, str, ButtonStyle, int], ButtonSpec]


def percent(fraction: float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not.

    >>> percent(0.996), percent(1.0), percent(0.004), percent(0.0), percent(0.5)
    ('99', '100', '1', '0', '50')
    """
    value = round(fraction * 100)
    if value == 100 and fraction < 1:
        value = 99
    if value == 0 and fraction > 0:
        value = 1
    return str(value)


def home_options_text(options: HomeOptionsView, locale: str) -> str:
    """The home-game options, as one list ("none" without any)."""
    parts: list[str] = []
    if options.run_it_twice:
        parts.append(t("home.option.run_it_twice", locale))
    if options.rabbit_hunt:
        parts.append(t("home.option.rabbit_hunt", locale))
    if options.bomb_pot:
        bomb = t("home.option.bomb_pot", locale, amount=options.bomb_pot)
        if options.bomb_pot_every:
            bomb += " " + t("home.option.bomb_pot_every", locale, hands=options.bomb_pot_every)
        if options.double_board:
            bomb += ", " + t("home.option.double_board", locale)
        parts.append(bomb)
    if options.seven_deuce_bounty:
        parts.append(t("home.option.seven_deuce_bounty", locale, amount=options.seven_deuce_bounty))
    return ", ".join(parts) if parts else t("home.options_none", locale)


def home_rules_lines(
    in_force: HomeOptionsView | None,
    pending: HomeOptionsView | None,
    from_hand: int,
    locale: str,
) -> list[str]:
    """The table message's line of home rules: those in force, and the agreed
    ones waiting for their hand (so that nobody is surprised by them)."""
    if in_force is None and pending is None:
        return []
    line = t(
        "table.home_rules", locale, options=home_options_text(in_force or HomeOptionsView(), locale)
    )
    if pending is not None:
        options = home_options_text(pending, locale)
        line += " · " + t("table.home_rules_pending", locale, hand_no=from_hand, options=options)
    return [line]


def home_lines(home: HomeGameView | None, locale: str, faces: CardFaces = TEXT_FACES) -> list[str]:
    """The home game's lines; a board in the chances is drawn with ``faces``,
    as the table's board above it is."""
    if home is None:
        return []
    lines: list[str] = []
    if home.bomb_pot:
        lines.append(t("home.bomb_pot", locale, amount=home.bomb_pot))
    for stage in home.odds:
        chances = " · ".join(_chances(odds, locale) for odds in stage.hands)
        if not stage.exact:
            chances = "≈ " + chances
        if stage.cards:
            line = t("home.odds_cards", locale, cards=stage.cards, chances=chances)
        elif stage.board:
            board = cards_markup(stage.board, faces, locale)
            line = t("home.odds_on", locale, board=board, chances=chances)
        else:
            line = t("home.odds", locale, chances=chances)
        if stage.run == 2:
            line = t("home.odds_second_run", locale, line=line)
        elif stage.board_number:
            line = t("home.odds_board", locale, number=stage.board_number, line=line)
        lines.append(line)
    if home.runout_choosers:
        names = ", ".join(shorten(name, NAME) for name in home.runout_choosers)
        lines.append(t("home.run_it_twice_choosing", locale, names=names))
    elif home.runouts == 2:
        lines.append(t("home.run_twice", locale))
    if home.bounty is not None:
        name, amount = home.bounty
        lines.append(t("home.bounty", locale, name=shorten(name, NAME), amount=amount))
    return lines


def _chances(odds: HandOdds, locale: str) -> str:
    name = shorten(odds.name, NAME)
    if odds.half is not None:
        return t(
            "home.chances_hilo",
            locale,
            name=name,
            win=percent(odds.win),
            half=percent(odds.half),
            tie=percent(odds.tie),
        )
    if odds.tie:
        return t(
            "home.chances_tie", locale, name=name, win=percent(odds.win), tie=percent(odds.tie)
        )
    return t("home.chances", locale, name=name, win=percent(odds.win))


def home_buttons(home: HomeGameView | None, locale: str, button: ButtonMaker) -> list[ButtonSpec]:
    """Run it twice: twice or once, for the players still to choose."""
    if home is None or not home.runout_choosers:
        return []
    return run_twice_buttons(locale, button)


def run_twice_buttons(locale: str, button: ButtonMaker) -> list[ButtonSpec]:
    """Twice or once: on the table message, and on a chooser's own seat view."""
    return [
        button("twice", t("button.run_twice", locale), "success", 0),
        button("once", t("button.run_once", locale), "secondary", 0),
    ]


def rabbit_button(result: HandResultView, locale: str) -> tuple[ButtonSpec, ...]:
    """The result of a hand that ended before its board was complete, at a
    table that hunts rabbits: the button that shows the board to come."""
    if not result.rabbit_hunt:
        return ()
    custom_id = rabbit_button_id(result.table_id, result.hand_no)
    return (ButtonSpec(custom_id, t("button.rabbit_hunt", locale), "secondary", 0),)


def options_changed_text(
    in_force: HomeOptionsView | None,
    agreed: HomeOptionsView | None,
    from_hand: int | None,
    locale: str,
    *,
    to_table: bool,
) -> str:
    """A change of the home-game options, as the channel is told it
    (``to_table``) or as the opener is answered: the options in force, and
    those agreed that wait for hand ``from_hand`` (when any wait)."""
    now, later = (
        ("home.changed", "home.changed_pending")
        if to_table
        else ("home.options_saved", "home.options_pending")
    )
    text = t(now, locale, options=_options_or_none(in_force, locale))
    if from_hand is not None:
        pending = _options_or_none(agreed, locale)
        text += "\n" + t(later, locale, hand_no=from_hand, options=pending)
    return text


def _options_or_none(options: HomeOptionsView | None, locale: str) -> str:
    return t("home.options_none", locale) if options is None else home_options_text(options, locale)


def rabbit_text(hand_no: int, boards: tuple[tuple[Card, ...], ...], locale: str) -> str:
    """What the rabbit hunt shows the table: the cards to come, each board's
    named where there were two."""
    if len(boards) == 1:
        return t("home.rabbit", locale, hand_no=hand_no, cards=cards_text(boards[0]))
    each = " · ".join(
        t("home.rabbit_board", locale, number=number, cards=cards_text(cards))
        for number, cards in enumerate(boards, start=1)
    )
    return t("home.rabbit", locale, hand_no=hand_no, cards=each)


def vote_answer(vote: BombPotVote, name: str, locale: str) -> str:
    """The answer to a vote for a bomb pot: how the vote stands, or that it is called."""
    if vote.again:
        return t(
            "home.bomb_voted_before",
            locale,
            votes=vote.votes,
            needed=vote.needed,
            missing=vote.missing,
        )
    if vote.called:
        return t("home.bomb_voted", locale)
    return t(
        "home.bomb_vote",
        locale,
        name=name,
        votes=vote.votes,
        needed=vote.needed,
        missing=vote.missing,
    )
