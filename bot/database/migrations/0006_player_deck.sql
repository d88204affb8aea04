-- Each player's deck: the classic two colours, or four (a colour per suit),
-- chosen with /poker deck and used wherever the bot shows that player cards.
ALTER TABLE player_settings ADD COLUMN deck TEXT NOT NULL DEFAULT 'two_colour'
    CHECK (deck IN ('two_colour', 'four_colour'));

-- What each finished hand says about each player's play (bot/play_figures.py):
-- the counts behind VPIP, PFR, aggression and went-to-showdown, worked out once
-- from the hand's log (replayed) the first time /stats needs them. A finished
-- hand never changes, so neither does its row.
CREATE TABLE hand_habits (
    hand_id             INTEGER NOT NULL REFERENCES hands (id),
    user_id             INTEGER NOT NULL,
    voluntarily_put_in  INTEGER NOT NULL CHECK (voluntarily_put_in IN (0, 1)),
    raised_first        INTEGER NOT NULL CHECK (raised_first IN (0, 1)),
    aggressive_actions  INTEGER NOT NULL CHECK (aggressive_actions >= 0),
    calls               INTEGER NOT NULL CHECK (calls >= 0),
    saw_second_round    INTEGER NOT NULL CHECK (saw_second_round IN (0, 1)),
    -- The hand's big blind (its small bet where it had none), for bb/100.
    big_blind           INTEGER NOT NULL CHECK (big_blind >= 1),
    PRIMARY KEY (hand_id, user_id)
) WITHOUT ROWID;
