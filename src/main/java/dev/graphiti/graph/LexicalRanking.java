package dev.graphiti.graph;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * Full-text retrieval: one OR query over the query's topic words (long ones as prefixes), ranked by BM25 (title,
 * content, tags and entities weighted), a turn of a conversation helped by the match of the turns beside it, then
 * {@code score = 0.90 * relevance + 0.06 * kind priority + 0.04 * 2^(-age / half-life)}.
 *
 * <p>Relevance means the same across queries: the share of the query's information the item covers (each word
 * weighted by how rare it is in the graph; a word only a neighbouring turn or the item's occasion has counts half), times how well it
 * matches against the best hit (between a half and all). An item that shares one common word with the query scores
 * low however few items match; kind and recency add at most 0.1, so they break near-ties but never lift an item
 * over a clearly better match.
 *
 * <p>An item anchored to a file the query names ({@link NamedFiles}) is a candidate whatever its words, fits as well as
 * the best match, and has {@value #ANCHORED_SHARE} of relevance added: the code the query is about is strong evidence.
 */
public final class LexicalRanking implements Ranking {

    static final double RELEVANCE_WEIGHT = 0.90;
    static final double KIND_WEIGHT = 0.06;
    static final double RECENCY_WEIGHT = 0.04;
    /** How much of a neighbouring turn's match a turn gets: the reply to a question is about the question. */
    static final double NEIGHBOUR_SHARE = 0.5;
    /** Items per word counted for its rarity; beyond this a word is common and its weight near its floor. */
    private static final int COUNT_CAP = 2_000;
    private static final int SNIPPET_WORDS = 24;
    /** Relevance an anchor to a file the query names adds (up to 1). */
    static final double ANCHORED_SHARE = 0.3;
    /** Items anchored to the query's files taken as candidates at most. */
    private static final int ANCHORED_CANDIDATES = 20;

    /** Above this many items a graph is large: common words would match too much of it to rank every match. */
    static final long LARGE_GRAPH = 200_000;
    /** How many of a large graph's newest items the whole query is ranked among. */
    static final int NEWEST_RANKED = 75_000;

    private final ItemRepository repository;
    private final Clock clock;
    private final Duration halfLife;
    private final long largeGraph;
    private final int newestRanked;

    public LexicalRanking(ItemRepository repository, Clock clock, Duration halfLife) {
        this(repository, clock, halfLife, LARGE_GRAPH, NEWEST_RANKED);
    }

    LexicalRanking(ItemRepository repository, Clock clock, Duration halfLife, long largeGraph, int newestRanked) {
        this.repository = repository;
        this.clock = clock;
        this.halfLife = halfLife;
        this.largeGraph = largeGraph;
        this.newestRanked = newestRanked;
    }

    @Override
    public List<SearchHit> search(SearchQuery query) {
        List<SearchHit> hits = ranked(query, query.limit());
        QueryWords words = snippetWords(query);
        return hits.stream().map(hit -> new SearchHit(hit.item(), words.snippet(hit.item().content(), SNIPPET_WORDS),
                hit.score())).toList();
    }

    @Override
    public String snippet(SearchQuery query, SearchHit hit) {
        return snippetWords(query).snippet(hit.item().content(), SNIPPET_WORDS);
    }

    /** The query's words for cutting snippets (which words an excerpt holds, not their weights). */
    private static QueryWords snippetWords(SearchQuery query) {
        List<String> words = MatchExpression.of(query.text()).words();
        return new QueryWords(words, new double[words.size()]);
    }

    /**
     * The candidates are the best by BM25, five per result the query asks for (at least 50, at least {@code wanted}):
     * enough for what neighbours lend and kind and recency to reorder (three per hit wanted are rescored so). A fusion
     * wanting twice the query's limit from this side looks no deeper than the query alone would: the meaning's side
     * brings its own candidates.
     */
    @Override
    public List<SearchHit> unsnipped(SearchQuery query, int wanted) {
        return ranked(query, wanted);
    }

    private List<SearchHit> ranked(SearchQuery query, int wanted) {
        MatchExpression words = MatchExpression.of(query.text());
        if (words.isEmpty()) {
            return List.of();
        }
        int candidates = Math.max(Math.max(query.limit() * 5, 50), wanted);
        TermCounts counts = repository.termCounts(words.words().stream().map(MatchExpression::whole).toList(), COUNT_CAP);
        List<LexicalMatch> found;
        if (query.exact()) {
            found = repository.lexical(MatchExpression.phrase(query.text()), query.filter(),
                    Optional.of(query.text().strip()), candidates);
        } else {
            found = candidates(words, counts, query.filter(), candidates);
        }
        List<String> files = query.exact() ? List.of() : NamedFiles.in(query.text());
        found = withAnchored(found, files, query.filter());
        return found.isEmpty() ? List.of() : rescored(found, words, counts, query, wanted, files);
    }

    /** {@code found}, then the items anchored to {@code files} it lacks, each as good a match as its best. */
    private List<LexicalMatch> withAnchored(List<LexicalMatch> found, List<String> files, ItemFilter filter) {
        if (files.isEmpty()) {
            return found;
        }
        List<KnowledgeItem> anchored = repository.anchoredToNames(NamedFiles.names(files), ANCHORED_CANDIDATES).stream()
                .filter(item -> admitted(item, filter) && !NamedFiles.anchored(files, item).isEmpty()).toList();
        if (anchored.isEmpty()) {
            return found;
        }
        double best = found.stream().mapToDouble(LexicalMatch::relevance).max().orElse(1);
        Map<String, LexicalMatch> all = new LinkedHashMap<>();
        found.forEach(match -> all.put(match.item().id(), match));
        anchored.forEach(item -> all.merge(item.id(), new LexicalMatch(item, best),
                (had, anchor) -> new LexicalMatch(had.item(), Math.max(had.relevance(), best))));
        return List.copyOf(all.values());
    }

    /** Whether {@code item} (current) passes {@code filter}, as the store's query would have it. */
    private static boolean admitted(KnowledgeItem item, ItemFilter filter) {
        return (filter.kinds().isEmpty() || filter.kinds().contains(item.kind()))
                && filter.tag().map(item.tags()::contains).orElse(true)
                && filter.since().map(since -> !item.createdAt().isBefore(since)).orElse(true)
                && filter.before().map(item.createdAt()::isBefore).orElse(true);
    }

    private List<SearchHit> rescored(List<LexicalMatch> found, MatchExpression words, TermCounts counts,
                                     SearchQuery query, int wanted, List<String> files) {
        QueryWords queryWords = new QueryWords(words.words(), weights(counts), words.phrases());
        Map<String, List<KnowledgeItem>> neighbours = query.exact() ? Map.of()
                : repository.neighbours(found.stream().map(m -> m.item().id()).toList(), query.filter());
        List<SearchHit> ranked = rank(found, neighbours, queryWords, Math.max(wanted * 3, 30), clock.instant(), files);
        return ranked.subList(0, Math.min(wanted, ranked.size()));
    }

    /**
     * Any word may match, and BM25 ranks items holding more of them first. When that many items hold every word,
     * those are the candidates (an item missing a word covers less of the query) and the intersection is a third of
     * the union's cost (100k items: 2-3 common words); it is ranked only when every word is in that many items and a
     * count (no ranking, no item read) finds that many holding them all.
     *
     * <p>In a large graph the query is ranked among the newest items only, and the items holding one of its rare
     * words are found by those words alone: at 1M items two common words match 600k (470 ms of BM25), the newest
     * 75k of them cost 50 ms, a rare word's items 2 ms. An old item sharing only common words with the query is
     * missed; it would rank low anyway.
     */
    private List<LexicalMatch> candidates(MatchExpression words, TermCounts counts, ItemFilter filter, int candidates) {
        boolean large = counts.items() > largeGraph;
        boolean enoughHoldAll = words.size() > 1 && counts.documents().stream().allMatch(n -> n >= candidates)
                && repository.termCounts(List.of(words.all()), candidates).documents().get(0) >= candidates;
        List<LexicalMatch> found = enoughHoldAll ? ranked(words.all(), filter, large, candidates) : List.of();
        if (found.size() < candidates) {
            found = ranked(words.any(), filter, large, candidates);
        }
        if (!large) {
            return found;
        }
        List<String> rare = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (counts.documents().get(i) < COUNT_CAP) {
                rare.add(words.words().get(i));
            }
        }
        if (rare.isEmpty()) {
            return found;
        }
        Map<String, LexicalMatch> union = new LinkedHashMap<>();
        found.forEach(match -> union.put(match.item().id(), match));
        repository.lexical(MatchExpression.anyOf(rare), filter, Optional.empty(), candidates)
                .forEach(match -> union.putIfAbsent(match.item().id(), match));
        return List.copyOf(union.values());
    }

    private List<LexicalMatch> ranked(String expression, ItemFilter filter, boolean large, int limit) {
        return large ? repository.lexicalAmongNewest(expression, filter, newestRanked, limit)
                : repository.lexical(expression, filter, Optional.empty(), limit);
    }

    /** Each word's weight: its inverse document frequency, as BM25 has it, never below a small floor. */
    static double[] weights(TermCounts counts) {
        double items = Math.max(counts.items(), 1);
        double[] weights = new double[counts.documents().size()];
        for (int i = 0; i < weights.length; i++) {
            int documents = counts.documents().get(i);
            weights[i] = Math.max(0.1, Math.log(1 + (items - documents + 0.5) / (documents + 0.5)));
        }
        return weights;
    }

    /** Scores the {@code rescored} items of best BM25 (with what neighbours lend) and orders them by score. */
    private List<SearchHit> rank(List<LexicalMatch> found, Map<String, List<KnowledgeItem>> neighbours,
                                 QueryWords queryWords, int rescored, Instant now, List<String> files) {
        Map<String, Double> own = new HashMap<>();
        Map<String, KnowledgeItem> items = new LinkedHashMap<>();
        for (LexicalMatch match : found) {
            own.put(match.item().id(), Math.max(0, match.relevance()));
            items.put(match.item().id(), match.item());
        }
        // a turn's match is lent to the turns beside it, which then compete even when they share no word
        Map<String, Double> lent = new HashMap<>();
        Map<String, List<KnowledgeItem>> beside = new HashMap<>();
        neighbours.forEach((id, around) -> {
            for (KnowledgeItem neighbour : around) {
                items.putIfAbsent(neighbour.id(), neighbour);
                lent.merge(neighbour.id(), own.get(id), Math::max);
                beside.computeIfAbsent(neighbour.id(), k -> new ArrayList<>()).add(items.get(id));
                beside.computeIfAbsent(id, k -> new ArrayList<>()).add(neighbour);
            }
        });
        Map<String, Double> effective = new HashMap<>();
        for (KnowledgeItem item : items.values()) {
            effective.put(item.id(), own.getOrDefault(item.id(), 0.0) + NEIGHBOUR_SHARE * lent.getOrDefault(item.id(), 0.0));
        }
        double best = effective.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        // reading every candidate's words costs more than the full-text query; the best few by BM25 hold the answer
        List<KnowledgeItem> scored = items.values().stream()
                .sorted(Comparator.comparingDouble((KnowledgeItem item) -> effective.get(item.id())).reversed())
                .limit(rescored).toList();
        Map<String, Integer> wordsFound = new HashMap<>();
        List<SearchHit> hits = new ArrayList<>(scored.size());
        for (KnowledgeItem item : scored) {
            int nearby = 0;
            for (KnowledgeItem neighbour : beside.getOrDefault(item.id(), List.of())) {
                nearby |= wordsFound.computeIfAbsent(neighbour.id(), id -> found(queryWords, neighbour));
            }
            double fit = best > 0 ? effective.get(item.id()) / best : 1;
            int held = wordsFound.computeIfAbsent(item.id(), id -> found(queryWords, item));
            // the work the item was settled in is about it as a neighbouring turn is: its words count as theirs do
            nearby |= queryWords.found(item.occasion());
            double relevance = queryWords.coverage(held, nearby, NEIGHBOUR_SHARE, wholes(queryWords, item))
                    * (0.5 + 0.5 * fit);
            if (!NamedFiles.anchored(files, item).isEmpty()) {
                relevance = Math.min(1, relevance + ANCHORED_SHARE);
            }
            hits.add(new SearchHit(item, "", Math.round(score(item, relevance, now) * 10_000) / 10_000.0));
        }
        hits.sort(Comparator.comparingDouble(SearchHit::score).reversed()
                .thenComparing(hit -> hit.item().createdAt(), Comparator.reverseOrder()));
        return hits;
    }

    private double score(KnowledgeItem item, double relevance, Instant now) {
        double ageDays = Math.max(0, Duration.between(item.createdAt(), now).toMillis()) / 86_400_000.0;
        double recency = Math.pow(2, -ageDays / (halfLife.toMillis() / 86_400_000.0));
        return RELEVANCE_WEIGHT * relevance + KIND_WEIGHT * item.kind().priority() + RECENCY_WEIGHT * recency;
    }

    /** The query's identifiers the item holds whole: in its title, content, tags or entities. */
    private static int wholes(QueryWords queryWords, KnowledgeItem item) {
        return anywhere(item, queryWords::wholes);
    }

    /** The query words the item has anywhere: title, content, tags or entities. */
    static int found(QueryWords queryWords, KnowledgeItem item) {
        return anywhere(item, queryWords::found);
    }

    /** The bits {@code in} finds in any of the item's title, content, tags or entities. */
    private static int anywhere(KnowledgeItem item, ToIntFunction<String> in) {
        int mask = in.applyAsInt(item.title()) | in.applyAsInt(item.content());
        for (String tag : item.tags()) {
            mask |= in.applyAsInt(tag);
        }
        for (Entity entity : item.entities()) {
            mask |= in.applyAsInt(entity.name());
        }
        return mask;
    }
}
