-- Schema 6: the explorer's review queue (current items capture and git indexing stored, newest first) reads this
-- partial index instead of walking every item: a graph of hand-added items has an empty queue found at once. Its
-- WHERE is SqliteItemRepository's literal condition for ItemRepository.AUTOMATIC_SOURCES, term for term.
CREATE INDEX items_review ON items (created_at, seq)
    WHERE superseded_by IS NULL AND (substr(source, 1, 8) = 'capture:' OR substr(source, 1, 4) = 'git:');
