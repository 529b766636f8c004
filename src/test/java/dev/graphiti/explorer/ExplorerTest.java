package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoredItem;
import dev.graphiti.graph.ThreadPosition;
import dev.graphiti.service.Graphs;
import dev.graphiti.service.Items;
import dev.graphiti.service.OpenGraph;
import dev.graphiti.service.SearchService;
import dev.graphiti.store.Stores;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the explorer's API does to a real graph (SQLite in a temp directory): the review queue's pages, undo. */
class ExplorerTest {

    @TempDir
    Path tmp;

    private final Graphs graphs = new Graphs(Stores.files(Duration.ofSeconds(10)), Optional.empty(), warning -> { });
    private final Items items = new Items(graphs, Clock.systemUTC(), 1 << 16);

    private Explorer explorer(GraphLocation location) {
        return new Explorer(location, items, new SearchService(graphs, Clock.systemUTC(), Duration.ofDays(30), Optional.empty()));
    }

    private GraphLocation graph() {
        return new GraphLocation(Scope.global, tmp.resolve("graph.db"), Optional.empty());
    }

    private String add(GraphLocation location, String content, String source, Instant created, Optional<ThreadPosition> place) {
        return items.add(location, new NewItem(Kind.note, Optional.empty(), content, List.of(), source, Optional.empty(),
                Optional.of(created), place), Optional.empty()).item().id();
    }

    @Test
    void theReviewQueueComesInPagesReachingItsOldestItem() {
        GraphLocation location = graph();
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        List<String> queued = new ArrayList<>();
        try (OpenGraph graph = graphs.open(location)) {
            var writer = graph.items(Clock.systemUTC(), 1 << 16);
            // more than the 1,000 newest items, what needs review interleaved with what does not
            for (int i = 0; i < 1200; i++) {
                String source = i % 3 == 0 ? "manual" : i % 3 == 1 ? "git:c" + i : "capture:s" + i;
                String id = writer.add(new NewItem(Kind.note, Optional.empty(), "Fact number " + i + " about module m" + i,
                        List.of(), source, Optional.empty(), Optional.of(start.plusSeconds(i)), Optional.empty())).item().id();
                if (!source.equals("manual")) {
                    queued.add(0, id);
                }
            }
        }
        Explorer explorer = explorer(location);
        explorer.accept(queued.get(1));
        queued.remove(1);

        List<String> seen = new ArrayList<>();
        int offset = 0;
        for (ReviewPage page = explorer.reviewQueue(0, 50); ; page = explorer.reviewQueue(offset, 50)) {
            assertEquals(offset, page.offset());
            page.items().forEach(item -> seen.add(item.id()));
            assertTrue(page.items().stream().allMatch(item -> item.source().startsWith("git:") || item.source().startsWith("capture:")));
            if (!page.more()) {
                break;
            }
            assertEquals(50, page.items().size());
            offset += 50;
        }
        assertEquals(799, seen.size(), "every item awaiting review, the accepted one left out");
        assertTrue(queued.equals(seen), "newest first, each once");
    }

    @Test
    void undoingADeleteGivesTheItemBackItsPlaceInItsConversation() {
        GraphLocation location = graph();
        Instant start = Instant.parse("2026-02-01T10:00:00Z");
        add(location, "What is Caroline excited about?", "capture:s1", start, Optional.of(new ThreadPosition("s1", 10)));
        String reply = add(location, "She is excited about the adoption agency interview", "capture:s1", start.plusSeconds(5),
                Optional.of(new ThreadPosition("s1", 11)));
        Explorer explorer = explorer(location);
        StoredItem before = stored(location, reply);

        String undo = explorer.delete(reply);
        assertFalse(items.list(location, dev.graphiti.graph.ItemFilter.current(), 10).stream().map(KnowledgeItem::id).toList().contains(reply));
        explorer.undoDelete(undo);

        StoredItem after = stored(location, reply);
        assertEquals(Optional.of(new ThreadPosition("s1", 11)), after.place(), "the reply is in its thread again, at its position");
        assertEquals(before.item(), after.item());
    }

    @Test
    void theEntityGraphLinksEntitiesThroughTheItemsThatMentionBoth() {
        GraphLocation location = graph();
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        String retry = add(location, "Retry in WebhookSender.java with the delays of Backoff.java", "manual", start, Optional.empty());
        String audit = add(location, "WebhookSender.java writes each attempt to Audit.java", "manual", start.plusSeconds(1), Optional.empty());
        add(location, "Backoff.java doubles the delay up to a minute", "manual", start.plusSeconds(2), Optional.empty());
        Explorer explorer = explorer(location);

        EntityGraph whole = explorer.entityGraph(Optional.empty(), 10);
        assertEquals(List.of("Backoff.java", "WebhookSender.java", "Audit.java"),
                whole.nodes().stream().map(EntityGraph.Node::name).toList(), "most mentioned first");
        assertEquals(List.of(2, 2, 1), whole.nodes().stream().map(EntityGraph.Node::items).toList());
        assertEquals(2, whole.links().size(), whole.links()::toString);
        EntityGraph.Link sender = whole.links().stream().filter(link -> link.from().equals("Backoff.java")).findFirst().orElseThrow();
        assertEquals("WebhookSender.java", sender.to());
        assertEquals(List.of(retry), sender.items().stream().map(KnowledgeItem::id).toList(), "the item that mentions both");

        EntityGraph around = explorer.entityGraph(Optional.of("audit.java"), 10);
        assertEquals(List.of("Audit.java", "WebhookSender.java"), around.nodes().stream().map(EntityGraph.Node::name).toList(),
                "the focus first (its case as stored), then what its items mention");
        assertEquals(1, around.itemsRead());
        assertEquals(List.of(audit), around.links().get(0).items().stream().map(KnowledgeItem::id).toList());

        assertEquals(2, explorer.entityGraph(Optional.empty(), 2).nodes().size(), "at most the nodes asked for");
    }

    @Test
    void theGraphShowsTheEntitiesOfKnowledgeBeforeThoseOfRoutineHistory() {
        GraphLocation location = graph();
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        for (int i = 0; i < 5; i++) {
            add(location, Kind.commit, "Reformat Churn.java, round " + i, start.plusSeconds(i));
        }
        for (int i = 0; i < 3; i++) {
            add(location, Kind.decision, "Retry.java retries " + (i + 2) + " times because the gateway drops bursts", start.plusSeconds(10 + i));
        }

        EntityGraph graph = explorer(location).entityGraph(Optional.empty(), 1);

        assertEquals(List.of("Retry.java"), graph.nodes().stream().map(EntityGraph.Node::name).toList(),
                "three decisions weigh more than five plain commits");
    }

    @Test
    void aNameEveryItemMentionsKeepsOnlyItsStrongestLinksUnlessItIsTheFocus() {
        GraphLocation location = graph();
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        List<List<String>> cliques = List.of(List.of("Parser.java", "Lexer.java", "Token.java", "Scanner.java"),
                List.of("Writer.java", "Printer.java", "Indent.java", "Escaper.java"));
        int n = 0;
        for (List<String> clique : cliques) {
            for (int i = 0; i < clique.size(); i++) {
                for (int j = i + 1; j < clique.size(); j++) {
                    add(location, Kind.note, "Core.java wires " + clique.get(i) + " to " + clique.get(j), start.plusSeconds(n++));
                }
            }
        }
        Explorer explorer = explorer(location);

        EntityGraph whole = explorer.entityGraph(Optional.empty(), 20);
        assertEquals(9, whole.nodes().size(), whole.nodes()::toString);
        List<EntityGraph.Link> core = whole.links().stream()
                .filter(link -> link.from().equals("Core.java") || link.to().equals("Core.java")).toList();
        assertEquals(3, core.size(),
                "every item mentions Core.java: its links say nothing beyond its strongest few; "
                        + core.stream().map(link -> link.from() + " - " + link.to()).toList());
        assertEquals(12, whole.links().size() - core.size(), "each file keeps its links within its own group");

        EntityGraph around = explorer.entityGraph(Optional.of("Core.java"), 20);
        assertEquals(8, around.links().stream().filter(link -> link.from().equals("Core.java") || link.to().equals("Core.java"))
                .count(), "the focus keeps every link: they are why the others are in its graph");
    }

    private String add(GraphLocation location, Kind kind, String content, Instant created) {
        return items.add(location, new NewItem(kind, Optional.empty(), content, List.of(), "manual", Optional.empty(),
                Optional.of(created), Optional.empty()), Optional.empty()).item().id();
    }

    private StoredItem stored(GraphLocation location, String id) {
        try (OpenGraph graph = graphs.open(location)) {
            return graph.repository().stored(0, 10_000).stream().filter(s -> s.item().id().equals(id)).findFirst().orElseThrow();
        }
    }
}
