package dev.graphiti.ingest.git;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Identifies a change across rebases and cherry-picks: both keep the author, the author time and the
 * message while the sha changes. Two commits with the same key carry the same knowledge.
 */
final class ChangeKey {

    private ChangeKey() {
    }

    static String of(GitCommit commit) {
        String identity = commit.authorEmail().strip().toLowerCase(java.util.Locale.ROOT) + '\n'
                + commit.authorTime().getEpochSecond() + '\n' + commit.message().strip();
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
