-- Re-entries of a scheduled tournament (issue 28, bot/tournaments/late_entries.py):
-- how many times a player who busted may buy a new entry during its late
-- registration (0: none, the default). A multi-table tournament keeps the
-- re-entries each player made in its row's state (multi_table_tournaments,
-- 0016), written in the transaction of each buy-in.
ALTER TABLE scheduled_tournaments ADD COLUMN reentries INTEGER NOT NULL DEFAULT 0
    CHECK (reentries >= 0);
