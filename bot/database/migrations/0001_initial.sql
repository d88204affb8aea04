-- The first schema: balances and their ledger, tables and seats, hands with their
-- write-ahead log of actions, per-player hand results for statistics, and player
-- preferences. Discord ids (guilds, users, channels, messages) are INTEGER
-- snowflakes; times are UTC ISO-8601 text; JSON columns are checked with json_valid.

-- A player's chips on one server, away from any table.
CREATE TABLE balances (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    chips           INTEGER NOT NULL CHECK (chips >= 0),
    -- Consecutive days of /daily up to last_daily_date (a UTC date, YYYY-MM-DD).
    daily_streak    INTEGER NOT NULL DEFAULT 0 CHECK (daily_streak >= 0),
    last_daily_date TEXT CHECK (last_daily_date IS NULL OR date(last_daily_date) = last_daily_date),
    created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX balances_by_chips ON balances (guild_id, chips DESC, user_id);

-- A table bound to a channel. At most one open table per channel.
CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    creator_id  INTEGER NOT NULL,
    -- Blinds, buy-in range, seats, variant, clock: owned by the table runner.
    config      TEXT NOT NULL CHECK (json_valid(config)),
    status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    -- The one table message the runner edits in place.
    message_id  INTEGER,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    closed_at   TEXT,
    CHECK ((status = 'closed') = (closed_at IS NOT NULL))
);

CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id) WHERE status = 'open';
CREATE INDEX tables_by_guild ON tables (guild_id, status);

-- Who sits where with how many chips in front of them. A row exists from buy-in
-- to cash-out; chips reach a stack only from a balance, through the ledger.
CREATE TABLE seats (
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    seat_no         INTEGER NOT NULL CHECK (seat_no >= 0),
    user_id         INTEGER NOT NULL,
    stack           INTEGER NOT NULL CHECK (stack >= 0),
    -- Chips brought to this seat by buy-in and top-ups, for "you left with +X".
    total_bought_in INTEGER NOT NULL DEFAULT 0 CHECK (total_bought_in >= 0),
    sitting_out     INTEGER NOT NULL DEFAULT 0 CHECK (sitting_out IN (0, 1)),
    joined_at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (table_id, seat_no),
    UNIQUE (table_id, user_id)
) WITHOUT ROWID;

CREATE INDEX seats_by_user ON seats (user_id);

-- One deal. `initial` holds everything needed to replay it: seats, stacks, the
-- button, blinds and antes, the deck order. A voided hand returns every stack to
-- what `initial` says.
CREATE TABLE hands (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    hand_no     INTEGER NOT NULL CHECK (hand_no >= 1),
    variant     TEXT NOT NULL,
    initial     TEXT NOT NULL CHECK (json_valid(initial)),
    status      TEXT NOT NULL DEFAULT 'in_progress'
                CHECK (status IN ('in_progress', 'finished', 'voided')),
    result      TEXT CHECK (result IS NULL OR json_valid(result)),
    -- The hand history in PHH (TOML), written when the hand ends.
    phh         TEXT,
    started_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at    TEXT,
    UNIQUE (table_id, hand_no),
    CHECK ((status = 'in_progress') = (ended_at IS NULL))
);

CREATE UNIQUE INDEX hands_one_in_progress_per_table ON hands (table_id)
    WHERE status = 'in_progress';

-- The write-ahead log: every action of a hand, committed before it is shown.
CREATE TABLE hand_actions (
    hand_id     INTEGER NOT NULL REFERENCES hands (id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    -- The Discord user who acted; NULL when the dealer or the clock did.
    actor       INTEGER,
    action      TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (hand_id, seq)
) WITHOUT ROWID;

-- What one finished hand meant for one player; written when the hand finishes,
-- never for a voided hand. guild_id is copied from the table so leaderboards are
-- one indexed scan; the trigger below keeps the copy honest.
CREATE TABLE hand_players (
    hand_id           INTEGER NOT NULL REFERENCES hands (id),
    guild_id          INTEGER NOT NULL,
    user_id           INTEGER NOT NULL,
    seat_no           INTEGER NOT NULL CHECK (seat_no >= 0),
    starting_stack    INTEGER NOT NULL CHECK (starting_stack >= 0),
    finishing_stack   INTEGER NOT NULL CHECK (finishing_stack >= 0),
    net               INTEGER NOT NULL,
    -- Chips awarded from the pots, before subtracting what the player put in.
    won_chips         INTEGER NOT NULL DEFAULT 0 CHECK (won_chips >= 0),
    went_to_showdown  INTEGER NOT NULL DEFAULT 0 CHECK (went_to_showdown IN (0, 1)),
    won_at_showdown   INTEGER NOT NULL DEFAULT 0 CHECK (won_at_showdown IN (0, 1)),
    PRIMARY KEY (hand_id, user_id),
    UNIQUE (hand_id, seat_no),
    CHECK (net = finishing_stack - starting_stack),
    CHECK (won_at_showdown <= went_to_showdown)
) WITHOUT ROWID;

CREATE INDEX hand_players_by_player ON hand_players (guild_id, user_id, net, won_chips);

CREATE TRIGGER hand_players_guild_matches_table
BEFORE INSERT ON hand_players
WHEN NEW.guild_id IS NOT (
    SELECT tables.guild_id FROM hands JOIN tables ON tables.id = hands.table_id
    WHERE hands.id = NEW.hand_id
)
BEGIN
    SELECT RAISE(ABORT, 'hand_players.guild_id differs from the guild of the hand''s table');
END;

-- Every chip movement into or out of a balance, and every chip the house takes.
-- For each player, the sum of their deltas is their balance. Rake leaves a pot,
-- not a balance, so its row has no player.
CREATE TABLE ledger (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER,
    delta          INTEGER NOT NULL,
    balance_after  INTEGER CHECK (balance_after >= 0),
    kind           TEXT NOT NULL CHECK (kind IN (
                       'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
                       'cash_out', 'rake', 'void_refund')),
    table_id       INTEGER REFERENCES tables (id),
    hand_id        INTEGER REFERENCES hands (id),
    note           TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    FOREIGN KEY (guild_id, user_id) REFERENCES balances (guild_id, user_id),
    CHECK ((kind = 'rake') = (user_id IS NULL)),
    CHECK ((user_id IS NULL) = (balance_after IS NULL)),
    CHECK (kind NOT IN ('buy_in', 'top_up', 'cash_out') OR table_id IS NOT NULL)
);

CREATE INDEX ledger_by_player ON ledger (guild_id, user_id, id);
CREATE INDEX ledger_by_table ON ledger (table_id) WHERE table_id IS NOT NULL;
CREATE INDEX ledger_by_hand ON ledger (hand_id) WHERE hand_id IS NOT NULL;

-- A player's preferences, the same on every server.
CREATE TABLE player_settings (
    user_id     INTEGER PRIMARY KEY,
    -- Send hole cards by direct message as well as ephemerally.
    dm_cards    INTEGER NOT NULL DEFAULT 1 CHECK (dm_cards IN (0, 1)),
    updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
