package dev.graphiti.service;

import dev.graphiti.store.IdleConnections;

/**
 * The database connections a long-lived process (an MCP server running a command per tool call) keeps open
 * between commands; a one-shot command has none. Close it when the process is done with its graphs.
 */
public final class KeptConnections implements AutoCloseable {

    private final IdleConnections idle = new IdleConnections();

    IdleConnections idle() {
        return idle;
    }

    @Override
    public void close() {
        idle.close();
    }
}
