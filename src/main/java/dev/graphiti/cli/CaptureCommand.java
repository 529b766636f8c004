package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.hook.HookInput;
import dev.graphiti.ingest.transcript.AgentLog;
import dev.graphiti.ingest.transcript.CaptureReport;
import dev.graphiti.service.CaptureService;
import dev.graphiti.service.SessionLogs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * `graphiti capture`: stores the decisions, preferences, root causes and architecture statements of
 * the new turns of an agent's session (Claude Code's by default, another's with --agent NAME). With --async it returns at once and captures in the
 * background (see {@link BackgroundCapture}); with --all it takes every kept transcript (see {@link CaptureAll}).
 */
@Command(name = "capture", mixinStandardHelpOptions = true,
        description = "Store what an agent's session (Claude Code's, Codex's, ...) decided, preferred and found (only turns"
                + " not captured before).")
final class CaptureCommand extends GraphSubcommand {

    @Option(names = "--transcript", paramLabel = "PATH", description = "The transcript (JSONL) to read (default: the"
            + " one a Claude Code hook names on stdin, the session's under ~/.claude/projects, or the project's newest).")
    Path transcript;

    @Option(names = "--agent", paramLabel = "NAME", converter = AgentLogName.class, description = "Whose session"
            + " logs to read: claude (Claude Code's transcripts, the default), codex (Codex CLI's rollouts under"
            + " $CODEX_HOME/sessions), qwen (Qwen Code's chats under $QWEN_HOME/projects), gemini (Gemini CLI's under"
            + " ~/.gemini/tmp), copilot (Copilot CLI's under $COPILOT_HOME/session-state) or opencode (the sessions in"
            + " opencode's database, ~/.local/share/opencode/opencode.db; by --session-id, not --transcript); with --all,"
            + " every agent whose logs are on this machine unless named.")
    AgentLog agent;

    @Option(names = "--session-id", paramLabel = "ID", description = "The session (default: the transcript's file name).")
    String sessionId;

    @Option(names = "--async", description = "Return at once; capture in the background (log under the graphiti home).")
    boolean async;

    @Option(names = "--all", description = "Every transcript Claude Code kept for this project, not only one session"
            + " (what was captured before is not read again).")
    boolean all;

    @Option(names = "--all-projects", description = "With --all: every project's transcripts, each into the graph of"
            + " the directory its sessions ran in (into the global graph with --global).")
    boolean allProjects;

    @Option(names = "--memory", description = "Import what you wrote for agents instead of a transcript (CLAUDE.md,"
            + " AGENTS.md, GEMINI.md, QWEN.md, Claude Code's auto-memory, Codex's memories): the project's into the project"
            + " graph, the user's (~/.claude, ~/.codex, ~/.gemini, ~/.qwen) into the global graph; a re-import stores only"
            + " what changed.")
    boolean memory;

    @Option(names = "--within", paramLabel = "DIR", description = "With --memory: read only files under DIR (repeatable);"
            + " any other is named and passed over. The MCP tools pass the directories their server may reach.")
    List<Path> within = new ArrayList<>();

    @Override
    public Integer call() {
        CommandContext context = context();
        if (memory) {
            if (all || allProjects || transcript != null || sessionId != null || async || agent != null) {
                throw new ParameterException(spec.commandLine(), "--memory imports memory files: it takes no --all,"
                        + " --all-projects, --transcript, --session-id, --agent or --async");
            }
            return new CaptureMemory(context, within.stream().map(dir -> context.directory().resolve(dir)).toList()).run();
        }
        if (!within.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--within goes with --memory");
        }
        if (allProjects && !all) {
            throw new ParameterException(spec.commandLine(), "--all-projects goes with --all");
        }
        if (all) {
            if (transcript != null || sessionId != null || async) {
                throw new ParameterException(spec.commandLine(), "--all reads every transcript: it takes no --transcript,"
                        + " --session-id or --async");
            }
            return new CaptureAll(context).run(allProjects, agent == null ? List.of(AgentLog.values()) : List.of(agent));
        }
        Session session = session(context);
        if (async) {
            BackgroundCapture.Started started = new BackgroundCapture(context).start(session);
            context.answer(new CaptureStartedAnswer(session.id(), session.transcript(), started.log()), () -> {
                if (!context.quiet()) {
                    context.out().println("capturing session " + session.id() + " in the background (log: "
                            + started.log() + ")");
                }
            });
            return 0;
        }
        CaptureReport report = capture(context, session);
        print(context, report);
        return 0;
    }

    /** Runs the capture in this thread; the background runner calls this too. */
    static CaptureReport capture(CommandContext context, Session session) {
        return new CaptureService(context.graphs(), context.clock(), context.config().getInt(ConfigKeys.ADD_MAX_CONTENT_BYTES))
                .capture(context.location(), session.agent(), session.transcript(), session.id());
    }

    /** Which agent's log and session to read: from the options, else the project's newest log of the agent. */
    record Session(AgentLog agent, Path transcript, String id) {
    }

    private Session session(CommandContext context) {
        AgentLog agent = this.agent == null ? AgentLog.CLAUDE : this.agent;
        SessionLogs locator = sessionLogs(context);
        Path project = context.directory();
        String kind = agent.title() + (agent == AgentLog.CLAUDE ? " transcript" : agent == AgentLog.CODEX ? " rollout" : " session");
        boolean database = agent.keepsDatabase(); // no file to name with --transcript
        try {
            Optional<HookInput> hook = transcript == null && sessionId == null ? hookInput(context) : Optional.empty();
            if (hook.isPresent()) {
                String id = checked(hook.get().sessionId());
                Optional<Path> file = hook.get().transcriptPath().filter(Files::isRegularFile);
                if (file.isEmpty()) {
                    file = locator.session(agent, hook.get().cwd().orElse(project), id);
                }
                return new Session(agent, file.orElseThrow(() -> new InvalidInputException("the hook names session " + id
                        + " but its transcript is not there (" + hook.get().transcriptPath().map(Path::toString)
                        .orElse("no transcript_path") + ")")), id);
            }
            if (transcript != null) {
                Path file = context.directory().resolve(transcript).normalize();
                if (!Files.isRegularFile(file)) {
                    throw new InvalidInputException("--transcript " + transcript + ": no such file");
                }
                return new Session(agent, file, sessionId != null ? checked(sessionId) : agent.sessionOf(file));
            }
            if (sessionId != null) {
                Path file = locator.session(agent, project, checked(sessionId)).orElseThrow(() -> new InvalidInputException(
                        "no " + kind + " of session " + sessionId + " for " + project + " under "
                                + locator.folder(agent) + (database ? "" : "; pass --transcript PATH")));
                return new Session(agent, file, sessionId);
            }
            Optional<Path> latest = locator.latest(agent, project);
            Path file = latest.orElseThrow(() -> new InvalidInputException("no " + kind + " for " + project
                    + " under " + locator.folder(agent) + (database ? "" : "; pass --transcript PATH")));
            return new Session(agent, file, agent.sessionOf(file));
        } catch (IOException e) {
            throw new GraphException("cannot list the transcripts of " + project + ": " + e.getMessage(), e);
        }
    }

    /** Where each agent's session logs are, as this invocation's environment says. */
    static SessionLogs sessionLogs(CommandContext context) {
        return new SessionLogs(SessionLogs.Homes.of(context.locations().claude(),
                context.invocation().environment().variables(), context.locations().userHome(), context.directory()));
    }

    /** The JSON a Claude Code hook writes on stdin, when stdin is a pipe that carries some. */
    private static Optional<HookInput> hookInput(CommandContext context) throws IOException {
        if (context.invocation().environment().interactive()) {
            return Optional.empty();
        }
        byte[] bytes = context.invocation().stdin().readNBytes(HookInput.MAX_BYTES + 1);
        String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(HookInput.parse(text));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException(e.getMessage());
        }
    }

    private static String checked(String id) {
        if (!id.matches("[A-Za-z0-9._-]{1,200}") || id.startsWith(".")) {
            throw new InvalidInputException("--session-id " + id + ": not a session id (letters, digits, dot, dash and underscore)");
        }
        return id;
    }

    private static void print(CommandContext context, CaptureReport report) {
        context.answer(new CaptureAnswer(report), () -> text(context.out(), context.quiet(), report));
    }

    private static void text(PrintWriter out, boolean quiet, CaptureReport report) {
        if (quiet) {
            out.println(report.itemsAdded());
        } else {
            out.println("session " + report.session() + ": read " + report.turnsRead()
                    + (report.turnsRead() == 1 ? " turn" : " turns") + ", added " + report.itemsAdded()
                    + (report.itemsAdded() == 1 ? " item" : " items")
                    + (report.duplicates() > 0 ? " (" + report.duplicates() + " already known)" : ""));
        }
    }
}
