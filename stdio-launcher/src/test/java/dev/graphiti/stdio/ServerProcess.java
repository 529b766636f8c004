package dev.graphiti.stdio;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command lines that start the packaged launcher as a child process, as the integration tests need. */
final class ServerProcess {

    private ServerProcess() {
    }

    static Path jar() {
        Path jar = Path.of(System.getProperty("graphiti.jar", "target/graphiti.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("build the launcher first: " + jar.toAbsolutePath() + " is missing");
        }
        return jar;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The fixture server through the real launcher path: the jar plus the test classes. */
    static List<String> fixtureServer() {
        String testClasses = System.getProperty("graphiti.testClasses", "target/test-classes");
        return new ArrayList<>(List.of(java(), "-cp", jar() + File.pathSeparator + testClasses,
                "dev.graphiti.conformance.FixtureServer", "--stdio"));
    }

    /** The product: {@code java -jar graphiti.jar mcp serve}. */
    static List<String> product() {
        return new ArrayList<>(List.of(java(), "-jar", jar().toString(), "mcp", "serve"));
    }
}
