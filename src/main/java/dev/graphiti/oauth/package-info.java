/**
 * The OAuth 2.1 resource server of the team server and the WAR (MCP authorization, 2025-11-25 and 2026-07-28):
 * which authorization servers issue tokens for this server and for which canonical URI
 * ({@link dev.graphiti.oauth.ResourceServerSettings}), their metadata and signing keys
 * ({@link dev.graphiti.oauth.IssuerDiscovery}), the validation of a JWT access token
 * ({@link dev.graphiti.oauth.ResourceServer}) and the Protected Resource Metadata document (RFC 9728) that
 * tells a client where to get one. Signatures, JWKS fetching and caching are nimbus-jose-jwt's; nothing here
 * does cryptography itself. Transport concerns (headers, status codes) live in {@code dev.graphiti.http}.
 */
package dev.graphiti.oauth;
