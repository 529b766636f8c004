package dev.graphiti.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonEditorTest {

    private static final Json ENTRY = Json.object("type", Json.string("stdio"), "command", Json.string("/j/bin/java"),
            "args", Json.strings(List.of("-jar", "/g/graphiti.jar", "mcp", "serve")), "env", Json.object());

    private static final String STRINGIFIED = """
            {
              "numStartups": 12,
              "mcpServers": {
                "other": {
                  "type": "stdio",
                  "command": "npx",
                  "args": [
                    "-y",
                    "other-server"
                  ],
                  "env": {}
                }
              },
              "projects": {
                "/home/u/p": {
                  "allowedTools": [],
                  "history": [],
                  "mcpServers": {}
                }
              },
              "unknownFlag": true
            }""";

    @Test
    void insertingIntoAStringifiedFileWritesWhatJsonStringifyWould() throws Exception {
        JsonEditor editor = new JsonEditor(STRINGIFIED);
        editor.put(List.of("mcpServers"), "graphiti", ENTRY);
        String graphiti = """
                    "graphiti": {
                      "type": "stdio",
                      "command": "/j/bin/java",
                      "args": [
                        "-jar",
                        "/g/graphiti.jar",
                        "mcp",
                        "serve"
                      ],
                      "env": {}
                    }
                """;
        String expected = STRINGIFIED.replace("      \"env\": {}\n    }\n  },",
                "      \"env\": {}\n    },\n" + graphiti + "  },");
        assertEquals(expected, editor.text());
    }

    @Test
    void removingWhatWasInsertedGivesBackTheSameText() throws Exception {
        for (String original : List.of(STRINGIFIED, STRINGIFIED + "\n", STRINGIFIED.replace("\n", "\r\n"),
                "{\"a\":1,\"mcpServers\":{\"x\":{}}}", "{\n    \"mcpServers\": {\n        \"x\": 1\n    }\n}\n", "{}",
                "{\"mcpServers\": {}}")) {
            JsonEditor editor = new JsonEditor(original);
            if (editor.find(List.of("mcpServers")).isEmpty()) {
                editor.put(List.of(), "mcpServers", Json.object());
            }
            editor.put(List.of("mcpServers"), "graphiti", ENTRY);
            assertEquals(ENTRY, editor.find(List.of("mcpServers", "graphiti")).orElseThrow().value());
            new JsonEditor(editor.text());
            assertTrue(editor.remove(List.of("mcpServers"), "graphiti"));
            if (original.equals("{}")) {
                editor.remove(List.of(), "mcpServers");
            }
            assertEquals(original, editor.text(), () -> "round trip of " + original);
        }
    }

    @Test
    void emptyContainersGrowLikeJsonStringify() throws Exception {
        JsonEditor editor = new JsonEditor("{}");
        editor.put(List.of(), "hooks", Json.object("Stop", new Json.JArray(List.of(Json.object("a", Json.number(1))))));
        assertEquals("""
                {
                  "hooks": {
                    "Stop": [
                      {
                        "a": 1
                      }
                    ]
                  }
                }""", editor.text());
        editor.append(List.of("hooks", "Stop"), Json.object("b", Json.string("x\"y")));
        assertEquals(Json.object("b", Json.string("x\"y")),
                ((JsonNode.ArrayNode) editor.find(List.of("hooks", "Stop")).orElseThrow()).items().get(1).value());
        editor.removeElement(List.of("hooks", "Stop"), 0);
        editor.removeElement(List.of("hooks", "Stop"), 0);
        assertEquals("{\n  \"hooks\": {\n    \"Stop\": []\n  }\n}", editor.text());
    }

    @Test
    void otherIndentationAndOneLineLayoutsAreFollowed() throws Exception {
        JsonEditor fourSpaces = new JsonEditor("{\n    \"a\": {\n        \"k\": 1\n    }\n}\n");
        fourSpaces.put(List.of("a"), "n", Json.object("x", Json.number(2)));
        assertEquals("{\n    \"a\": {\n        \"k\": 1,\n        \"n\": {\n            \"x\": 2\n        }\n    }\n}\n",
                fourSpaces.text());
        JsonEditor oneLine = new JsonEditor("{\"a\": {\"k\": 1, \"j\": 2}}");
        oneLine.put(List.of("a"), "n", Json.object("x", Json.number(2), "y", Json.number(3)));
        assertEquals("{\"a\": {\"k\": 1, \"j\": 2, \"n\": {\"x\": 2, \"y\": 3}}}", oneLine.text());
    }

    @Test
    void replacingAValueKeepsItsPlace() throws Exception {
        JsonEditor editor = new JsonEditor(STRINGIFIED);
        editor.put(List.of(), "numStartups", Json.number(13));
        assertEquals(STRINGIFIED.replace("12", "13"), editor.text());
    }

    @Test
    void malformedTextSaysWhere() {
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> new JsonEditor("{\n  \"a\": 1,\n}"));
        assertEquals("expected a quoted member name at line 3, column 1", e.getMessage());
        assertThrows(JsonSyntaxException.class, () -> new JsonEditor("{\"a\": 01}"));
        assertThrows(JsonSyntaxException.class, () -> new JsonEditor("{\"a\": \"x\ty\"}"));
        assertThrows(JsonSyntaxException.class, () -> new JsonEditor("{} {}"));
        assertThrows(JsonSyntaxException.class, () -> new JsonEditor(""));
        assertThrows(JsonSyntaxException.class, () -> new JsonEditor("[".repeat(600)));
    }

    @Test
    void writerEscapesLikeJsonStringify() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001é😀\\ud800\"", JsonWriter.quote("a\"b\\c\n\u0001é😀\ud800"));
    }
}
