-- Seasons of a server (/season start): a name, the days it runs (UTC dates,
-- both included), the formula that turns a finishing place into points, and
-- the channel it was started in, where its end is posted. Posting the end is
-- claimed first (end_claimed_at, set only where empty or where a claim is stale)
-- and then recorded (end_message_id); bot/seasons.py says how a claim left by
-- a process that stopped between the two is finished without a second post.
CREATE TABLE seasons (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    name           TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    starts_on      TEXT NOT NULL CHECK (date(starts_on) = starts_on),
    ends_on        TEXT NOT NULL CHECK (date(ends_on) = ends_on),
    formula        TEXT NOT NULL CHECK (formula IN ('top_ten', 'sqrt', 'field')),
    -- The member who started it (a forgotten member's pseudonym once forgotten).
    started_by     INTEGER NOT NULL,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    end_claimed_at TEXT,
    -- The post of its end, once Discord took it.
    end_message_id INTEGER,
    CHECK (starts_on <= ends_on)
);

CREATE INDEX seasons_by_guild ON seasons (guild_id, ends_on);

-- A tournament's table marked in or out of the season (/season mark). A
-- tournament without a row counts for the season its end falls in.
CREATE TABLE season_tables (
    table_id  INTEGER PRIMARY KEY REFERENCES tables (id),
    counts    INTEGER NOT NULL CHECK (counts IN (0, 1))
);
