-- Schema 10: an item's occasion, what the work was when a conversation settled it (the request, the files and commands
-- around it; '' for none). Searchable beside the statement as a fifth full-text column that BM25 weighs below the
-- content (SqliteItemRepository's weights): FTS5 cannot add a column, so the index is made again and rebuilt from items.
ALTER TABLE items ADD COLUMN occasion TEXT NOT NULL DEFAULT '';
DROP TRIGGER items_fts_insert;
DROP TRIGGER items_fts_delete;
DROP TRIGGER items_fts_update;
DROP TABLE items_fts;
CREATE VIRTUAL TABLE items_fts USING fts5 (
    title, content, tags, entities, occasion,
    content = 'items', content_rowid = 'seq',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
    INSERT INTO items_fts (rowid, title, content, tags, entities, occasion)
    VALUES (new.seq, new.title, new.content, new.tags, new.entities, new.occasion);
END;
CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
    INSERT INTO items_fts (items_fts, rowid, title, content, tags, entities, occasion)
    VALUES ('delete', old.seq, old.title, old.content, old.tags, old.entities, old.occasion);
END;
CREATE TRIGGER items_fts_update AFTER UPDATE OF title, content, tags, entities, occasion ON items BEGIN
    INSERT INTO items_fts (items_fts, rowid, title, content, tags, entities, occasion)
    VALUES ('delete', old.seq, old.title, old.content, old.tags, old.entities, old.occasion);
    INSERT INTO items_fts (rowid, title, content, tags, entities, occasion)
    VALUES (new.seq, new.title, new.content, new.tags, new.entities, new.occasion);
END;
INSERT INTO items_fts (items_fts) VALUES ('rebuild');
