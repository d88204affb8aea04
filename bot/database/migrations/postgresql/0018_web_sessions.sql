-- PostgreSQL's twin of ../0018_web_sessions.sql, whose comments say what the
-- table is for.
CREATE TABLE web_sessions (
    digest       TEXT PRIMARY KEY CHECK (length(digest) = 64),
    kind         TEXT NOT NULL CHECK (kind IN ('browser', 'activity')),
    user_id      BIGINT NOT NULL,
    username     TEXT NOT NULL,
    global_name  TEXT,
    avatar       TEXT,
    locale       TEXT,
    guild_id     BIGINT,
    channel_id   BIGINT,
    instance_id  TEXT,
    expires_at   DOUBLE PRECISION NOT NULL,
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
    expires_at      DOUBLE PRECISION NOT NULL
);
CREATE INDEX web_logins_by_expiry ON web_logins (expires_at);
