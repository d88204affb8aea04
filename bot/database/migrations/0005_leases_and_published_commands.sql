-- Who runs the bot, and what it last told Discord.
--
-- A lease lets one process at a time act on this database: a second bot started on
-- the same file (a rolling deploy, a copy started by mistake) finds the lease held
-- and refuses to start, rather than posting every table twice and charging every
-- top-up twice. The holder renews it while it runs and gives it back when it stops;
-- a lease not renewed by its expiry (its holder died, or froze) may be taken over.
-- It is keyed by name ('bot' today) so that shards can each hold their own later.
CREATE TABLE leases (
    name         TEXT PRIMARY KEY,
    -- Who holds it: "host pid instance", for the refusal's sentence and for seeing a
    -- holder on this machine that no longer runs.
    holder       TEXT NOT NULL,
    acquired_at  REAL NOT NULL,
    renewed_at   REAL NOT NULL,
    -- Unix seconds; the holder renews well before.
    expires_at   REAL NOT NULL,
    CHECK (expires_at >= renewed_at)
) WITHOUT ROWID;

-- A fingerprint of the slash commands last published to each scope ('global', or
-- 'guild:<id>' for the development server), so a start publishes only what changed.
CREATE TABLE published_commands (
    scope         TEXT PRIMARY KEY,
    fingerprint   TEXT NOT NULL,
    published_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) WITHOUT ROWID;
