-- Members the bot forgot at their request (/privacy forget) or at an admin's
-- for a member who left (/privacy forget_member). Each row is the pseudonym
-- that took the member's place in every row the ledger and the hand histories
-- keep; nothing here says who the member was.
CREATE TABLE forgotten_members (
    id            INTEGER PRIMARY KEY,
    -- The server an admin forgot the member on; NULL when the member asked,
    -- which forgets them on every server.
    guild_id      INTEGER,
    by_admin      INTEGER NOT NULL CHECK (by_admin IN (0, 1)),
    forgotten_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
