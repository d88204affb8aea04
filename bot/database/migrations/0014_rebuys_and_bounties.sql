-- Rebuys, add-ons and knockout bounties of a sit-and-go (issue 28).
--
-- Each is a ledger row of its own kind: a rebuy and an add-on are paid from
-- the player's balance into the table's prize pool (tables.prize_pool holds
-- the prize money and the bounties set aside alike), a bounty is paid from it
-- to the player who won it. SQLite cannot change a CHECK in place, so the
-- ledger is rebuilt with every row kept, as 0007 and 0010 did.
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
                       'tournament_add_on', 'tournament_bounty')),
    table_id       INTEGER REFERENCES tables (id),
    hand_id        INTEGER REFERENCES hands (id),
    note           TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    FOREIGN KEY (guild_id, user_id) REFERENCES balances (guild_id, user_id),
    CHECK ((kind IN ('rake', 'house_stake', 'house_return')) = (user_id IS NULL)),
    CHECK ((user_id IS NULL) = (balance_after IS NULL)),
    CHECK (kind NOT IN ('buy_in', 'top_up', 'cash_out', 'tournament_buy_in',
                        'tournament_refund', 'tournament_prize', 'house_stake',
                        'house_return', 'tournament_rebuy', 'tournament_add_on',
                        'tournament_bounty') OR table_id IS NOT NULL)
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
