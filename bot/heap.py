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
that later became cyclic garbage would never be collected).
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def set_aside_start_up_objects() -> int:
    """Collect, then freeze every object alive now; how many were frozen."""
    gc.collect()
    gc.freeze()
    frozen = gc.get_freeze_count()
    log.info("Set %d start-up objects aside from garbage collection", frozen)
    return frozen
