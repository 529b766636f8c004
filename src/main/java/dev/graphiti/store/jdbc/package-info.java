/**
 * What the SQLite and PostgreSQL stores share: each piece implemented once on JDBC (the ingest ledger, reading items,
 * the writes both engines spell alike in {@link dev.graphiti.store.jdbc.SharedWrites}, vector rows and the reads
 * beside them, the retry loop), with what the two engines really differ in (SQL spelling, locking, what counts as
 * contention) given to it by the store through a small interface or value
 * ({@link dev.graphiti.store.jdbc.GraphTransactions}, {@code *Dialect}, {@link dev.graphiti.store.jdbc.Spelling}).
 */
package dev.graphiti.store.jdbc;
