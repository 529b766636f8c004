package dev.graphiti.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.graphiti.access.FileAccess;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemRecord;
import jakarta.json.spi.JsonProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory server's file as it may come: relations before their entities, other line types, wrong fields. */
class MemoryReaderTest {

    @TempDir
    Path tmp;

    private List<ItemRecord> read(String text) throws Exception {
        Path file = tmp.resolve("memory.jsonl");
        Files.writeString(file, text);
        List<ItemRecord> records = new ArrayList<>();
        try (MemoryReader reader = new MemoryReader(JsonProvider.provider(), FileAccess.everywhere(), file)) {
            for (Optional<ItemRecord> record = reader.next(); record.isPresent(); record = reader.next()) {
                records.add(record.get());
            }
            assertEquals(1, reader.skipped());
        }
        return records;
    }

    @Test
    void relationsOfUndeclaredEntitiesAndLinesOfOtherTypesAreRead() throws Exception {
        List<ItemRecord> records = read("{\"type\":\"relation\",\"from\":\"Ann\",\"to\":\"Billing\",\"relationType\":\"owns\"}\n"
                + "\n{\"type\":\"note\",\"text\":\"from a newer server\"}\n"
                + "{\"type\":\"entity\",\"name\":\"Billing\",\"entityType\":\"decision\",\"observations\":[\"We bill monthly\"]}");
        assertEquals(2, records.size());
        assertEquals("Relation: Ann owns Billing", records.get(0).content());
        assertEquals(List.of(new Entity("Ann", MemoryReader.UNDECLARED), new Entity("Billing", MemoryReader.UNDECLARED)),
                records.get(0).entities());
        assertEquals("Billing: We bill monthly", records.get(1).content());
        assertEquals(dev.graphiti.graph.Kind.decision, records.get(1).kind());
    }

    @Test
    void aFieldOfTheWrongTypeIsNamedWithItsLine() throws Exception {
        Path file = tmp.resolve("bad.jsonl");
        Files.writeString(file, "{\"type\":\"entity\",\"name\":\"A\",\"entityType\":\"x\",\"observations\":[]}\n"
                + "{\"type\":\"entity\",\"name\":\"B\",\"entityType\":\"x\",\"observations\":[1]}\n");
        try (MemoryReader reader = new MemoryReader(JsonProvider.provider(), FileAccess.everywhere(), file)) {
            reader.next();
            MalformedFile wrong = assertThrows(MalformedFile.class, reader::next);
            assertEquals(file + " line 2", wrong.where());
            assertEquals("\"observations\" holds something other than strings", wrong.problem());
        }
    }
}
