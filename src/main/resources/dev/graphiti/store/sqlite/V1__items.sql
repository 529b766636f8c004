-- Schema 1: items with tags, entities, provenance and a BM25 full-text index kept in step by triggers.
CREATE TABLE items (
    seq           INTEGER PRIMARY KEY,
    id            TEXT    NOT NULL UNIQUE,
    kind          TEXT    NOT NULL,
    title         TEXT    NOT NULL,
    title_key     TEXT    NOT NULL,
    content       TEXT    NOT NULL,
    tags          TEXT    NOT NULL DEFAULT '',
    entities      TEXT    NOT NULL DEFAULT '',
    source        TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    valid_until   INTEGER,
    superseded_by TEXT,
    supersedes    TEXT,
    fingerprint   TEXT    NOT NULL
);
CREATE INDEX items_created ON items (created_at);
CREATE INDEX items_fingerprint ON items (fingerprint);
CREATE INDEX items_title_key ON items (title_key);
CREATE INDEX items_superseded_by ON items (superseded_by);

CREATE TABLE item_tags (
    tag TEXT    NOT NULL,
    seq INTEGER NOT NULL REFERENCES items (seq) ON DELETE CASCADE,
    PRIMARY KEY (tag, seq)
) WITHOUT ROWID;
CREATE INDEX item_tags_seq ON item_tags (seq);

CREATE TABLE item_entities (
    seq  INTEGER NOT NULL REFERENCES items (seq) ON DELETE CASCADE,
    name TEXT    NOT NULL,
    type TEXT    NOT NULL,
    PRIMARY KEY (seq, name)
) WITHOUT ROWID;
CREATE INDEX item_entities_name ON item_entities (name);

CREATE TABLE provenance (
    seq         INTEGER NOT NULL REFERENCES items (seq) ON DELETE CASCADE,
    former_id   TEXT    NOT NULL,
    relation    TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
);
CREATE INDEX provenance_seq ON provenance (seq);

CREATE VIRTUAL TABLE items_fts USING fts5 (
    title, content, tags, entities,
    content = 'items', content_rowid = 'seq',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
    INSERT INTO items_fts (rowid, title, content, tags, entities)
    VALUES (new.seq, new.title, new.content, new.tags, new.entities);
END;
CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
    INSERT INTO items_fts (items_fts, rowid, title, content, tags, entities)
    VALUES ('delete', old.seq, old.title, old.content, old.tags, old.entities);
END;
CREATE TRIGGER items_fts_update AFTER UPDATE OF title, content, tags, entities ON items BEGIN
    INSERT INTO items_fts (items_fts, rowid, title, content, tags, entities)
    VALUES ('delete', old.seq, old.title, old.content, old.tags, old.entities);
    INSERT INTO items_fts (rowid, title, content, tags, entities)
    VALUES (new.seq, new.title, new.content, new.tags, new.entities);
END;
