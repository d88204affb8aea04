-- PostgreSQL's twin of ../0017_replay_key.sql, whose comments say what the
-- table is for.
CREATE TABLE replay_key (
    id      BIGINT PRIMARY KEY CHECK (id = 1),
    secret  TEXT NOT NULL CHECK (length(secret) >= 32)
);
