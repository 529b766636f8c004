package dev.graphiti.oauth;

import java.net.URI;
import java.time.Instant;
import java.util.Set;

/** A validated access token: who issued it, whom it names (sub, else the client), its scopes and when it expires. */
public record AccessToken(URI issuer, String subject, Set<String> scopes, Instant expires) {

    public AccessToken {
        scopes = Set.copyOf(scopes);
    }

    /** The caller's identity, stable across the tokens a user gets from one issuer (sessions are bound to it). */
    public String identity() {
        return "oauth:" + issuer + "#" + subject;
    }
}
