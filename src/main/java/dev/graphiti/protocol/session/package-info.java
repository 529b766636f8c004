/**
 * The session engine: an {@link dev.graphiti.protocol.session.McpServer} built once from its features, and a
 * {@link dev.graphiti.protocol.session.Connection} per client (a stdio process, an HTTP session) that runs
 * the lifecycle, negotiates the revision, dispatches feature methods on worker threads, and carries
 * progress, cancellation, logging and server-to-client requests. Knows neither servlets nor stdin:
 * transports hand it parsed input with the stream its answers go to.
 */
package dev.graphiti.protocol.session;
