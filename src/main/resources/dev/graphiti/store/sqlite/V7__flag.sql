-- Schema 7: why an item's text reads as instructions to the agent (InstructionLike), found when it was written; NULL
-- for knowledge. A flagged item waits in the review queue whatever its source, so the queue's index covers it too;
-- its WHERE is SqliteItemRepository's literal condition for the queue, term for term.
ALTER TABLE items ADD COLUMN flag TEXT;
DROP INDEX items_review;
CREATE INDEX items_review ON items (created_at, seq)
    WHERE superseded_by IS NULL AND (substr(source, 1, 8) = 'capture:' OR substr(source, 1, 4) = 'git:' OR flag IS NOT NULL);
