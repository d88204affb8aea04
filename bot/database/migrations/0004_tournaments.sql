-- Sit-and-go tournaments. A tournament table's seats hold tournament chips,
-- which are not balance chips: the buy-ins wait in the table's prize pool
-- (moved there from balances with a ledger row each, in the same transaction)
-- until they are paid out as prizes or refunded. The audit counts open prize
-- pools, and never a tournament's seats, as chips somewhere.
ALTER TABLE tables ADD COLUMN tournament INTEGER NOT NULL DEFAULT 0 CHECK (tournament IN (0, 1));
ALTER TABLE tables ADD COLUMN prize_pool INTEGER NOT NULL DEFAULT 0 CHECK (prize_pool >= 0);

-- Tournament hands move tournament chips: statistics of cash games leave them out.
ALTER TABLE hand_players ADD COLUMN tournament INTEGER NOT NULL DEFAULT 0
    CHECK (tournament IN (0, 1));

-- Who entered which tournament for how much, where they finished and what
-- they won. A row exists from registration; unregistering deletes it. A
-- player still playing when a tournament is closed early has no place.
CREATE TABLE tournament_entries (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    buy_in      INTEGER NOT NULL CHECK (buy_in >= 0),
    place       INTEGER CHECK (place IS NULL OR place >= 1),
    prize       INTEGER NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;

CREATE INDEX tournament_entries_by_player ON tournament_entries (guild_id, user_id);

-- The ledger learns three kinds: a buy-in into a prize pool, its refund, and
-- a prize paid from the pool. SQLite cannot change a CHECK in place, so the
-- table is rebuilt with every row kept.
CREATE TABLE ledger_new (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER,
    delta          INTEGER NOT NULL,
    balance_after  INTEGER CHECK (balance_after >= 0),
    kind           TEXT NOT NULL CHECK (kind IN (
                       'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
                       'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
                       'tournament_refund', 'tournament_prize')),
    table_id       INTEGER REFERENCES tables (id),
    hand_id        INTEGER REFERENCES hands (id),
    note           TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    FOREIGN KEY (guild_id, user_id) REFERENCES balances (guild_id, user_id),
    CHECK ((kind = 'rake') = (user_id IS NULL)),
    CHECK ((user_id IS NULL) = (balance_after IS NULL)),
    CHECK (kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                        'tournament_refund', 'tournament_prize') OR table_id IS NOT NULL)
);

INSERT INTO ledger_new (id, guild_id, user_id, delta, balance_after, kind, table_id, hand_id,
                        note, created_at)
    SELECT id, guild_id, user_id, delta, balance_after, kind, table_id, hand_id, note, created_at
    FROM ledger;

DROP TABLE ledger;

ALTER TABLE ledger_new RENAME TO ledger;

CREATE INDEX ledger_by_player ON ledger (guild_id, user_id, id);
CREATE INDEX ledger_by_table ON ledger (table_id) WHERE table_id IS NOT NULL;
CREATE INDEX ledger_by_hand ON ledger (hand_id) WHERE hand_id IS NOT NULL;
