-- Who is signed in to the web room (issue 26) and to the Activity (issue 27).
--
-- Kept in the shared database, so a session survives a restart and is known
-- to every process of the bot (shards on PostgreSQL). Only the SHA-256 of the
-- session's random id is kept: the id itself is in the browser's cookie (or
-- the Activity page's memory) alone. An Activity session is bound to the
-- instance it signed in through and that instance's channel (kind 'activity');
-- a browser's is not (kind 'browser', instance and channel NULL). Sign-out
-- deletes the row; expired rows are deleted when new sessions open.
CREATE TABLE web_sessions (
    digest       TEXT PRIMARY KEY CHECK (length(digest) = 64),
    kind         TEXT NOT NULL CHECK (kind IN ('browser', 'activity')),
    user_id      INTEGER NOT NULL,
    username     TEXT NOT NULL,
    global_name  TEXT,
    avatar       TEXT,
    locale       TEXT,
    guild_id     INTEGER,
    channel_id   INTEGER,
    instance_id  TEXT,
    expires_at   REAL NOT NULL,
    CHECK ((kind = 'activity') = (channel_id IS NOT NULL AND instance_id IS NOT NULL))
);
CREATE INDEX web_sessions_by_expiry ON web_sessions (expires_at);

-- Sign-ins under way: the one-time state sent to Discord (its SHA-256), bound
-- to the browser that began it (the SHA-256 of its binding cookie), where to
-- go afterwards; used once, whichever process Discord sends the browser back
-- to. Expired rows are deleted whenever a sign-in begins.
CREATE TABLE web_logins (
    digest          TEXT PRIMARY KEY CHECK (length(digest) = 64),
    binding_digest  TEXT NOT NULL CHECK (length(binding_digest) = 64),
    next_path       TEXT NOT NULL,
    expires_at      REAL NOT NULL
);
CREATE INDEX web_logins_by_expiry ON web_logins (expires_at);
