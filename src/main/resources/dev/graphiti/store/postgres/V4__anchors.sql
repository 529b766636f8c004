-- Schema 4: anchors, the code an item is about (graph.Anchor), and the renames git saw; SQLite's schema 8 is the same.
CREATE TABLE item_anchors (
    seq    bigint NOT NULL REFERENCES items (seq) ON DELETE CASCADE,
    kind   text   NOT NULL,
    value  text   NOT NULL,
    name   text   NOT NULL,
    origin text   NOT NULL,
    PRIMARY KEY (seq, kind, value)
);
CREATE INDEX item_anchors_value ON item_anchors (value, kind);
CREATE INDEX item_anchors_name ON item_anchors (name, kind);
CREATE TABLE path_renames (
    from_path text NOT NULL,
    to_path   text NOT NULL,
    PRIMARY KEY (to_path, from_path)
);
