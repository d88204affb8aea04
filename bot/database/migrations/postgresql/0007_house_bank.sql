-- PostgreSQL's twin of ../0007_house_bank.sql: each server's house bank, which
-- stakes computer players (negative user ids), and the ledger's two kinds for
-- it ('house_stake' out of the bank, 'house_return' back in), rows with no
-- player, as rake's. The bank's chips may go below zero.
CREATE TABLE house_banks (
    guild_id    BIGINT PRIMARY KEY,
    chips       BIGINT NOT NULL DEFAULT 0
);

-- SQLite rebuilds the ledger to change its checks; here the checks are
-- replaced, every row kept (and checked again). The check of which rows have
-- no player was unnamed (PostgreSQL called it ledger_check); it gets a name.
ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN (
    'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
    'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
    'tournament_refund', 'tournament_prize', 'house_stake', 'house_return'));
ALTER TABLE ledger DROP CONSTRAINT ledger_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_no_player CHECK (
    (kind IN ('rake', 'house_stake', 'house_return')) = (user_id IS NULL));
ALTER TABLE ledger DROP CONSTRAINT ledger_table_named;
ALTER TABLE ledger ADD CONSTRAINT ledger_table_named CHECK (
    kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                 'tournament_refund', 'tournament_prize', 'house_stake',
                 'house_return') OR table_id IS NOT NULL);
