/**
 * The explorer page over HTTP: {@link dev.graphiti.http.explorer.ExplorerServlet} serves the page's files and turns
 * its JSON API into calls of {@link dev.graphiti.explorer.Explorer}. Every request passes
 * {@link dev.graphiti.http.explorer.RequestGuard} (Host, Origin; JSON and a CSRF token,
 * {@link dev.graphiti.http.explorer.CsrfTokens}, for a change) and the page's {@link dev.graphiti.http.explorer.PageAccess}:
 * loopback only for `graphiti ui`, the MCP endpoint's own rules ({@code http.EndpointAccess}) beside /mcp on the team
 * server and in a WAR. Item text is untrusted: the page puts it in the DOM as text only.
 */
package dev.graphiti.http.explorer;
