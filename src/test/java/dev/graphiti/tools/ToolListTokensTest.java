package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.toon.TokenCounter;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tool list is read by the agent in every session: its size is a contract, measured with the real tokenizer. */
class ToolListTokensTest {

    /**
     * 1,678 with titles, output schemas of one word and all four hints on every tool, most parameters undescribed;
     * 1,583 with every parameter typed and described, only the hints that hold, no titles nor output schemas;
     * 1,196 with scope and dir one parameter, descriptions of what a model cannot guess, no idempotentHint.
     */
    static final int BUDGET = 1196;

    @Test
    void theWholeToolsListFitsItsTokenBudget() throws Exception {
        try (var tools = GraphitiProcess.tools(ToolSettings.defaults(), Map.of(), Path.of("."));
             var server = new ServerSession(tools)) {
            server.initialize("{}");
            JsonObject result = server.request("tools/list", JsonValue.EMPTY_JSON_OBJECT);
            String wire = server.lastResultText();
            int tokens = new TokenCounter().count(wire).o200k();
            System.out.println("tools/list: " + result.getJsonArray("tools").size() + " tools, " + tokens
                    + " o200k tokens, " + wire.length() + " chars");
            var counter = new TokenCounter();
            result.getJsonArray("tools").forEach(tool -> System.out.println("  " + tool.asJsonObject().getString("name")
                    + ": " + counter.count(tool.toString()).o200k()));
            assertEquals(13, result.getJsonArray("tools").size());
            assertTrue(tokens <= BUDGET, "tools/list costs " + tokens + " o200k tokens, budget " + BUDGET);
        }
    }

    /**
     * A client builds its form from the schema (the Inspector sends what a field without a type holds as text) and
     * a model reads each parameter's description: every parameter says its type and what it is.
     */
    @Test
    void everyParameterHasATypeAndADescription() throws Exception {
        try (var tools = GraphitiProcess.tools(ToolSettings.defaults(), Map.of(), Path.of("."))) {
            for (var tool : tools.tools()) {
                JsonObject properties = tool.descriptor().inputSchema().getJsonObject("properties");
                properties.forEach((name, property) -> {
                    String where = tool.descriptor().name() + "." + name + " " + property;
                    assertTrue(property.asJsonObject().containsKey("type"), "no type: " + where);
                    assertFalse(property.asJsonObject().getString("description", "").isBlank(), "no description: " + where);
                });
            }
        }
    }

    /** Clients cache the list (2026-07-28: ttlMs) and compare it: two servers list the same bytes. */
    @Test
    void everyServerListsTheSameBytes() throws Exception {
        java.util.List<String> wires = new java.util.ArrayList<>();
        for (int run = 0; run < 2; run++) {
            try (var tools = GraphitiProcess.tools(ToolSettings.defaults(), Map.of(), Path.of("."));
                 var server = new ServerSession(tools)) {
                server.initialize("{}");
                server.request("tools/list", JsonValue.EMPTY_JSON_OBJECT);
                wires.add(server.lastResultText());
            }
        }
        assertEquals(wires.get(0), wires.get(1));
    }

    /**
     * Every text the agent reads in tools/list and initialize says its own thing: no run of five words appears
     * in two of them (the instructions included), and the instructions stay a few lines.
     */
    @Test
    void noTwoDescriptionsNorTheInstructionsShareAPhrase() throws Exception {
        try (var tools = GraphitiProcess.tools(ToolSettings.defaults(), Map.of(), Path.of("."))) {
            Map<String, String> owners = new java.util.HashMap<>();
            Map<String, String> texts = new java.util.LinkedHashMap<>();
            texts.put("instructions", GraphitiTools.INSTRUCTIONS);
            tools.tools().forEach(tool -> texts.put(tool.descriptor().name(), tool.descriptor().description()));
            texts.forEach((name, text) -> {
                String[] words = text.toLowerCase(java.util.Locale.ROOT).split("[^a-z0-9_]+");
                for (int i = 0; i + 5 <= words.length; i++) {
                    String phrase = String.join(" ", java.util.Arrays.copyOfRange(words, i, i + 5));
                    String owner = owners.putIfAbsent(phrase, name);
                    assertTrue(owner == null || owner.equals(name), "\"" + phrase + "\" in " + owner + " and " + name);
                }
            });
            assertTrue(GraphitiTools.INSTRUCTIONS.lines().count() <= 8, GraphitiTools.INSTRUCTIONS);
        }
    }

    @Test
    void descriptionsDoNotRepeatEachOther() throws Exception {
        try (var tools = GraphitiProcess.tools(ToolSettings.defaults(), Map.of(), Path.of("."))) {
            var sentences = new HashSet<String>();
            for (var tool : tools.tools()) {
                for (String sentence : tool.descriptor().description().split("(?<=\\.)\\s+")) {
                    assertTrue(sentences.add(sentence.strip()), "repeated sentence: " + sentence);
                }
            }
        }
    }
}
