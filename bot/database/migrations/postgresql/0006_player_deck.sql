-- PostgreSQL's twin of ../0006_player_deck.sql: each player's deck (two colours
-- or four), and what each finished hand says about each player's play.
ALTER TABLE player_settings ADD COLUMN deck TEXT NOT NULL DEFAULT 'two_colour'
    CHECK (deck IN ('two_colour', 'four_colour'));

CREATE TABLE hand_habits (
    hand_id             BIGINT NOT NULL REFERENCES hands (id),
    user_id             BIGINT NOT NULL,
    voluntarily_put_in  BIGINT NOT NULL CHECK (voluntarily_put_in IN (0, 1)),
    raised_first        BIGINT NOT NULL CHECK (raised_first IN (0, 1)),
    aggressive_actions  BIGINT NOT NULL CHECK (aggressive_actions >= 0),
    calls               BIGINT NOT NULL CHECK (calls >= 0),
    saw_second_round    BIGINT NOT NULL CHECK (saw_second_round IN (0, 1)),
    big_blind           BIGINT NOT NULL CHECK (big_blind >= 1),
    PRIMARY KEY (hand_id, user_id)
);
