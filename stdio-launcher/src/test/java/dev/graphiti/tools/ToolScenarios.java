package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * What a user of the graphiti tools checks, through any transport: the stdio and the HTTP tests run these
 * same scenarios with the official Java SDK client against a real project database.
 */
record ToolScenarios(McpSyncClient mcp, ProjectFixture fixture) {

    McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
        return mcp.callTool(new McpSchema.CallToolRequest(tool, arguments));
    }

    /** The call's text; fails the test when the call failed. */
    String ok(String tool, Map<String, Object> arguments) {
        var result = call(tool, arguments);
        assertFalse(Boolean.TRUE.equals(result.isError()), tool + " failed: " + text(result));
        return text(result);
    }

    static String text(McpSchema.CallToolResult result) {
        // Text blocks only: search rows are followed by resource links to their items.
        return result.content().stream().filter(McpSchema.TextContent.class::isInstance)
                .map(c -> ((McpSchema.TextContent) c).text()).collect(Collectors.joining("\n"));
    }

    /**
     * All thirteen tools; read-only, destructive, idempotent and open-world hints as they behave. Only the hints that
     * hold are sent, so a hint the list leaves out reads as false here.
     */
    void everyToolIsListedWithTruthfulAnnotations() {
        Map<String, McpSchema.Tool> tools = mcp.listTools().tools().stream()
                .collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
        assertEquals(List.of("graphiti_add", "graphiti_capture", "graphiti_compact", "graphiti_config",
                "graphiti_delete", "graphiti_export", "graphiti_health", "graphiti_import", "graphiti_index", "graphiti_list",
                "graphiti_search", "graphiti_show", "graphiti_summarize"), tools.keySet().stream().sorted().toList());
        for (String readOnly : List.of("graphiti_search", "graphiti_list", "graphiti_show", "graphiti_health")) {
            assertTrue(hint(tools.get(readOnly), McpSchema.ToolAnnotations::readOnlyHint), readOnly);
        }
        assertTrue(hint(tools.get("graphiti_delete"), McpSchema.ToolAnnotations::destructiveHint));
        assertTrue(hint(tools.get("graphiti_compact"), McpSchema.ToolAnnotations::destructiveHint));
        // summarize only reads, but with llm.endpoint set it talks to a model: open world; nothing else does.
        assertTrue(hint(tools.get("graphiti_summarize"), McpSchema.ToolAnnotations::readOnlyHint));
        assertTrue(hint(tools.get("graphiti_summarize"), McpSchema.ToolAnnotations::openWorldHint));
        tools.values().stream().filter(t -> !t.name().equals("graphiti_summarize"))
                .forEach(t -> assertFalse(hint(t, McpSchema.ToolAnnotations::openWorldHint), t.name()));
        assertFalse(hint(tools.get("graphiti_add"), McpSchema.ToolAnnotations::idempotentHint));
        assertFalse(hint(tools.get("graphiti_add"), McpSchema.ToolAnnotations::readOnlyHint));
        assertFalse(hint(tools.get("graphiti_add"), McpSchema.ToolAnnotations::destructiveHint));
        String instructions = mcp.getCurrentInitializationResult().instructions();
        assertTrue(instructions.contains("graphiti://context"), instructions);
    }

    /** A hint as listed; absent (or no annotations at all) is false. */
    private static boolean hint(McpSchema.Tool tool, java.util.function.Function<McpSchema.ToolAnnotations, Boolean> which) {
        return tool.annotations() != null && Boolean.TRUE.equals(which.apply(tool.annotations()));
    }

    /** add -> search finds it -> show -> the other tools -> delete -> search no longer finds it. */
    void everyTool() {
        var added = call("graphiti_add", Map.of(
                "content", "Use SQLite in WAL mode so hooks and servers write one file concurrently",
                "kind", "decision", "tags", List.of("storage", "sqlite")));
        assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
        assertNotNull(added.structuredContent(), "add answers an object");
        @SuppressWarnings("unchecked")
        String id = (String) ((Map<String, Object>) added.structuredContent()).get("id");
        assertNotNull(id);

        assertTrue(ok("graphiti_search", Map.of("query", "WAL concurrently")).contains(id));
        assertTrue(ok("graphiti_list", Map.of("kind", "decision")).contains(id));
        assertTrue(ok("graphiti_show", Map.of("id", id)).contains("hooks and servers"));
        assertTrue(ok("graphiti_summarize", Map.of()).contains("decision"));
        ok("graphiti_compact", Map.of("dry_run", true));
        ok("graphiti_health", Map.of());
        assertTrue(ok("graphiti_config", Map.of()).contains("mcp.context_tokens"));
        assertTrue(ok("graphiti_config", Map.of("key", "mcp.context_tokens")).contains("8192"));
        ok("graphiti_index", Map.of());
        // its kind is the classifier's (issue 32: "layer" reads as architecture); that it is indexed is the point here
        assertTrue(ok("graphiti_search", Map.of("query", "storage layer")).contains("Add the storage layer"),
                "the fixture's commit is indexed");
        Path missing = fixture.project().resolve("missing.jsonl");
        var capture = call("graphiti_capture", Map.of("transcript", missing.toString()));
        assertTrue(Boolean.TRUE.equals(capture.isError()) && text(capture).contains("missing.jsonl"),
                "a capture that cannot start says why, at once: " + text(capture));

        // This client declared no elicitation: a delete is refused, saying how to confirm, and nothing goes.
        var refused = call("graphiti_delete", Map.of("ids", List.of(id)));
        assertTrue(Boolean.TRUE.equals(refused.isError()) && text(refused).contains("confirm: true"), text(refused));
        assertTrue(ok("graphiti_search", Map.of("query", "WAL concurrently")).contains(id), "nothing was deleted");
        ok("graphiti_delete", Map.of("ids", List.of(id), "confirm", true));
        assertFalse(ok("graphiti_search", Map.of("query", "WAL concurrently")).contains(id));
    }

    /** An empty graph gives empty context; then decisions and architecture lead. */
    void contextIsEmptyThenLeadsWithDecisions() {
        assertEquals("", context());
        ok("graphiti_add", Map.of("content", "Lunch menu moved to the wiki"));
        ok("graphiti_add", Map.of("content", "Keep Storage.java free of HTTP types", "kind", "architecture"));
        String text = context();
        assertTrue(text.indexOf("Storage.java free") < text.indexOf("Lunch menu"), text);
        assertTrue(text.contains("branch main"), text);
        awaitBackgroundIndex();
    }

    /**
     * The first read found HEAD not indexed and started an index in the background; it finishes (health's
     * index check turns ok), and nothing writes into the project after the test.
     */
    void awaitBackgroundIndex() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String health = "";
        while (System.nanoTime() < deadline) {
            health = text(call("graphiti_health", Map.of()));
            if (health.contains(" is indexed")) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        fail("the background index did not finish: " + health);
    }

    String context() {
        var read = mcp.readResource(new McpSchema.ReadResourceRequest("graphiti://context"));
        assertEquals("text/markdown", read.contents().get(0).mimeType());
        return ((McpSchema.TextResourceContents) read.contents().get(0)).text();
    }

    /** For a client whose root is the project: calls go to the root's graph, scope global to the user's. */
    void theClientsRootIsTheProjectAndScopeGlobalIsNot() {
        var added = call("graphiti_add", Map.of("content", "Prefer records for data carriers",
                "kind", "preference", "scope", "global"));
        assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
        ok("graphiti_add", Map.of("content", "Project decision: SQLite in WAL mode", "kind", "decision"));
        assertTrue(Files.isDirectory(fixture.project().resolve(".graphiti")), "the root's project graph is used");

        String global = ok("graphiti_list", Map.of("scope", "global"));
        assertTrue(global.contains("Prefer records"), global);
        assertFalse(global.contains("SQLite"), global);
        String project = ok("graphiti_list", Map.of());
        assertTrue(project.contains("SQLite"), project);
        assertFalse(project.contains("Prefer records"), project);
    }

    /**
     * A tool call cannot redirect the owner's API key: llm.endpoint, llm.model and llm.api_key are refused with a
     * message saying who may change them, the settings file keeps its bytes, and the next summarize sends nothing
     * to the URL the call named (a listening server that records every request).
     */
    void settingsThatDecideWhereTheKeyGoesAreNotWritable() throws Exception {
        Path file = fixture.home().resolve("config.properties");
        String owners = "llm.api_key=sk-owner-0123456789abcdefghijklmnop\n";
        Files.writeString(file, owners);
        var requests = new java.util.concurrent.atomic.AtomicInteger();
        var attacker = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        attacker.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        attacker.start();
        try {
            ok("graphiti_add", Map.of("content", "We deploy on Fridays only with a second reviewer", "kind", "decision"));
            String url = "http://127.0.0.1:" + attacker.getAddress().getPort() + "/v1";
            for (var change : List.of(Map.<String, Object>of("key", "llm.endpoint", "value", url),
                    Map.<String, Object>of("key", "llm.api_key", "value", "sk-attacker"),
                    Map.<String, Object>of("key", "llm.model", "value", "gpt-x"))) {
                var refused = call("graphiti_config", change);
                assertTrue(Boolean.TRUE.equals(refused.isError()), "refused: " + text(refused));
                assertTrue(text(refused).contains("never through MCP") && text(refused).contains("graphiti config set"),
                        text(refused));
            }
            assertEquals(owners, Files.readString(file), "the settings file is untouched");
            assertFalse(ok("graphiti_config", Map.of("key", "llm.api_key")).contains("sk-owner"), "the key stays masked");
            assertTrue(ok("graphiti_summarize", Map.of()).contains("decision"));
            assertEquals(0, requests.get(), "summarize sent nothing to the URL a tool call named");
        } finally {
            attacker.stop(0);
            Files.deleteIfExists(file);
        }
    }

    /** graphiti_config takes a value as the Inspector and models send it: a number or a boolean, checked as the CLI does. */
    void configTakesNumbersAndBooleans() throws Exception {
        try {
            assertTrue(ok("graphiti_config", Map.of("key", "search.default_limit", "value", 25)).contains("25"));
            assertTrue(ok("graphiti_config", Map.of("key", "search.default_limit", "value", 30.0)).contains("30"));
            assertTrue(ok("graphiti_config", Map.of("key", "search.default_limit", "value", "35")).contains("35"));
            var notANumber = call("graphiti_config", Map.of("key", "search.default_limit", "value", true));
            assertTrue(Boolean.TRUE.equals(notANumber.isError()) && text(notANumber).contains("whole number"),
                    text(notANumber));
            var outOfRange = call("graphiti_config", Map.of("key", "search.default_limit", "value", 5000));
            assertTrue(Boolean.TRUE.equals(outOfRange.isError()) && text(outOfRange).contains("between 1 and 1000"),
                    text(outOfRange));
            var fraction = call("graphiti_config", Map.of("key", "search.default_limit", "value", 2.5));
            assertTrue(Boolean.TRUE.equals(fraction.isError()) && text(fraction).contains("'2.5'"), text(fraction));
            assertTrue(ok("graphiti_config", Map.of("key", "search.default_limit")).contains("35"),
                    "a refused value changes nothing");
        } finally {
            Files.deleteIfExists(fixture.home().resolve("config.properties"));
        }
    }

    /**
     * Issue 28: budgets and limits every session shares change through a tool only within a sane range, and the
     * refusal says what is allowed and how the owner goes further; nothing is written.
     */
    void sharedLimitsChangeOnlyWithinAToolsRange() throws Exception {
        try {
            for (var change : List.of(Map.<String, Object>of("key", "mcp.context_tokens", "value", 1_000_000),
                    Map.<String, Object>of("key", "hooks.prompt_tokens", "value", 8192),
                    Map.<String, Object>of("key", "add.max_content_bytes", "value", 8_388_608),
                    Map.<String, Object>of("key", "store.busy_timeout_ms", "value", 100))) {
                var refused = call("graphiti_config", change);
                String key = (String) change.get("key");
                assertTrue(Boolean.TRUE.equals(refused.isError()), key + " refused: " + text(refused));
                assertTrue(text(refused).contains("a tool call may set " + key + " between")
                        && text(refused).contains("graphiti config set " + key), text(refused));
            }
            assertFalse(Files.exists(fixture.home().resolve("config.properties")), "nothing was written");
            assertTrue(ok("graphiti_config", Map.of("key", "mcp.context_tokens", "value", 16_000)).contains("16000"),
                    "within the range a tool changes it");
        } finally {
            Files.deleteIfExists(fixture.home().resolve("config.properties"));
        }
    }

    /** A failing call is a tool result with isError and the CLI's message; the session goes on. */
    void failuresAreErrorResultsWithTheCliMessage(Path nowhere) {
        var missing = call("graphiti_show", Map.of("id", "zzzzzz-no-such-item"));
        assertTrue(missing.isError());
        assertTrue(text(missing).contains("zzzzzz-no-such-item"), text(missing));

        var badKind = call("graphiti_add", Map.of("content", "x", "kind", "gossip"));
        assertTrue(badKind.isError());
        assertTrue(text(badKind).contains("kind"), text(badKind));

        var badDir = call("graphiti_list", Map.of("dir", nowhere.toString()));
        assertTrue(badDir.isError());
        assertTrue(text(badDir).contains("does not exist on this server"), text(badDir));
        ok("graphiti_health", Map.of());
    }
    /**
     * Issue 13: a tool's errors name its own arguments, never the CLI's options it cannot pass ("--limit",
     * "--transcript PATH"), and a string argument over its limit is refused naming the argument and the limit.
     */
    void errorsSpeakTheToolsArgumentNames() {
        var limit = call("graphiti_list", Map.of("limit", 0));
        assertTrue(limit.isError(), text(limit));
        assertTrue(text(limit).contains("limit must be between 1 and 10000, not 0"), text(limit));
        Path missing = fixture.project().resolve("missing.jsonl");
        var capture = call("graphiti_capture", Map.of("transcript", missing.toString()));
        assertTrue(capture.isError(), text(capture));
        assertTrue(text(capture).contains("transcript " + missing), text(capture));
        var title = call("graphiti_add", Map.of("content", "a note", "title", "t".repeat(52_000)));
        assertTrue(title.isError(), text(title));
        assertTrue(text(title).contains("title is 52000 characters; the limit is 300"), text(title));
        var since = call("graphiti_search", Map.of("query", "x", "since", "last tuesday"));
        assertTrue(since.isError(), text(since));
        for (var result : List.of(limit, capture, title, since)) {
            assertFalse(text(result).matches("(?s).*(--[a-z]|Try 'graphiti|\\b[A-Z]{4,}\\b).*"), text(result));
        }
    }
    /** The bytes of a tool answer as JSON, as the client's SDK received it. */
    static long wireBytes(Object result) {
        try {
            return io.modelcontextprotocol.json.McpJsonDefaults.getMapper().writeValueAsString(result)
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Issue 13: a 5 MB title made an add answer of about 10.5 MB (the item echoed as text and as structured
     * content), past the TypeScript SDK's 10 MiB message limit, and the client dropped the connection. Titles
     * are bounded now, an add answers in brief, and every answer stays under 1 MiB (AnswerCap) even for an item
     * an older version stored with a title of megabytes; the context keeps its Recent section.
     */
    void answersStayUnderTheCapWhateverTheGraphHolds() throws Exception {
        long cap = 1 << 20;
        String megabytes = "Huge title ".repeat(120_000); // 1.3 MB: shown as text and as structured content, over the cap
        var refused = call("graphiti_add", Map.of("content", "a note", "title", megabytes));
        assertTrue(refused.isError(), "a title of megabytes is refused");
        assertTrue(text(refused).contains("title is " + megabytes.length() + " characters; the limit is 300"), text(refused));
        assertTrue(wireBytes(refused) < 2_000, wireBytes(refused) + " bytes");

        String content = "The importer streams rows in batches of 500 and retries on busy. ".repeat(300); // 20 KB
        var added = call("graphiti_add", Map.of("content", content, "kind", "decision", "title", "Importer batches"));
        assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
        assertTrue(wireBytes(added) < 2_000, "an add answers in brief, not the content twice: " + wireBytes(added) + " bytes");
        @SuppressWarnings("unchecked")
        String big = (String) ((Map<String, Object>) added.structuredContent()).get("id");
        ok("graphiti_add", Map.of("content", "Lunch menu moved to the wiki"));

        // What an older version let in: a title of megabytes, written to the database directly.
        try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + fixture.project().resolve(".graphiti/graph.db"));
             var update = connection.prepareStatement("UPDATE items SET title = ? WHERE id = ?")) {
            update.setString(1, megabytes);
            update.setString(2, big);
            assertEquals(1, update.executeUpdate());
        }
        var shown = call("graphiti_show", Map.of("id", big));
        assertFalse(Boolean.TRUE.equals(shown.isError()), text(shown).substring(0, Math.min(500, text(shown).length())));
        assertTrue(wireBytes(shown) <= cap, "show: " + wireBytes(shown) + " bytes");
        assertTrue(text(shown).contains("answer cut to fit 1048576 bytes"), "says it was cut");
        assertTrue(text(shown).contains("The importer streams rows"), "the content's start is there");
        for (var answer : List.of(call("graphiti_list", Map.of()), call("graphiti_search", Map.of("query", "importer batches")),
                call("graphiti_summarize", Map.of()), call("graphiti_list", Map.of("limit", 100)))) {
            assertFalse(Boolean.TRUE.equals(answer.isError()), text(answer));
            assertTrue(wireBytes(answer) <= cap, wireBytes(answer) + " bytes: " + text(answer).substring(0, 300));
        }
        assertTrue(ok("graphiti_list", Map.of()).contains(big), "the item is still listed");
        String context = context();
        assertTrue(context.contains("## Recent") && context.contains("Lunch menu"), context.substring(0, Math.min(2000, context.length())));
        awaitBackgroundIndex();
    }
    /**
     * Issue 13: subscriptions were accepted and never notified. A subscriber of graphiti://context is told when
     * another process (the CLI here) changes the graph, once per change (reading the context after the
     * notification, as the SDK does, is no change), and no more after unsubscribing.
     *
     * @param updates what the client's resourcesUpdateConsumer received: the context text it read after each notification
     * @param cli     the command that starts the CLI in a process of its own
     */
    void aSubscriberIsToldWhenAnotherProcessChangesTheGraph(java.util.concurrent.BlockingQueue<String> updates,
                                                           List<String> cli) throws Exception {
        ok("graphiti_add", Map.of("content", "Keep Storage.java free of HTTP types", "kind", "architecture"));
        ok("graphiti_index", Map.of()); // else the first read starts an index, whose commits change the context too
        mcp.subscribeResource(new McpSchema.SubscribeRequest("graphiti://context"));
        assertEquals(null, updates.poll(1500, TimeUnit.MILLISECONDS), "no notification without a change");

        cliAdd(cli, "Reports read from a Postgres replica, never the primary");
        String update = updates.poll(30, TimeUnit.SECONDS);
        assertNotNull(update, "notifications/resources/updated after another process added an item");
        assertTrue(update.contains("Postgres replica"), update);
        assertEquals(null, updates.poll(2500, TimeUnit.MILLISECONDS), "one notification for one change");

        mcp.unsubscribeResource(new McpSchema.UnsubscribeRequest("graphiti://context"));
        cliAdd(cli, "Nightly exports go to the archive bucket");
        assertEquals(null, updates.poll(3, TimeUnit.SECONDS), "nothing after unsubscribing");
    }

    private void cliAdd(List<String> cli, String content) throws Exception {
        List<String> command = new java.util.ArrayList<>(cli);
        command.addAll(List.of("-C", fixture.project().toString(), "add", "-k", "decision", content));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("GRAPHITI_HOME", fixture.home().toString());
        builder.environment().put("HOME", fixture.home().toString());
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the CLI finished");
        assertEquals(0, process.exitValue(), output);
    }
}
