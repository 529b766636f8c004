/**
 * `graphiti index`: one streaming `git log` read into commits, a quality gate that skips bots, bumps, releases
 * and trivial changes, and an indexer that stores the rest as items, idempotent by commit id and by change key
 * (so a rebase stores nothing twice). File contents are never read.
 */
package dev.graphiti.ingest.git;
