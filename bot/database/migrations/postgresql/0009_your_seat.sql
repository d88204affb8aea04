-- PostgreSQL's twin of ../0009_your_seat.sql: how each player is told it is
-- their turn (/poker notify), and the cards players chose to show once a hand
-- was over.
ALTER TABLE player_settings ADD COLUMN turn_notice TEXT NOT NULL DEFAULT 'none'
    CHECK (turn_notice IN ('none', 'dm', 'mention'));

CREATE TABLE hand_shows (
    hand_id  BIGINT NOT NULL REFERENCES hands (id),
    user_id  BIGINT NOT NULL,
    cards    TEXT NOT NULL,
    shown_at TEXT NOT NULL
             DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    PRIMARY KEY (hand_id, user_id)
);
