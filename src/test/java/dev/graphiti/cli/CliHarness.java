package dev.graphiti.cli;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs the real CLI entry point in-process with captured streams and its own graphiti home. */
final class CliHarness {

    private final Path home;
    private final Map<String, String> extraVariables = new HashMap<>();

    CliHarness(Path home) {
        this.home = home;
    }

    CliHarness variable(String name, String value) {
        extraVariables.put(name, value);
        return this;
    }

    Map<String, String> variables() {
        Map<String, String> variables = new HashMap<>(extraVariables);
        variables.put("GRAPHITI_HOME", home.toString());
        variables.put("HOME", home.resolve("user-home").toString());
        return variables;
    }

    /** Runs {@code ARGS} (which ask for JSON), expects success and returns the printed object. */
    JsonObject json(Path cwd, String... args) {
        Result result = run(cwd, args);
        if (result.code() != 0) {
            throw new AssertionError(String.join(" ", args) + " failed: " + result);
        }
        return result.object();
    }

    /** Runs {@code add ARGS --format json}, expects success and returns the printed item. */
    JsonObject add(Path cwd, String... args) {
        String[] full = new String[args.length + 3];
        full[0] = "add";
        System.arraycopy(args, 0, full, 1, args.length);
        full[args.length + 1] = "--format";
        full[args.length + 2] = "json";
        Result result = run(cwd, full);
        if (result.code() != 0) {
            throw new AssertionError("add failed: " + result);
        }
        return result.object();
    }

    Result run(Path cwd, String... args) {
        return runWithStdin(cwd, "", args);
    }

    Result runWithStdin(Path cwd, String stdin, String... args) {
        return runWithStdin(cwd, stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    Result runWithStdin(Path cwd, byte[] stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Cli(CliEnvironment.embedded(variables())).run(List.of(args), cwd,
                new ByteArrayInputStream(stdin), new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    record Result(int code, String out, String err) {

        JsonStructure json() {
            try (var reader = Json.createReader(new StringReader(out))) {
                return reader.read();
            }
        }

        JsonObject object() {
            return (JsonObject) json();
        }

        JsonArray array() {
            return (JsonArray) json();
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
