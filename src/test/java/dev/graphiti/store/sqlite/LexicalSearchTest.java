package dev.graphiti.store.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalMatch;
import dev.graphiti.graph.NewItem;
import dev.graphiti.store.ProjectGraph;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full-text candidates on a real database when the best matches do not pass the filter: the index's best rows
 * are filtered first, and when too few pass, every match is filtered before ranking. Both give the same answer.
 */
class LexicalSearchTest {

    @TempDir
    Path temp;
    ProjectGraph graph;
    ItemRepository repository;
    ItemService items;

    @BeforeEach
    void open() {
        graph = ProjectGraph.open(temp);
        repository = graph.repository();
        items = graph.items();
    }

    @AfterEach
    void close() {
        graph.close();
    }

    private List<KnowledgeItem> add(List<NewItem> requests) {
        return items.addAll(requests).stream().map(result -> result.item()).toList();
    }

    private static NewItem item(Kind kind, String title, String content) {
        return new NewItem(kind, Optional.of(title), content, List.of(), "manual", Optional.empty(), Optional.of(Instant.now()));
    }

    @Test
    void currentItemsAreFoundBehindManyBetterMatchingSupersededOnes() {
        KnowledgeItem successor = add(List.of(item(Kind.decision, "Successor plan", "the plan that replaced them"))).get(0);
        List<NewItem> strong = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            strong.add(item(Kind.note, "Alpha plan " + i, "alpha alpha alpha, revision " + i));
        }
        List<KnowledgeItem> superseded = add(strong);
        repository.write(writer -> {
            superseded.forEach(old -> writer.supersede(old.id(), successor.id(), Instant.now()));
            return null;
        });
        List<KnowledgeItem> weak = add(List.of(
                item(Kind.note, "Rollout notes", "the rollout of the alpha build went through staging, canary and production"),
                item(Kind.note, "Release train", "we cut the alpha branch every second week and tag it after the review"),
                item(Kind.note, "Support rota", "who answers pages during the alpha period and how they hand over")));
        Set<String> weakIds = Set.of(weak.get(0).id(), weak.get(1).id(), weak.get(2).id());

        List<LexicalMatch> current = repository.lexical("\"alpha\"", ItemFilter.current(), Optional.empty(), 2);
        assertEquals(2, current.size(), current::toString);
        assertTrue(current.stream().allMatch(match -> weakIds.contains(match.item().id())), current::toString);
        assertTrue(current.get(0).relevance() >= current.get(1).relevance());

        List<LexicalMatch> all = repository.lexical("\"alpha\"", ItemFilter.current().withSuperseded(true), Optional.empty(), 2);
        assertTrue(all.stream().allMatch(match -> match.item().supersededBy().isPresent()), all::toString);

        List<LexicalMatch> phrase = repository.lexical("\"alpha branch\"", ItemFilter.current(), Optional.of("alpha branch"), 5);
        assertEquals(List.of(weak.get(1).id()), phrase.stream().map(match -> match.item().id()).toList());
    }

    @Test
    void aSelectiveFilterRanksAmongTheItemsItKeeps() {
        List<NewItem> notes = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            notes.add(item(Kind.note, "Cache note " + i, "cache cache cache sizing, attempt " + i));
        }
        add(notes);
        List<KnowledgeItem> decisions = add(List.of(
                item(Kind.decision, "Keep the cache", "we keep the cache in process for now"),
                item(Kind.decision, "Eviction", "least recently used eviction for the cache, bounded by entries")));
        var onlyDecisions = new ItemFilter(Set.of(Kind.decision), Optional.empty(), Optional.empty(), Optional.empty(), false);
        List<LexicalMatch> found = repository.lexical("\"cache\"", onlyDecisions, Optional.empty(), 1);
        assertEquals(1, found.size());
        assertTrue(decisions.stream().anyMatch(d -> d.id().equals(found.get(0).item().id())), found::toString);
    }
}
