-- Computer players in a scheduled tournament (issue 28, bot/scheduled_tournaments.py).
--
-- The organiser of /tournament schedule chooses how many computer players fill
-- the field (0 by default). They hold no registration: they are entered at the
-- start, each buy-in staked by the server's house bank (bot/house_bank.py), as
-- /tournament open's are. A weekly repeat keeps the number.
ALTER TABLE scheduled_tournaments
    ADD COLUMN computers INTEGER NOT NULL DEFAULT 0 CHECK (computers >= 0);
