"""What the garbage collector has to walk: the start-up's objects set aside.

A full collection walks every container object the collector tracks, and the
whole event loop waits while it does. Most of a freshly started bot's objects
(modules, classes, functions, discord.py's and the catalogues' tables, the
command tree) live as long as the process, so walking them again in every
full collection buys nothing. :func:`set_aside_start_up_objects` collects
once and moves everything alive into the collector's permanent generation
(``gc.freeze``), which no collection walks; what the tables create later is
collected as before. The launcher calls it once, after the client is built
and before it logs in, so no table's objects are set aside (a frozen object
that later became cyclic garbage would never be collected). It then calls
:func:`collect_young_objects_less_often`: larger young generations, so that
fewer short-lived objects reach the old one. Once the open tables are restored
(before the gateway connects, so no interaction is in flight) it calls
:func:`set_aside_restored_tables`: a restarted bot's tables were otherwise
walked by every full collection for as long as they stay open. The price is
bounded: a restored table's reference cycles that later become garbage (its
runner and watchers when it closes) are never collected, once per table
restored per start.
"""

from __future__ import annotations

import gc
import logging
from typing import Final

log = logging.getLogger(__name__)

#: A young collection runs once this many more container objects were made than
#: freed (CPython's default: 700), a middle one after this many young ones (10).
#: A busy bot makes objects in bursts that live for one await chain (an
#: interaction and its message, an HTTP request and its response); with the
#: defaults every young collection finds hundreds of them still in flight and
#: promotes them, and those promotions are what set off the full collections
#: that walk every table's objects while the whole event loop waits. A young
#: generation of 10,000 lets them die young; walking it takes a few ms.
YOUNG_THRESHOLD: Final = 10_000
MIDDLE_THRESHOLD: Final = 20


def set_aside_start_up_objects() -> int:
    """Collect, then freeze every object alive now; how many were frozen."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info("Set %d start-up objects aside from garbage collection", frozen)
    return frozen


def collect_young_objects_less_often() -> None:
    """Set the collector's thresholds for a long-running bot (see :data:`YOUNG_THRESHOLD`)."""
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, gc.get_threshold()[2])


def set_aside_restored_tables() -> int:
    """Collect, then freeze what is alive once the tables are restored; how many
    objects this added to those set aside."""
    before = gc.get_freeze_count()
    gc.collect()
    gc.freeze()
    added = gc.get_freeze_count() - before
    log.info("Set %d objects of the restored tables aside from garbage collection", added)
    return added
