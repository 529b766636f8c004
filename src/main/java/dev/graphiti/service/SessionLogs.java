package dev.graphiti.service;

import dev.graphiti.ingest.transcript.AgentLog;
import dev.graphiti.ingest.transcript.CodexRollouts;
import dev.graphiti.ingest.transcript.TranscriptLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds each agent's own session logs, for capture: Claude Code's transcripts under its projects/ folder, Codex's
 * rollouts under $CODEX_HOME/sessions (~/.codex unless set), Qwen Code's sessions under $QWEN_HOME/projects/&lt;project&gt;/
 * chats (~/.qwen unless set); a variable is relative to the working directory, as the agents read it.
 */
public final class SessionLogs {

    /** Logs of sessions that ran in one directory (as they say), and where they were found. */
    public record Group(AgentLog agent, Path folder, Optional<Path> workingDirectory, List<Path> logs) {
    }

    /** Where each agent keeps its files. */
    public record Homes(Path claude, Path codex, Path qwen) {

        /** Codex's and Qwen Code's folders from CODEX_HOME and QWEN_HOME when set, else ~/.codex and ~/.qwen. */
        public static Homes of(Path claude, Map<String, String> variables, Path userHome, Path workingDirectory) {
            return new Homes(claude, home(variables, "CODEX_HOME", userHome.resolve(".codex"), workingDirectory),
                    home(variables, "QWEN_HOME", userHome.resolve(".qwen"), workingDirectory));
        }

        private static Path home(Map<String, String> variables, String name, Path fallback, Path workingDirectory) {
            String set = variables.get(name);
            return set != null && !set.isBlank() ? workingDirectory.resolve(set).normalize() : fallback;
        }
    }

    private final Homes homes;
    private final CodexRollouts codex;

    public SessionLogs(Homes homes) {
        this.homes = homes;
        this.codex = new CodexRollouts(homes.codex());
    }

    /** Where the agent's session logs are kept. */
    public Path folder(AgentLog agent) {
        return switch (agent) {
            case CLAUDE -> homes.claude().resolve("projects");
            case CODEX -> codex.folder();
            case QWEN -> homes.qwen().resolve("projects");
        };
    }

    /** Whether the agent keeps sessions on this machine (its folder exists). */
    public boolean present(AgentLog agent) {
        return Files.isDirectory(folder(agent));
    }

    /** Every log of the agent's sessions in the project rooted at {@code projectRoot}, oldest first. */
    public List<Path> ofProject(AgentLog agent, Path projectRoot) throws IOException {
        return agent == AgentLog.CODEX ? codex.ofProject(projectRoot) : folders(agent).projectTranscripts(projectRoot);
    }

    /** The log of the agent's session {@code sessionId} in {@code project}. */
    public Optional<Path> session(AgentLog agent, Path project, String sessionId) throws IOException {
        return agent == AgentLog.CODEX ? codex.session(sessionId) : folders(agent).session(project, sessionId);
    }

    /** The project's most recent log of the agent. */
    public Optional<Path> latest(AgentLog agent, Path project) throws IOException {
        return agent == AgentLog.CODEX ? codex.latest(project) : folders(agent).latest(project);
    }

    /** Every log the agent kept, grouped by the directory its sessions ran in. */
    public List<Group> all(AgentLog agent) throws IOException {
        List<Group> groups = new ArrayList<>();
        if (agent == AgentLog.CODEX) {
            for (CodexRollouts.Rollout rollout : codex.all()) {
                groups.add(new Group(agent, rollout.file(), rollout.workingDirectory(), List.of(rollout.file())));
            }
            return groups;
        }
        for (TranscriptLocator.ProjectFolder folder : folders(agent).allProjects()) {
            List<Path> files = TranscriptLocator.transcriptsIn(folder.folder());
            if (!files.isEmpty()) {
                groups.add(new Group(agent, folder.folder(), folder.workingDirectory(), files));
            }
        }
        return groups;
    }

    /** The agents that keep a folder per project: Claude Code and Qwen Code. */
    private TranscriptLocator folders(AgentLog agent) {
        return agent == AgentLog.QWEN ? TranscriptLocator.qwen(homes.qwen()) : new TranscriptLocator(homes.claude());
    }
}
