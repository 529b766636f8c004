package dev.graphiti.redact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces secrets in a text by typed placeholders such as {@code [REDACTED:github_token]} before the text
 * reaches a database, a log or a model. Immutable and thread-safe: build one and share it.
 *
 * <p>Redacting is idempotent: placeholders already in the text are never matched again, so redacting a
 * redacted text changes nothing. Runs in time linear in the input (every pattern is bounded and
 * backtracking-free), so multi-megabyte diffs and transcripts are fine.
 */
public final class Redactor {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\[REDACTED:[a-z0-9_]{1,40}+\\]");

    private final List<Detector> detectors;

    /** A redactor with every built-in detector. */
    public Redactor() {
        this(StandardDetectors.inPriorityOrder());
    }

    Redactor(List<Detector> detectors) {
        this.detectors = List.copyOf(Objects.requireNonNull(detectors, "detectors"));
    }

    public Redaction redact(String text) {
        Objects.requireNonNull(text, "text");
        Spans spans = new Spans();
        Matcher placeholder = PLACEHOLDER.matcher(text);
        while (placeholder.find()) {
            spans.claim(placeholder.start(), placeholder.end());
        }
        List<Finding> kept = new ArrayList<>();
        String lowerCase = asciiLowerCase(text);
        for (Detector detector : detectors) {
            detector.find(text, lowerCase, finding -> {
                if (spans.claim(finding.start(), finding.end())) {
                    kept.add(finding);
                }
            });
        }
        if (kept.isEmpty()) {
            return new Redaction(text, 0, List.of());
        }
        kept.sort(Comparator.comparingInt(Finding::start));
        StringBuilder out = new StringBuilder(text.length());
        EnumSet<SecretKind> kinds = EnumSet.noneOf(SecretKind.class);
        int copied = 0;
        for (Finding finding : kept) {
            out.append(text, copied, finding.start()).append(finding.kind().placeholder());
            kinds.add(finding.kind());
            copied = finding.end();
        }
        out.append(text, copied, text.length());
        return new Redaction(out.toString(), kept.size(), List.copyOf(kinds));
    }

    /** A-Z lowered and nothing else, so indexes stay those of the text (full Unicode lowering may not). */
    static String asciiLowerCase(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') {
                chars[i] = (char) (chars[i] + ('a' - 'A'));
            }
        }
        return new String(chars);
    }

    /** Non-overlapping spans taken so far; the first claim on a stretch of text wins. */
    private static final class Spans {
        private final TreeMap<Integer, Integer> endByStart = new TreeMap<>();

        boolean claim(int start, int end) {
            Map.Entry<Integer, Integer> before = endByStart.floorEntry(start);
            if (before != null && before.getValue() > start) {
                return false;
            }
            Map.Entry<Integer, Integer> after = endByStart.ceilingEntry(start);
            if (after != null && after.getKey() < end) {
                return false;
            }
            endByStart.put(start, end);
            return true;
        }
    }
}
