-- PostgreSQL's twin of ../0005_leases_and_published_commands.sql: who runs the
-- bot (a lease per name: 'bot' today, one per shard later), and what it last
-- told Discord.
CREATE TABLE leases (
    name         TEXT PRIMARY KEY,
    holder       TEXT NOT NULL,
    acquired_at  DOUBLE PRECISION NOT NULL,
    renewed_at   DOUBLE PRECISION NOT NULL,
    expires_at   DOUBLE PRECISION NOT NULL,
    CHECK (expires_at >= renewed_at)
);

CREATE TABLE published_commands (
    scope         TEXT PRIMARY KEY,
    fingerprint   TEXT NOT NULL,
    published_at  TEXT NOT NULL
                  DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);
