package dev.graphiti.graph;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The few items most relevant to what the user just asked, for Claude Code's UserPromptSubmit hook: words only
 * (the embedding model is never loaded), within a small token budget, and nothing at all when nothing is
 * relevant, since text added to every prompt is noise unless it is about that prompt.
 *
 * <p>Relevant means an item holds at least half of what the prompt is about: of the prompt's topic words (no stop
 * words), each weighted by its rarity in the graph (BM25's inverse document frequency, as search weighs them; a
 * word the graph has never seen weighs as one a single item holds), and at least two of them when the prompt has
 * two or more; and the words it shares say more than a word half the graph holds would (their weights add up to
 * more than ln 2, that word's weight). So a prompt sharing one word with an item, or only words most items
 * share, gets nothing. Candidates come from lexical search, in its order.
 *
 * <p>What is recalled is quoted data ({@link Quoted}): each item on one line with who wrote it, markup neutralised,
 * under a header saying it is evidence, not instructions; an item flagged as instructions is never recalled until a
 * person accepts it in the review queue.
 */
public final class PromptRecall {

    /** An item must cover this share of the prompt's known information. */
    static final double MIN_COVERAGE = 0.5;
    /** The weight of a word half the items hold: ln(1 + (n/2 + 0.5) / (n/2 + 0.5)). */
    static final double MIN_EVIDENCE = Math.log(2);
    private static final int CANDIDATES = 10;
    private static final int COUNT_CAP = 2_000;
    private static final int SNIPPET_WORDS = 40;

    private final ItemRepository repository;
    private final LexicalRanking ranking;

    public PromptRecall(ItemRepository repository, LexicalRanking ranking) {
        this.repository = repository;
        this.ranking = ranking;
    }

    /** What was recalled: the text to add (empty when nothing is relevant), its items, and at most this many tokens. */
    public record Recalled(String text, List<String> ids, int tokens) {
        public Recalled {
            ids = List.copyOf(ids);
        }
    }

    /**
     * The relevant items for {@code prompt} as Markdown lines within {@code budget} tokens, as {@code tokens} counts
     * them. {@code tokensPerByte} bounds that count from above by the text's UTF-8 length (a BPE token is at least one
     * byte, so the tokenizer's safety factor): while the bound fits the budget nothing is counted, so recalling an
     * item or two never loads the tokenizer (most of a cold hook's CPU); past it the text is counted exactly.
     */
    public Recalled recall(String prompt, int budget, ToIntFunction<String> tokens, double tokensPerByte) {
        List<String> words = MatchExpression.words(prompt).stream()
                .filter(w -> !MatchExpression.STOP_WORDS.contains(w)).distinct().limit(MatchExpression.MAX_WORDS).toList();
        if (words.isEmpty()) {
            return new Recalled("", List.of(), 0);
        }
        TermCounts counts = repository.termCounts(words.stream().map(MatchExpression::whole).toList(), COUNT_CAP);
        List<SearchHit> hits = ranking.search(new SearchQuery(String.join(" ", words), ItemFilter.current(), CANDIDATES,
                false));
        if (hits.isEmpty()) {
            return new Recalled("", List.of(), 0);
        }
        // unseen words weigh as seen once (add-one smoothing): they are what the prompt is about, just not stored
        double[] weights = LexicalRanking.weights(new TermCounts(counts.items(),
                counts.documents().stream().map(n -> Math.max(n, 1)).toList()));
        QueryWords queryWords = new QueryWords(words, weights);
        int all = (1 << words.size()) - 1;
        List<String> lines = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        String header = "graphiti recalls project memory relevant to this prompt. " + Quoted.PREFACE;
        int used = bound(header, tokensPerByte);
        boolean counted = false;
        for (int i = 0; i < hits.size(); i++) {
            int own = LexicalRanking.found(queryWords, hits.get(i).item());
            double evidence = weight(weights, own);
            if (evidence < MIN_COVERAGE * weight(weights, all) || evidence <= MIN_EVIDENCE
                    || Integer.bitCount(own) < Math.min(2, words.size())) {
                continue;
            }
            KnowledgeItem item = hits.get(i).item();
            if (item.held()) {
                continue;
            }
            String line = "- [" + item.kind().name() + " " + item.id() + ", by " + Quoted.origin(item.source()) + "] "
                    + Quoted.inline(brief(item, queryWords)) + "\n";
            if (!counted && used + bound(line, tokensPerByte) > budget) {
                counted = true;
                used = tokens.applyAsInt(header + String.join("", lines));
            }
            int cost = counted ? tokens.applyAsInt(line) : bound(line, tokensPerByte);
            if (used + cost > budget) {
                continue; // a shorter, less relevant item may still fit
            }
            used += cost;
            lines.add(line);
            ids.add(item.id());
        }
        if (lines.isEmpty()) {
            return new Recalled("", List.of(), 0);
        }
        return new Recalled(header + String.join("", lines), ids, used);
    }

    private static int bound(String text, double tokensPerByte) {
        return (int) Math.ceil(text.getBytes(StandardCharsets.UTF_8).length * tokensPerByte);
    }

    private static double weight(double[] weights, int words) {
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            if ((words & 1 << i) != 0) {
                sum += weights[i];
            }
        }
        return sum;
    }

    /** The content around the matched words, after the title unless the title is the content's first words. */
    private static String brief(KnowledgeItem item, QueryWords queryWords) {
        String content = item.content().strip();
        String title = item.title().strip();
        String snippet = queryWords.snippet(content, SNIPPET_WORDS).replaceAll("\\s+", " ");
        if (content.isEmpty() || content.equals(title)) {
            return title;
        }
        String lead = title.endsWith("…") ? title.substring(0, title.length() - 1) : title;
        return content.startsWith(lead) ? snippet : title + ": " + snippet;
    }
}
