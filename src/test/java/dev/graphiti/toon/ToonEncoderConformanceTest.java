package dev.graphiti.toon;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every encode fixture of the official TOON 4.0 conformance suite, one test each. The fixtures are not
 * copied into this repository; they live in {@code shared/toon-spec-4.0} beside the checkout (or where
 * the system property {@code toon.spec.dir} points), and the suite is skipped when they are absent.
 */
class ToonEncoderConformanceTest {
    private static final String SPEC_DIR = "shared/toon-spec-4.0";

    @TestFactory
    Stream<DynamicNode> encodeFixtures() throws IOException {
        Path specDir = locateSpec();
        assumeTrue(specDir != null, "TOON 4.0 fixtures not found: no " + SPEC_DIR
                + " beside the repository (or -Dtoon.spec.dir); conformance suite skipped");
        List<Path> files;
        try (Stream<Path> listing = Files.list(specDir.resolve("encode"))) {
            files = listing.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        List<DynamicNode> containers = new ArrayList<>();
        for (Path file : files) {
            containers.add(DynamicContainer.dynamicContainer(file.getFileName().toString(),
                    tests(file.getFileName().toString(), read(file)).stream()));
        }
        return containers.stream();
    }

    private static List<DynamicTest> tests(String fileName, JsonObject fixture) {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonValue entry : fixture.getJsonArray("tests")) {
            JsonObject test = entry.asJsonObject();
            tests.add(DynamicTest.dynamicTest(test.getString("name"), () -> {
                ToonEncoder encoder = new ToonEncoder(options(test.getJsonObject("options")));
                String expected = test.getString("expected");
                assertEquals(expected, encoder.encode(test.get("input")),
                        () -> fileName + ": " + test.getString("name") + "; input: " + test.get("input"));
            }));
        }
        return tests;
    }

    private static ToonOptions options(JsonObject options) {
        ToonOptions result = ToonOptions.DEFAULT;
        if (options == null) {
            return result;
        }
        for (String name : options.keySet()) {
            switch (name) {
                case "delimiter" -> result = result.withDelimiter(Delimiter.of(options.getString(name)));
                case "indentSize" -> result = result.withIndentSize(options.getInt(name));
                default -> throw new IllegalArgumentException("encode option not supported: " + name);
            }
        }
        return result;
    }

    private static JsonObject read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             JsonReader reader = Json.createReader(in)) {
            return reader.readObject();
        }
    }

    /** The fixture directory: -Dtoon.spec.dir, else shared/toon-spec-4.0 in the nearest ancestor of user.dir. */
    private static Path locateSpec() {
        String configured = System.getProperty("toon.spec.dir");
        if (configured != null && !configured.isBlank()) {
            Path dir = Path.of(configured);
            return Files.isDirectory(dir.resolve("encode")) ? dir : null;
        }
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(SPEC_DIR);
            if (Files.isDirectory(candidate.resolve("encode"))) {
                return candidate;
            }
        }
        return null;
    }
}
