/**
 * Where a process keeps its graphs: {@link dev.graphiti.store.Stores} chooses, from the process's settings, SQLite
 * files ({@code store.sqlite}) and the operator's PostgreSQL database ({@code store.postgres}) when configured, and is
 * the one place that names them; {@link dev.graphiti.store.KeptConnections} holds what a long-lived process keeps
 * between commands. Above this package only the graph's {@link dev.graphiti.graph.GraphStore} is seen.
 */
package dev.graphiti.store;
