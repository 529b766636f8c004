package dev.graphiti.ingest.git;

import dev.graphiti.config.GitWorkTree;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Parses the stream of {@link #FORMAT} + `-z --numstat` one commit at a time, so a history of any
 * length is read in constant memory. A record starts at \x1e followed by a hex sha and \x1f (so a
 * stray \x1e inside a message does not split it); header fields are separated by \x1f, numstat
 * entries by NUL, renames as "added\tdeleted\t\0old\0new\0".
 */
final class GitLogParser {

    /** The git log --format this parser reads: sha, parents, author (mailmapped), author time, message. */
    static final String FORMAT = "--format=%x1e%H%x1f%P%x1f%aN%x1f%aE%x1f%at%x1f%B%x1f";

    private static final int RECORD = 0x1e;
    private static final int FIELD = 0x1f;

    private final int maxFilesPerCommit;

    GitLogParser(int maxFilesPerCommit) {
        this.maxFilesPerCommit = maxFilesPerCommit;
    }

    /** Reads every commit in the stream and hands each to the consumer; returns how many. */
    int parse(InputStream raw, Consumer<GitCommit> consumer) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        ByteArrayOutputStream record = new ByteArrayOutputStream(4096);
        boolean started = false;
        int count = 0;
        int b;
        while ((b = in.read()) >= 0) {
            if (b == RECORD && startsRecord(in)) {
                if (started) {
                    consumer.accept(parseRecord(record.toByteArray()));
                    count++;
                }
                started = true;
                record.reset();
            } else if (started) {
                record.write(b);
            }
        }
        if (started) {
            consumer.accept(parseRecord(record.toByteArray()));
            count++;
        }
        return count;
    }

    private static boolean startsRecord(BufferedInputStream in) throws IOException {
        in.mark(80);
        try {
            int hex = 0;
            int b;
            while ((b = in.read()) >= 0 && isHex(b)) {
                hex++;
            }
            return (hex == 40 || hex == 64) && b == FIELD;
        } finally {
            in.reset();
        }
    }

    private static boolean isHex(int b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f');
    }

    private GitCommit parseRecord(byte[] bytes) {
        int[] cuts = new int[5];
        int found = 0;
        for (int i = 0; i < bytes.length && found < 5; i++) {
            if (bytes[i] == FIELD) {
                cuts[found++] = i;
            }
        }
        int bodyEnd = lastIndexOf(bytes, FIELD);
        if (found < 5 || bodyEnd <= cuts[4]) {
            throw new IllegalStateException("unexpected git log output (record of " + bytes.length + " bytes)");
        }
        String sha = text(bytes, 0, cuts[0]);
        String parentsText = text(bytes, cuts[0] + 1, cuts[1]).strip();
        List<String> parents = parentsText.isEmpty() ? List.of() : Arrays.asList(parentsText.split(" "));
        String authorName = text(bytes, cuts[1] + 1, cuts[2]);
        String authorEmail = text(bytes, cuts[2] + 1, cuts[3]);
        Instant authorTime = Instant.ofEpochSecond(Long.parseLong(text(bytes, cuts[3] + 1, cuts[4]).strip()));
        String message = text(bytes, cuts[4] + 1, bodyEnd).strip();
        List<FileChange> files = new ArrayList<>();
        List<FileChange> renamesOmitted = new ArrayList<>();
        int omitted = parseNumstat(text(bytes, bodyEnd + 1, bytes.length), files, renamesOmitted);
        return new GitCommit(sha, parents, authorName, authorEmail, authorTime, message, files, omitted, renamesOmitted);
    }

    private int parseNumstat(String tail, List<FileChange> files, List<FileChange> renamesOmitted) {
        String[] tokens = tail.split("\0", -1);
        int omitted = 0;
        for (int i = 0; i < tokens.length; i++) {
            String token = stripNewlines(tokens[i]);
            if (token.isEmpty()) {
                continue;
            }
            String[] parts = token.split("\t", 3);
            if (parts.length < 3) {
                continue;
            }
            int added = count(parts[0]);
            int deleted = count(parts[1]);
            FileChange change;
            if (parts[2].isEmpty() && i + 2 < tokens.length) {
                change = new FileChange(tokens[i + 2], tokens[i + 1], added, deleted);
                i += 2;
            } else if (parts[2].isEmpty()) {
                continue;
            } else {
                change = new FileChange(parts[2], null, added, deleted);
            }
            if (GitWorkTree.graphitiPath(change.path())) {
                continue; // graphiti's own files, committed before they were excluded: not the project's code
            }
            if (files.size() < maxFilesPerCommit) {
                files.add(change);
            } else {
                omitted++;
                if (change.renamed()) {
                    renamesOmitted.add(change);
                }
            }
        }
        return omitted;
    }

    private static String stripNewlines(String token) {
        int start = 0;
        while (start < token.length() && token.charAt(start) == '\n') {
            start++;
        }
        return token.substring(start);
    }

    private static int count(String field) {
        return field.equals("-") ? -1 : Integer.parseInt(field);
    }

    private static int lastIndexOf(byte[] bytes, int value) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static String text(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.UTF_8);
    }
}
