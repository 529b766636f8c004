package dev.graphiti.ingest.git;

import java.util.regex.Pattern;

/**
 * What a kept commit is, from its message: a decision when it says so (or names an ADR, a switch,
 * a replacement), a bugfix when it fixes something, a plain commit otherwise. A conventional-commit
 * "fix:" prefix wins; explicit decision words win over incidental bug words in the body.
 */
public enum CommitKind {
    commit, decision, bugfix;

    private static final Pattern FIX_PREFIX = Pattern.compile("^(fix|bugfix|hotfix)(\\([^)]*\\))?!?:", Pattern.CASE_INSENSITIVE);
    private static final Pattern DECISION = Pattern.compile(
            "\\b(decided|decide to|decision|we chose|chose\\s+\\S+(\\s+\\S+)?\\s+over|ADR[- ]?\\d*|architecture decision"
                    + "|switch(ed)? (from \\S+ )?to|migrat(e|ed|ing) (from \\S+ )?to|replace[sd]?\\s+(\\S+\\s+){1,4}?with"
                    + "|in favou?r of|instead of|adopt(ed)?|going with|deprecate[sd]?)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern BUG = Pattern.compile(
            "\\b(fix(es|ed|ing)?|bug|bugfix|hotfix|regression|crash(es|ed)?|root cause|resolves? #\\d+|closes? #\\d+"
                    + "|broken|race condition|deadlock|leak|npe|nullpointer\\w*)\\b",
            Pattern.CASE_INSENSITIVE);

    /** Classifies a commit message. */
    public static CommitKind of(String message) {
        String subject = message.lines().findFirst().orElse("");
        if (FIX_PREFIX.matcher(subject).find()) {
            return bugfix;
        }
        if (DECISION.matcher(subject).find()) {
            return decision;
        }
        if (BUG.matcher(subject).find()) {
            return bugfix;
        }
        if (DECISION.matcher(message).find()) {
            return decision;
        }
        return commit;
    }
}
