package dev.graphiti.redact;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A detector made of one precompiled pattern: the span of {@code group} in each match becomes a finding
 * when {@code accept} agrees with that matched match.
 *
 * <p>Every pattern given here must be free of nested quantifiers and unbounded backtracking (single
 * character classes with possessive or bounded quantifiers), so a match attempt costs O(bound) and a whole
 * scan stays linear in the input; repetition over groups would also recurse per iteration and overflow the
 * stack on long inputs.
 */
record PatternDetector(SecretKind kind, List<String> hints, Pattern pattern, int group, Predicate<Matcher> accept)
        implements Detector {

    PatternDetector {
        Objects.requireNonNull(kind, "kind");
        hints = List.copyOf(hints);
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(accept, "accept");
        if (hints.stream().anyMatch(h -> !h.equals(h.toLowerCase(Locale.ROOT)))) {
            throw new IllegalArgumentException("hints are matched against lower-cased text: " + hints);
        }
    }

    /**
     * A detector whose every match contains one of the lower-case {@code hints} (ignoring case); no hints
     * means it always runs.
     */
    static PatternDetector of(SecretKind kind, List<String> hints, String regex) {
        return new PatternDetector(kind, hints, Pattern.compile(regex), 0, m -> true);
    }

    static PatternDetector of(SecretKind kind, List<String> hints, String regex, int group, Predicate<Matcher> accept) {
        return new PatternDetector(kind, hints, Pattern.compile(regex), group, accept);
    }

    @Override
    public boolean mayMatch(String lowerCaseText) {
        return hints.isEmpty() || hints.stream().anyMatch(lowerCaseText::contains);
    }

    @Override
    public void find(String text, Consumer<Finding> findings) {
        Matcher m = pattern.matcher(text);
        int from = 0;
        while (from < text.length() && m.find(from)) {
            boolean taken = m.start(group) >= 0 && m.end(group) > m.start(group) && accept.test(m);
            if (taken) {
                findings.accept(new Finding(m.start(group), m.end(group), kind));
            }
            // A rejected match may have swallowed the start of a real one (a quoted "value" that was really
            // the end of a log message), so look again just after where it began.
            from = taken ? Math.max(m.end(), m.start() + 1) : m.start() + 1;
        }
    }
}
