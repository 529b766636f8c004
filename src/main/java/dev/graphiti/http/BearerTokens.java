package dev.graphiti.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The team's bearer tokens (one per member, so one can be revoked alone), kept only as SHA-256 hashes.
 * A presented token is hashed and compared with every hash in constant time, so neither timing nor an
 * early exit tells how much of it matched. The matching hash is the caller's identity: sessions are bound
 * to it, and it is never the token itself.
 */
public final class BearerTokens {

    private static final BearerTokens NONE = new BearerTokens(List.of());

    private final List<byte[]> hashes;

    private BearerTokens(List<byte[]> hashes) {
        this.hashes = List.copyOf(hashes);
    }

    public static BearerTokens none() {
        return NONE;
    }

    /**
     * Tokens from a comma-separated list; each must be at least 16 characters (a guessable token is no
     * lock). A value with no token in it (blank, or only commas) is refused rather than read as "no
     * token": the operator asked for authentication, and serving without it would be the wrong guess.
     */
    public static BearerTokens parse(String commaSeparated) {
        List<byte[]> hashes = Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(t -> !t.isEmpty())
                .map(token -> {
                    if (token.length() < 16) {
                        throw new IllegalArgumentException("graphiti.http.token (GRAPHITI_HTTP_TOKEN): every token must be at least 16 characters"
                                + " (e.g. openssl rand -hex 24)");
                    }
                    return sha256(token);
                }).toList();
        if (hashes.isEmpty()) {
            throw new IllegalArgumentException("graphiti.http.token (GRAPHITI_HTTP_TOKEN) is set but holds no token: give one"
                    + " or more comma-separated tokens of 16+ characters (e.g. openssl rand -hex 24), or unset it to serve"
                    + " loopback connections only");
        }
        return new BearerTokens(hashes);
    }

    public boolean isEmpty() {
        return hashes.isEmpty();
    }

    public int size() {
        return hashes.size();
    }

    /** The identity (hex SHA-256) of the configured token equal to {@code presented}; empty when none is. */
    public Optional<String> identify(String presented) {
        byte[] hash = sha256(presented);
        byte[] match = null;
        for (byte[] candidate : hashes) {
            if (MessageDigest.isEqual(candidate, hash)) {
                match = candidate;
            }
        }
        return match == null ? Optional.empty() : Optional.of(HexFormat.of().formatHex(match));
    }

    private static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Says how many tokens, never which. */
    @Override
    public String toString() {
        return hashes.size() + " bearer token(s)";
    }
}
