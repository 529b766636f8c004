package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.ProjectGraph;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A turn of a conversation is found through the words of the turns beside it, and only of those. */
class ConversationNeighboursTest {

    @TempDir
    Path temp;

    private static NewItem turn(String text, String thread, long position) {
        return new NewItem(Kind.conversation, Optional.empty(), text, List.of(), "capture:" + thread, Optional.empty(),
                Optional.of(Instant.now()), Optional.of(new ThreadPosition(thread, position)));
    }

    @Test
    void theReplyToAQuestionIsFoundByTheQuestionsWords() {
        try (ProjectGraph graph = ProjectGraph.open(temp)) {
            List<AddResult> added = graph.items().addAll(List.of(
                    turn("Melanie: so what are you most excited about this summer?", "s1", 1),
                    turn("Caroline: the adoption interviews in June, I can hardly wait to meet the agency", "s1", 2),
                    turn("Melanie: pottery class on Tuesdays keeps me calm", "s1", 3),
                    // the same words far away in another thread lend nothing to this thread's turns
                    turn("Dave: the band is excited about the summer tour", "s2", 1),
                    turn("Dave: we bought a new van for the gigs", "s2", 2)));
            String reply = added.get(1).item().id();
            String twoAway = added.get(2).item().id();
            Ranking ranking = new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90));

            List<String> found = ranking.search(new SearchQuery("what is she excited about this summer?",
                    ItemFilter.current(), 10, false)).stream().map(hit -> hit.item().id()).toList();
            assertTrue(found.indexOf(reply) >= 0 && found.indexOf(reply) < 4, found::toString);
            assertTrue(!found.contains(twoAway), "a turn two away from the matching one: " + found);
        }
    }
}
