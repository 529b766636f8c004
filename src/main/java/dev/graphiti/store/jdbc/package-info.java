/**
 * What the SQLite and PostgreSQL stores share: each piece (the ingest ledger, reading items, vector rows) implemented once on
 * JDBC, with what the two dialects really differ in (SQL spelling, locking) given to it by the store through a
 * small interface ({@link dev.graphiti.store.jdbc.GraphTransactions}, {@code *Dialect}).
 */
package dev.graphiti.store.jdbc;
