package dev.graphiti.service;

import dev.graphiti.embed.EmbeddingModel;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `graphiti embed` with the real model on a real graph. */
class EmbedServiceTest {

    @TempDir
    Path temp;

    @Test
    void embedsEveryItemWithoutVectorsOnceAndReportsProgress() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        GraphLocation location = fixture.location(Files.createDirectories(temp.resolve("plain")));
        fixture.add(location, Kind.decision, "Keep SQLite for the local store", "WAL mode lets hooks and servers write at once.");
        fixture.add(location, Kind.bugfix, "Fix the flaky export job", "The export raced the nightly backup; it now waits.");
        fixture.add(location, Kind.note, "Team lunch moved", "Lunch is on Thursdays now.");
        List<String> told = new ArrayList<>();
        RunProgress progress = new RunProgress() {
            int done;

            @Override
            public void started(int total) {
                told.add("started " + total);
            }

            @Override
            public void advanced(int count) {
                done += count;
            }

            @Override
            public void finished() {
                told.add("finished " + done);
            }
        };
        EmbedService service = new EmbedService(fixture.graphs, Optional.empty());

        EmbedReport first = service.embed(location, progress);
        assertEquals(EmbeddingModel.CURRENT.id(), first.model());
        assertEquals(3, first.embedded());
        assertEquals(0, first.remaining());
        assertEquals(List.of("started 3", "finished 3"), told);

        EmbedReport again = service.embed(location, progress);
        assertEquals(0, again.embedded());
        assertEquals(0, again.remaining());
        assertEquals(List.of("started 3", "finished 3"), told, "nothing to do: no progress told, no model loaded");
    }
}
