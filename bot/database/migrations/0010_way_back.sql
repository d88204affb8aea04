-- A player who lost every chip can always play again (issue 23).
--
-- Each server's rule for refills: a player with too few chips for any table
-- of the server may bring their balance back up to refill_chips, once every
-- refill_hours. No row: the bot's defaults (on, the starting grant, every
-- few hours). Members who can manage the server change it (/chips refill).
CREATE TABLE server_refills (
    guild_id      INTEGER NOT NULL PRIMARY KEY,
    refill_on     INTEGER NOT NULL CHECK (refill_on IN (0, 1)),
    refill_chips  INTEGER NOT NULL CHECK (refill_chips >= 1),
    refill_hours  INTEGER NOT NULL CHECK (refill_hours >= 1)
) WITHOUT ROWID;

-- When the player's last refill was paid (UTC, ISO 8601), read and written
-- under the balance's lock so two refills at once pay one.
ALTER TABLE balances ADD COLUMN last_refill_at TEXT;

-- A player's automatic top-up at one server's cash tables: between hands, a
-- stack below `below` is brought back up to `up_to` from the balance.
CREATE TABLE auto_top_ups (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    below     INTEGER NOT NULL CHECK (below >= 1),
    up_to     INTEGER NOT NULL CHECK (up_to >= below),
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

-- The ledger learns the refill, a named source of chips like the grants.
-- SQLite cannot change a CHECK in place, so the table is rebuilt with every row kept.
CREATE TABLE ledger_new (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER,
    delta          INTEGER NOT NULL,
    balance_after  INTEGER CHECK (balance_after >= 0),
    kind           TEXT NOT NULL CHECK (kind IN (
                       'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
                       'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
                       'tournament_refund', 'tournament_prize', 'house_stake',
                       'house_return', 'refill')),
    table_id       INTEGER REFERENCES tables (id),
    hand_id        INTEGER REFERENCES hands (id),
    note           TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    FOREIGN KEY (guild_id, user_id) REFERENCES balances (guild_id, user_id),
    CHECK ((kind IN ('rake', 'house_stake', 'house_return')) = (user_id IS NULL)),
    CHECK ((user_id IS NULL) = (balance_after IS NULL)),
    CHECK (kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                        'tournament_refund', 'tournament_prize', 'house_stake',
                        'house_return') OR table_id IS NOT NULL)
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
