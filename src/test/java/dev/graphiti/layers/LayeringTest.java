package dev.graphiti.layers;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering rules of docs/architecture.md, checked over the import lines of every main source file of the three
 * modules. A rule that holds ({@code known} 0) fails on its first violation; a rule still broken carries its count of
 * violations today, fails when that grows, and says so when it shrinks, so the count can be lowered to the new figure
 * until it reaches 0. A violation is one import line (a class, or a package with {@code .*}) in one file.
 */
class LayeringTest {

    /** A source file's package, and each import of graphiti's. */
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package (dev\\.graphiti[\\w.]*);");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?(dev\\.graphiti\\.[\\w.]+(?:\\.\\*)?);");

    /**
     * @param from   the packages the rule is about (each with its subpackages)
     * @param banned the packages they must not import (each with its subpackages)
     * @param known  how many import lines break it today: 0 once it holds
     */
    private record Rule(String name, List<String> from, List<String> banned, int known) {
    }

    private static final List<String> TRANSPORTS = List.of("dev.graphiti.http", "dev.graphiti.stdio", "dev.graphiti.server");

    /** The rules of issue 31 ("Targets"), each with its count on the branch that added this test. */
    static final List<Rule> RULES = List.of(
            new Rule("services never import store", List.of("dev.graphiti.service"), List.of("dev.graphiti.store"), 0),
            new Rule("graph never imports service or store", List.of("dev.graphiti.graph"),
                    List.of("dev.graphiti.service", "dev.graphiti.store"), 0),
            new Rule("protocol never imports tools", List.of("dev.graphiti.protocol"), List.of("dev.graphiti.tools"), 0),
            new Rule("the CLI never imports a transport or the explorer", List.of("dev.graphiti.cli"),
                    concat(TRANSPORTS, List.of("dev.graphiti.explorer")), 0),
            new Rule("the explorer's API never imports a transport", List.of("dev.graphiti.explorer"), TRANSPORTS, 0),
            new Rule("tools never import store or service", List.of("dev.graphiti.tools"),
                    List.of("dev.graphiti.store", "dev.graphiti.service"), 0),
            new Rule("transports never import the CLI or the assembly", TRANSPORTS,
                    List.of("dev.graphiti.cli", "dev.graphiti.assembly"), 0));

    @Test
    void everyRuleHoldsOrBreaksNoMoreThanKnown() {
        List<Source> sources = sources();
        assertTrue(sources.size() > 300, "found only " + sources.size() + " main source files under " + root());
        List<String> failures = new ArrayList<>();
        for (Rule rule : RULES) {
            List<String> violations = violations(rule, sources);
            System.out.println(rule.name() + ": " + violations.size() + " (known " + rule.known() + ")");
            violations.forEach(violation -> System.out.println("  " + violation));
            if (violations.size() > rule.known()) {
                failures.add(rule.name() + ": " + violations.size() + " import lines break it, "
                        + (rule.known() == 0 ? "and it holds" : "known " + rule.known()) + "; import the layer below "
                        + "instead (docs/architecture.md):\n  " + String.join("\n  ", violations));
            } else if (violations.size() < rule.known()) {
                System.out.println("  fewer than known: lower its count in LayeringTest to " + violations.size());
            }
        }
        if (!failures.isEmpty()) {
            fail(String.join("\n", failures));
        }
    }

    @Test
    void aRuleThatHoldsFailsOnAnImportThatBreaksIt() {
        Source broken = new Source(Path.of("service/Example.java"), "dev.graphiti.service",
                List.of("dev.graphiti.store.sqlite.SqliteStore", "dev.graphiti.graph.GraphStore"));
        List<String> violations = violations(RULES.get(0), List.of(broken));
        assertTrue(violations.equals(List.of("service/Example.java imports dev.graphiti.store.sqlite.SqliteStore")),
                violations.toString());
    }

    /**
     * What reads the process's environment: System.getenv, System.getProperty/getProperties, or graphiti settings
     * rebuilt from an environment map (Settings.ofProcess/ofEnvironment, a GRAPHITI_* variable looked up by name).
     */
    private static final Pattern ENVIRONMENT_READ = Pattern.compile("System\\.(getenv|getProperty|getProperties)\\("
            + "|Settings\\.(ofProcess|ofEnvironment)\\(|ToolSettings\\.fromEnvironment\\(|(get|getOrDefault|containsKey)\\(\"GRAPHITI_");

    /** Who may read it: config (settings, locations), the launcher's main and the WAR's entry (DeploymentBeans). */
    private static final List<String> READERS = List.of("dev.graphiti.config", "dev.graphiti.launcher");
    private static final String WAR_ENTRY = "src/main/java/dev/graphiti/assembly/DeploymentBeans.java";

    /**
     * Lines outside them that read it today (main 9caea8c: 14): BackgroundCapture restarting the JVM (3), install's
     * user.home and java.home (4), ingest.memory's os.name (1), Stores' native-library property (1), the test-only
     * CliEnvironment constructors from a map of variables (2; ToolSettings' went with issue 31). May only fall.
     */
    static final int KNOWN_ENVIRONMENT_READS = 6;

    @Test
    void onlyConfigAndTheEntryPointsReadTheEnvironment() throws IOException {
        List<String> reads = new ArrayList<>();
        for (Source source : sources()) {
            if (READERS.stream().anyMatch(reader -> within(source.pkg(), reader))
                    || source.file().toString().replace('\\', '/').equals(WAR_ENTRY)) {
                continue;
            }
            List<String> lines = Files.readAllLines(root().resolve(source.file()));
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (!line.startsWith("*") && !line.startsWith("//") && ENVIRONMENT_READ.matcher(line).find()) {
                    reads.add(source.file() + ":" + (i + 1) + " " + line);
                }
            }
        }
        System.out.println("environment read outside config and the entry points: " + reads.size() + " (known "
                + KNOWN_ENVIRONMENT_READS + ")");
        reads.forEach(read -> System.out.println("  " + read));
        assertTrue(reads.size() <= KNOWN_ENVIRONMENT_READS, reads.size() + " lines outside config read the environment,"
                + " known " + KNOWN_ENVIRONMENT_READS + "; take the value from config.ProcessSettings (or Settings) handed"
                + " down by the composition root instead:\n  " + String.join("\n  ", reads));
        if (reads.size() < KNOWN_ENVIRONMENT_READS) {
            System.out.println("  fewer than known: lower KNOWN_ENVIRONMENT_READS in LayeringTest to " + reads.size());
        }
    }

    private static List<String> violations(Rule rule, List<Source> sources) {
        List<String> violations = new ArrayList<>();
        for (Source source : sources) {
            if (rule.from().stream().noneMatch(from -> within(source.pkg(), from))) {
                continue;
            }
            for (String imported : source.imports()) {
                if (rule.banned().stream().anyMatch(banned -> within(imported, banned))) {
                    violations.add(source.file() + " imports " + imported);
                }
            }
        }
        return violations;
    }

    /** Whether {@code name} is {@code pkg} or inside it. */
    private static boolean within(String name, String pkg) {
        return name.equals(pkg) || name.startsWith(pkg + ".");
    }

    private record Source(Path file, String pkg, List<String> imports) {
    }

    private static List<Source> sources() {
        Path root = root();
        List<Source> sources = new ArrayList<>();
        for (String module : List.of("src/main/java", "stdio-launcher/src/main/java", "webapp/src/main/java")) {
            Path dir = root.resolve(module);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                    String text = Files.readString(file);
                    Matcher pkg = PACKAGE.matcher(text);
                    List<String> imports = new ArrayList<>();
                    for (Matcher m = IMPORT.matcher(text); m.find(); ) {
                        imports.add(m.group(1));
                    }
                    sources.add(new Source(root.relativize(file), pkg.find() ? pkg.group(1) : "", imports));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return sources;
    }

    /** The repository's root: the test runs in the core module's folder (src/). */
    private static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("stdio-launcher")) && Files.isDirectory(dir.resolve("src/main/java"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }
}
