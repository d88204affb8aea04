-- The house bank that stakes computer players.
--
-- A computer player (a negative user id: no Discord id is one) owns no
-- balance: each server's house bank funds its buy-in (a cash table's seat, or
-- a tournament's prize pool) and takes its stack, its refund or its prize back
-- when it leaves. The bank is a named source of chips
-- like the grants, so its chips may go below zero: a negative bank is what the
-- house has put into play, and its players' winnings from the bots. Its own
-- ledger kinds ('house_stake' out of the bank, 'house_return' back into it)
-- carry no player (user_id NULL, as rake does) and always a table; the audit
-- counts the banks with the balances and the tables. A computer player's
-- style is kept with its table's saved state (tables.state), like names.
CREATE TABLE house_banks (
    guild_id    INTEGER NOT NULL PRIMARY KEY,
    chips       INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- The ledger learns the bank's two kinds. SQLite cannot change a CHECK in
-- place, so the table is rebuilt with every row kept.
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
                       'house_return')),
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
