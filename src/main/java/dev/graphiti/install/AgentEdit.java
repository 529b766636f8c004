package dev.graphiti.install;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** One thing install puts into an agent's configuration; uninstall takes exactly it out again. */
sealed interface AgentEdit {

    Path file();

    /** What the report names inside the file (e.g. mcpServers.graphiti). */
    String entry();

    /** A member of a JSON (or JSONC) object, e.g. mcpServers.graphiti in Gemini CLI's settings.json. */
    record JsonMember(Path file, boolean jsonc, List<String> object, String key, Json value) implements AgentEdit {
        public JsonMember {
            object = List.copyOf(object);
        }

        @Override
        public String entry() {
            return String.join(".", object) + "." + key;
        }
    }

    /**
     * Hook groups appended to the arrays of a JSON hooks object (event name to group), e.g. Codex's hooks.json, and
     * the members a hooks file starts with when graphiti creates it (Cursor's "version": 1).
     */
    record JsonHooks(Path file, java.util.Map<String, Json> groups, java.util.Map<String, Json> header)
            implements AgentEdit {

        JsonHooks(Path file, java.util.Map<String, Json> groups) {
            this(file, groups, java.util.Map.of());
        }

        @Override
        public String entry() {
            return String.join(", ", groups.keySet().stream().map(e -> "hooks." + e).toList());
        }
    }

    /** A TOML table appended to a file, e.g. [mcp_servers.graphiti] in Codex's config.toml. */
    record TomlTable(Path file, String header, String text) implements AgentEdit {
        @Override
        public String entry() {
            return "[" + header + "]";
        }
    }

    /** A whole file graphiti owns, e.g. the agent's skills/graphiti/SKILL.md. */
    record OwnFile(Path file, String text) implements AgentEdit {
        byte[] bytes() {
            return text.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String entry() {
            return "";
        }
    }
}
