package dev.graphiti.redact;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A detector made of one precompiled pattern: the span of {@code group} in a match becomes a finding when
 * {@code accept} agrees. The pattern is only tried where it can start: at most {@code lookBack} characters
 * before an occurrence of one of its lower-case {@code hints} (so {@code "://"} with a look-back of 32 for
 * {@code scheme://user:password@}), which turns a regex scan of every position into an {@code indexOf}.
 *
 * <p>Every pattern given here must be free of nested quantifiers and unbounded backtracking (single
 * character classes with possessive or bounded quantifiers), so one attempt costs O(bound) and a whole
 * text stays linear; repetition over groups would also recurse per iteration and overflow the stack.
 */
record PatternDetector(SecretKind kind, List<String> hints, int lookBack, Pattern pattern, int group,
        Predicate<Matcher> accept) implements Detector {

    PatternDetector {
        Objects.requireNonNull(kind, "kind");
        hints = List.copyOf(hints);
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(accept, "accept");
        if (hints.isEmpty() || hints.stream().anyMatch(h -> h.isEmpty() || !h.equals(h.toLowerCase(Locale.ROOT)))) {
            throw new IllegalArgumentException("hints must be non-empty lower-case literals: " + hints);
        }
        if (lookBack < 0) {
            throw new IllegalArgumentException("lookBack must be >= 0, was " + lookBack);
        }
    }

    /** Matches start at a hint; the whole match is the finding. */
    static PatternDetector of(SecretKind kind, List<String> hints, String regex) {
        return new PatternDetector(kind, hints, 0, Pattern.compile(regex), 0, m -> true);
    }

    static PatternDetector of(SecretKind kind, List<String> hints, int lookBack, String regex, int group,
            Predicate<Matcher> accept) {
        return new PatternDetector(kind, hints, lookBack, Pattern.compile(regex), group, accept);
    }

    @Override
    public void find(String text, String lowerCase, Consumer<Finding> findings) {
        // Transparent bounds let look-behinds see before the attempt; no anchoring bounds keep `$` at the end.
        Matcher m = pattern.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        Occurrences hinted = new Occurrences(lowerCase, hints);
        int floor = 0; // end of the last finding: nothing may start before it
        for (int at = hinted.next(0); at >= 0; at = hinted.next(Math.max(at + 1, floor))) {
            for (int start = Math.max(floor, at - lookBack); start <= at; start++) {
                m.region(start, text.length());
                if (m.lookingAt() && m.start(group) >= 0 && m.end(group) > m.start(group) && accept.test(m)) {
                    findings.accept(new Finding(m.start(group), m.end(group), kind));
                    floor = Math.max(m.end(), start + 1);
                    break;
                }
            }
        }
    }
}
