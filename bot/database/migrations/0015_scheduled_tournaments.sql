-- Tournaments announced ahead (issue 28, bot/scheduled_tournaments.py).
--
-- A scheduled tournament is a sit-and-go's settings (tables.config's JSON)
-- with a start time (UNIX seconds, UTC), the moment registration opens, an
-- optional weekly repeat, the fewest players it runs with, the last level of
-- late registration, the Discord scheduled event announcing it and the
-- registration message. Its status moves scheduled -> started (table_id: the
-- table it began at) or scheduled -> cancelled. The buy-ins paid at
-- registration are held in its own pool (held) until it starts, when each
-- player's goes on to the table's prize pool, or until it is refunded.
CREATE TABLE scheduled_tournaments (
    id                    INTEGER PRIMARY KEY,
    guild_id              INTEGER NOT NULL,
    channel_id            INTEGER NOT NULL,
    creator_id            INTEGER NOT NULL,
    config                TEXT NOT NULL CHECK (json_valid(config)),
    starts_at             INTEGER NOT NULL,
    registration_opens_at INTEGER NOT NULL,
    repeat_weekly         INTEGER NOT NULL DEFAULT 0 CHECK (repeat_weekly IN (0, 1)),
    min_players           INTEGER NOT NULL CHECK (min_players >= 2),
    late_levels           INTEGER NOT NULL DEFAULT 0 CHECK (late_levels >= 0),
    event_id              INTEGER,
    message_id            INTEGER,
    reminded              INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    status                TEXT NOT NULL DEFAULT 'scheduled'
                          CHECK (status IN ('scheduled', 'started', 'cancelled')),
    table_id              INTEGER REFERENCES tables (id),
    held                  INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0),
    created_at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (registration_opens_at <= starts_at)
);

CREATE INDEX scheduled_tournaments_by_status ON scheduled_tournaments (status, starts_at);

-- Who registered, with the buy-in held for them, and whether they checked in.
CREATE TABLE scheduled_entries (
    schedule_id   INTEGER NOT NULL REFERENCES scheduled_tournaments (id),
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    buy_in        INTEGER NOT NULL CHECK (buy_in > 0),
    checked_in    INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
    registered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (schedule_id, user_id)
) WITHOUT ROWID;

-- The ledger's kinds for it: scheduled_buy_in (balance -> held pool) and
-- scheduled_refund (held pool -> balance: unregistered, not checked in,
-- cancelled, or on its way to the table's prize pool, where a
-- tournament_buy_in row follows in the same transaction), each naming its
-- schedule_id. SQLite cannot change a CHECK in place, so the ledger is
-- rebuilt with every row kept, as 0014 did.
CREATE TABLE ledger_new (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER,
    delta          INTEGER NOT NULL,
    balance_after  INTEGER CHECK (balance_after >= 0),
    kind           TEXT NOT NULL CHECK (kind IN (
                       'starting_grant', 'daily', 'admin_grant', 'buy_in', 'top_up',
                       'cash_out', 'rake', 'void_refund', 'tournament_buy_in',
                       'tournament_refund', 'tournament_prize', 'house_stake',
                       'house_return', 'refill', 'tournament_rebuy',
                       'tournament_add_on', 'tournament_bounty',
                       'scheduled_buy_in', 'scheduled_refund')),
    table_id       INTEGER REFERENCES tables (id),
    hand_id        INTEGER REFERENCES hands (id),
    note           TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    schedule_id    INTEGER REFERENCES scheduled_tournaments (id),
    FOREIGN KEY (guild_id, user_id) REFERENCES balances (guild_id, user_id),
    CHECK ((kind IN ('rake', 'house_stake', 'house_return')) = (user_id IS NULL)),
    CHECK ((user_id IS NULL) = (balance_after IS NULL)),
    CHECK (kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                        'tournament_refund', 'tournament_prize', 'house_stake',
                        'house_return', 'tournament_rebuy', 'tournament_add_on',
                        'tournament_bounty') OR table_id IS NOT NULL),
    CHECK ((kind IN ('scheduled_buy_in', 'scheduled_refund')) = (schedule_id IS NOT NULL))
);

INSERT INTO ledger_new (id, guild_id, user_id, delta, balance_after, kind, table_id, hand_id,
                        note, created_at)
    SELECT id, guild_id, user_id, delta, balance_after, kind, table_id, hand_id, note, created_at
    FROM ledger;

DROP TABLE ledger;

ALTER TABLE ledger_new RENAME TO ledger;

CREATE INDEX ledger_by_player ON ledger (guild_id, user_id, id);
CREATE INDEX ledger_by_table ON ledger (table_id) WHERE table_id IS NOT NULL;
CREATE INDEX ledger_by_hand ON ledger (hand_id) WHERE hand_id IS NOT NULL;
CREATE INDEX ledger_by_schedule ON ledger (schedule_id) WHERE schedule_id IS NOT NULL;
