-- How each player is told it is their turn (/poker notify): not at all, by DM,
-- or by a short channel message that mentions only them and is deleted once they act.
ALTER TABLE player_settings ADD COLUMN turn_notice TEXT NOT NULL DEFAULT 'none'
    CHECK (turn_notice IN ('none', 'dm', 'mention'));
