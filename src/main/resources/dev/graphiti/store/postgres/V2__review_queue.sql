-- Schema 2: the explorer's review queue (current items capture and git indexing stored, newest first) reads this
-- partial index instead of every current item: a graph of hand-added items has an empty queue found at once. Its
-- WHERE is PostgresItemRepository's literal condition for ItemRepository.AUTOMATIC_SOURCES, term for term (the
-- planner uses a partial index only when the query's conditions imply its own). SQLite's schema 6 is the same index.
CREATE INDEX items_review ON items (created_at, seq)
    WHERE superseded_by IS NULL AND (left(source, 8) = 'capture:' OR left(source, 4) = 'git:');
