package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * Writes opencode's sessions as opencode 1.18.33 keeps them (the shapes seen in an `opencode run` against a model on
 * loopback, the words our own): one SQLite database, &lt;XDG_DATA_HOME or ~/.local/share&gt;/opencode/opencode.db, its
 * tables project, session (directory, parent_id), message (data: {role, time, path: {cwd, root}, ...}) and part
 * (data: {type: text | tool | step-start | step-finish | patch | reasoning, ...}), created with opencode's own DDL.
 */
public final class OpencodeDatabase {

    private static final String[] TABLES = {
        "CREATE TABLE `project` (`id` text PRIMARY KEY, `worktree` text NOT NULL, `vcs` text, `name` text, `icon_url` text,"
            + " `icon_url_override` text, `icon_color` text, `time_created` integer NOT NULL, `time_updated` integer NOT NULL,"
            + " `time_initialized` integer, `sandboxes` text NOT NULL, `commands` text)",
        "CREATE TABLE `session` (`id` text PRIMARY KEY, `project_id` text NOT NULL, `workspace_id` text, `parent_id` text,"
            + " `slug` text NOT NULL, `directory` text NOT NULL, `path` text, `title` text NOT NULL, `version` text NOT NULL,"
            + " `share_url` text, `summary_additions` integer, `summary_deletions` integer, `summary_files` integer,"
            + " `summary_diffs` text, `metadata` text, `cost` real DEFAULT 0 NOT NULL, `tokens_input` integer DEFAULT 0 NOT NULL,"
            + " `tokens_output` integer DEFAULT 0 NOT NULL, `tokens_reasoning` integer DEFAULT 0 NOT NULL,"
            + " `tokens_cache_read` integer DEFAULT 0 NOT NULL, `tokens_cache_write` integer DEFAULT 0 NOT NULL,"
            + " `revert` text, `permission` text, `agent` text, `model` text, `time_created` integer NOT NULL,"
            + " `time_updated` integer NOT NULL, `time_compacting` integer, `time_archived` integer,"
            + " CONSTRAINT `fk_session_project_id_project_id_fk` FOREIGN KEY (`project_id`) REFERENCES `project`(`id`)"
            + " ON DELETE CASCADE)",
        "CREATE TABLE `message` (`id` text PRIMARY KEY, `session_id` text NOT NULL, `time_created` integer NOT NULL,"
            + " `time_updated` integer NOT NULL, `data` text NOT NULL, CONSTRAINT `fk_message_session_id_session_id_fk`"
            + " FOREIGN KEY (`session_id`) REFERENCES `session`(`id`) ON DELETE CASCADE)",
        "CREATE TABLE `part` (`id` text PRIMARY KEY, `message_id` text NOT NULL, `session_id` text NOT NULL,"
            + " `time_created` integer NOT NULL, `time_updated` integer NOT NULL, `data` text NOT NULL,"
            + " CONSTRAINT `fk_part_message_id_message_id_fk` FOREIGN KEY (`message_id`) REFERENCES `message`(`id`)"
            + " ON DELETE CASCADE)"};

    private final Path file;
    private long clock;
    private int ids;

    private OpencodeDatabase(Path file, Instant at) {
        this.file = file;
        this.clock = at.toEpochMilli();
    }

    /** Creates dataHome/opencode/opencode.db (dataHome is ~/.local/share or XDG_DATA_HOME) with opencode's tables. */
    public static OpencodeDatabase create(Path dataHome, Instant at) throws Exception {
        Path file = Files.createDirectories(dataHome.resolve("opencode")).resolve("opencode.db");
        OpencodeDatabase database = new OpencodeDatabase(file, at);
        try (Connection connection = database.open(); Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode=WAL");
            for (String table : TABLES) {
                statement.execute(table);
            }
        }
        return database;
    }

    public Path file() {
        return file;
    }

    /** A session run in {@code directory}; {@code parent} names the session that spawned it (a subagent's), or null. */
    public Session session(String id, Path directory, String parent) throws Exception {
        tick();
        String project = "p" + Integer.toHexString(directory.hashCode());
        insert("INSERT OR IGNORE INTO project (id, worktree, vcs, time_created, time_updated, sandboxes)"
                + " VALUES (?, ?, 'git', ?, ?, '[]')", project, directory.toString(), clock, clock);
        insert("INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, agent, time_created,"
                + " time_updated) VALUES (?, ?, ?, 'calm-river', ?, 'New session', '1.18.33', 'build', ?, ?)", id, project,
                parent, directory.toString(), clock, clock);
        return new Session(id, directory);
    }

    /** One session's messages, appended as opencode appends them. */
    public final class Session {
        private final String id;
        private final Path directory;

        private Session(String id, Path directory) {
            this.id = id;
            this.directory = directory;
        }

        public String id() {
            return id;
        }

        /** The user's message: their words, and a synthetic part opencode adds (not the user's). */
        public Session user(String words) throws Exception {
            String message = message(Json.createObjectBuilder().add("role", "user").add("time",
                    Json.createObjectBuilder().add("created", clock)).add("agent", "build"));
            part(message, Json.createObjectBuilder().add("type", "text").add("text", words));
            part(message, Json.createObjectBuilder().add("type", "text").add("synthetic", true)
                    .add("text", "We decided to switch to plan mode (a reminder opencode adds)."));
            return this;
        }

        /**
         * One assistant message: a step, a reasoning part, (when {@code tool} is given: read, edit or write) its call on
         * {@code path} relative to the directory and the patch part an edit leaves, the model's words, the step's end.
         */
        public Session assistant(String tool, String path, String words) throws Exception {
            return assistant(tool, path, words, true);
        }

        /** The same, still being written: no time.completed yet. */
        public Session answering(String words) throws Exception {
            return assistant(null, null, words, false);
        }

        private Session assistant(String tool, String path, String words, boolean completed) throws Exception {
            JsonObjectBuilder time = Json.createObjectBuilder().add("created", clock);
            if (completed) {
                time.add("completed", clock + 300);
            }
            String message = message(Json.createObjectBuilder().add("role", "assistant").add("mode", "build")
                    .add("agent", "build").add("path", Json.createObjectBuilder().add("cwd", directory.toString())
                            .add("root", directory.toString())).add("modelID", "m").add("providerID", "fake")
                    .add("time", time).add("finish", tool == null ? "stop" : "tool-calls"));
            part(message, Json.createObjectBuilder().add("type", "step-start").add("snapshot", "9344aa86"));
            part(message, Json.createObjectBuilder().add("type", "reasoning").add("text", "We decided to drop the tests."));
            if (tool != null) {
                String absolute = directory.resolve(path).toString();
                JsonObjectBuilder input = Json.createObjectBuilder().add("filePath", absolute);
                if (tool.equals("edit")) {
                    input.add("oldString", "pass").add("newString", "return Decimal(0)");
                }
                part(message, Json.createObjectBuilder().add("type", "tool").add("tool", tool).add("callID", "call_" + ids)
                        .add("state", Json.createObjectBuilder().add("status", "completed").add("input", input)
                                .add("output", "We decided to use Kafka for everything.").add("title", path)));
                if (!tool.equals("read")) {
                    part(message, Json.createObjectBuilder().add("type", "patch").add("hash", "92e1b63d")
                            .add("files", Json.createArrayBuilder().add(absolute)));
                }
            }
            part(message, Json.createObjectBuilder().add("type", "text").add("text", words));
            part(message, Json.createObjectBuilder().add("type", "step-finish").add("reason", tool == null ? "stop"
                    : "tool-calls"));
            return this;
        }

        private String message(JsonObjectBuilder data) throws SQLException {
            tick();
            String message = "msg_" + Long.toHexString(clock) + String.format("%04d", ids++) + "x";
            insert("INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)",
                    message, id, clock, clock, data.build().toString());
            return message;
        }

        private void part(String message, JsonObjectBuilder data) throws SQLException {
            tick();
            insert("INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)",
                    "prt_" + Long.toHexString(clock) + String.format("%04d", ids++) + "x", message, id, clock, clock,
                    data.build().toString());
        }
    }

    private void insert(String sql, Object... values) throws SQLException {
        try (Connection connection = open(); PreparedStatement insert = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                insert.setObject(i + 1, values[i]);
            }
            insert.executeUpdate();
        }
    }

    private void tick() {
        clock += 1000;
    }

    private Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file);
    }
}
