package dev.graphiti.ingest.transcript;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A plan the agent states and the user accepts: "I suggest every deployment sets CPU requests but no CPU limits ..."
 * answered with "yes, do that" is settled as much as if the user had said it. The proposal is the sentence that
 * proposes and the ones after it in its paragraph; the acceptance is a short reply that agrees without a "but".
 */
final class Proposals {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE;
    private static final Pattern PROPOSES = Pattern.compile(
            "^(proposal|plan|suggestion|recommendation|my (suggestion|proposal|recommendation)( is)?)\\s*:"
                    + "|\\bi( would|'d)? (suggest|propose|recommend)\\b|\\bmy (suggestion|proposal|recommendation) is\\b"
                    + "|^(how|what) about\\b|\\b(here's|here is) (my|a|the) (plan|proposal|suggestion)\\b"
                    + "|\\bwe should\\b|^i'd (commit|use|make|gate|keep|go with|add|set|switch|move|put|store|run|pin|cap)\\b",
            FLAGS);
    private static final Pattern AGREES = Pattern.compile(
            "^(yes|yep|yeah|yup|agreed|sounds good|perfect|great|good|right|ok|okay|sure|correct|exactly|go ahead"
                    + "|do it|do that|let's do (it|that)|please do)\\b", FLAGS);
    private static final Pattern RESERVED = Pattern.compile("\\b(but|however|instead|except|rather|not yet|later|wait)\\b"
            + "|\\?$", FLAGS);
    private static final Pattern PARAGRAPH = Pattern.compile("\\n\\s*\\n");
    private static final int MAX_WORDS = 20;

    private Proposals() {
    }

    /** Whether a user's sentence accepts what was proposed ("yes, do that", "agreed", "good, go ahead"). */
    static boolean confirms(String sentence) {
        String text = sentence.replace('\u2019', '\'');
        return AGREES.matcher(text).find() && !RESERVED.matcher(text).find() && text.split("\\s+").length <= MAX_WORDS;
    }

    /** The sentences of the first proposal in the agent's text, if it makes one. */
    static Optional<List<String>> in(String text) {
        for (String paragraph : PARAGRAPH.split(text)) {
            List<String> sentences = Sentences.of(paragraph);
            for (int i = 0; i < sentences.size(); i++) {
                String sentence = sentences.get(i).replace('\u2019', '\'');
                if (PROPOSES.matcher(sentence).find() && !sentence.endsWith("?")
                        && !PatternExtractor.recalled(sentence)) {
                    int end = PatternExtractor.statementEnd(sentences, i, Extraction.DECISION, Turn.Role.assistant);
                    return Optional.of(sentences.subList(i, end));
                }
            }
        }
        return Optional.empty();
    }
}
