-- PostgreSQL's twin of ../0023_scheduled_computers.sql, whose comment says what
-- the column is for.
ALTER TABLE scheduled_tournaments
    ADD COLUMN computers BIGINT NOT NULL DEFAULT 0 CHECK (computers >= 0);
