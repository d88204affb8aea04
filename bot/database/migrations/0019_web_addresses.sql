-- Where each process's web room is reached (issue 26, several processes).
--
-- A table lives in the process that holds its shard's lease (or the whole bot's):
-- that process writes, with the lease it takes, the address at which the other
-- processes reach its web room (CROUPIER_WEB_ADDRESS), so a viewer who asks any
-- process for the table is sent on to the one that runs it. NULL: no web room.
ALTER TABLE leases ADD COLUMN web_address TEXT;
