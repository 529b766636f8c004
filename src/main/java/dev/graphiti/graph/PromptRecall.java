package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * The few items that govern what the user just asked, for Claude Code's UserPromptSubmit hook: whole, within a small
 * token budget, and nothing at all when nothing is relevant, since text added to every prompt is noise unless it is
 * about that prompt.
 *
 * <p>Three kinds of evidence make an item relevant ({@link Evidence}). The words: the item holds at least
 * {@value #MIN_COVERAGE} of the prompt's topic words weighted by their rarity in the graph (BM25's inverse document
 * frequency; a word the graph has never seen weighs as one a single item holds), at least two of them, and more than a
 * word half the graph holds would say. The names: the item names a concrete thing the prompt names
 * ({@link ConcreteNames}: a file, a command, a config key, an identifier, a service), which a work prompt does ("add
 * the entry to metrics.log") where it shares few words with its rule ("metrics.log is append-only"). The anchors: the
 * item is anchored to a file the prompt names ({@link NamedFiles}: the session that settled it edited that file, the
 * commit changed it), which is enough on its own and ranks first while few items are anchored to the prompt's files
 * (at most {@value #DISTINCTIVE}; a file every other commit changed says little about which item governs the prompt,
 * so there it counts as a shared name). The meaning, when
 * this process has the embedding model loaded and the item has vectors (a running server): the cosine above what
 * unrelated text scores against this prompt ({@link EverydayPrompts}: a generic prompt sits close to every item), with
 * the words' coverage and a shared name added, reaching the model's margin ({@link CosineScale#recallMargin}).
 * Without the model (a cold hook, or an item captured a moment ago) words decide, or a shared name with some of the
 * words.
 *
 * <p>What is recalled is quoted data ({@link Quoted}): each item whole on one line (up to {@value #ITEM_WORDS}
 * words, cut at a sentence's end and said so) with who wrote it, markup neutralised, under a header saying it is
 * evidence, not instructions; an item flagged as instructions is never recalled until a person accepts it in the
 * review queue. At most {@value #MOST} items, the strongest first. Routine history (kind {@code commit}: a bump, a
 * clean-up) is never recalled: it is searchable, and the agent can read git log itself.
 */
public final class PromptRecall {

    /** An item must cover this share of the prompt's known information. */
    static final double MIN_COVERAGE = 0.35;
    /** The weight of a word half the items hold: ln(1 + (n/2 + 0.5) / (n/2 + 0.5)). */
    static final double MIN_EVIDENCE = Math.log(2);
    static final double WORDS_WEIGHT = 0.4;
    static final double NAME_WEIGHT = 0.1;
    /** What an anchor to a file the prompt names adds to the order among the relevant: more than any shared name. */
    static final double ANCHOR_WEIGHT = 0.2;
    /** Items anchored to the prompt's files beyond which an anchor is no longer enough on its own. */
    static final int DISTINCTIVE = 4;
    /** Without the model a shared name built like a file or identifier counts with this share of the words too. */
    static final double NAMED_COVERAGE = 0.1;
    static final int ITEM_WORDS = 150;
    static final int MOST = 3;
    private static final int CANDIDATES = 10;
    private static final int COUNT_CAP = 2_000;

    private final ItemRepository repository;
    private final LexicalRanking ranking;
    private final Optional<SemanticRanking> meaning;

    /** Words and names only: the cold hook's path. */
    public PromptRecall(ItemRepository repository, LexicalRanking ranking) {
        this(repository, ranking, Optional.empty());
    }

    /** With the meaning too, from {@code meaning}'s model and the graph's vectors (a running server's). */
    public PromptRecall(ItemRepository repository, LexicalRanking ranking, Optional<SemanticRanking> meaning) {
        this.repository = repository;
        this.ranking = ranking;
        this.meaning = meaning;
    }

    /** What was recalled: the text to add (empty when nothing is relevant), its items, and at most this many tokens. */
    public record Recalled(String text, List<String> ids, int tokens) {
        public Recalled {
            ids = List.copyOf(ids);
        }
    }

    /**
     * What speaks for one candidate: the share of the prompt's weighted words it holds and whether the words alone
     * suffice, the prompt's concrete names it holds, the cosine of its best passage to the prompt (NaN without the
     * model or before the item has vectors), what unrelated text scores against the prompt and the score the
     * model's margin asks of the meaning, words and names together ({@link CosineScale#recallMargin}).
     */
    public record Evidence(KnowledgeItem item, double coverage, boolean words, List<String> names, double cosine,
                           double unrelated, List<String> anchored, double margin) {

        public Evidence {
            names = List.copyOf(names);
            anchored = List.copyOf(anchored);
        }

        /** Whether this governs the prompt (see the class comment). */
        public boolean relevant() {
            return relevant(margin);
        }

        /** Whether this governs the prompt at another margin (what the benchmark sweeps on its tuning part). */
        public boolean relevant(double at) {
            if (words || !anchored.isEmpty()) {
                return true;
            }
            return Double.isNaN(cosine) ? names.stream().anyMatch(ConcreteNames::built) && coverage >= NAMED_COVERAGE
                    : score() >= at;
        }

        /** The order among the relevant: meaning, words and names together (without the model, words and names). */
        public double score() {
            double meaning = Double.isNaN(cosine) ? 0 : cosine - unrelated;
            // a product's name (Postgres) is weaker evidence than a file's or an identifier's
            double named = names.isEmpty() ? 0 : names.stream().anyMatch(ConcreteNames::built) ? NAME_WEIGHT : NAME_WEIGHT / 2;
            return meaning + WORDS_WEIGHT * coverage + named + (anchored.isEmpty() ? 0 : ANCHOR_WEIGHT);
        }
    }

    /** Every candidate for {@code prompt} with its evidence, relevant or not (what the benchmark calibrates on). */
    public List<Evidence> candidates(String prompt) {
        if (MatchExpression.words(prompt).stream().allMatch(MatchExpression.STOP_WORDS::contains)) {
            return List.of(); // "do it now": nothing to be about
        }
        // as search reads it: a name from code keeps every part (must_use keeps must) and counts whole
        List<String> words = MatchExpression.of(prompt).words();
        Map<String, KnowledgeItem> items = new LinkedHashMap<>();
        // unsnipped: recall injects items whole, so the snippets search would cut are never read
        ranking.unsnipped(new SearchQuery(prompt, ItemFilter.current(), CANDIDATES, false), CANDIDATES).stream()
                .filter(hit -> recallable(hit.item()))
                .forEach(hit -> items.put(hit.item().id(), hit.item()));
        List<String> files = NamedFiles.in(prompt);
        List<KnowledgeItem> anchored = files.isEmpty() ? List.of() : repository.anchoredToNames(NamedFiles.names(files),
                CANDIDATES).stream().filter(item -> recallable(item) && !NamedFiles.anchored(files, item).isEmpty()).toList();
        anchored.forEach(item -> items.putIfAbsent(item.id(), item));
        boolean distinctive = anchored.size() <= DISTINCTIVE;
        Optional<float[]> vector = meaning.map(semantic -> semantic.encode(prompt));
        Map<String, Double> cosines = vector.map(query -> cosines(meaning.get(), query, items)).orElse(Map.of());
        double unrelated = vector.map(query -> meaning.get().unrelated(query)).orElse(Double.NaN);
        double margin = meaning.map(SemanticRanking::recallMargin).orElse(Double.NaN);
        if (items.isEmpty()) {
            return List.of();
        }
        TermCounts counts = repository.termCounts(words.stream().map(MatchExpression::whole).toList(), COUNT_CAP);
        // unseen words weigh as seen once (add-one smoothing): they are what the prompt is about, just not stored
        double[] weights = LexicalRanking.weights(new TermCounts(counts.items(),
                counts.documents().stream().map(n -> Math.max(n, 1)).toList()));
        QueryWords queryWords = new QueryWords(words, weights);
        double total = weight(weights, (1 << words.size()) - 1);
        List<String> names = ConcreteNames.in(prompt);
        List<Evidence> evidence = new ArrayList<>();
        for (KnowledgeItem item : items.values()) {
            int own = LexicalRanking.found(queryWords, item);
            double held = weight(weights, own);
            boolean enough = held >= MIN_COVERAGE * total && held > MIN_EVIDENCE
                    && Integer.bitCount(own) >= Math.min(2, words.size());
            String text = (item.title() + "\n" + item.content() + "\n" + String.join(" ", item.tags()))
                    .toLowerCase(Locale.ROOT);
            List<String> shared = new ArrayList<>(names.stream().filter(name -> ConcreteNames.named(name, text)).toList());
            List<String> onFiles = NamedFiles.anchored(files, item);
            if (!distinctive) {
                onFiles.stream().filter(file -> !shared.contains(file)).forEach(shared::add);
            }
            Double cosine = cosines.get(item.id());
            evidence.add(new Evidence(item, held / total, enough, shared,
                    cosine == null ? Double.NaN : cosine, unrelated, distinctive ? onFiles : List.of(), margin));
        }
        return evidence;
    }

    /** The relevant items for {@code prompt}, strongest first, as {@link RecalledLines#fit} renders them. */
    public Recalled recall(String prompt, int budget, ToIntFunction<String> tokens, double tokensPerByte) {
        List<Evidence> relevant = candidates(prompt).stream().filter(Evidence::relevant)
                .filter(evidence -> !evidence.item().held())
                .sorted(Comparator.comparingDouble(Evidence::score).reversed()).limit(MOST).toList();
        return RecalledLines.fit("graphiti recalls project memory relevant to this prompt. " + Quoted.PREFACE,
                relevant.stream().map(Evidence::item).toList(), budget, tokens, tokensPerByte);
    }

    /** The query's cosine to each item near it and to each found by words, by id; the near ones join the items. */
    private static Map<String, Double> cosines(SemanticRanking semantic, float[] vector, Map<String, KnowledgeItem> items) {
        Map<String, Double> cosines = new LinkedHashMap<>();
        List<SemanticRanking.Near> near = semantic.nearest(vector, ItemFilter.current(), CANDIDATES);
        near.forEach(found -> cosines.put(found.item(), found.cosine()));
        List<String> unread = near.stream().map(SemanticRanking.Near::item).filter(id -> !items.containsKey(id)).toList();
        if (!unread.isEmpty()) {
            semantic.items(unread, ItemFilter.current()).forEach((id, item) -> {
                if (recallable(item)) {
                    items.put(id, item);
                }
            });
        }
        cosines.putAll(semantic.cosines(vector, items.keySet().stream().filter(id -> !cosines.containsKey(id)).toList()));
        return cosines;
    }

    /**
     * Routine history (kind commit) is searchable but never recalled: the agent can read git log itself. Nor is what
     * git time ended (reverted, its files gone, restated): search shows it marked, a prompt is told only what holds.
     */
    private static boolean recallable(KnowledgeItem item) {
        return item.kind() != Kind.commit && item.ended().isEmpty();
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

    /**
     * The item as stored, its title first unless the content opens with it: a rule cut to its first words is worse
     * than none. Past {@value #ITEM_WORDS} words it ends at the last sentence that fits, and says so.
     */
    static String whole(KnowledgeItem item) {
        String content = item.content().strip().replaceAll("\\s+", " ");
        String title = item.title().strip().replaceAll("\\s+", " ");
        String lead = title.endsWith("…") ? title.substring(0, title.length() - 1) : title;
        String text = content.isEmpty() ? title : content.startsWith(lead) ? content : title + ": " + content;
        String[] words = text.split(" ");
        if (words.length <= ITEM_WORDS) {
            return text;
        }
        String cut = String.join(" ", java.util.Arrays.copyOf(words, ITEM_WORDS));
        int sentence = Math.max(cut.lastIndexOf(". "), Math.max(cut.lastIndexOf("! "), cut.lastIndexOf("? ")));
        if (sentence > cut.length() / 2) {
            cut = cut.substring(0, sentence + 1);
        }
        return cut + " [… the rest: graphiti show " + item.id() + "]";
    }
}
