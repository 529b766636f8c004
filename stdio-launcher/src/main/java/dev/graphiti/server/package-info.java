/**
 * The embedded HTTP server: Jetty 12 (ee10) serving the same CDI-managed {@link dev.graphiti.http.McpServlet}
 * a Jakarta EE server runs from the WAR, with Weld SE as the CDI container. {@link dev.graphiti.server.HttpServe}
 * is `graphiti mcp serve --transport http`; it is handed the transport's settings and the container to boot, and
 * imports neither the CLI nor the assembly (the launcher chooses what the container holds).
 */
package dev.graphiti.server;
