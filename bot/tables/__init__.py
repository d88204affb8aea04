"""The tables being played: one runner per channel, the parts it runs a table
with, what the database keeps of tables and hands, and the one way a table
reaches Discord.

- ``registry``: every open table by channel; restores them at start-up.
- ``runner``: one table's lock, its commands and the write-ahead sequence of
  every action (DESIGN.md, "How one action travels").
- ``state``: what a running table holds in memory, shared by its parts;
  ``turns``: who may ask what of it now.
- ``persistence``: every change written with the table's saved state, or undone.
- ``money_desk`` (what the runner asks), ``cash_desk``, ``tournament_desk``
  (with ``tournament``, its progress) and ``desks`` (which one a table has).
- ``dealer``: dealing a hand and settling it; ``action_timer``: the clock.
- ``view``: what the table shows, as pure functions of its state;
  ``watchers``: who is told after each change (the table message first);
  ``hole_card_dms``: each player's own cards by DM.
- ``restore``: a table rebuilt after a restart.
- ``hand_log``, ``table_store``, ``histories``, ``deck_openings``: what the
  database keeps of hands and tables, their PHH histories and fair decks.
- ``outlet``, ``publisher``: reaching Discord, in order, outside the lock.
- ``table_settings``, ``requests``, ``errors``, ``clock``: the settings a table
  is created with, what a player asks for, why a request is refused, time.
"""
