/**
 * Streamable HTTP transport (MCP 2025-03-26 .. 2025-11-25) as a Jakarta servlet. {@link dev.graphiti.http.McpServlet}
 * is thin: every request goes through the one {@link dev.graphiti.http.RequestValidation} pipeline, then a
 * POST becomes a {@link dev.graphiti.http.PostExchange} (JSON, or SSE once something precedes the result), a
 * GET attaches a server-event stream to its session, a DELETE ends the session. Sessions live in
 * {@link dev.graphiti.http.SessionStore}; SSE framing lives in {@link dev.graphiti.http.SseWriter}.
 */
package dev.graphiti.http;
