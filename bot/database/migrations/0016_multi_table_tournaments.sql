-- Multi-table tournaments (issue 28, bot/tournaments/floor_runner.py). Each of
-- its tables is a row of `tables` (its seats, hands and state as any table's);
-- this row holds what belongs to the tournament as a whole: its settings, the
-- floor (engine.TournamentFloor as plain data: the seats drawn, the moves
-- still to make, the breaking order, hand for hand and its round, the places),
-- the entrants' names, the clock's seconds, which table is which and which one
-- holds the prize pool. It is written in the transaction of every change the
-- floor makes (a hand settled, players moved), so a restart finds the floor
-- as the tables' rows are.
CREATE TABLE multi_table_tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    creator_id  INTEGER NOT NULL,
    config      TEXT NOT NULL CHECK (json_valid(config)),
    state       TEXT NOT NULL CHECK (json_valid(state)),
    status      TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'over')),
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE INDEX multi_table_tournaments_running ON multi_table_tournaments (status);
