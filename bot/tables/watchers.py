"""Who is told after every change of a running table.

After each change, under the table's lock, the runner builds the table's view
once (:func:`bot.tables.view.table_view`) and hands it to each of its
:class:`TableWatcher` s. A watcher must not wait: it queues its work (a
message on the publisher, a task of its own) and returns. The table message
is the first watcher; whatever else must follow the table as it changes (a
player's private seat view kept current, a computer player noticing its turn
and acting through :meth:`~bot.tables.runner.TableRunner.act` like anyone
else) is another one, added with
:meth:`~bot.tables.runner.TableRunner.watch`, without changing the runner.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from bot.render.card_markup import TEXT_FACES, CardFaces
from bot.render.table_message import table_message
from bot.render.views import TableSnapshot
from bot.tables.publisher import Publisher
from bot.tables.state import TableState


class TableWatcher(Protocol):
    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        """The table changed (``fresh``: a new hand was dealt); ``view`` is what
        everyone may see now. Reads ``state``, never changes it."""
        ...


class TableMessageWatcher:
    """Keeps the one table message showing the table, in the table's language,
    its cards drawn with the table's faces (the emojis synced so far)."""

    def __init__(
        self,
        publisher: Publisher,
        faces: Callable[[], CardFaces] = lambda: TEXT_FACES,
        page_of: Callable[[int], str | None] = lambda table_id: None,
        *,
        activity: bool = False,
    ) -> None:
        self.publisher = publisher
        self.faces = faces
        #: The table's page in the web room, for the "Open the table" link (``None``: no link).
        self.page_of = page_of
        #: Offer "Open the table in Discord" (the table as an Activity).
        self.activity = activity

    def table_changed(self, state: TableState, view: TableSnapshot, *, fresh: bool) -> None:
        # Rendered when delivered: ``view`` is immutable, so it shows this moment.
        self.publisher.show_table(
            partial(
                table_message,
                view,
                state.locale,
                self.faces(),
                self.page_of(view.table_id),
                activity=self.activity,
            ),
            fresh=fresh,
            then=_result_shown(state, view),
        )


def _result_shown(state: TableState, view: TableSnapshot) -> Callable[[], None] | None:
    """When ``view`` ends with the result of the hand the table owes the channel
    (settled, not yet shown: :attr:`~bot.tables.state.TableState.unposted_result`),
    what marks it shown once Discord has it; it is saved with the next change."""
    last = state.last_hand
    if view.result is None or last is None or state.unposted_result != last.hand_id:
        return None
    hand_id = last.hand_id

    def shown() -> None:
        state.result_posted(hand_id)

    return shown
