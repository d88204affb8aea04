-- How each player is told it is their turn (/poker notify): not at all, by DM,
-- or by a short channel message that mentions only them and is deleted once they act.
ALTER TABLE player_settings ADD COLUMN turn_notice TEXT NOT NULL DEFAULT 'none'
    CHECK (turn_notice IN ('none', 'dm', 'mention'));

-- Cards a player chose to show after a hand was over (a hand mucked at the
-- showdown, or an uncontested winner's whole hand or, in Hold'em, one card):
-- public from then on, in the deck's opening and in everyone's /history.
CREATE TABLE hand_shows (
    hand_id  INTEGER NOT NULL REFERENCES hands (id),
    user_id  INTEGER NOT NULL,
    cards    TEXT NOT NULL,
    shown_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (hand_id, user_id)
) WITHOUT ROWID;
