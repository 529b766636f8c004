package dev.graphiti.ingest.git;

import java.util.regex.Pattern;

/**
 * What a kept commit is, from evidence in its message alone (docs/git-history.md states the rules): a decision
 * when it gives a reason or a rejected alternative (or reverts with a reason), architecture when it says so, a
 * bugfix when it says what went wrong or why, a behaviour change when it changes what users of the code see
 * (an incompatible change, an API made public, "now"/"no longer", a deprecation). Everything else, and every
 * refactor, clean-up, formatting, typo, documentation, test, CI or build chore without such evidence, stays history
 * (kind commit): searchable, never in the brief. A diffstat or "Commit ..., authored ..." is not message text.
 */
public enum CommitKind {
    commit, decision, architecture, bugfix, behaviour_change;

    private static final int I = Pattern.CASE_INSENSITIVE;

    /** Lines that are metadata, not the author's words: trailers, bot boilerplate, checklists, PR template rules. */
    private static final Pattern METADATA = Pattern.compile(
            "^\\s*([\\w-]+-by:|co-authored|change-id:|updated-dependencies:|dependency-|- \\[(release notes|changelog|commits)]"
                    + "|---\\s*$|bumps \\[|updates `|(fixes|closes|resolves|see) #?\\d+\\.?\\s*$"
                    + "|git-svn-id:|commit [0-9a-f]{7,} |\\d+ files? changed,|modules: )",
            I);
    private static final Pattern REVERT = Pattern.compile("^revert\\b", I);

    /** Subjects of routine work: what stays history unless the message argues for it. */
    private static final Pattern ROUTINE = Pattern.compile(
            "^(\\[?(refactor|chore|style|ci|build|docs?|test|tests|perf|lint|deps|release)\\b[^:\\]]*[:\\]]"
                    + "|merge (branch|pull request|remote-tracking|tag|commit)\\b"
                    + "|(bump|upgrade|update|updated|updating|set|moving|move) .*\\b(version|plugin|plugins|dependenc\\w*|to v?\\d)"
                    + "|(bump|upgrade)\\b|\\[maven-release-plugin]"
                    + "|(minor |small |code )?(clean ?-?ups?|cleaned up|cleaning|tidy|tidied|polish\\w*|reformat\\w*|format\\w*"
                    + "|refactor\\w*|simplif\\w*|renam\\w*|extract\\w*|inline[sd]?|mov(e|ed|ing) |split |reorganiz\\w*|restructur\\w*"
                    + "|rewr\\w*|replace anonymous|remove (unused|unnecessary|dead|redundant|wildcard)|removed? (unused|unnecessary)"
                    + "|delete[sd]? (unused|duplicate|dead)|fix(ed|es)? (typo|typos|spelling|grammar|formatting|format|style|javadoc|doc"
                    + "|docs|link|links|dead link|broken link|warnings?|lint|checkstyle|build|test|tests|the build|compil\\w*|imports?)"
                    + "|typos?\\b|spelling|whitespace|javadoc|update (the )?\\S*(readme|docs?|documentation|changelog|guide|notes|\\.md)"
                    + "|updated? (readme|docs?|documentation|javadocs?|comments?|copyright|license|release notes|user ?guide)"
                    + "|(add(ed)?|more|new|improve[ds]?) (unit |more |missing )?(tests?|javadocs?|comments?|documentation|docs)\\b"
                    + "|(add(ed)?|update[sd]?|improve[ds]?) .*\\b(tests?|javadocs?)$|.*\\b(workflows?|github actions?)\\b|.*\\b(follow-?up|dependabot|renovate)\\b"
                    + "|(make|made|fix(ed)?) .*error ?prone|error ?prone\\b|(apply|applied|run|ran) (spotless|google-java-format|prettier)"
                    + "|use (lambdas?|method references?|diamond|try-with-resources|var\\b|final\\b|streams?)"
                    + "|enable|disable|configure|ci\\b|travis|github workflow|dependabot"
                    + "|release notes|prepare (for )?(next|release)|version \\d|v?\\d+\\.\\d+(\\.\\d+)?\\s*$|wip\\b|todo))",
            I);

    /** A reason: what makes a change a decision, and the only thing that lifts a routine subject. */
    private static final Pattern REASON = Pattern.compile(
            "\\b(because|so that|so (it|they|we|the|users?)\\b|in order to|to (avoid|prevent|allow|ensure|make sure|keep|reduce|support)"
                    + "|we (chose|decided|prefer|want|need)|decided?|decision|trade-?offs?|the reason|reasons? (is|was|for)|therefore"
                    + "|otherwise|since (the|it|this|we|there|they)"
                    + "|for (backwards?|better|consistency|compatibility|performance|security|safety|thread.?safety)"
                    + "|ADR[- ]?\\d+|architecture decision|why)\\b",
            I);
    /** A rejected alternative, a switch or a migration. */
    private static final Pattern ALTERNATIVE = Pattern.compile(
            "\\b(instead of|rather than|in favou?r of|not by|as opposed to|(chose|choose)\\s+\\S+(\\s+\\S+)?\\s+over"
                    + "|switch(ed)? (from \\S+ )?to|migrat(e|ed|ing) (from \\S+ )?to|replace[sd]?\\s+(\\S+\\s+){1,4}?with)\\b",
            I);
    private static final Pattern ARCHITECTURE = Pattern.compile(
            "\\b(architecture|architectural|layer(s|ing)?|module boundar\\w*|(split|separate)d? into (modules|packages|services)"
                    + "|(remove|removed|drop|dropped) (the )?dependenc(e|y|ies) on)\\b",
            I);
    /** What went wrong, or why: what makes a fix worth more than its subject. */
    private static final Pattern CAUSE = Pattern.compile(
            "\\b(root cause|caused by|bad behaviou?r|the (problem|issue|bug|cause) (was|is|seems|here)|the reason (seems|was|is)"
                    + "|regression|introduced (by|in)|race( condition)?|deadlock|leak(s|ed)?|crash(es|ed)?|hang(s|ed)?"
                    + "|threw|throws? (an? )?\\w*exception|npe|null ?pointer\\w*|thread.?safe\\w*|overflow|infinite"
                    + "|(did|does|was|were|is) not (work|correct|handled|thread)\\w*|incorrect(ly)?|wrong(ly)?|broke(n)?"
                    + "|fail(s|ed|ing)? (when|on|if|with|to)|when (the|a|an|it)\\b)",
            I);
    /** Causes that make a commit a bugfix whatever its subject says. */
    private static final Pattern STRONG_CAUSE = Pattern.compile(
            "\\b(root cause|caused by|the (problem|issue|bug|cause) (was|is|seems)|the reason (seems|was)|regression (introduced|in|from)"
                    + "|race condition|deadlock|thread.?safety)\\b",
            I);
    private static final Pattern ENSURE = Pattern.compile("^(ensure|improve|prevent|avoid|handle|guard)\\b", I);
    private static final Pattern FIX = Pattern.compile(
            "^(fix|bugfix|hotfix)(\\([^)]*\\))?!?:|\\b(fix(es|ed|ing)?|bug|bugfix|hotfix|workaround|repair\\w*|correct(s|ed)?)\\b",
            I);
    /** A change users of the code see: API, defaults, incompatibility, deprecation. */
    private static final Pattern BEHAVIOUR = Pattern.compile(
            "(^\\w+(\\([^)]*\\))?!:|^(throw(s|ing)?|support(s|ed)?) |\\b(breaking change|backwards?[- ]incompatible|incompatible change|no longer|is now|are now|now (throws?|returns?"
                    + "|uses?|accepts?|supports?|rejects?|fails?|allows?|requires?|defaults?|is|are|works?)|by default|default (is|to|value)"
                    + "|deprecat\\w*|(make|made|makes) \\S+( \\S+)? (public|private|final|thread.?safe|configurable|optional)"
                    + "|(allow|allows|allowed|enable|enables|enabled) (users?|members|classes|to|\\S+ to)|lift(ed)? (the )?restriction"
                    + "|(add(ed|s)?|new|expose[sd]?) (a |an )?(\\S+ )?(api|option|setting|settings|overload|method|flag|annotation)"
                    + "|support (for|of)|added support|\\bapi\\b|removed? (the )?(public|deprecated) ))",
            I);

    /** Classifies a commit message. */
    public static CommitKind of(String message) {
        String text = words(message);
        String subject = text.lines().findFirst().orElse("").strip();
        if (REVERT.matcher(subject).find()) {
            // A revert is a decision only when it says why; "This reverts commit abc." alone is history.
            String why = text.replaceAll("(?i)this reverts commit [0-9a-f]+\\.?", "");
            return REASON.matcher(why.substring(Math.min(why.length(), subject.length()))).find() ? decision : commit;
        }
        if (ARCHITECTURE.matcher(text).find() && !ROUTINE.matcher(subject).find()) {
            return architecture;
        }
        boolean reason = REASON.matcher(text).find() || ALTERNATIVE.matcher(text).find();
        boolean fix = FIX.matcher(subject).find();
        if ((fix || ENSURE.matcher(subject).find()) && CAUSE.matcher(text).find() || STRONG_CAUSE.matcher(text).find()) {
            return bugfix;
        }
        if (ROUTINE.matcher(subject).find()) {
            // A refactor is not a decision; a refactor that argues for itself in its subject is one.
            return REASON.matcher(subject).find() ? decision : commit;
        }
        if (reason) {
            return decision;
        }
        if (BEHAVIOUR.matcher(text).find()) {
            return behaviour_change;
        }
        return commit;
    }

    /** The item kind this commit is stored as (a behaviour change is a decision someone made about the code). */
    public String itemKind() {
        return this == behaviour_change ? decision.name() : name();
    }

    /** Whether the commit is knowledge (brief, recall) rather than history. */
    public boolean knowledge() {
        return this != commit;
    }

    /** The author's words: metadata lines (trailers, bot boilerplate, diffstats) dropped. */
    static String words(String message) {
        StringBuilder kept = new StringBuilder();
        for (String line : message.strip().split("\n")) {
            if (!METADATA.matcher(line).find()) {
                kept.append(line).append('\n');
            }
        }
        return kept.toString();
    }
}
