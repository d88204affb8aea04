-- PostgreSQL's twin of ../0004_tournaments.sql: sit-and-go tournaments, their
-- prize pools and entries, and the ledger's three kinds for them.
ALTER TABLE tables ADD COLUMN tournament BIGINT NOT NULL DEFAULT 0 CHECK (tournament IN (0, 1));
ALTER TABLE tables ADD COLUMN prize_pool BIGINT NOT NULL DEFAULT 0 CHECK (prize_pool >= 0);

ALTER TABLE hand_players ADD COLUMN tournament BIGINT NOT NULL DEFAULT 0
    CHECK (tournament IN (0, 1));

CREATE TABLE tournament_entries (
    table_id    BIGINT NOT NULL REFERENCES tables (id),
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    buy_in      BIGINT NOT NULL CHECK (buy_in >= 0),
    place       BIGINT CHECK (place IS NULL OR place >= 1),
    prize       BIGINT NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (table_id, user_id)
);

CREATE INDEX tournament_entries_by_player ON tournament_entries (guild_id, user_id);

-- SQLite rebuilds the ledger to change its checks; here the named checks are
-- replaced, every row kept (and checked again).
ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN (
    'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
    'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
    'tournament_refund', 'tournament_prize'));
ALTER TABLE ledger DROP CONSTRAINT ledger_table_named;
ALTER TABLE ledger ADD CONSTRAINT ledger_table_named CHECK (
    kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                 'tournament_refund', 'tournament_prize') OR table_id IS NOT NULL);
