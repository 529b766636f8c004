-- Schema 7: when git made each rename; SQLite's schema 11 is the same.
ALTER TABLE path_renames ADD COLUMN renamed_at bigint;
CREATE INDEX path_renames_from ON path_renames (from_path);
