package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.toon.TokenCounter;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tool list is read by the agent in every session: its size is a contract, measured with the real tokenizer. */
class ToolListTokensTest {

    static final int BUDGET = 1500;

    @Test
    void theWholeToolsListFitsItsTokenBudget() throws Exception {
        try (var tools = new GraphitiTools(ToolSettings.defaults(), Map.of(), Path.of("."));
             var server = new ServerSession(tools)) {
            server.initialize("{}");
            JsonObject result = server.request("tools/list", JsonValue.EMPTY_JSON_OBJECT);
            String wire = server.lastResultText();
            int tokens = new TokenCounter().count(wire).o200k();
            System.out.println("tools/list: " + result.getJsonArray("tools").size() + " tools, " + tokens
                    + " o200k tokens, " + wire.length() + " chars");
            assertEquals(11, result.getJsonArray("tools").size());
            assertTrue(tokens <= BUDGET, "tools/list costs " + tokens + " o200k tokens, budget " + BUDGET);
        }
    }

    @Test
    void descriptionsDoNotRepeatEachOther() throws Exception {
        try (var tools = new GraphitiTools(ToolSettings.defaults(), Map.of(), Path.of("."))) {
            var sentences = new HashSet<String>();
            for (var tool : tools.tools()) {
                for (String sentence : tool.descriptor().description().split("(?<=\\.)\\s+")) {
                    assertTrue(sentences.add(sentence.strip()), "repeated sentence: " + sentence);
                }
            }
        }
    }
}
