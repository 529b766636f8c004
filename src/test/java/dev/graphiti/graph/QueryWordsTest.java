package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Which query words a text holds: the quick scan must agree with judging every word the text is cut into. */
class QueryWordsTest {

    private static final List<String> QUERY = List.of("postgres", "emails", "deploy", "k8s", "ab", "s", "ünïcode");

    @Test
    void findingWordsByTheirStemsAgreesWithJudgingEveryWord() {
        String[] pieces = {"PostgreSQL", "postgres", "Postgres's", "emailed", "email", "EMAILS", "deployment",
                "redeploy", "k8s", "K8S", "ab", "abc", "s", "'s", "’s", "don't", "’", "'", " ", "  ", ",", ".", "-", "_",
                "é", "ÜNÏCODE", "Ünïcodes", "İstanbul", "\uD835\uDC00", "\uD800", "9", "x", "tab\t", "\n", "postgres'"};
        QueryWords words = new QueryWords(QUERY, new double[QUERY.size()]);
        Random random = new Random(11);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(12); n >= 0; n--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String sample = text.toString();
            assertEquals(everyWordJudged(words, sample), words.found(sample), sample);
        }
    }

    @Test
    void aContractionFragmentIsNoWordButAQuotedWordIs() {
        QueryWords words = new QueryWords(List.of("s", "plans"), new double[2]);
        assertEquals(2, words.found("Caroline's plans"));
        assertEquals(3, words.found("the 's plans"));
        assertEquals(0, words.found("Caroline’s view"));
    }

    private static int everyWordJudged(QueryWords words, String text) {
        int mask = 0;
        for (String word : MatchExpression.words(text)) {
            mask |= words.judge(word);
        }
        return mask;
    }
}
