-- PostgreSQL's twin of ../0019_web_addresses.sql: the address at which the other
-- processes reach the web room of the process holding each lease (NULL: none).
ALTER TABLE leases ADD COLUMN web_address TEXT;
