"""A multi-table tournament's rebuys, add-ons and bounties as saved in its row
(bot/tournaments/mtt_rebuys.py): a restart finds every bounty on every head,
and a hand's end, worked out on a copy, joins the book as changed meanwhile."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from bot.tables.errors import Refused
from bot.tournaments.hand_end_merge import merged
from bot.tournaments.mtt_rebuys import MttExtras
from engine import BountyWon, TournamentExtras

EXTRAS = TournamentExtras(
    rebuy_levels=2, add_on_price=50, add_on_chips=400, bounty=20, progressive=True
)


def test_the_bounties_rebuys_and_add_ons_come_back_as_saved() -> None:
    extras = MttExtras.entered(EXTRAS, [1, 2, 3, -4])
    extras.book.enter(2)  # a rebuy
    extras.rebuys, extras.add_ons = 1, {3}
    assert extras.book.knock_out(1, ((2, 100),)) == (BountyWon(2, 1, 10, 10),)
    again = MttExtras.from_data(EXTRAS, json.loads(json.dumps(extras.to_data())))
    assert again.book.heads == {2: 50, 3: 20, -4: 20}
    assert (again.rebuys, again.add_ons, again.book.pool) == (1, {3}, 90)


def test_a_tournament_saved_before_rebuys_existed_has_none() -> None:
    again = MttExtras.from_data(TournamentExtras(), None)
    assert again.book.heads == {} and again.rebuys == 0 and not again.any


def test_a_hand_end_worked_out_on_a_copy_joins_a_book_changed_meanwhile() -> None:
    extras = MttExtras.entered(EXTRAS, [1, 2, 3])
    before = extras.to_data()
    copy = MttExtras.from_data(EXTRAS, before)
    copy.book.knock_out(3, ((1, 10),))  # the hand's end, in its transaction
    assert extras.book.heads == {1: 20, 2: 20, 3: 20}  # nothing to put back should it fail
    extras.book.enter(4)  # meanwhile, a rebuy at another table
    extras.rebuys = 1
    extras.put_back(merged(before, extras.to_data(), copy.to_data()))  # it commits
    assert extras.book.heads == {1: 30, 2: 20, 4: 20} and extras.rebuys == 1


async def test_nobody_buys_chips_once_the_tournament_is_being_cancelled() -> None:
    """A computer player between hands (or a member's button) finds the
    tournament being cancelled: refused before anything is touched."""
    extras = MttExtras.entered(EXTRAS, [1, -1])
    for over, cancelling, sentence in (
        (False, True, "The tournament is being cancelled: no more rebuys or add-ons."),
        (True, False, "This tournament is over or being cancelled already."),
    ):
        tournament = SimpleNamespace(over=over, cancelling=cancelling)
        with pytest.raises(Refused) as refused:
            await extras.buy_chips(tournament, None, None, -1, "rebuy")  # type: ignore[arg-type]
        assert refused.value.sentence().startswith(sentence)
    assert extras.rebuys == 0 and not extras.add_ons
