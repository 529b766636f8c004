package dev.graphiti.cli;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.config.Settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.SemanticSearch;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `graphiti recall` inside a server whose model is loaded and whose graph is embedded ranks by meaning too: a work
 * prompt that shares too few words with its rule for the cold path gets the rule there, whole, from the server's
 * own model; a prompt about something else still gets nothing.
 */
class RecallInServerTest {

    static final String VERSIONS = "decision: the main site builds only the latest two minor versions. Older versions"
            + " are built once, frozen and served from archive.docs.example.com, and every page of an archived version"
            + " shows a banner linking to the same page in the latest version.";

    @TempDir
    Path temp;

    @Test
    void aServerWithItsModelRecallsTheRuleAWorkPromptNeedsByMeaning() throws Exception {
        Path repo = GitFixture.repository(temp.resolve("docs")).toRealPath();
        CliHarness cli = new CliHarness(temp.resolve("home"));
        String versions = cli.add(repo, "--kind", "decision", VERSIONS).getString("id");
        cli.add(repo, "--kind", "preference", "For the docs we always write in second person and present tense, headings"
                + " in sentence case, and shell examples without $ prompt characters so they copy cleanly.");
        cli.add(repo, "--kind", "decision", "Going forward the API reference comes only from openapi.yaml, rendered by"
                + " Redocly at build time; nobody edits the generated pages by hand, they are overwritten.");
        cli.add(repo, "--kind", "preference", "Screenshots go in docs/assets/img/<page-slug>/, PNG at 1600 pixels wide,"
                + " each with alt text that says what the reader should notice.");
        String prompt = "Set up the docs site build for the 2.5 release.";
        assertEquals("", recall(cli, repo, prompt).getString("text"), "the cold path finds too few shared words");

        try (var process = GraphitiProcess.stdio(new ServerSetup(Settings.ofEnvironment(cli.variables()),
                CliEnvironment.embedded(cli.variables()), repo, notice -> { }))) {
            Cli server = process.cli().orElseThrow();
            SemanticSearch semantics = process.semantics().orElseThrow();
            while (semantics.encoder().isEmpty()) {
                assertTrue(semantics.status() != SemanticSearch.Status.unavailable, semantics.problem());
                Thread.sleep(50);
            }
            assertEquals(0, run(server, repo, "embed").code());
            JsonObject recalled = run(server, repo, "recall", "--format", "json", prompt).object();
            assertEquals(List.of(versions), recalled.getJsonArray("items").getValuesAs(
                    jakarta.json.JsonString.class).stream().map(jakarta.json.JsonString::getString).toList(), recalled.toString());
            assertTrue(recalled.getString("text").contains("every page of an archived version shows a banner linking to"
                    + " the same page in the latest version."), recalled.getString("text"));
            assertEquals("", run(server, repo, "recall", "--format", "json",
                    "fix the typo in the README heading").object().getString("text"));
        }
    }

    private static JsonObject recall(CliHarness cli, Path repo, String prompt) {
        CliHarness.Result result = cli.run(repo, "recall", "--format", "json", prompt);
        assertEquals(0, result.code(), result.toString());
        return result.object();
    }

    private static CliHarness.Result run(Cli cli, Path repo, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli.run(List.of(args), repo, new ByteArrayInputStream(new byte[0]), new PrintWriter(out),
                new PrintWriter(err));
        return new CliHarness.Result(code, out.toString(), err.toString());
    }
}
