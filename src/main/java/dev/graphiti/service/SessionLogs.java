package dev.graphiti.service;

import dev.graphiti.ingest.transcript.AgentLog;
import dev.graphiti.ingest.transcript.CodexRollouts;
import dev.graphiti.ingest.transcript.CopilotSessions;
import dev.graphiti.ingest.transcript.GeminiChats;
import dev.graphiti.ingest.transcript.OpencodeSessions;
import dev.graphiti.ingest.transcript.SessionFile;
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
 * chats (~/.qwen unless set), Gemini CLI's under &lt;GEMINI_CLI_HOME or ~&gt;/.gemini/tmp/&lt;project&gt;/chats, Copilot
 * CLI's under $COPILOT_HOME/session-state (~/.copilot unless set), opencode's in its database under
 * &lt;XDG_DATA_HOME or ~/.local/share&gt;/opencode; a variable is relative to the working directory, as the agents read it.
 */
public final class SessionLogs {

    /** Logs of sessions that ran in one directory (as they say), and where they were found. */
    public record Group(AgentLog agent, Path folder, Optional<Path> workingDirectory, List<Path> logs) {
    }

    /** Where each agent keeps its files. */
    public record Homes(Path claude, Path codex, Path qwen, Path gemini, Path copilot, Path opencode,
                        Path opencodeDatabase) {

        /**
         * Each agent's folder from its variable when set (CODEX_HOME, QWEN_HOME, GEMINI_CLI_HOME, COPILOT_HOME,
         * XDG_DATA_HOME and OPENCODE_DB), else its default under the user's home.
         */
        public static Homes of(Path claude, Map<String, String> variables, Path userHome, Path workingDirectory) {
            Path opencode = home(variables, "XDG_DATA_HOME", userHome.resolve(".local/share"), workingDirectory)
                    .resolve("opencode");
            return new Homes(claude, home(variables, "CODEX_HOME", userHome.resolve(".codex"), workingDirectory),
                    home(variables, "QWEN_HOME", userHome.resolve(".qwen"), workingDirectory),
                    home(variables, "GEMINI_CLI_HOME", userHome, workingDirectory).resolve(".gemini"),
                    home(variables, "COPILOT_HOME", userHome.resolve(".copilot"), workingDirectory), opencode,
                    home(variables, "OPENCODE_DB", opencode.resolve("opencode.db"), opencode));
        }

        private static Path home(Map<String, String> variables, String name, Path fallback, Path workingDirectory) {
            String set = variables.get(name);
            return set != null && !set.isBlank() ? workingDirectory.resolve(set).normalize() : fallback;
        }
    }

    private final Homes homes;
    private final CodexRollouts codex;
    private final GeminiChats gemini;
    private final CopilotSessions copilot;
    private final OpencodeSessions opencode;

    public SessionLogs(Homes homes) {
        this.homes = homes;
        this.codex = new CodexRollouts(homes.codex());
        this.gemini = new GeminiChats(homes.gemini());
        this.copilot = new CopilotSessions(homes.copilot());
        this.opencode = new OpencodeSessions(homes.opencode(), homes.opencodeDatabase());
    }

    /** Where the agent's session logs are kept. */
    public Path folder(AgentLog agent) {
        return switch (agent) {
            case CLAUDE -> homes.claude().resolve("projects");
            case CODEX -> codex.folder();
            case QWEN -> homes.qwen().resolve("projects");
            case GEMINI -> gemini.folder();
            case COPILOT -> copilot.folder();
            case OPENCODE -> opencode.folder();
        };
    }

    /** Whether the agent keeps sessions on this machine (its folder exists). */
    public boolean present(AgentLog agent) {
        return Files.isDirectory(folder(agent));
    }

    /** Every log of the agent's sessions in the project rooted at {@code projectRoot}, oldest first. */
    public List<Path> ofProject(AgentLog agent, Path projectRoot) throws IOException {
        return switch (agent) {
            case CODEX, GEMINI, COPILOT, OPENCODE -> SessionFile.ofProject(files(agent), projectRoot);
            case CLAUDE, QWEN -> folders(agent).projectTranscripts(projectRoot);
        };
    }

    /** The log of the agent's session {@code sessionId} in {@code project}. */
    public Optional<Path> session(AgentLog agent, Path project, String sessionId) throws IOException {
        if (!keepsFolders(agent)) {
            return files(agent).stream().map(SessionFile::file).filter(file -> agent.sessionOf(file).equals(sessionId))
                    .findFirst();
        }
        return folders(agent).session(project, sessionId);
    }

    /** The project's most recent log of the agent. */
    public Optional<Path> latest(AgentLog agent, Path project) throws IOException {
        if (!keepsFolders(agent)) {
            List<Path> logs = ofProject(agent, project);
            return logs.isEmpty() ? Optional.empty() : Optional.of(logs.get(logs.size() - 1));
        }
        return folders(agent).latest(project);
    }

    /** Every log the agent kept, grouped by the directory its sessions ran in. */
    public List<Group> all(AgentLog agent) throws IOException {
        List<Group> groups = new ArrayList<>();
        if (!keepsFolders(agent)) {
            for (SessionFile log : files(agent)) {
                groups.add(new Group(agent, log.file(), log.workingDirectory(), List.of(log.file())));
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

    /** The agents that keep a folder per project: Claude Code and Qwen Code; every other one's log says where it ran. */
    private static boolean keepsFolders(AgentLog agent) {
        return agent == AgentLog.CLAUDE || agent == AgentLog.QWEN;
    }

    /** Every log of an agent whose logs each say where they ran, with that directory. */
    private List<SessionFile> files(AgentLog agent) throws IOException {
        return switch (agent) {
            case CODEX -> codex.all();
            case GEMINI -> gemini.all();
            case COPILOT -> copilot.all();
            case OPENCODE -> opencode.all();
            case CLAUDE, QWEN -> throw new IllegalArgumentException(agent.title() + " keeps a folder per project");
        };
    }

    /** The agents that keep a folder per project: Claude Code and Qwen Code. */
    private TranscriptLocator folders(AgentLog agent) {
        return agent == AgentLog.QWEN ? TranscriptLocator.qwen(homes.qwen()) : new TranscriptLocator(homes.claude());
    }
}
