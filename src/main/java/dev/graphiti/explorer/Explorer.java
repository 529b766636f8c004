package dev.graphiti.explorer;

import dev.graphiti.config.Config;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemDetails;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRecord;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.NotFoundException;
import dev.graphiti.graph.Restored;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.service.Graphs;
import dev.graphiti.service.Items;
import dev.graphiti.service.RankingChoice;
import dev.graphiti.service.SearchResults;
import dev.graphiti.service.SearchService;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What the explorer page asks of one graph: reads through the services the CLI uses, changes that can be undone. */
public final class Explorer {

    /** The tag an accepted item gets: it leaves the review queue (and a flagged one enters brief and recall). */
    static final String REVIEWED = KnowledgeItem.REVIEWED;
    /** Where an item stored by itself comes from: a conversation's capture or git history. */
    private static final List<String> AUTOMATIC = ItemRepository.AUTOMATIC_SOURCES;
    private static final int UNDO_KEPT = 100;
    /** How many items the graph view reads: enough for the entities that matter now, cheap at any graph size. */
    static final int GRAPH_ITEMS = 1000;

    private final GraphLocation location;
    private final Items items;
    private final SearchService search;
    private final SecureRandom random = new SecureRandom();
    /** Deleted items' records by undo token, the newest {@value #UNDO_KEPT}. */
    private final Map<String, ItemRecord> deleted = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ItemRecord> eldest) {
            return size() > UNDO_KEPT;
        }
    };

    public Explorer(GraphLocation location, Items items, SearchService search) {
        this.location = location;
        this.items = items;
        this.search = search;
    }

    /**
     * The explorer of the graph at {@code location}, opened by {@code graphs} (the store the CLI and the tools use:
     * SQLite files, or the operator's PostgreSQL database), with the limits and search settings of {@code config},
     * searching by meaning too with {@code meaning} (a server's model and vectors, which {@code graphs} tells about
     * every graph it opens).
     */
    public static Explorer open(GraphLocation location, Config config, Graphs graphs, Optional<SemanticSearch> meaning) {
        Clock clock = Clock.systemUTC();
        return new Explorer(location, new Items(graphs, clock, config.getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES)),
                new SearchService(graphs, clock, Duration.ofDays(config.getInt(ConfigKeys.SEARCH_RECENCY_HALF_LIFE_DAYS)),
                        meaning));
    }

    public GraphLocation location() {
        return location;
    }

    public List<KnowledgeItem> list(ItemFilter filter, int limit) {
        return items.list(location, filter, limit);
    }

    public List<KnowledgeItem> mentioning(String entity, ItemFilter filter, int limit) {
        return items.mentioning(location, entity, filter, limit);
    }

    /**
     * The entity graph of the newest {@value #GRAPH_ITEMS} current items, or, around {@code focus}, of the newest
     * items that mention it: at most {@code maxNodes} entities and the items linking them.
     */
    public EntityGraph entityGraph(Optional<String> focus, int maxNodes) {
        List<KnowledgeItem> read = focus.isPresent()
                ? items.mentioning(location, focus.get(), ItemFilter.current(), GRAPH_ITEMS)
                : items.list(location, ItemFilter.current(), GRAPH_ITEMS);
        return EntityGraph.of(read, focus, maxNodes);
    }

    /** Ranked as `graphiti search` and the graphiti_search tool rank (hybrid when this process has the model). */
    public SearchResults search(SearchQuery query) {
        return search.search(location, query, RankingChoice.hybrid);
    }

    public ItemDetails details(String id) {
        return items.show(location, id);
    }

    /**
     * A page of the current items capture or indexing stored by themselves, or flagged as instructions, and nobody
     * accepted yet, newest first:
     * {@code limit} after skipping {@code offset}, and whether more follow.
     */
    public ReviewPage reviewQueue(int offset, int limit) {
        List<KnowledgeItem> found = items.untagged(location, AUTOMATIC, REVIEWED, offset, limit + 1);
        return new ReviewPage(found.subList(0, Math.min(limit, found.size())), offset, found.size() > limit);
    }

    public KnowledgeItem accept(String id) {
        return items.retag(location, id, List.of(REVIEWED), List.of());
    }

    public KnowledgeItem unaccept(String id) {
        return items.retag(location, id, List.of(), List.of(REVIEWED));
    }

    /** Stores {@code content} as the item replacing {@code id} (its kind and tags kept); undone by deleting the new one. */
    public KnowledgeItem supersede(String id, String content) {
        KnowledgeItem old = items.show(location, id).item();
        return items.add(location, new NewItem(old.kind(), Optional.empty(), content, old.tags(), "explorer",
                Optional.empty(), Optional.empty()), Optional.of(old.id())).item();
    }

    /** Deletes the item; the token undoes it (the item comes back with its id, dates and supersession). */
    public String delete(String id) {
        ItemRecord record = items.snapshot(location, id);
        items.delete(location, List.of(id), found -> true);
        byte[] bytes = new byte[18];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        synchronized (deleted) {
            deleted.put(token, record);
        }
        return token;
    }

    public Restored undoDelete(String token) {
        ItemRecord record;
        synchronized (deleted) {
            record = deleted.remove(token);
        }
        if (record == null) {
            throw new NotFoundException("nothing to undo: the deletion is too old, or was undone already", List.of());
        }
        return items.restore(location, record);
    }
}
