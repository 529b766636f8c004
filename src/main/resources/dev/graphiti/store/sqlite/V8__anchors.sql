-- Schema 8: anchors, the code an item is about (graph.Anchor): a repository path, symbol, config key or command, and
-- where the link came from. Beside item_entities (the words search matches), not instead of them: an anchor is checked
-- and typed, and is looked up by its value (the PreToolUse hook's path) or by a file's name (a prompt's "invoice.py").
CREATE TABLE item_anchors (
    seq    INTEGER NOT NULL REFERENCES items (seq) ON DELETE CASCADE,
    kind   TEXT    NOT NULL,
    value  TEXT    NOT NULL,
    name   TEXT    NOT NULL,
    origin TEXT    NOT NULL,
    PRIMARY KEY (seq, kind, value)
) WITHOUT ROWID;
CREATE INDEX item_anchors_value ON item_anchors (value, kind);
CREATE INDEX item_anchors_name ON item_anchors (name, kind);
-- A rename git saw (from_path became to_path), so an item anchored to the old path is found by the new one.
CREATE TABLE path_renames (
    from_path TEXT NOT NULL,
    to_path   TEXT NOT NULL,
    PRIMARY KEY (to_path, from_path)
) WITHOUT ROWID;
