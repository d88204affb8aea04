"""The multi-table tournament's lobby as a player reads it: chip counts written
the way the reader's language writes numbers, and the last table called the
final table (not "1 tables")."""

from __future__ import annotations

from dataclasses import replace

from bot.tournaments.lobby import LobbyFigures, lobby_message
from bot.tournaments.mtt_rebuys import ExtrasFigures

FIGURES = LobbyFigures(
    entrants=27,
    players_left=13,
    tables=4,
    chips=10_800,
    level=2,
    small_blind=10,
    big_blind=20,
    next_level_at=1_700_000_120,
    prizes=(1183, 592, 394),
    leaders=(("Bot 15", 2790), ("Ann", 1600), ("Ben", 707)),
)


def text(figures: LobbyFigures, locale: str) -> str:
    message = lobby_message(figures, locale)
    return message.public_text()


def test_chip_leaders_are_written_as_the_reader_writes_numbers() -> None:
    assert "Chip leaders: Bot 15 **2,790**, Ann **1,600**, Ben **707**" in text(FIGURES, "en")
    assert "Chipleader: Bot 15 **2.790**, Ann **1.600**, Ben **707**" in text(FIGURES, "de")


def test_the_last_table_is_the_final_table() -> None:
    final = replace(FIGURES, players_left=4, tables=1)
    assert "Players left: **4** at the final table · average stack **2,700**" in text(final, "en")
    assert "**4** am Finaltisch" in text(final, "de")
    assert "at **4** tables" in text(FIGURES, "en")


def test_rebuys_add_ons_and_the_biggest_bounties_are_shown() -> None:
    """With rebuys and bounties: the prize money with the rebuys and add-ons
    counted, and the biggest bounties on players still in; none once it is won."""
    extras = ExtrasFigures(
        rebuys=3, add_ons=2, bounty_pool=700, biggest=(("Ann", 80), ("Bot 3", 45))
    )
    figures = replace(FIGURES, prize_pool=2_540, extras=extras)
    assert "Prize pool **2,540** (rebuys 3, add-ons 2)" in text(figures, "en")
    assert "🎯 Biggest bounties: Ann **80**, Bot 3 **45** (all bounties: **700**)" in text(
        figures, "en"
    )
    assert "Preispool **2.540** (Rebuys 3, Add-ons 2)" in text(figures, "de")
    assert "Höchste Kopfgelder: Ann **80**" in text(figures, "de")
    won = replace(figures, winner="Ann")
    assert "Biggest bounties" not in text(won, "en") and "Prize pool **2,540**" in text(won, "en")
    assert "Prize pool" not in text(FIGURES, "en")  # no rebuys nor bounties: as before
