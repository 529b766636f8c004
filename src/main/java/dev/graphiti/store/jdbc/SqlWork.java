package dev.graphiti.store.jdbc;

import java.sql.SQLException;

/** Work on a graph's connection; a store runs it (again, when a concurrent writer made it fail). */
@FunctionalInterface
public interface SqlWork<T> {
    T run() throws SQLException;
}
