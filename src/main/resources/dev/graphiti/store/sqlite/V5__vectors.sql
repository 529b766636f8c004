-- Schema 5: semantic search. Each item's passage vectors (int8 with one scale each: value = byte * scale),
-- written in the background by a long-lived graphiti; an item without rows is waiting to be embedded.
-- vector_model names the model the rows came from (a new model re-embeds everything) and counts removed
-- rows, so a process holding vectors in memory sees a removal with one cheap read.
CREATE TABLE item_vectors (
    id     INTEGER PRIMARY KEY,
    seq    INTEGER NOT NULL REFERENCES items (seq) ON DELETE CASCADE,
    chunk  INTEGER NOT NULL,
    scale  REAL    NOT NULL,
    vector BLOB    NOT NULL
);
CREATE UNIQUE INDEX item_vectors_seq ON item_vectors (seq, chunk);

CREATE TABLE vector_model (
    model   TEXT    NOT NULL,
    removed INTEGER NOT NULL
);
INSERT INTO vector_model (model, removed) VALUES ('', 0);

CREATE TRIGGER item_vectors_removed AFTER DELETE ON item_vectors BEGIN
    UPDATE vector_model SET removed = removed + 1;
END;
