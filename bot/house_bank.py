"""The house bank: each server's one source of computer players' chips.

A computer player owns no balance. When it sits down (or enters a
tournament) the bank of the table's server stakes its buy-in; when it leaves
(or is refunded, or wins a prize) the bank takes the chips back. Each
movement is a ledger row of the bank's own kinds, ``house_stake`` out of the
bank and ``house_return`` back in, with no player (``user_id`` NULL, as rake
has) and the computer player named in its note, written in the caller's
transaction with the seat it goes with. The bank is a named source of chips,
like the grants: its chips may go below zero, which is what the house has
put into play (and lost to the players). :mod:`bot.audit` counts the banks.

Computer players' ids are negative: no Discord id is, so a computer player is
never taken for a member (:func:`is_computer`). The
:class:`~bot.cashier.Cashier` sends every movement of such an id here, so the
tables' money desks move a computer player's chips as they move anyone's.
"""

from __future__ import annotations

from typing import Final, Literal

from bot.database import Database, Transaction

#: The ledger kinds of the bank: chips out to a table, and back.
HouseKind = Literal["house_stake", "house_return"]
HOUSE_KINDS: Final[tuple[HouseKind, ...]] = ("house_stake", "house_return")


def is_computer(user_id: int) -> bool:
    """Whether ``user_id`` is a computer player's (negative) rather than a member's."""
    return user_id < 0


async def bank_chips(tx: Transaction, guild_id: int) -> int:
    """The bank's chips on a server (0 before its first movement)."""
    row = await tx.fetch_one("SELECT chips FROM house_banks WHERE guild_id = ?", (guild_id,))
    return 0 if row is None else int(row["chips"])


async def move_bank_chips(
    tx: Transaction,
    guild_id: int,
    computer_id: int,
    delta: int,
    *,
    table_id: int | None,
    hand_id: int | None = None,
    what: str,
) -> int:
    """Change the server's bank by ``delta`` (negative: a stake) for the
    computer player ``computer_id``, with its ledger row; the bank after."""
    if not is_computer(computer_id):
        raise ValueError(f"{computer_id} is not a computer player's id")
    if table_id is None:
        raise ValueError("the house bank moves chips only to and from tables")
    await tx.execute(
        "INSERT INTO house_banks (guild_id, chips) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET chips = house_banks.chips + excluded.chips",
        (guild_id, delta),
    )
    kind: HouseKind = "house_stake" if delta < 0 else "house_return"
    await tx.execute(
        "INSERT INTO ledger (guild_id, user_id, delta, balance_after, kind, table_id, hand_id,"
        " note) VALUES (?, NULL, ?, NULL, ?, ?, ?, ?)",
        (guild_id, delta, kind, table_id, hand_id, f"{what} of computer player {computer_id}"),
    )
    return await bank_chips(tx, guild_id)


async def house_bank(database: Database, guild_id: int) -> int:
    """The bank's chips on a server, for reading outside a transaction."""
    value = await database.fetch_value(
        "SELECT chips FROM house_banks WHERE guild_id = ?", (guild_id,)
    )
    return 0 if value is None else int(value)
