package dev.graphiti.oauth;

import java.net.URI;

/** What the resource server needs of an authorization server's metadata: its issuer identifier and its signing keys' URL. */
public record IssuerMetadata(URI issuer, URI jwksUri) {
}
