package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemDetails;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.NotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Adding, listing, showing, deleting and compacting items in a real graph. */
class ItemsTest {

    static final String FAKE_GITHUB_TOKEN = "ghp_R2D2c3poBB8sKywalkerLeiaHanSolo42xyz";

    @TempDir
    Path temp;

    GraphLocation location;
    Items items;

    @BeforeEach
    void setUp() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        location = fixture.location(Files.createDirectories(temp.resolve("plain")));
        items = new Items(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES);
    }

    AddResult add(Kind kind, String title, String content, Optional<String> supersedes) {
        return items.add(location, new NewItem(kind, Optional.of(title), content, List.of("storage"), "manual",
                Optional.empty(), Optional.empty()), supersedes);
    }

    @Test
    void aSecretNeverReachesTheGraphAndARepeatAnswersWithTheStoredItem() {
        AddResult first = add(Kind.bugfix, "Deploys failed after the token rotation",
                "CI still used " + FAKE_GITHUB_TOKEN + "; it now reads the token from the vault.", Optional.empty());
        assertEquals(1, first.redactions());
        assertFalse(first.item().content().contains(FAKE_GITHUB_TOKEN), first.item().content());
        assertFalse(items.show(location, first.item().id()).item().content().contains(FAKE_GITHUB_TOKEN));

        AddResult again = add(Kind.bugfix, "Deploys failed after the token rotation",
                "CI still used " + FAKE_GITHUB_TOKEN + "; it now reads the token from the vault.", Optional.empty());
        assertEquals(Optional.of(first.item().id()), again.duplicateOf());
        assertEquals(1, items.list(location, ItemFilter.current(), 10).size());
    }

    @Test
    void aNewItemSupersedesAnOlderOneNamedByTitleAndShowTellsTheChain() {
        AddResult old = add(Kind.decision, "Store graphs in Postgres", "A server per team.", Optional.empty());
        AddResult newer = add(Kind.decision, "Store graphs in SQLite", "One file per project, no server to run.",
                Optional.of("Store graphs in Postgres"));
        assertEquals(Optional.of(old.item().id()), newer.superseded());
        assertEquals(List.of(newer.item().id()),
                items.list(location, ItemFilter.current(), 10).stream().map(KnowledgeItem::id).toList(),
                "the superseded item leaves the current items");

        ItemDetails details = items.show(location, old.item().id().substring(0, 8));
        assertEquals(old.item().id(), details.item().id());
        assertEquals(List.of(old.item().id(), newer.item().id()), details.chain().stream().map(KnowledgeItem::id).toList());
        assertThrows(NotFoundException.class, () -> items.show(location, "Store graphs in Oracle"));
    }

    @Test
    void deletingAsksWithTheItemsFoundAndDeclinedDeletesNothing() {
        AddResult one = add(Kind.note, "First note", "Something to keep for now.", Optional.empty());
        AddResult two = add(Kind.note, "Second note", "Something else to keep for now.", Optional.empty());
        List<List<String>> asked = new ArrayList<>();

        Optional<List<String>> declined = items.delete(location, List.of(one.item().id(), two.item().id()), found -> {
            asked.add(found.stream().map(KnowledgeItem::id).toList());
            return false;
        });
        assertEquals(Optional.empty(), declined);
        assertEquals(List.of(List.of(one.item().id(), two.item().id())), asked);
        assertEquals(2, items.list(location, ItemFilter.current(), 10).size());

        assertThrows(NotFoundException.class,
                () -> items.delete(location, List.of(one.item().id(), "ffffffffffff"), found -> true));
        assertEquals(2, items.list(location, ItemFilter.current(), 10).size(), "all or none");

        assertEquals(Optional.of(List.of(one.item().id())), items.delete(location, List.of(one.item().id()), found -> true));
        assertEquals(List.of(two.item().id()),
                items.list(location, ItemFilter.current(), 10).stream().map(KnowledgeItem::id).toList());
    }

    @Test
    void compactCollapsesASupersessionChainOnlyWhenNotADryRun() {
        AddResult old = add(Kind.decision, "Store graphs in Postgres", "A server per team.", Optional.empty());
        add(Kind.decision, "Store graphs in SQLite", "One file per project, no server to run.",
                Optional.of(old.item().id()));

        assertEquals(1, items.compact(location, true).superseded());
        assertEquals(old.item().id(), items.show(location, old.item().id()).item().id(), "a dry run changes nothing");
        assertEquals(1, items.compact(location, false).superseded());
        assertTrue(items.list(location, ItemFilter.current().withSuperseded(true), 10).stream().noneMatch(item -> item.id().equals(old.item().id())));
    }
}
