package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Writes Claude Code sessions as Claude Code writes them under &lt;claude home&gt;/projects/&lt;folder&gt;/&lt;id&gt;.jsonl,
 * from a few real turn shapes: a summary line, the user's prompt (a string), the assistant's thinking, text and
 * tool_use blocks, the tool_result the user line carries back (with a file's content, so sizes are realistic),
 * system and file-history-snapshot lines, a subagent's sidechain, meta and command lines; every 25th session has a
 * truncated line in the middle (a crash while writing). Sessions say different things (modules, causes, libraries)
 * and repeat some (the same preference in several sessions), as a project's history does.
 * For tests, and for scripts/bench-backfill: {@code main(claudeHome, projectDirectory, sessions)}.
 */
public final class GeneratedTranscripts {

    private static final String[] MODULES = {"billing", "checkout", "search", "auth", "reports", "inventory", "shipping",
            "notifications", "catalog", "payments", "accounts", "exports"};
    private static final String[] CAUSES = {"an unbounded retry loop", "a missing index on the orders table",
            "a stale cache entry after deploys", "a race between two schedulers", "a connection pool capped at 2",
            "a timezone conversion in the date parser", "an N+1 query in the listing", "a leaked file handle"};
    private static final String[] LIBRARIES = {"HikariCP", "Caffeine", "Jackson", "Flyway", "Resilience4j", "jOOQ",
            "Testcontainers", "Micrometer"};
    private static final String[] CONDITIONS = {"the nightly batch overlaps the backup", "a customer has over 500 orders",
            "the replica lags behind", "two deploys run at once", "the partner API throttles us", "the disk is nearly full",
            "a webhook arrives twice", "the clock moves to summer time", "the cache is cold after a restart",
            "an invoice has no line items", "the queue holds more than 10k messages", "a user renames their account",
            "the import file uses Windows line endings", "the token refresh races a logout", "a shard is rebalanced",
            "the report spans a year boundary", "the CDN serves an old bundle", "a migration runs during traffic",
            "the browser sends an empty locale", "the warehouse feed is late"};
    private static final String[] POLICIES = {"retries with jitter", "a circuit breaker", "idempotency keys",
            "a dead letter queue", "bulkheads per tenant", "request hedging", "a write-ahead outbox", "optimistic locking",
            "backpressure on the consumer", "a read-through cache"};
    private static final String[] PREFERENCES = {"I prefer small commits with one change each.",
            "Never use Mockito for the repository tests; use a real SQLite file.",
            "Always run the formatter before you commit.", "I prefer records over Lombok for data classes."};

    /** One session written: its file, and how many malformed lines it holds. */
    public record Session(Path file, int malformedLines) {
    }

    private GeneratedTranscripts() {
    }

    /** The project folder Claude Code uses for {@code project}, under {@code claudeHome}/projects. */
    public static Path folder(Path claudeHome, Path project) {
        return claudeHome.resolve("projects").resolve(project.toAbsolutePath().normalize().toString().replaceAll("[^A-Za-z0-9]", "-"));
    }

    /** Writes {@code count} sessions that ran in {@code cwd} into its folder. */
    public static List<Session> write(Path claudeHome, Path cwd, int count, long seed) throws IOException {
        Path folder = folder(claudeHome, cwd);
        Files.createDirectories(folder);
        Random random = new Random(seed);
        List<Session> sessions = new ArrayList<>();
        Instant start = Instant.parse("2026-09-01T08:00:00Z");
        for (int i = 0; i < count; i++) {
            String id = new UUID(random.nextLong(), random.nextLong()).toString();
            Path file = folder.resolve(id + ".jsonl");
            int malformed = 0;
            try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                Turns turns = new Turns(out, id, cwd.toString(), start.plusSeconds(3600L * i));
                malformed = session(turns, random, i);
            }
            Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.from(start.plusSeconds(3600L * i + 1800)));
            sessions.add(new Session(file, malformed));
        }
        return sessions;
    }

    private static int session(Turns turns, Random random, int index) throws IOException {
        String module = MODULES[random.nextInt(MODULES.length)];
        String cause = CAUSES[random.nextInt(CAUSES.length)];
        String library = LIBRARIES[random.nextInt(LIBRARIES.length)];
        String component = capitalized(module) + "Service" + index;
        String condition = CONDITIONS[random.nextInt(CONDITIONS.length)];
        String policy = POLICIES[random.nextInt(POLICIES.length)];
        int malformed = 0;
        if (index % 5 == 0) {
            turns.line(Json.createObjectBuilder().add("type", "summary").add("summary", "Fixing " + module + " timeouts")
                    .add("leafUuid", turns.uuid()));
        }
        if (index % 7 == 0) {
            turns.user(Json.createObjectBuilder().add("role", "user").add("content",
                    "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>"), false);
        }
        String preference = index % 3 == 0 ? " " + PREFERENCES[random.nextInt(PREFERENCES.length)] : "";
        turns.user(Json.createObjectBuilder().add("role", "user").add("content", "The " + module + " job fails about once a"
                + " day with a timeout in " + component + ". Can you find out why?" + preference), false);
        String read = "toolu_" + turns.uuid().substring(0, 12);
        turns.assistant(Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("type", "thinking").add("thinking", "We decided to look at the"
                        + " scheduler first. Maybe the root cause was the network.").add("signature", "sig" + index))
                .add(text("Let me read " + component + " first."))
                .add(Json.createObjectBuilder().add("type", "tool_use").add("id", read).add("name", "Read")
                        .add("input", Json.createObjectBuilder().add("file_path", turns.cwd + "/src/main/java/"
                                + component + ".java"))));
        turns.toolResult(read, source(component, random));
        if (index % 4 == 0) {
            turns.sidechain("Explore the " + module + " module and report back.",
                    "We decided to rewrite " + component + " in Kotlin.");
        }
        if (index % 25 == 12) {
            turns.raw("{\"parentUuid\":\"" + turns.parent + "\",\"isSidechain\":false,\"type\":\"assistant\",\"message\":{\"role\":\"ass");
            malformed++;
        }
        String edit = "toolu_" + turns.uuid().substring(0, 12);
        turns.assistant(Json.createArrayBuilder()
                .add(text("I found it. The root cause was " + cause + " in " + component + " when " + condition
                        + "."))
                .add(Json.createObjectBuilder().add("type", "tool_use").add("id", edit).add("name", "Edit")
                        .add("input", Json.createObjectBuilder().add("file_path", turns.cwd + "/src/main/java/" + component
                                + ".java").add("old_string", "retries = -1").add("new_string", "retries = 3"))));
        turns.toolResult(edit, "The file " + component + ".java has been updated.");
        turns.line(Json.createObjectBuilder().add("type", "system").add("subtype", "informational")
                .add("content", "Running PostToolUse hooks").add("level", "info").add("sessionId", turns.session)
                .add("timestamp", turns.now()).add("uuid", turns.uuid()));
        turns.user(Json.createObjectBuilder().add("role", "user").add("content", "Good. Let's use " + library + " for the "
                + module + " module from now on."), false);
        turns.assistant(Json.createArrayBuilder().add(text("Done. We decided to wrap " + component + " calls with "
                + library + " and " + policy + ", with a budget of " + (2 + index % 9) + " seconds. " + component + " talks to the "
                + module + " store through a bounded queue.\n\n```java\n// we decided nothing here\nint retries = 3;\n```")));
        turns.line(Json.createObjectBuilder().add("type", "file-history-snapshot").add("messageId", turns.uuid())
                .add("snapshot", Json.createObjectBuilder().add("trackedFileBackups", Json.createObjectBuilder())));
        turns.user(Json.createObjectBuilder().add("role", "user").add("content", "[Request interrupted by user]"), false);
        turns.user(Json.createObjectBuilder().add("role", "user").add("content", "Thanks! What about the other jobs?"), false);
        return malformed;
    }

    private static JsonObjectBuilder text(String text) {
        return Json.createObjectBuilder().add("type", "text").add("text", text);
    }

    /** A Java file's text as the Read tool returns it, 2-12 KB. */
    private static String source(String component, Random random) {
        StringBuilder text = new StringBuilder();
        int lines = 60 + random.nextInt(300);
        for (int line = 1; line <= lines; line++) {
            text.append(String.format("%6d\t", line)).append(line == 1 ? "public final class " + component + " {"
                    : "    private int field" + line + " = " + random.nextInt(1000) + "; // the decision was made elsewhere").append('\n');
        }
        return text.toString();
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }

    /** Writes the lines of one session, each chained to the one before. */
    private static final class Turns {
        private final Writer out;
        private final String session;
        private final String cwd;
        private Instant clock;
        private String parent;
        private int counter;

        Turns(Writer out, String session, String cwd, Instant clock) {
            this.out = out;
            this.session = session;
            this.cwd = cwd;
            this.clock = clock;
        }

        String uuid() {
            return UUID.nameUUIDFromBytes((session + counter++).getBytes(StandardCharsets.UTF_8)).toString();
        }

        String now() {
            clock = clock.plusSeconds(20);
            return clock.toString();
        }

        void user(JsonObjectBuilder message, boolean meta) throws IOException {
            message(common("user").add("message", message).add("isMeta", meta));
        }

        void assistant(JsonArrayBuilder content) throws IOException {
            message(common("assistant").add("message", Json.createObjectBuilder().add("id", "msg_" + counter)
                    .add("type", "message").add("role", "assistant").add("model", "claude-sonnet-4-5")
                    .add("content", content).add("stop_reason", "end_turn")
                    .add("usage", Json.createObjectBuilder().add("input_tokens", 1200).add("output_tokens", 300)))
                    .add("requestId", "req_" + counter));
        }

        void toolResult(String toolUseId, String content) throws IOException {
            message(common("user").add("message", Json.createObjectBuilder().add("role", "user").add("content",
                    Json.createArrayBuilder().add(Json.createObjectBuilder().add("tool_use_id", toolUseId)
                            .add("type", "tool_result").add("content", content).add("is_error", false))))
                    .add("toolUseResult", Json.createObjectBuilder().add("type", "text")));
        }

        void sidechain(String prompt, String answer) throws IOException {
            line(common("user").add("isSidechain", true).add("message", Json.createObjectBuilder().add("role", "user")
                    .add("content", prompt)));
            line(common("assistant").add("isSidechain", true).add("message", Json.createObjectBuilder()
                    .add("role", "assistant").add("content", Json.createArrayBuilder().add(text(answer)))));
        }

        private JsonObjectBuilder common(String type) {
            return ClaudeCodeSessionWriter.common(type, parent, session, cwd);
        }

        private void message(JsonObjectBuilder line) throws IOException {
            String uuid = uuid();
            line(line.add("uuid", uuid).add("timestamp", now()));
            parent = uuid;
        }

        void line(JsonObjectBuilder line) throws IOException {
            raw(line.build().toString());
        }

        void raw(String text) throws IOException {
            out.write(text);
            out.write('\n');
        }
    }

    /** Writes sessions for the benchmark: claudeHome projectDirectory sessions. */
    public static void main(String[] args) throws IOException {
        Path claude = Path.of(args[0]);
        Path project = Path.of(args[1]);
        int count = Integer.parseInt(args[2]);
        List<Session> sessions = write(claude, project, count, 42);
        long bytes = 0;
        for (Session session : sessions) {
            bytes += Files.size(session.file());
        }
        System.err.printf("wrote %d sessions, %.1f MB, under %s%n", sessions.size(), bytes / 1e6, folder(claude, project));
    }
}
