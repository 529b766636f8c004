package dev.graphiti.protocol.session;

import java.time.Duration;

/**
 * Tunables of a server: list page size, the default timeout of server-to-client requests, and the
 * number of worker threads that run tools (requests beyond it queue).
 */
public record ServerOptions(int pageSize, Duration clientRequestTimeout, int workerThreads) {

    public ServerOptions {
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be positive: " + pageSize);
        }
        if (clientRequestTimeout.isNegative() || clientRequestTimeout.isZero()) {
            throw new IllegalArgumentException("clientRequestTimeout must be positive: " + clientRequestTimeout);
        }
        if (workerThreads < 1) {
            throw new IllegalArgumentException("workerThreads must be positive: " + workerThreads);
        }
    }

    public static ServerOptions defaults() {
        return new ServerOptions(100, Duration.ofSeconds(60), 16);
    }
}
