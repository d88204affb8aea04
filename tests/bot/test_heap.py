"""Setting the start-up's objects aside from garbage collection: they are no longer
walked, and what is created afterwards (a table's cycles) is still collected.

Run in a child process: freezing the test session's own objects would change
every test after this one.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import gc, json, weakref
from bot.heap import set_aside_start_up_objects

before = len(gc.get_objects())
frozen = set_aside_start_up_objects()
walked = len(gc.get_objects())

class Seat:
    pass

seat = Seat()
seat.me = seat  # a cycle, as a table's objects make
gone = weakref.ref(seat)
del seat
gc.collect()
print(json.dumps({"before": before, "frozen": frozen, "walked": walked,
                  "cycle_collected": gone() is None}))
"""


def test_start_up_objects_are_set_aside_and_later_cycles_still_collected() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=60
    )
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["frozen"] >= found["before"] // 2
    assert found["walked"] < found["before"] // 10  # a full collection skips the frozen
    assert found["cycle_collected"]


RESTORED = """
import gc, json
from bot.heap import set_aside_restored_tables, set_aside_start_up_objects

set_aside_start_up_objects()
def table():
    return {"seat": [object() for _ in range(6)], "log": [[n] for n in range(50)]}
tables = [table() for _ in range(100)]
walked_before = len(gc.get_objects())
added = set_aside_restored_tables()
print(json.dumps({"walked_before": walked_before, "added": added,
                  "walked_after": len(gc.get_objects())}))
"""


def test_restored_tables_are_set_aside_too() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RESTORED], capture_output=True, text=True, check=True, timeout=60
    )
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["added"] >= 100 * 51  # each table's containers
    assert found["walked_after"] < found["walked_before"] // 10
