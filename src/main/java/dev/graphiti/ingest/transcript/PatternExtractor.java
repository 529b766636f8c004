package dev.graphiti.ingest.transcript;

import dev.graphiti.redact.Redactor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The deterministic extractor: sentence-level patterns, tuned for precision over recall. A sentence
 * must be a statement (no question, no hypothetical or negated form) of ordinary length; preferences
 * count only when the user says them. The first matching kind wins, in the order root cause,
 * decision, preference, architecture. What is said as recalled from the project memory (or quoted from
 * graphiti's answers) is left out: it is stored already. Statements are redacted before their titles are
 * cut, so a secret straddling the cut leaves no prefix in the title (nor in the entities found in it).
 */
public final class PatternExtractor implements Extractor {

    static final int MIN_WORDS = 4;
    /** A user's rule stated without a marker word ({@link #USER_RULE_UNMARKED}) is a whole sentence, not a short reply. */
    static final int MIN_USER_RULE_WORDS = 7;
    static final int MAX_WORDS = 60;
    static final int TITLE_CAP = 100;
    /** A statement with its reasons and details rarely runs longer; past this it is a story, not a rule. */
    static final int MAX_STATEMENT_WORDS = 150;

    private static final int FLAGS = Pattern.CASE_INSENSITIVE;

    private static final Pattern ROOT_CAUSE = Pattern.compile(
            "\\broot cause (was|is|turned out)\\b"
                    + "|\\b(bug|issue|problem|crash|failure|error|leak|regression|flakiness|deadlock|hang) (was|is) "
                    + "(caused by|due to|because)\\b"
                    + "|\\bwas caused by\\b|\\bturn(ed|s) out to be (caused by|due to|a|an|the)\\b"
                    + "|\\bturn(ed|s) out (that )?.{1,60}?\\b(came|comes|was coming) from\\b"
                    + "|\\b(it|this|that) (was|is) (caused by|due to)\\b"
                    + "|\\bthe fix (was|is) to\\b"
                    + "|\\bfixed (it |this |that |the \\w+ )?by\\b"
                    + "|\\b(bug|issue|problem|crash|failure|stutter|hitch|slowdown|corruption|outage) (came|comes) from\\b"
                    + "|^root cause\\s*:|\\broot cause of\\b.{1,80}?\\b(was|is)\\b",
            FLAGS);
    /** A sentence that goes on with a root cause: how it was fixed. */
    private static final Pattern FIX = Pattern.compile(
            "\\bthe fix (was|is) to\\b|\\bfixed (it |this |that |the \\w+ )?by\\b", FLAGS);
    private static final Pattern DECISION = Pattern.compile(
            "\\b(we|i)( have|'ve)? decided\\b"
                    + "|\\b(the )?decision (is|was)\\b|^decision:"
                    + "|\\blet'?s (use|go with|switch to|keep|stick with|adopt|move to|store|put|drop|replace)\\b"
                    + "|\\b(we're|we are|i'm|i am) going (to go )?with\\b|^going with\\b"
                    + "|\\b(we|i) (chose|picked|settled on|opted for|went with)\\b"
                    + "|\\bchose \\S+( \\S+){0,3} over\\b"
                    + "|\\bwe('ll| will| shall) (use|go with|keep|switch to|stick with|adopt)\\b"
                    + "|\\b(from now on|going forward|from here on|change of plan|changed my mind)\\b|^(rule|convention|policy)\\s*:"
                    + "|\\b(the|our|one|new|so the) rule( is\\b|\\s*:)"
                    + "|\\b(extend|extending|amend|amending|change|changing) (the|our|that) (\\S+ ){0,4}rule\\b",
            FLAGS);
    /** What a user settles in so many words: "we always/never ...", "use X, not Y", "we're switching to ...". */
    private static final Pattern USER_RULE = Pattern.compile(
            "\\b(we|you) (always|never)\\b"
                    + "|^use \\S+( \\S+){0,4},? (not|instead of|rather than)\\b"
                    + "|\\b(we're|we are) (switching|moving|changing|migrating) (to|off|from|over)\\b",
            FLAGS);
    /**
     * A user's rule without a marker word, in a whole sentence: over everything of a kind ("every init starts with
     * ...", "no identifiers in logs, ever"), what is never done, or how something is against how it is not ("days
     * count in the billing time zone, not UTC"). Reports of what happens ("it sometimes never answers again") are not.
     */
    private static final Pattern USER_RULE_UNMARKED = Pattern.compile(
            "^(every|each|all|no|nothing|nobody|none of) (?!(time|times|worries|problem|idea|luck|rush|need|way)\\b)"
                    + "|^(?!.*\\b(sometimes|again|until|yet|since)\\b).*\\bnever\\b"
                    + "|, (not|never) (a |an |the |just |on |in |with )?[\\w./@:-]+( [\\w./@:-]+){0,2}\\s*([.;,:]|$)",
            FLAGS);
    private static final Pattern PREFERENCE = Pattern.compile(
            "\\bi( prefer| like to| want you to|'d rather| would rather| always want)\\b"
                    + "|^(please )?(always|never) (use|run|commit|push|add|write|call|put|create|make|keep|ask|format|prefer|test)\\b"
                    + "|^(please )?(don't|do not) (ever )?(use|add|commit|push|run|write|create|touch|mock)\\b"
                    + "|\\bmy preference (is|would be)\\b"
                    + "|\\bin this (project|repo|codebase),? (we )?(always|never|prefer)\\b",
            FLAGS);
    private static final Pattern ARCHITECTURE = Pattern.compile(
            "^(the )?(`?[A-Za-z][\\w.$/-]*`?)( (class|module|service|package|layer|component|servlet|store|index|table))? "
                    + "(talks to|calls|depends on|is responsible for|owns|lives in|is stored in|reads from|writes to"
                    + "|sits behind|sits between|wraps|delegates to|is backed by|is the entry point|handles all)\\b",
            FLAGS);
    private static final Pattern HEDGED = Pattern.compile(
            "^(if|when|whether|maybe|perhaps|should|could|would|might|do|does|did|can|shall|unless)\\b"
                    + "|\\b(not sure|haven't decided|have not decided|undecided|not yet decided|if we|whether to|"
                    + "i think|i guess|(?<!that |which |who )might|maybe|perhaps|probably|let me|i'll check|i will check)\\b",
            FLAGS);
    /**
     * What the assistant (or the user) says it found in the project memory: recalled knowledge, already stored,
     * not new. "According to the project memory, we decided ...", "graphiti_search shows ...", "as recorded
     * earlier", "we had already decided".
     */
    private static final Pattern RECALLED = Pattern.compile(
            "\\baccording to (the |our |your |this )?(project'?s? |team'?s? )?(memory|memories|knowledge( graph| base)?|graph"
                    + "|graphiti|context|notes|records?|history|decisions)\\b"
                    + "|\\b(per|from|in) (the |our |your )?(project'?s? )?(memory|memories|knowledge graph|knowledge base"
                    + "|graphiti|project context|stored context|stored decisions)\\b"
                    + "|\\b(the |our |your )?(project'?s? )?(memory|knowledge graph|knowledge base|graphiti|stored context"
                    + "|project context)( also)? (says|said|shows|showed|notes|records|recorded|mentions|has|holds|contains"
                    + "|lists|indicates|confirms)\\b"
                    + "|\\bgraphiti(_[a-z]+|://\\w+)"
                    + "|\\b(was|were|is|are|been|as) (previously |already |earlier )?(recorded|stored|noted|documented|captured)"
                    + " (in|earlier|before|previously)\\b"
                    + "|\\b(we|you|i|the team) (had |have |'d |'ve )?(previously|already|earlier) (decided|chose|agreed|settled|picked)\\b"
                    + "|\\b(i|we) recall\\b|\\b(in|from|during) (a |the |our )?(previous|prior|earlier|last) (session|conversation)\\b",
            FLAGS);
    /**
     * A line quoted from graphiti://context or a search answer: "decision: Title (k3j9x2ab, 2026-11-20)". A bare
     * "decision:" or "preference:" is a label people type themselves.
     */
    private static final Pattern CITED_ITEM = Pattern.compile(
            "\\([0-9a-hjkmnp-tv-z]{8}, \\d{4}-\\d\\d-\\d\\d\\)|^(architecture|bugfix|pattern|note|commit|conversation): ");
    /** What the agent says around a statement: what it will do next, that it understood. */
    private static final Pattern AFTERWORD = Pattern.compile(
            "^(i'll|i will|i'm going to|i am going to|let me|i can|want me to|shall i|now i|next,? i"
                    + "|done|understood|noted|got it|ok|okay|thanks|thank you)\\b", FLAGS);
    private static final Pattern PARAGRAPH = Pattern.compile("\\n\\s*\\n");
    /** A statement that names its kind starts an item of its own: "Decision: ...", "Rule: ...". */
    private static final Pattern LABELLED = Pattern.compile("^(decision|rule|convention|policy|preference|root cause)\\s*:", FLAGS);
    private static final Pattern NEGATED_DECISION = Pattern.compile("\\b(not|n't|never) (decided|chose|picked|going with)\\b", FLAGS);

    private final Redactor redactor;

    public PatternExtractor(Redactor redactor) {
        this.redactor = redactor;
    }

    @Override
    public List<Extraction> extract(List<Turn> turns) {
        List<Extraction> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Turn previous = null;
        boolean previousStated = false;
        for (Turn turn : turns) {
            List<Extraction> stated = new ArrayList<>();
            boolean recalling = false;
            boolean opening = true;
            for (String paragraph : PARAGRAPH.split(turn.text())) {
                List<String> sentences = Sentences.of(paragraph);
                // A lead-in such as "From the project memory:" makes what follows it recalled: the rest of its
                // paragraph, and the next paragraph when the lead-in ends its own (a list after a blank line).
                boolean carried = recalling;
                recalling = false;
                for (int i = 0; i < sentences.size(); i++) {
                    String sentence = sentences.get(i);
                    if (recalled(sentence)) {
                        carried |= sentence.endsWith(":");
                        recalling = sentence.endsWith(":") && i == sentences.size() - 1;
                        continue;
                    }
                    if (opening && turn.role() == Turn.Role.user && Proposals.confirms(sentence)) {
                        // "yes, do that": the agent's proposal just before becomes what was settled; the reply
                        // itself ("agreed, that's how we do it from now on") says nothing of its own.
                        opening = false;
                        if (previous != null && previous.role() == Turn.Role.assistant && !previousStated) {
                            Proposals.in(previous.text()).ifPresent(proposal -> stated.add(extraction(
                                    Extraction.DECISION, proposal.get(0), String.join(" ", proposal), turn)));
                        }
                        continue;
                    }
                    opening = false;
                    String kind = carried ? null : said(sentence, turn.role());
                    if (kind == null) {
                        continue;
                    }
                    int end = statementEnd(sentences, i, kind, turn.role());
                    stated.add(extraction(kind, sentence, String.join(" ", sentences.subList(i, end)), turn));
                    i = end - 1;
                }
            }
            for (Extraction extraction : stated) {
                if (seen.add(extraction.kind() + '\n' + normalized(extraction.content()))) {
                    found.add(extraction);
                }
            }
            previous = turn;
            previousStated = !stated.isEmpty();
        }
        return found;
    }

    /**
     * Where the statement that starts at sentence {@code from} ends: it goes on with the sentences after it that carry
     * its reasons, values and exceptions, and with those that state more of the same rule (see {@link #sameRule}), up
     * to one that states something else (a root cause's fix goes on with it), asks, hedges, leads into a block or says
     * what the agent will do next.
     */
    static int statementEnd(List<String> sentences, int from, String kind, Turn.Role role) {
        if (kind.equals(Extraction.ARCHITECTURE)) {
            return from + 1;
        }
        int words = words(sentences.get(from));
        int end = from + 1;
        while (end < sentences.size()) {
            String next = sentences.get(end).replace('\u2019', '\'');
            String own = classify(next, role);
            boolean fix = kind.equals(Extraction.BUGFIX) && FIX.matcher(next).find();
            words += words(next);
            if (next.endsWith("?") || next.endsWith(":") || HEDGED.matcher(next).find() || AFTERWORD.matcher(next).find()
                    || recalled(next) || own != null && !fix && !sameRule(sentences.subList(from, end), next, own, kind)
                    || words > MAX_STATEMENT_WORDS) {
                break;
            }
            end++;
        }
        return end;
    }

    /**
     * Whether a sentence that states a rule of its own goes on with the one before: the same kind, no label of its own,
     * and about the same thing (a word in common: "versioned saves: ... We never refuse an old save").
     */
    private static boolean sameRule(List<String> statement, String next, String own, String kind) {
        if (!own.equals(kind) || LABELLED.matcher(next).find()) {
            return false;
        }
        Set<String> before = Revisions.words(String.join(" ", statement));
        return Revisions.words(next).stream().anyMatch(before::contains);
    }

    /** The statement redacted, titled by its first sentence (redacted before it is cut). */
    private Extraction extraction(String kind, String first, String statement, Turn turn) {
        return new Extraction(kind, title(redactor.redact(first).text()), redactor.redact(statement).text(), turn.timestamp());
    }

    private static int words(String sentence) {
        return sentence.split("\\s+").length;
    }

    /** Said as found in the project memory, or quoted from it: not new knowledge. */
    static boolean recalled(String sentence) {
        String text = sentence.replace('\u2019', '\'');
        return RECALLED.matcher(text).find() || CITED_ITEM.matcher(text).find();
    }

    /**
     * The kind a sentence of a conversation states: what {@link #classify} finds, or a user's rule said without a
     * marker word. Only in a conversation: in a written memory file every line is stated, and its type or heading says
     * the kind better.
     */
    private static String said(String text, Turn.Role role) {
        String kind = classify(text, role);
        if (kind != null || role != Turn.Role.user) {
            return kind;
        }
        String sentence = text.replace('\u2019', '\'');
        int words = words(sentence);
        return words >= MIN_USER_RULE_WORDS && words <= MAX_WORDS && !sentence.endsWith("?") && !sentence.endsWith(":")
                && !HEDGED.matcher(sentence).find() && USER_RULE_UNMARKED.matcher(sentence).find() ? Extraction.DECISION : null;
    }

    /** The kind a sentence states, or null when it states none with enough confidence. */
    public static String classify(String text, Turn.Role role) {
        String sentence = text.replace('\u2019', '\'');
        int words = words(sentence);
        if (words < MIN_WORDS || words > MAX_WORDS || sentence.endsWith("?") || sentence.endsWith(":")
                || HEDGED.matcher(sentence).find()) {
            return null;
        }
        if (ROOT_CAUSE.matcher(sentence).find()) {
            return Extraction.BUGFIX;
        }
        if (DECISION.matcher(sentence).find() && !NEGATED_DECISION.matcher(sentence).find()
                || role == Turn.Role.user && USER_RULE.matcher(sentence).find()) {
            return Extraction.DECISION;
        }
        if (role == Turn.Role.user && PREFERENCE.matcher(sentence).find()) {
            return Extraction.PREFERENCE;
        }
        if (ARCHITECTURE.matcher(sentence).find() && namesSomething(sentence)) {
            return Extraction.ARCHITECTURE;
        }
        return null;
    }

    /** An architecture statement is about a named part: CamelCase, a path, a dotted or hyphenated name. */
    private static boolean namesSomething(String sentence) {
        String subject = sentence.replaceFirst("(?i)^the ", "").split("\\s+")[0];
        return subject.matches(".*[a-z][A-Z].*|.*[./_-].*\\w|[A-Z]{2,}\\w*");
    }

    private static String title(String sentence) {
        String title = sentence.replaceAll("[.!]+$", "");
        return title.length() <= TITLE_CAP ? title : title.substring(0, TITLE_CAP - 1).strip() + "…";
    }

    private static String normalized(String sentence) {
        return sentence.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").strip();
    }
}
