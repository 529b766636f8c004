package dev.graphiti.cli;

import dev.graphiti.install.ClaudeLocations;
import dev.graphiti.install.ClaudeScope;
import dev.graphiti.install.FileChange;
import dev.graphiti.install.InstallException;
import dev.graphiti.install.InstallReport;
import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options `mcp install` and `mcp uninstall` share, and how both print their report. */
final class ClaudeInstallOptions {

    @Option(names = "--scope", defaultValue = "user", paramLabel = "user|project",
            description = "user: ~/.claude.json, ~/.claude/ and ~/.local/bin; project: .mcp.json and .claude/"
                    + " in the project (default: ${DEFAULT-VALUE}).")
    ClaudeScope scope;

    @Option(names = "--force",
            description = "Replace a SKILL.md, graphiti script or mcpServers.graphiti entry that graphiti did not write"
                    + " (install), or remove entries changed since install (uninstall).")
    boolean force;

    @Option(names = "--client", split = ",", paramLabel = "NAME",
            description = "The agents to set up: claude, codex, gemini, qwen, copilot, opencode, cursor, vscode"
                    + " (comma-separated), or all: every one found on this machine (default: claude).")
    java.util.List<String> clients;

    @Option(names = "--bin-dir", paramLabel = "DIR",
            description = "Where the `graphiti` script goes (user scope; default: ~/.local/bin).")
    Path binDir;

    ClaudeLocations locations(Invocation invocation) throws InstallException {
        if (scope == ClaudeScope.project) {
            return ClaudeLocations.project(invocation.workingDirectory());
        }
        Optional<Path> bin = Optional.ofNullable(binDir).map(d -> invocation.workingDirectory().resolve(d).normalize());
        return ClaudeLocations.user(invocation.environment().variables(), bin);
    }

    /** The locations of the scope not chosen (for the current project), when they can be found. */
    Optional<ClaudeLocations> otherScope(Invocation invocation) {
        if (scope == ClaudeScope.user) {
            return Optional.of(ClaudeLocations.project(invocation.workingDirectory()));
        }
        try {
            return Optional.of(ClaudeLocations.user(invocation.environment().variables(), Optional.empty()));
        } catch (InstallException e) {
            return Optional.empty();
        }
    }

    void print(InstallReport report, ClaudeLocations where, Invocation invocation, boolean json, PrintWriter out,
               PrintWriter err) {
        report.warnings().forEach(w -> err.println("graphiti: warning: " + w));
        report.changes().stream().filter(c -> where.wrapper().equals(Optional.of(c.file()))
                && !c.status().equals("skipped") && report.action().equals("install"))
                .forEach(c -> pathHint(c.file().getParent(), invocation, err));
        if (json) {
            out.println(report.toJson());
            return;
        }
        out.println("graphiti " + report.action() + "ed for Claude Code (" + report.scope() + " scope):");
        for (FileChange change : report.changes()) {
            String entries = change.entries().isEmpty() ? "" : " (" + String.join(", ", change.entries()) + ")";
            out.printf("  %-9s %s%s%n", change.status(), change.file(), entries);
        }
        if (report.changes().stream().anyMatch(c -> c.backup().isPresent())) {
            out.println("The previous bytes of each changed file are in <file>.graphiti.bak.");
        }
        if (report.action().equals("install")) {
            out.println("Start a new Claude Code session to use graphiti.");
        }
        report.notes().forEach(out::println);
    }

    private static void pathHint(Path dir, Invocation invocation, PrintWriter err) {
        String path = invocation.environment().variables().getOrDefault("PATH", "");
        boolean onPath = Arrays.stream(path.split(File.pathSeparator)).filter(p -> !p.isBlank())
                .anyMatch(p -> Path.of(p).toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize()));
        if (!onPath) {
            err.println("graphiti: " + dir + " is not on your PATH; add it (e.g. export PATH=\"" + dir
                    + ":$PATH\" in ~/.profile) to run `graphiti` as one command");
        }
    }
}
