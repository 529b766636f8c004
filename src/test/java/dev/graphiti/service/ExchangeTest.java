package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.FileAccess;
import dev.graphiti.exchange.ExchangeFormat;
import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.EndedItem;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Compactor;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoredItem;
import dev.graphiti.graph.ThreadPosition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export and import on real SQLite files: what a full export keeps, and what an import of it stores. */
class ExchangeTest {

    @TempDir
    Path tmp;

    private final ServiceFixture fixture = new ServiceFixture(Path.of("unused"));
    private final Exchange exchange = new Exchange(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES);

    private GraphLocation graph(String name) {
        return new GraphLocation(Scope.global, tmp.resolve(name + ".db"), Optional.empty());
    }

    /** The work a captured item was settled in. */
    private static final String OCCASION = "asked for shorter replies while reviewing docs/style.md\nfiles: docs/style.md";

    /** Items, supersession, provenance compact recorded, places in a conversation, occasions, millisecond dates, a stale mark. */
    private void fill(GraphLocation location) {
        Clock clock = Clock.fixed(Instant.parse("2026-03-01T10:15:30.123Z"), ZoneOffset.UTC);
        try (OpenGraph graph = fixture.graphs.open(location)) {
            ItemService items = graph.items(clock, ServiceFixture.MAX_CONTENT_BYTES);
            String first = items.add(new NewItem(Kind.decision, Optional.of("Storage"), "We store items in MySQL",
                    List.of("db"), "manual", Optional.empty(), Optional.of(Instant.parse("2026-01-02T03:04:05.678Z")))).item().id();
            String second = items.add(new NewItem(Kind.decision, Optional.of("Storage"), "We store items in SQLite, one file a project",
                    List.of("db", "storage"), "mcp", Optional.of(first), Optional.empty())).item().id();
            new Compactor(graph.repository(), clock).compact(false);
            items.add(new NewItem(Kind.decision, Optional.empty(), "We store items in SQLite through org.xerial:sqlite-jdbc with WAL",
                    List.of("db"), "manual", Optional.of(second), Optional.empty()));
            items.add(new NewItem(Kind.preference, Optional.empty(), "Caroline prefers short answers", List.of(),
                    "capture:session-1", Optional.empty(), Optional.of(Instant.parse("2026-02-03T04:05:06Z")),
                    Optional.of(new ThreadPosition("session-1", 4096)),
                    List.of(Anchor.file("docs/style.md", Anchor.Origin.touched)), OCCASION));
            String note = items.add(NewItem.note("See src/main/java/dev/graphiti/store/SqliteStore.java for the busy retry"))
                    .item().id();
            items.end(List.of(new EndedItem(note, new Ending("3d4e5f6a7b8c", "reverted"),
                    Instant.parse("2026-03-01T09:00:00Z"))));
        }
    }

    private record Snapshot(StoredItem stored, List<Provenance> provenance) {
    }

    private List<Snapshot> everything(GraphLocation location) {
        List<Snapshot> all = new ArrayList<>();
        try (OpenGraph graph = fixture.graphs.open(location)) {
            for (StoredItem stored : graph.repository().stored(0, 1000)) {
                // the position in storage order is the file's own; everything else must be the same
                all.add(new Snapshot(new StoredItem(0, stored.item(), stored.place()),
                        graph.repository().provenance(stored.item().id())));
            }
        }
        return all;
    }

    @Test
    void aFullExportImportedIntoAnEmptyGraphGivesIdenticalItems() {
        GraphLocation original = graph("original");
        fill(original);
        List<Snapshot> before = everything(original);
        assertEquals(4, before.size(), before::toString);
        assertTrue(before.stream().anyMatch(s -> !s.provenance().isEmpty()), "compact recorded provenance");
        assertTrue(before.stream().anyMatch(s -> s.stored().item().supersededBy().isPresent()), "a superseded item");
        assertTrue(before.stream().anyMatch(s -> s.stored().place().isPresent()), "an item with a place");
        assertTrue(before.stream().anyMatch(s -> s.stored().item().anchors().contains(
                Anchor.file("docs/style.md", Anchor.Origin.touched))), "an item with anchors");
        assertTrue(before.stream().anyMatch(s -> s.stored().item().ended().isPresent()), "an item git time ended");
        assertTrue(before.stream().anyMatch(s -> s.stored().item().occasion().equals(OCCASION)), "an item's occasion");

        Path file = tmp.resolve("graph.jsonl");
        ExportReport exported = exchange.exportTo(original, file, ExchangeFormat.json, false, ExchangeProgress.NONE);
        assertEquals(4, exported.items());

        GraphLocation copy = graph("copy");
        ImportReport imported = exchange.importFrom(copy, file, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE);
        assertEquals(ExchangeFormat.json, imported.format());
        assertEquals(4, imported.stored());
        assertEquals(before, everything(copy));

        ImportReport again = exchange.importFrom(copy, file, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE);
        assertEquals(0, again.stored());
        assertEquals(4, again.present());
        assertEquals(before, everything(copy));
    }

    @Test
    void anExportFromBeforeAnchorsImportsWithoutThem() throws Exception {
        Path file = tmp.resolve("old.jsonl");
        Files.writeString(file, "{\"graphiti\":\"items\",\"version\":1,\"scope\":\"global\",\"exported_at\":\"2026-11-24T03:27:54.194Z\"}\n"
                + "{\"id\":\"0w73mzvs0w73mzvs\",\"kind\":\"decision\",\"title\":\"Storage\",\"content\":\"We store items in SQLite\","
                + "\"tags\":[\"db\"],\"source\":\"manual\",\"entities\":[{\"name\":\"sqlite\",\"type\":\"library\"}],"
                + "\"created_at\":\"2026-11-24T03:27:36.876Z\",\"provenance\":[]}\n");
        GraphLocation copy = graph("old");
        assertEquals(1, exchange.importFrom(copy, file, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE).stored());
        assertEquals(List.of(), everything(copy).get(0).stored().item().anchors());
        assertEquals("", everything(copy).get(0).stored().item().occasion(), "an export from before occasions: none");
    }

    @Test
    void aMarkdownExportImportedIntoAnEmptyGraphKeepsIdsKindsTagsDatesAndSupersession() throws Exception {
        GraphLocation original = graph("original");
        fill(original);
        Path folder = tmp.resolve("vault");
        ExportReport exported = exchange.exportTo(original, folder, ExchangeFormat.markdown, false, ExchangeProgress.NONE);
        assertEquals(4, exported.written());
        try (var files = Files.list(folder)) {
            assertEquals(4, files.filter(f -> f.toString().endsWith(".md")).count());
        }
        GraphLocation copy = graph("copy");
        ImportReport imported = exchange.importFrom(copy, folder, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE);
        assertEquals(4, imported.stored(), imported::toString);
        List<KnowledgeItem> was = everything(original).stream().map(s -> s.stored().item()).toList();
        List<KnowledgeItem> is = everything(copy).stream().map(s -> s.stored().item()).toList();
        for (KnowledgeItem item : was) {
            KnowledgeItem same = is.stream().filter(i -> i.id().equals(item.id())).findFirst().orElseThrow();
            assertEquals(item.kind(), same.kind());
            assertEquals(item.title(), same.title());
            assertEquals(item.content(), same.content());
            assertEquals(item.tags(), same.tags());
            assertTrue(same.source().startsWith("markdown:") && same.source().endsWith(" (source: " + item.source() + ")"),
                    "imported, the claimed source kept: " + same.source());
            assertEquals(item.createdAt(), same.createdAt());
            assertEquals(item.validUntil(), same.validUntil());
            assertEquals(item.ended(), same.ended());
            assertEquals(item.supersedes(), same.supersedes());
            assertEquals(item.supersededBy(), same.supersededBy());
        }
        assertEquals(0, exchange.importFrom(copy, folder, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE).stored());
    }

    @Test
    void aNoteEditedSinceItsExportComesBackAsTheNewVersionOfItsItem() throws Exception {
        GraphLocation graph = graph("graph");
        fill(graph);
        Path folder = tmp.resolve("vault");
        exchange.exportTo(graph, folder, ExchangeFormat.markdown, false, ExchangeProgress.NONE);
        Path note;
        try (var files = Files.list(folder)) {
            note = files.filter(f -> f.getFileName().toString().startsWith("Caroline")).findFirst().orElseThrow();
        }
        String id = note.getFileName().toString().replaceAll(".*\\((\\w+)\\)\\.md$", "$1");
        Files.writeString(note, Files.readString(note).replace("Caroline prefers short answers",
                "Caroline prefers short answers with a code example"));

        ImportReport edited = exchange.importFrom(graph, folder, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE);
        assertEquals(1, edited.replaced(), edited::toString);
        assertEquals(0, edited.stored(), edited::toString);
        assertEquals(3, edited.present(), edited::toString);
        try (OpenGraph open = fixture.graphs.open(graph)) {
            KnowledgeItem old = open.repository().get(id).orElseThrow();
            KnowledgeItem now = open.repository().get(old.supersededBy().orElseThrow()).orElseThrow();
            assertEquals("Caroline prefers short answers with a code example", now.content());
            assertEquals(Optional.of(id), now.supersedes());
        }
        ImportReport again = exchange.importFrom(graph, folder, Optional.empty(), FileAccess.everywhere(), ExchangeProgress.NONE);
        assertEquals(0, again.stored() + again.replaced(), again::toString);
    }

    @Test
    void anExportNeverReplacesAFileUnlessAsked() throws Exception {
        GraphLocation original = graph("original");
        fill(original);
        Path file = tmp.resolve("kept.jsonl");
        Files.writeString(file, "mine");
        GraphException refused = assertThrows(GraphException.class,
                () -> exchange.exportTo(original, file, ExchangeFormat.json, false, ExchangeProgress.NONE));
        assertTrue(refused.getMessage().contains("--force"), refused.getMessage());
        assertEquals("mine", Files.readString(file));
        exchange.exportTo(original, file, ExchangeFormat.json, true, ExchangeProgress.NONE);
        assertFalse(Files.readString(file).equals("mine"));
        try (var files = Files.list(tmp)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".partial")));
        }
    }
}
