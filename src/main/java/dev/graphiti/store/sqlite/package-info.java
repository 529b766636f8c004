/**
 * The embedded SQLite store: one database file per graph in WAL mode, versioned migrations
 * ({@code V*.sql} resources), an FTS5 index kept in step by triggers, and the implementations of the
 * graph's repository interfaces. Every write is one {@code BEGIN IMMEDIATE} transaction retried with
 * backoff, so concurrent processes never see "database is locked".
 */
package dev.graphiti.store.sqlite;
