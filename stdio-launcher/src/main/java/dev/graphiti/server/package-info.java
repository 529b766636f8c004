/**
 * The embedded HTTP server: Jetty 12 (ee10) serving the same CDI-managed {@link dev.graphiti.http.McpServlet}
 * a Jakarta EE server runs from the WAR, with Weld SE as the CDI container. {@link dev.graphiti.server.HttpServe}
 * is `graphiti mcp serve --transport http`.
 */
package dev.graphiti.server;
