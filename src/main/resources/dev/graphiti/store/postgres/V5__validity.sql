-- Schema 5: what ended an item git time left standing (a revert, its files deleted or renamed away, a later statement of
-- the same subject): ended_by is the commit (sha) or item (id) that ended it, ended_why says how, valid_until when.
-- As-of reads ask for created_at <= T AND (valid_until IS NULL OR valid_until > T). SQLite's schema 9 is the same.
ALTER TABLE items ADD COLUMN ended_by text;
ALTER TABLE items ADD COLUMN ended_why text;
CREATE INDEX items_validity ON items (created_at, valid_until);
