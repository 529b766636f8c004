package dev.graphiti.store.jdbc;

/**
 * How a store runs work on one graph's connection: a read retried while another writer is in the way, a write as
 * one transaction under the store's write lock (SQLite: BEGIN IMMEDIATE; PostgreSQL: the graph's advisory lock),
 * retried as a whole. Failures come out as the store's messages ({@link dev.graphiti.graph.StoreException}).
 */
public interface GraphTransactions {

    <T> T read(SqlWork<T> work);

    <T> T write(SqlWork<T> work);
}
