-- PostgreSQL's twin of ../0010_way_back.sql: each server's refill rule, when
-- each player was last refilled, players' automatic top-ups, and the ledger's
-- kind for a refill.
CREATE TABLE server_refills (
    guild_id      BIGINT PRIMARY KEY,
    refill_on     BIGINT NOT NULL CHECK (refill_on IN (0, 1)),
    refill_chips  BIGINT NOT NULL CHECK (refill_chips >= 1),
    refill_hours  BIGINT NOT NULL CHECK (refill_hours >= 1)
);

ALTER TABLE balances ADD COLUMN last_refill_at TEXT;

CREATE TABLE auto_top_ups (
    guild_id  BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    below     BIGINT NOT NULL CHECK (below >= 1),
    up_to     BIGINT NOT NULL CHECK (up_to >= below),
    PRIMARY KEY (guild_id, user_id)
);

ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN (
    'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
    'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
    'tournament_refund', 'tournament_prize', 'house_stake', 'house_return', 'refill'));
