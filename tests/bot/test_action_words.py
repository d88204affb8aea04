"""Every action kind the engine names and every quick size has its sentences."""

from __future__ import annotations

from typing import get_args

import pytest

from bot.i18n import CATALOGUES
from bot.render.action_words import acted_key, quick_size_key, told_key
from engine import BetKind, DiscardKind, PointCardKind, RaiseSize

KINDS = [kind for kinds in (BetKind, DiscardKind, PointCardKind) for kind in get_args(kinds)]


@pytest.mark.parametrize("locale", sorted(CATALOGUES))
@pytest.mark.parametrize("kind", KINDS)
def test_every_action_kind_is_told_to_the_table_and_to_the_player(kind: str, locale: str) -> None:
    messages = CATALOGUES[locale].messages
    assert told_key(kind) in messages  # type: ignore[arg-type]
    assert acted_key(kind) in messages  # type: ignore[arg-type]


@pytest.mark.parametrize("size", list(RaiseSize))
def test_every_quick_size_has_a_button_label(size: RaiseSize) -> None:
    assert quick_size_key(size) in CATALOGUES["en"].messages
