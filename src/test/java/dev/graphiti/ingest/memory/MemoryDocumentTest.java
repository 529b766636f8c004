package dev.graphiti.ingest.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a memory file splits into items: one per bullet, paragraph or table, under its headings, with a kind. */
class MemoryDocumentTest {

    static final String CLAUDE_MD = """
            # Shop backend

            This service sells things. It is a Spring Boot app with a React admin.

            @docs/team-rules.md

            <!-- maintainers: keep this short -->
            ## Architecture
            - `CheckoutService` talks to `OrderRepository` through a bounded queue.
            - Payments live in the `payments` module and never import `catalog`.

            ## Conventions
            ### Testing
            - Never mock the database; use a real SQLite file.
              - Testcontainers for Postgres-only features.
            - Run the tests with:
              ```bash
              ./mvnw -q test
              ```
            1. Small commits, one change each.

            ## Decisions
            We decided to use HikariCP with a pool of 20 instead of the hand-rolled pool.

            | env | url |
            |---|---|
            | staging | https://staging.example.com |

            ## Gotchas
            - The nightly export breaks when the clock moves to summer time.
            """;

    @Test
    void bulletsParagraphsAndTablesUnderTheirHeadings() {
        List<MemoryChunk> chunks = MemoryDocument.chunks(CLAUDE_MD, false);
        List<String> texts = chunks.stream().map(MemoryChunk::text).toList();
        assertEquals(9, chunks.size(), texts::toString);
        assertEquals(List.of("Shop backend"), chunks.get(0).section());
        assertEquals("note", chunks.get(0).kind());
        assertEquals("architecture", chunks.get(1).kind());
        assertEquals("Shop backend > Conventions > Testing", chunks.get(3).sectionLine());
        assertEquals("- Never mock the database; use a real SQLite file.\n  - Testcontainers for Postgres-only features.",
                chunks.get(3).text());
        assertEquals("preference", chunks.get(3).kind());
        assertTrue(chunks.get(4).text().contains("./mvnw -q test"), chunks.get(4).text());
        assertEquals("preference", chunks.get(5).kind());
        assertEquals("decision", chunks.get(6).kind());
        assertTrue(chunks.get(7).text().startsWith("| env | url |"));
        assertEquals("bugfix", chunks.get(8).kind());
        assertTrue(texts.stream().noneMatch(t -> t.contains("@docs") || t.contains("maintainers")), texts::toString);
    }

    @Test
    void autoMemoryFrontMatterNamesAndTypesTheFileAndTheIndexKeepsOnlyWhatIsNotALink() {
        String feedback = """
                ---
                name: testing feedback
                description: how the user wants tests written
                type: feedback
                ---
                Integration tests hit a real database, not mocks.

                **Why:** a mocked migration passed while prod broke.
                """;
        List<MemoryChunk> chunks = MemoryDocument.chunks(feedback, false);
        assertEquals(2, chunks.size(), chunks::toString);
        assertEquals(List.of("testing feedback"), chunks.get(0).section());
        assertEquals("preference", chunks.get(0).kind());
        assertEquals("Integration tests hit a real database, not mocks.", chunks.get(0).text());

        String index = """
                - [Testing feedback](feedback_testing.md) - real databases in tests
                - [Release process](project_release.md) - who signs off
                - The staging database is reset every Monday at 06:00 UTC.
                """;
        List<MemoryChunk> lines = MemoryDocument.chunks(index, true);
        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).text().contains("reset every Monday"));
        assertEquals(3, MemoryDocument.chunks(index, false).size());
    }
}
