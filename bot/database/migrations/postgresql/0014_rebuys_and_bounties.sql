-- PostgreSQL's twin of ../0014_rebuys_and_bounties.sql: the ledger's kinds
-- for a tournament's rebuys, add-ons and bounties.
ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN (
    'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
    'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
    'tournament_refund', 'tournament_prize', 'house_stake', 'house_return', 'refill',
    'tournament_rebuy', 'tournament_add_on', 'tournament_bounty'));
ALTER TABLE ledger DROP CONSTRAINT ledger_table_named;
ALTER TABLE ledger ADD CONSTRAINT ledger_table_named CHECK (
    kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                 'tournament_refund', 'tournament_prize', 'house_stake',
                 'house_return', 'tournament_rebuy', 'tournament_add_on',
                 'tournament_bounty') OR table_id IS NOT NULL);
