-- Schema 11: when git made each rename (epoch milliseconds, the renaming commit's author time), so an item anchored to
-- a file's old path follows the file only when it was made before the rename: a file made again at the old path is
-- another file. NULL for renames recorded before: followed for every item, as then.
ALTER TABLE path_renames ADD COLUMN renamed_at INTEGER;
CREATE INDEX path_renames_from ON path_renames (from_path);
