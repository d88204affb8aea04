-- The key that signs shared replay links (issue 26, bot/replay_links.py).
--
-- A shared link to a hand's replay is the hand's id and an HMAC of it made
-- with this key, so nobody can make the link of a hand they were not given.
-- One row, written with a random key the first time a link is made.
CREATE TABLE replay_key (
    name    TEXT PRIMARY KEY CHECK (name = 'replay'),
    secret  TEXT NOT NULL CHECK (length(secret) >= 32)
);
