package dev.graphiti.ingest.transcript;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sqlite.SQLiteConfig;

/**
 * Reads an opencode session from opencode 1.18.33's SQLite database (see {@link OpencodeSessions}: a session's log is
 * named &lt;database&gt;/&lt;session id&gt;). Its offsets count messages: the session's messages in the order opencode
 * wrote them (time_created, then their ascending ids), so a read from N starts at the N+1th. Kept: the text parts of
 * "user" messages (not the synthetic ones opencode adds, nor ignored ones) and of "assistant" messages (not a
 * compaction's summary), and the files each assistant message's tool parts read or changed (read, edit, write: the
 * input's filePath) and its patch parts name (files an edit, write or apply_patch changed). A user's prompt that
 * `opencode run` quoted (one argument with a space in it) is read without its quotes. Left out: reasoning, tool
 * output, step, snapshot, agent and subtask parts. The last message, while opencode is still writing it (an
 * assistant's without time.completed, or a message with no parts yet), is left for the next read, as a JSONL reader
 * leaves a line with no newline. The database is opened read-only.
 */
public final class OpencodeSessionReader implements SessionReader {

    /** opencode's tools that read or change the one file their input's filePath names. */
    private static final Set<String> FILE_TOOLS = Set.of("read", "edit", "write");
    /** A prompt `opencode run "..."` sent: it quotes an argument with a space in it, escaping its quotes. */
    private static final Pattern RUN_ARGUMENT = Pattern.compile("\"((?:[^\"\\\\]|\\\\\")*)\"", Pattern.DOTALL);
    /** How long a read waits for opencode's own write to end. */
    private static final int BUSY_MILLIS = 5_000;

    /** One message row: its id, when it was created, and its data (empty when not a JSON object). */
    private record Message(String id, long created, Optional<JsonObject> data) {
    }

    @Override
    public TranscriptChunk read(Path log, long offset, String sessionId) throws IOException {
        try (Connection connection = open(log.getParent())) {
            List<Message> messages = messages(connection, log.getFileName().toString());
            int end = complete(connection, messages);
            JsonLines.Reading reading = new JsonLines.Reading(sessionId);
            int malformed = 0;
            for (int i = (int) Math.min(offset, end); i < end; i++) {
                Message message = messages.get(i);
                if (message.data().isEmpty()) {
                    malformed++;
                    continue;
                }
                turn(message, parts(connection, message.id()), reading);
            }
            return new TranscriptChunk(reading.turns(), offset, Math.max(end, offset), Math.max(end - (int) offset, 0),
                    malformed, reading.touched());
        } catch (SQLException e) {
            throw new IOException("cannot read opencode's database " + log.getParent() + ": " + e.getMessage(), e);
        }
    }

    /** The session's messages opencode has finished writing. */
    @Override
    public long end(Path log) throws IOException {
        try (Connection connection = open(log.getParent())) {
            return complete(connection, messages(connection, log.getFileName().toString()));
        } catch (SQLException e) {
            throw new IOException("cannot read opencode's database " + log.getParent() + ": " + e.getMessage(), e);
        }
    }

    private static void turn(Message message, List<JsonObject> parts, JsonLines.Reading reading) {
        JsonObject data = message.data().orElseThrow();
        String role = TranscriptReader.string(data, "role");
        boolean user = role.equals("user");
        if (!user && (!role.equals("assistant") || data.get("summary") == JsonValue.TRUE)) {
            return;
        }
        if (data.get("path") instanceof JsonObject path) {
            reading.cwd(TranscriptReader.string(path, "cwd"));
        }
        StringBuilder words = new StringBuilder();
        for (JsonObject part : parts) {
            switch (TranscriptReader.string(part, "type")) {
                case "text" -> {
                    if (part.get("synthetic") != JsonValue.TRUE && part.get("ignored") != JsonValue.TRUE) {
                        String text = TranscriptReader.string(part, "text").strip();
                        words.append(words.length() > 0 && !text.isEmpty() ? "\n\n" : "").append(text);
                    }
                }
                case "tool" -> {
                    if (!user && FILE_TOOLS.contains(TranscriptReader.string(part, "tool"))
                            && part.get("state") instanceof JsonObject state && state.get("input") instanceof JsonObject input) {
                        reading.touch(TranscriptReader.string(input, "filePath"));
                    }
                }
                case "patch" -> {
                    if (part.get("files") instanceof JsonArray files) {
                        files.stream().filter(JsonString.class::isInstance)
                                .forEach(file -> reading.touch(((JsonString) file).getString()));
                    }
                }
                default -> {
                    // reasoning, step, snapshot, file, agent and subtask parts: not the people's words
                }
            }
        }
        String said = words.toString();
        Matcher argument = RUN_ARGUMENT.matcher(said);
        if (user && argument.matches()) {
            said = argument.group(1).replace("\\\"", "\"");
        }
        reading.turn("", user ? Turn.Role.user : Turn.Role.assistant, TranscriptReader.clean(said),
                Instant.ofEpochMilli(message.created()));
    }

    /** How many of the messages opencode has finished: all but a last one it is still writing. */
    private static int complete(Connection connection, List<Message> messages) throws SQLException {
        if (messages.isEmpty()) {
            return 0;
        }
        Message last = messages.get(messages.size() - 1);
        boolean writing = last.data().map(data -> TranscriptReader.string(data, "role").equals("assistant")
                && !(data.get("time") instanceof JsonObject time && time.containsKey("completed"))).orElse(false);
        return writing || parts(connection, last.id()).isEmpty() ? messages.size() - 1 : messages.size();
    }

    private static List<Message> messages(Connection connection, String session) throws SQLException {
        return rows(connection, "SELECT id, time_created, data FROM message WHERE session_id = ? ORDER BY time_created, id",
                session, row -> new Message(row.getString(1), row.getLong(2), object(row.getString(3))));
    }

    private static List<JsonObject> parts(Connection connection, String message) throws SQLException {
        return rows(connection, "SELECT data FROM part WHERE message_id = ? ORDER BY id", message,
                row -> object(row.getString(1)).orElse(JsonValue.EMPTY_JSON_OBJECT));
    }

    /** One row as a value. */
    private interface Row<T> {
        T of(ResultSet row) throws SQLException;
    }

    /** The rows {@code sql} selects for {@code key}, each as {@code row} makes it. */
    private static <T> List<T> rows(Connection connection, String sql, String key, Row<T> row) throws SQLException {
        List<T> found = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            query.setString(1, key);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    found.add(row.of(rows));
                }
            }
        }
        return found;
    }

    static Optional<JsonObject> object(String text) {
        if (text == null) {
            return Optional.empty();
        }
        try (JsonReader json = Json.createReader(new StringReader(text))) {
            return json.readValue() instanceof JsonObject object ? Optional.of(object) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** opencode's database, read-only; a missing one is a log that is gone. */
    static Connection open(Path database) throws IOException, SQLException {
        if (!Files.isRegularFile(database, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(database.toString(), null, "no opencode database");
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(BUSY_MILLIS);
        return config.createConnection("jdbc:sqlite:" + database);
    }
}
