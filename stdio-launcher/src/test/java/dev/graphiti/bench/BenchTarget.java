package dev.graphiti.bench;

import jakarta.json.JsonObject;
import java.util.List;

/**
 * A server under test: how to start it on stdio and on HTTP ("{port}" in the HTTP command is replaced,
 * and PORT is set in its environment), and which cheap tool to call.
 */
record BenchTarget(String name, List<String> coldStartCommand, List<String> stdioCommand,
                   List<String> httpCommand, String tool, JsonObject toolArguments) {

    List<String> httpCommand(int port) {
        return httpCommand.stream().map(arg -> arg.replace("{port}", Integer.toString(port))).toList();
    }
}
