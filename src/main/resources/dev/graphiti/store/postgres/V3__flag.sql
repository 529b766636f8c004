-- Schema 3: why an item's text reads as instructions to the agent (InstructionLike), found when it was written; NULL
-- for knowledge. A flagged item waits in the review queue whatever its source, so the queue's partial index covers it
-- too; its WHERE is PostgresItemRepository's literal condition for the queue, term for term. SQLite's schema 7 is the same.
ALTER TABLE items ADD COLUMN flag text;
DROP INDEX items_review;
CREATE INDEX items_review ON items (created_at, seq)
    WHERE superseded_by IS NULL AND (left(source, 8) = 'capture:' OR left(source, 4) = 'git:' OR flag IS NOT NULL);
