-- Schema 2: what git indexing and conversation capture remember between runs.
-- Every commit the indexer judged (kept: item_id set; skipped: skip_reason set), by sha and by change key
-- (author, author time, message: the same across a rebase or cherry-pick).
CREATE TABLE ingest_commits (
    sha         TEXT    PRIMARY KEY,
    change_key  TEXT    NOT NULL,
    skip_reason TEXT,
    item_id     TEXT,
    judged_at   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX ingest_commits_change ON ingest_commits (change_key);

-- The HEAD each completed index run started from, per branch (or HEAD when detached).
CREATE TABLE ingest_tips (
    ref         TEXT    PRIMARY KEY,
    sha         TEXT    NOT NULL,
    recorded_at INTEGER NOT NULL
) WITHOUT ROWID;

-- How far (in bytes) each Claude Code session's transcript has been captured.
CREATE TABLE capture_positions (
    session    TEXT    PRIMARY KEY,
    position   INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;
