-- Schema 9: what ended an item git time left standing (a revert, its files deleted or renamed away, a later statement of
-- the same subject): ended_by is the commit (sha) or item (id) that ended it, ended_why says how in a few words, and
-- valid_until says when. Such an item stays current (superseded_by NULL), marked and ranked below current knowledge.
-- As-of reads ask for created_at <= T AND (valid_until IS NULL OR valid_until > T): this index answers both terms.
ALTER TABLE items ADD COLUMN ended_by TEXT;
ALTER TABLE items ADD COLUMN ended_why TEXT;
CREATE INDEX items_validity ON items (created_at, valid_until);
