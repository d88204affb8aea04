-- Five card draw jackpots: when nobody opens, the pot stays on the table for
-- the next deal. Those chips belong to no seat and no balance, so the table
-- holds them here, written in the same transaction as the hand that left them
-- (and as the runner's saved state); the audit counts them with the stacks.
ALTER TABLE tables ADD COLUMN carried_pot INTEGER NOT NULL DEFAULT 0 CHECK (carried_pot >= 0);
