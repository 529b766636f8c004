package dev.graphiti.ingest.transcript;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The agents whose own session logs graphiti captures, each with the reader of its format. The agent is named in
 * the items' source (Claude Code's keep the plain "capture:&lt;session&gt;" they always had; another agent's read
 * "capture:&lt;agent&gt;:&lt;session&gt;"), so an item says which agent's session it came from.
 */
public enum AgentLog {
    CLAUDE("claude", "Claude Code", TranscriptReader::new),
    CODEX("codex", "Codex CLI", CodexRolloutReader::new),
    QWEN("qwen", "Qwen Code", QwenChatReader::new),
    GEMINI("gemini", "Gemini CLI", GeminiChatReader::new),
    COPILOT("copilot", "GitHub Copilot CLI", CopilotSessionReader::new),
    OPENCODE("opencode", "opencode", OpencodeSessionReader::new);

    /** A Codex rollout's name ends in its session id, a UUID: rollout-2026-11-28T22-13-02-&lt;uuid&gt;.jsonl. */
    private static final Pattern ROLLOUT = Pattern.compile(
            "rollout-.*-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.jsonl");

    private final String id;
    private final String title;
    private final Supplier<SessionReader> reader;

    AgentLog(String id, String title, Supplier<SessionReader> reader) {
        this.id = id;
        this.title = title;
        this.reader = reader;
    }

    /** As `capture --agent` takes it. */
    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public SessionReader reader() {
        return reader.get();
    }

    /**
     * Whether the agent's sessions are rows of one database (opencode's) rather than files: a session's log is then
     * named database/session id, a path no file is at, so the session is found by its id.
     */
    public boolean keepsDatabase() {
        return this == OPENCODE;
    }

    /**
     * The source of the items captured from session {@code sessionId}; the redaction leaves every agent's session id
     * as it is (UUIDs, and opencode's ses_ ids by their shape).
     */
    public String source(String sessionId) {
        return this == CLAUDE ? "capture:" + sessionId : "capture:" + id + ":" + sessionId;
    }

    /**
     * The session a log file records: Claude Code's file name, the UUID a Codex rollout's name ends in, the folder a
     * Copilot CLI session's events.jsonl is in, an opencode session's id (its log's name).
     */
    public String sessionOf(Path log) {
        String name = log.getFileName().toString();
        if (this == COPILOT && name.equals(CopilotSessions.EVENTS) && log.getParent() != null) {
            return log.getParent().getFileName().toString();
        }
        if (this == CODEX) {
            Matcher rollout = ROLLOUT.matcher(name);
            if (rollout.matches()) {
                return rollout.group(1);
            }
        }
        return TranscriptLocator.sessionOf(log);
    }

    /** The agent named {@code id}, if graphiti reads its logs. */
    public static Optional<AgentLog> named(String id) {
        return Arrays.stream(values()).filter(agent -> agent.id.equals(id)).findFirst();
    }
}
