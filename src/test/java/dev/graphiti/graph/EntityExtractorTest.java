package dev.graphiti.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32: entities were noise on real text. */
class EntityExtractorTest {

    private static List<String> names(EntityExtractor extractor, String text) {
        return extractor.extract(text).stream().map(Entity::name).toList();
    }

    @Test
    void aListOfFiguresIsNoPathButARealPathStillIs() {
        List<String> names = names(new EntityExtractor(), "Retry with backoff 1s/2s/4s, then give up; see src/main/java/Retry.java"
                + " and the scripts/ci/ folder");
        assertTrue(names.stream().noneMatch(name -> name.contains("1s")), "1s/2s/4s is no file: " + names);
        assertTrue(names.contains("src/main/java/Retry.java"), names.toString());
        assertTrue(names.contains("scripts/ci/"), names.toString());
    }

    @Test
    void theProjectsOwnNameIsNoEntityOfItsItems() {
        String text = "Gson now serializes records like gson did for classes; guava stays a test dependency";
        assertEquals(List.of("gson", "guava"), names(new EntityExtractor(), text));
        assertEquals(List.of("guava"), names(new EntityExtractor("gson"), text));
    }
}
