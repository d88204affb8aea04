"""The tables being played: one runner per channel, its clock, its write-ahead
hand log, the one way it reaches Discord, and the registry that keeps them.

- ``registry``: every open table by channel; restores them at start-up.
- ``runner``: one table's lock, hand loop and action clock; the only code
  that feeds actions to the engine (DESIGN.md, "How one action travels").
- ``hand_log``, ``table_store``, ``histories``: what the database keeps of
  hands, tables and their PHH histories.
- ``outlet``, ``publisher``: reaching Discord, in order, outside the lock.
- ``requests``, ``custom_ids``, ``errors``, ``snapshot``, ``config``, ``clock``:
  the small values the others pass around.
"""
