-- A night of session chips: a cash table whose players all sit with the same
-- stack of chips that are worth nothing away from it (tables.session_chips, the
-- stack; 0 at a table of balance chips). Its seats hold no balance chips, so the
-- audit counts them as it counts a tournament's: not at all. Its buy-ins,
-- top-ups and cash-outs touch no balance and write no ledger row; each is a row
-- here instead, which the table's session ledger reads to say who is up and
-- who is down tonight.
ALTER TABLE tables ADD COLUMN session_chips INTEGER NOT NULL DEFAULT 0
    CHECK (session_chips >= 0);

CREATE TABLE session_chip_moves (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('buy_in', 'top_up', 'cash_out')),
    chips       INTEGER NOT NULL CHECK (chips >= 0),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX session_chip_moves_by_table ON session_chip_moves (table_id);
