-- What the table runner needs to pick a table up again after a restart, and the
-- proof of a provably fair deck.

-- The runner's own state of a table between writes of its seats: the button,
-- how many hands were dealt, who is leaving or timed out, players' names. Seats
-- and stacks stay in `seats`, which the cashier and the hand log keep.
ALTER TABLE tables ADD COLUMN state TEXT CHECK (state IS NULL OR json_valid(state));

-- Provably fair hands: the SHA-256 commitment shown before the first card, and
-- the secret that opens it, revealed once the hand is over.
ALTER TABLE hands ADD COLUMN commitment TEXT;
ALTER TABLE hands ADD COLUMN secret TEXT;
