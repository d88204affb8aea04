-- PostgreSQL's twin of ../0002_table_runner.sql: the runner's saved state of a
-- table, and the provably fair hand's commitment and secret.
ALTER TABLE tables ADD COLUMN state JSON;

ALTER TABLE hands ADD COLUMN commitment TEXT;
ALTER TABLE hands ADD COLUMN secret TEXT;
