-- PostgreSQL's twin of ../0021_reentries.sql, whose comments say what it is for.
ALTER TABLE scheduled_tournaments ADD COLUMN reentries BIGINT NOT NULL DEFAULT 0
    CHECK (reentries >= 0);
