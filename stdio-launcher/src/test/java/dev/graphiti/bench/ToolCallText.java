package dev.graphiti.bench;

import jakarta.json.JsonObject;

/**
 * A tools/call request written once, each call splicing in only its id: building and serializing the JSON
 * per call cost this client more than some servers' answers, on the cores the servers run on.
 */
record ToolCallText(String beforeId, String afterId) {

    static ToolCallText of(String tool, JsonObject arguments) {
        String params = McpPeer.JSON.createObjectBuilder().add("name", tool).add("arguments", arguments).build().toString();
        return new ToolCallText("{\"jsonrpc\":\"2.0\",\"id\":", ",\"method\":\"tools/call\",\"params\":" + params + "}");
    }

    String withId(long id) {
        return beforeId + id + afterId;
    }
}
