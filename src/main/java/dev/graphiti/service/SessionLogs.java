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
 * Finds each agent's own session logs, for capture: Claude Code's transcripts under its projects/ folder (see
 * {@link Transcripts}), Codex's rollouts under $CODEX_HOME/sessions (~/.codex unless set, relative to the working
 * directory as Codex reads it).
 */
public final class SessionLogs {

    /** Logs of sessions that ran in one directory (as they say), and where they were found. */
    public record Group(AgentLog agent, Path folder, Optional<Path> workingDirectory, List<Path> logs) {
    }

    private final Transcripts claude;
    private final CodexRollouts codex;
    private final Path claudeProjects;

    public SessionLogs(Path claudeHome, Path codexHome) {
        this.claude = new Transcripts(claudeHome);
        this.codex = new CodexRollouts(codexHome);
        this.claudeProjects = claudeHome.resolve("projects");
    }

    /** Codex's folder: CODEX_HOME when set, else ~/.codex. */
    public static Path codexHome(Map<String, String> variables, Path userHome, Path workingDirectory) {
        String set = variables.get("CODEX_HOME");
        return set != null && !set.isBlank() ? workingDirectory.resolve(set).normalize() : userHome.resolve(".codex");
    }

    /** Where the agent's session logs are kept. */
    public Path folder(AgentLog agent) {
        return agent == AgentLog.CODEX ? codex.folder() : claudeProjects;
    }

    /** Whether the agent keeps sessions on this machine (its folder exists). */
    public boolean present(AgentLog agent) {
        return Files.isDirectory(folder(agent));
    }

    /** Every log of the agent's sessions in the project rooted at {@code projectRoot}, oldest first. */
    public List<Path> ofProject(AgentLog agent, Path projectRoot) throws IOException {
        return agent == AgentLog.CODEX ? codex.ofProject(projectRoot) : claude.ofProject(projectRoot);
    }

    /** The log of the agent's session {@code sessionId} in {@code project}. */
    public Optional<Path> session(AgentLog agent, Path project, String sessionId) throws IOException {
        return agent == AgentLog.CODEX ? codex.session(sessionId) : claude.session(project, sessionId);
    }

    /** The project's most recent log of the agent. */
    public Optional<Path> latest(AgentLog agent, Path project) throws IOException {
        return agent == AgentLog.CODEX ? codex.latest(project) : claude.latest(project);
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
        for (TranscriptLocator.ProjectFolder folder : claude.projects()) {
            List<Path> files = Transcripts.in(folder.folder());
            if (!files.isEmpty()) {
                groups.add(new Group(agent, folder.folder(), folder.workingDirectory(), files));
            }
        }
        return groups;
    }
}
