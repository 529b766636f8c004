package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.git.TestRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The brief's files in play on a feature branch include what the branch changed against its base (the merge-base
 * with the default branch), not only the latest commits: a branch whose first commit changed a file brings the
 * decision anchored to that file, ten routine commits later. Real repository, real SQLite file, the CLI.
 */
class BranchInPlayTest {

    @TempDir
    Path tmp;

    @Test
    void aFeatureBranchsChangedFilesBringTheDecisionsAnchoredToThem() throws Exception {
        Path dir = tmp.resolve("repo");
        Files.createDirectories(dir);
        TestRepo repo = new TestRepo(dir);
        repo.commit("Keep the XML exporter because the billing system cannot read JSON",
                Map.of("src/export/XmlExporter.java", "class XmlExporter {}\n"));
        repo.commit("Name the exporter's output after the invoice because accountants search by it",
                Map.of("docs/naming.md", "names\n"));
        for (int i = 0; i < 9; i++) { // newer decisions: the exporter's is not among the newest the brief shows
            repo.commit("Use pool " + i + " for worker " + i + " because the workers share nothing",
                    Map.of("src/pool/Pool" + i + ".java", "class Pool" + i + " {}\n"));
        }
        repo.git("checkout", "-q", "-b", "feature/streaming");
        repo.commit("Stream the export rows", Map.of("src/export/XmlExporter.java", "class XmlExporter { Rows rows; }\n"));
        for (int i = 0; i < 11; i++) {
            repo.commit("Tidy the reader, part " + i, Map.of("src/read/Reader" + i + ".java", "class R" + i + " {}\n"));
        }
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        assertEquals(0, cli.run(dir, "index").code());

        String brief = cli.run(dir, "context").out();
        assertTrue(brief.lines().anyMatch(line -> line.startsWith("Files in play: ")
                && line.contains("src/export/XmlExporter.java")), brief);
        String inPlay = brief.substring(brief.indexOf("## About the files in play")).split("\n## Recent")[0];
        assertTrue(inPlay.contains("Keep the XML exporter because the billing system cannot read JSON"), brief);
        assertFalse(inPlay.contains("Name the exporter's output"), "only items anchored to the files: " + brief);
    }
}
