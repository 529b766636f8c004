package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** search through the CLI: ranking, filters, exact phrases, JSON shape and text output. */
class SearchCommandTest extends InRepositoryTest {

    private String add(String... args) {
        return cli.add(repo, args).getString("id");
    }

    private List<String> ids(String... args) {
        CliHarness.Result result = cli.run(repo, args);
        assertEquals(0, result.code(), result::toString);
        return result.array().getValuesAs(JsonObject.class).stream().map(o -> o.getString("id")).toList();
    }

    @Test
    void decisionsOutrankNotesOfEqualRelevance() {
        String note = add("-k", "note", "ledger storage uses postgres replicas");
        String decision = add("-k", "decision", "ledger storage uses postgres partitions");
        assertEquals(List.of(decision, note), ids("search", "ledger", "postgres", "--format", "json"));
    }

    @Test
    void titleMatchesOutrankContentMatchesAndScoresAreRealAndDescending() {
        String inContent = add("--title", "Build notes", "The flaky integration suite needs the gradle daemon off");
        String inTitle = add("--title", "Gradle daemon settings", "Disable it on CI to save memory");
        add("unrelated item about coffee");
        CliHarness.Result result = cli.run(repo, "search", "gradle", "daemon", "--format", "json");
        var hits = result.array().getValuesAs(JsonObject.class);
        assertEquals(List.of(inTitle, inContent), hits.stream().map(o -> o.getString("id")).toList());
        // No item has vectors yet: words alone ranked, and each row says so and why.
        assertEquals(List.of("id", "kind", "title", "snippet", "score", "tags", "created_at", "scope", "source", "anchors",
                "matched", "stale", "semantic", "semantic_why"), List.copyOf(hits.get(0).keySet()));
        assertEquals("lexical", hits.get(0).getString("matched"));
        assertEquals("pending", hits.get(0).getString("semantic"));
        double first = hits.get(0).getJsonNumber("score").doubleValue();
        double second = hits.get(1).getJsonNumber("score").doubleValue();
        assertTrue(first > second && second > 0 && first <= 1.0, first + " " + second);
        assertTrue(hits.get(1).getString("snippet").toLowerCase().contains("gradle"), hits.get(1).getString("snippet"));
    }

    /** Items that share no word with the questions below: only meaning connects them. */
    private void addInfrastructure() {
        add("-k", "decision", "--title", "Kubernetes on EKS", "Production runs on Amazon EKS (k8s 1.29) with one namespace"
                + " per environment; Helm charts live in deploy/charts.");
        add("-k", "architecture", "--title", "Multi-tenancy", "Every table carries a tenant_id column and PostgreSQL"
                + " row-level security policies enforce it; the tenant comes from the token's organisation claim.");
        add("-k", "preference", "--title", "Small pull requests", "Keep pull requests under about 400 changed lines; split"
                + " refactorings from behaviour changes so reviewers can follow them.");
        add("-k", "note", "--title", "Running the stack locally", "docker compose up starts PostgreSQL, Kafka, Redis and"
                + " Keycloak; then run ./gradlew bootRun in each service.");
    }

    @Test
    void withVectorsTheCommandLineRanksByMeaningAQuestionThatSharesNoWord() {
        addInfrastructure();
        CliHarness.Result embedded = cli.run(repo, "embed", "--format", "json");
        assertEquals(0, embedded.code(), embedded::toString);
        assertEquals(4, embedded.object().getInt("embedded"), embedded::toString);

        CliHarness.Result semantic = cli.run(repo, "search", "which", "cloud", "provider", "hosts", "our", "cluster?",
                "--ranking", "semantic", "--format", "json");
        assertEquals(0, semantic.code(), semantic::toString);
        assertTrue(!semantic.array().isEmpty(), "no word matches: only meaning finds it " + semantic);
        JsonObject best = semantic.array().getJsonObject(0);
        assertEquals("Kubernetes on EKS", best.getString("title"), semantic::toString);
        assertEquals("semantic", best.getString("matched"), semantic::toString);
        assertTrue(!best.containsKey("semantic"), "ranked by meaning: nothing fell back " + semantic);
        assertTrue(!semantic.err().contains("words only"), semantic::toString);

        CliHarness.Result hybrid = cli.run(repo, "search", "how", "do", "we", "isolate", "tenants'", "records?",
                "--format", "json");
        assertEquals(0, hybrid.code(), hybrid::toString);
        assertEquals("Multi-tenancy", hybrid.array().getJsonObject(0).getString("title"), "hybrid is the default: " + hybrid);
    }

    @Test
    void withoutVectorsSearchByMeaningSaysWhyItRankedByWordsAndWhatToRun() {
        addInfrastructure();
        CliHarness.Result json = cli.run(repo, "search", "kubernetes", "--ranking", "semantic", "--format", "json");
        assertEquals(0, json.code(), json::toString);
        JsonObject row = json.array().getJsonObject(0);
        assertEquals("pending", row.getString("semantic"), json::toString);
        assertTrue(row.getString("semantic_why").contains("run `graphiti embed`"), json::toString);
        assertTrue(json.err().contains("graphiti: ranked by words only: no item has vectors yet: run `graphiti embed`"),
                json::toString);

        CliHarness.Result none = cli.run(repo, "search", "which", "cloud", "provider", "--ranking", "semantic");
        assertEquals(0, none.code(), none::toString);
        assertTrue(none.err().contains("ranked by words only: no item has vectors yet: run `graphiti embed`"),
                "nothing matched by words, and the person learns why: " + none);

        CliHarness.Result off = cli.variable("GRAPHITI_SEMANTIC", "off").run(repo, "search", "kubernetes", "--format", "json");
        assertEquals("off", off.array().getJsonObject(0).getString("semantic"), off::toString);
        assertTrue(off.array().getJsonObject(0).getString("semantic_why").contains("GRAPHITI_SEMANTIC=off"), off::toString);
    }

    private double score(String id, String... query) {
        List<String> args = new java.util.ArrayList<>(List.of("search", "--format", "json"));
        args.addAll(List.of(query));
        CliHarness.Result result = cli.run(repo, args.toArray(String[]::new));
        assertEquals(0, result.code(), result::toString);
        return result.array().getValuesAs(JsonObject.class).stream().filter(o -> o.getString("id").equals(id))
                .mapToDouble(o -> o.getJsonNumber("score").doubleValue()).findFirst().orElse(0);
    }

    @Test
    void aShortFormFindsTheFullNameAndShortWordsStayWhole() {
        String ledger = add("-k", "decision", "--title", "Ledger lives in PostgreSQL", "Multi-row transactions need it");
        String deploy = add("-k", "architecture", "--title", "Release pipeline",
                "A version tag builds the image and Argo CD syncs it to the production cluster");
        String k8s = add("-k", "note", "Upgrade the k8s control plane to 1.29 before June");
        add("-k", "note", "The k8sensor library reads the temperatures");
        assertEquals(List.of(ledger), ids("search", "postgres", "--format", "json"));
        assertEquals(deploy, ids("search", "how", "do", "I", "ship", "to", "prod", "--format", "json").get(0));
        assertEquals(List.of(k8s), ids("search", "k8s", "--format", "json"));
    }

    @Test
    void contractionsAndQuestionWordsAreNotSearchedFor() {
        String paints = add("Caroline paints sunsets at the lake");
        add("it's what's there: that's all it's ever been, isn't it, let's see what we'll do");
        assertEquals(List.of(paints), ids("search", "what", "are", "Caroline's", "paintings", "--format", "json"));
    }

    @Test
    void aMatchOnOneOrdinaryWordScoresLowAndAFullMatchHigh() {
        String oncall = add("-k", "note", "--title", "On-call runbook",
                "When the payments alert fires, check the provider status page, then page the payments team lead");
        add("-k", "decision", "--title", "Ledger lives in PostgreSQL", "Double-entry bookkeeping needs transactions");
        double junk = score(oncall, "favourite", "pizza", "for", "the", "team", "lunch");
        double strong = score(oncall, "payments", "alert", "runbook");
        assertTrue(junk > 0 && junk < 0.5, "one shared ordinary word: " + junk);
        assertTrue(strong > 0.8, "every word, rare ones in the title: " + strong);
    }

    @Test
    void kindAndRecencyBreakTiesButNeverOutrankAClearlyBetterMatch() {
        String note = add("-k", "note", "--title", "Webhook signature check", "Stripe webhook signatures are verified on raw bytes");
        add("-k", "decision", "--title", "Payment providers", "Stripe and Adyen are the payment providers");
        assertEquals(note, ids("search", "stripe", "webhook", "signature", "--format", "json").get(0));
    }

    @Test
    void filtersByKindTagAndTime() {
        String api = add("-k", "bugfix", "-t", "api", "timeout in the billing api client");
        String ui = add("-k", "note", "-t", "ui", "timeout spinner in the billing page");
        assertEquals(List.of(api), ids("search", "timeout", "--kind", "bugfix", "--format", "json"));
        assertEquals(List.of(ui), ids("search", "timeout", "--tag", "UI", "--format", "json"));
        assertEquals(2, ids("search", "timeout", "--since", "10m", "--format", "json").size());
        assertEquals(List.of(), ids("search", "timeout", "--before", "2001-01-01", "--format", "json"));
        assertEquals(1, ids("search", "timeout", "-l", "1", "--format", "json").size());
    }

    @Test
    void exactPhraseSearchMatchesOnlyTheWordsInOrder() {
        String inOrder = add("raise the connection pool size to 20");
        String shuffled = add("the pool of connection threads has a size limit");
        assertEquals(2, ids("search", "connection", "pool", "size", "--format", "json").size());
        assertEquals(List.of(inOrder), ids("search", "--exact", "connection pool size", "--format", "json"));
        assertTrue(ids("search", "--exact", "pool connection", "--format", "json").isEmpty());
        assertTrue(ids("search", "size", "--format", "json").contains(shuffled));
    }

    @Test
    void fallsBackToAnyWordAndTreatsQuerySyntaxAsText() {
        String k8s = add("-k", "architecture", "We run everything on a kubernetes cluster");
        assertEquals(List.of(k8s), ids("search", "how", "do", "we", "deploy", "to", "kubernetes", "--format", "json"));
        for (String weird : List.of("kubernetes\" OR x*", "NEAR(a b)", "-kubernetes", "^", "\"\"")) {
            CliHarness.Result result = cli.run(repo, "search", "--format", "json", "--", weird);
            assertEquals(0, result.code(), () -> weird + " " + result);
        }
    }

    @Test
    void nothingFoundIsAnEmptyArrayOrAQuietMessage() {
        add("something stored");
        CliHarness.Result json = cli.run(repo, "search", "absent", "--format", "json");
        assertEquals(0, json.code());
        assertEquals("[]", json.out().strip());
        CliHarness.Result text = cli.run(repo, "search", "absent");
        assertEquals(0, text.code());
        assertEquals("", text.out());
        assertTrue(text.err().contains("Nothing matches"), text.err());
    }

    @Test
    void textOutputShowsScoreIdKindAgeTitleAndSnippet() {
        String id = add("-k", "decision", "-t", "db", "--title", "Use SQLite", "Embedded SQLite keeps setup at zero");
        CliHarness.Result result = cli.run(repo, "search", "sqlite");
        assertEquals(0, result.code(), result::toString);
        List<String> lines = result.out().lines().toList();
        assertTrue(lines.get(0).matches("[01]\\.\\d{3}  " + id + "  decision  just now  Use SQLite  #db"), lines.get(0));
        assertTrue(lines.get(1).contains("Embedded SQLite keeps setup at zero"), lines.get(1));
    }

    private String atTerminal(java.util.Map<String, String> extra, String... args) {
        java.util.Map<String, String> variables = new java.util.HashMap<>(cli.variables());
        variables.putAll(extra);
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = new Cli(new CliEnvironment(variables, true, java.util.Optional.empty())).run(List.of(args), repo,
                java.io.InputStream.nullInputStream(), new java.io.PrintWriter(out), new java.io.PrintWriter(err));
        assertEquals(0, code, err::toString);
        return out.toString();
    }

    @Test
    void colourOnlyAtATerminalAndNotUnderNoColor() {
        String first = add("-k", "decision", "--title", "Use SQLite", "Embedded SQLite keeps setup at zero");
        add("-k", "architecture", "--title", "SQLite file per project", "One SQLite file under .graphiti per git root");
        String coloured = atTerminal(java.util.Map.of(), "search", "sqlite");
        assertTrue(coloured.contains("\u001b[33m" + first + "\u001b[0m"), coloured);
        List<String> rows = coloured.lines().filter(line -> !line.startsWith(" ")).toList();
        assertEquals(2, rows.size(), coloured);
        List<String> plain = rows.stream().map(row -> row.replaceAll("\u001b\\[[0-9;]*m", "")).toList();
        assertEquals(plain.get(0).indexOf("just now"), plain.get(1).indexOf("just now"), "colour keeps the columns aligned");
        assertTrue(atTerminal(java.util.Map.of(), "list").contains("\u001b[33m" + first + "\u001b[0m"));
        assertTrue(!atTerminal(java.util.Map.of("NO_COLOR", "1"), "search", "sqlite").contains("\u001b["));
        assertTrue(!atTerminal(java.util.Map.of("TERM", "dumb"), "list").contains("\u001b["));
        assertTrue(!cli.run(repo, "search", "sqlite").out().contains("\u001b["), "no colour when stdout is no terminal");
    }
}
