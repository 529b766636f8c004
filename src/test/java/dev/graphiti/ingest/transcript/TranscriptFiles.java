package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The Claude Code-shaped transcript fixtures of the tests, copied where a test needs them. */
public final class TranscriptFiles {

    /** session-a.jsonl: summary, meta, command, tool_use/tool_result, thinking, sidechain, system lines and one malformed line. */
    public static final String SESSION_A = "3f1c2a9e-5b7d-4e21-9c0a-1d2e3f4a5b6c";

    private TranscriptFiles() {
    }

    public static Path copy(String resource, Path target) throws IOException {
        try (InputStream in = TranscriptFiles.class.getResourceAsStream("/transcripts/" + resource)) {
            Files.createDirectories(target.getParent());
            Files.write(target, in.readAllBytes());
        }
        return target;
    }

    /** Appends one user or assistant line shaped like Claude Code writes it. */
    public static void append(Path transcript, String role, String text) throws IOException {
        String content = role.equals("user") ? quote(text)
                : "[{\"type\":\"text\",\"text\":" + quote(text) + "}]";
        String line = "{\"parentUuid\":null,\"isSidechain\":false,\"type\":\"" + role + "\",\"sessionId\":\""
                + SESSION_A + "\",\"message\":{\"role\":\"" + role + "\",\"content\":" + content
                + "},\"uuid\":\"x\",\"timestamp\":\"2025-08-14T11:00:00.000Z\"}\n";
        Files.writeString(transcript, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
