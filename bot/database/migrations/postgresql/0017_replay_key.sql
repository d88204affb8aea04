-- PostgreSQL's twin of ../0017_replay_key.sql, whose comments say what the
-- table is for.
CREATE TABLE replay_key (
    name    TEXT PRIMARY KEY CHECK (name = 'replay'),
    secret  TEXT NOT NULL CHECK (length(secret) >= 32)
);
