package dev.graphiti.ingest.transcript;

import dev.graphiti.ingest.ItemSink.Settled;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rule settled again in a later session: "going forward the deploy window is Monday to Thursday" changes the
 * "deploys happen on Tuesday and Thursday" stored before, and "extending the icon button rule: ..." adds to it. Either
 * way the graph keeps one current item: the new statement supersedes the earlier one, and an extension carries the
 * earlier statement along. A revision says it is one (a word of change or of extension) and shares enough of the
 * earlier statement's words to be about the same thing (words many earlier rules share, like "module", do not
 * count). The session's opening ("follow-up on proration", "saves again") names the topic and may say it continues
 * one; a statement that says neither extends the earlier rule only when it shares more of its words, and is otherwise a
 * rule of its own. An extension keeps every word of both, so it may be looser than a change, which replaces the text.
 */
final class Revisions {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE;
    private static final Pattern CHANGES = Pattern.compile(
            "\\b(going forward|from now on|from here on|changed my mind|change of plan|instead of|no longer|any ?more"
                    + "|moving off|switch(ing)? (to|from)|replac(e|es|ing)|(we're|we are) (switching|moving|changing|migrating))\\b",
            FLAGS);
    private static final Pattern EXTENDS = Pattern.compile(
            "\\b(extend|extends|extending|in addition|on top of|follow-up|following up|as well)\\b|^(also|and)\\b", FLAGS);
    /** An opening that returns to a topic: "saves again", "back to the audit events". */
    private static final Pattern RETURNS = Pattern.compile("\\b(again|back to|more on|one more thing about)\\b", FLAGS);
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");
    private static final Pattern NAME = Pattern.compile("\\b\\p{L}[\\p{L}_]*(?:\\p{Ll}\\p{Lu}|\\p{L}\\p{N})[\\p{L}\\p{N}_]*\\b");
    private static final Set<String> COMMON = Set.of(("the and for with are was were been its this that these those"
            + " you our your not never always only every each into than then but does did has have had will would can"
            + " could should may might must all any one two new now per after before because decision rule going forward"
            + " from what more still stay also just some other when where which who how let use using used make keep want"
            + " goes").split(" "));
    /** Shared words a revision needs, in number and as a share of the shorter statement's words. */
    private static final int MIN_SHARED = 3;
    private static final int MIN_SHARED_EXTENSION = 2;
    private static final int MIN_SHARED_UNSAID = 4;
    private static final double MIN_SHARE = 0.2;

    /** What the new statement becomes: the item it supersedes and its content (with the earlier one when it extends). */
    record Revision(String supersedes, String content) {
    }

    private Revisions() {
    }

    /**
     * The earlier rule, captured from another session, that {@code extraction} changes or extends, if any; {@code
     * opening} is what the user first said in the extraction's session (empty when unknown).
     */
    static Optional<Revision> of(Extraction extraction, String opening, String source, List<Settled> earlier) {
        boolean extending = EXTENDS.matcher(extraction.content()).find();
        boolean changing = !extending && CHANGES.matcher(extraction.content()).find();
        // "Follow-up on proration." names what it continues: the earlier rule must share a word of that sentence.
        Set<String> topic = Sentences.of(opening).stream()
                .filter(s -> EXTENDS.matcher(s).find() || RETURNS.matcher(s).find()).findFirst()
                .map(Revisions::words).orElse(Set.of());
        boolean byTopic = !extending && !changing && !topic.isEmpty();
        boolean unsaid = !extending && !changing && !byTopic;
        if (unsaid && extraction.kind().equals(Extraction.BUGFIX)) {
            return Optional.empty(); // a root cause is an incident of its own unless the session says it continues one
        }
        Set<String> names = names(extraction.content());
        int minShared = changing ? MIN_SHARED : extending || byTopic ? MIN_SHARED_EXTENSION : MIN_SHARED_UNSAID;
        Set<String> words = words(extraction.content() + "\n" + opening);
        List<Set<String>> theirs = earlier.stream().map(settled -> words(settled.content())).toList();
        int common = Math.max(2, earlier.size() / 4);
        words.removeIf(word -> theirs.stream().filter(t -> t.contains(word)).count() > common);
        Settled best = null;
        int bestShared = 0;
        for (int i = 0; i < earlier.size(); i++) {
            Settled settled = earlier.get(i);
            if (settled.source().equals(source) || !settled.kind().equals(extraction.kind())) {
                continue;
            }
            Set<String> shared = new HashSet<>(words);
            shared.retainAll(theirs.get(i));
            if (byTopic && topic.stream().noneMatch(theirs.get(i)::contains)) {
                continue;
            }
            // unsaid, two statements naming different things from code (AccountsService2, AccountsService3) are two rules
            Set<String> theirNames = unsaid ? names(settled.content()) : Set.of();
            if (!names.isEmpty() && !theirNames.isEmpty() && java.util.Collections.disjoint(names, theirNames)) {
                continue;
            }
            if (shared.size() >= minShared && shared.size() >= MIN_SHARE * Math.min(words.size(), theirs.get(i).size())
                    && shared.size() > bestShared) {
                best = settled;
                bestShared = shared.size();
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        return Optional.of(new Revision(best.id(), changing ? extraction.content() : best.content() + "\n" + extraction.content()));
    }

    /** Names from code: a word with a capital inside or a digit after a letter (AccountsService2, jOOQ, v2Api). */
    private static Set<String> names(String text) {
        Set<String> names = new HashSet<>();
        Matcher matcher = NAME.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group());
        }
        return names;
    }

    /** The statement's words that say what it is about: lower case, stemmed, without the common ones. */
    static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        Matcher matcher = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            String word = matcher.group();
            if (word.length() > 2 && !COMMON.contains(word)) {
                words.add(stem(word));
            }
        }
        return words;
    }

    private static String stem(String word) {
        for (String suffix : List.of("ing", "ed", "es", "s")) {
            if (word.length() > suffix.length() + 2 && word.endsWith(suffix)) {
                return word.substring(0, word.length() - suffix.length());
            }
        }
        return word;
    }
}
