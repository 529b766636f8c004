package dev.graphiti.install;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a user should know after installing: what Claude Code still asks of them, and how two installs combine. */
public final class NextSteps {

    static final String PENDING_APPROVAL = "Claude Code asks each person once before it starts the servers of a"
            + " project's .mcp.json: until then /mcp lists graphiti as \"Pending approval\" and its tools are missing."
            + " Approve it at the prompt of the next session in this project, or in /mcp (select graphiti, approve);"
            + " `claude mcp reset-project-choices` brings the prompt back after a refusal.";

    private NextSteps() {
    }

    /**
     * @param installed where graphiti was just installed
     * @param other     the other scope's locations, when known (user scope for a project install and vice versa)
     */
    public static List<String> after(ClaudeLocations installed, Optional<ClaudeLocations> other) {
        List<String> notes = new ArrayList<>();
        if (installed.scope() == ClaudeScope.project) {
            notes.add(PENDING_APPROVAL);
        }
        other.filter(o -> Files.exists(o.manifest())).ifPresent(o -> notes.add("graphiti is installed for "
                + (o.scope() == ClaudeScope.user ? "you (user scope)" : "this project") + " as well: Claude Code starts"
                + " one server named graphiti (the project's .mcp.json entry takes precedence over the user's) and"
                + " the two SessionStart hooks add the context once between them."));
        return notes;
    }
}
