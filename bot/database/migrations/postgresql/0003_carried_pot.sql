-- PostgreSQL's twin of ../0003_carried_pot.sql: a jackpot's chips carried to the
-- next deal.
ALTER TABLE tables ADD COLUMN carried_pot BIGINT NOT NULL DEFAULT 0 CHECK (carried_pot >= 0);
