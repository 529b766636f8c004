package dev.graphiti.cli;

import dev.graphiti.config.JavaRuntime;
import dev.graphiti.graph.GraphException;
import dev.graphiti.ingest.transcript.CaptureReport;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs `capture --async` without making the caller wait. From the graphiti launcher (a hook's process)
 * and from the launcher's own MCP server (whose client may end it at any moment) it starts the same
 * program again, detached: same java, same jar or class path, the resolved transcript (none for opencode,
 * whose sessions are database rows) and session as options, stdin closed, output appended to &lt;graphiti home&gt;/logs/capture.log. Inside another
 * process (the WAR, an embedding server) there is no program to start, so it captures on a daemon
 * thread of that process and logs there instead. Two captures of one
 * session, however started, never store anything twice (ConversationCapture claims byte ranges).
 */
final class BackgroundCapture {

    record Started(Path log) {
    }

    private final CommandContext context;

    BackgroundCapture(CommandContext context) {
        this.context = context;
    }

    Started start(CaptureCommand.Session session) {
        Path log = context.home().resolve("logs").resolve("capture.log");
        try {
            Files.createDirectories(log.getParent());
        } catch (IOException e) {
            throw new GraphException("cannot create " + log.getParent() + " for the capture log: " + e.getMessage(), e);
        }
        if (context.invocation().environment().ownProcess()) {
            startProcess(session, log);
        } else {
            startThread(session, log);
        }
        return new Started(log);
    }

    private void startProcess(CaptureCommand.Session session, Path log) {
        List<String> command = new ArrayList<>(selfCommand());
        command.addAll(List.of("-C", context.directory().toString()));
        if (context.location().scope() == dev.graphiti.graph.Scope.global) {
            command.add("--global");
        }
        command.addAll(List.of("capture", "--agent", session.agent().id()));
        if (!session.agent().keepsDatabase()) {
            command.addAll(List.of("--transcript", session.transcript().toString()));
        }
        command.addAll(List.of("--session-id", session.id()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(context.directory().toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        try {
            Process process = builder.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new GraphException("cannot start the background capture (" + String.join(" ", command.subList(0, 1))
                    + "): " + e.getMessage(), e);
        }
    }

    private void startThread(CaptureCommand.Session session, Path log) {
        Thread thread = new Thread(() -> {
            String outcome;
            try {
                CaptureReport report = CaptureCommand.capture(context, session);
                outcome = "read " + report.turnsRead() + (report.turnsRead() == 1 ? " turn" : " turns") + ", added "
                        + report.itemsAdded() + (report.itemsAdded() == 1 ? " item" : " items");
            } catch (RuntimeException e) {
                outcome = "failed: " + e.getMessage();
            }
            append(log, Instant.now() + " capture " + session.id() + ": " + outcome + "\n");
        }, "graphiti-capture-" + session.id());
        thread.setDaemon(true);
        thread.start();
    }

    private static void append(Path log, String line) {
        try {
            Files.writeString(log, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException ignored) {
            // the log is a convenience; the capture itself is already stored
        }
    }

    /** How to start this same program: java plus the jar it runs from, or its class path and main class. */
    static List<String> selfCommand() {
        JavaRuntime runtime = JavaRuntime.current();
        String java = runtime.java().toString();
        String classPath = runtime.classPath();
        String started = runtime.started();
        if (!classPath.contains(File.pathSeparator) && classPath.endsWith(".jar") && started.startsWith(classPath)) {
            List<String> command = new ArrayList<>(List.of(java));
            command.addAll(passedOn(ProcessHandle.current().info().arguments().map(List::of).orElse(List.of())));
            command.addAll(List.of("-jar", Path.of(classPath).toAbsolutePath().toString()));
            return command;
        }
        String mainClass = started.split(" ", 2)[0];
        if (mainClass.isEmpty()) {
            throw new GraphException("cannot tell how this program was started, so --async cannot start it again;"
                    + " run capture without --async");
        }
        return List.of(java, "-cp", classPath, mainClass);
    }

    /**
     * The JVM options of this process's command line ({@code arguments}, java's own arguments) that the
     * detached capture should share: the startup archive, JVM logs on stderr and the hooks' short-run options
     * (see ClaudeEntries). Not others: an agent or debugger port, or an archive dump, must not start twice.
     */
    static List<String> passedOn(List<String> arguments) {
        int jar = arguments.indexOf("-jar");
        return arguments.subList(0, Math.max(jar, 0)).stream()
                .filter(option -> option.startsWith("-XX:SharedArchiveFile=") || option.startsWith("-Xlog:")
                        || option.startsWith("-XX:TieredStopAtLevel=") || option.equals("-XX:+UseSerialGC")
                        || option.startsWith("-Xmn"))
                .toList();
    }
}
