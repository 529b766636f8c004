package dev.graphiti.cli;

import dev.graphiti.install.Agent;
import dev.graphiti.install.AgentInstall;
import dev.graphiti.install.AgentPlace;
import dev.graphiti.install.ClaudeInstall;
import dev.graphiti.install.InstallReport;
import dev.graphiti.install.InstallException;
import dev.graphiti.install.LaunchCommand;
import dev.graphiti.install.NextSteps;
import dev.graphiti.install.StartupArchive;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `graphiti mcp install`: one command, and the next Claude Code session has graphiti. */
@Command(name = "install", mixinStandardHelpOptions = true,
        description = "Register graphiti with Claude Code: the stdio MCP server, SKILL.md, and hooks"
                + " (SessionStart: graphiti context; UserPromptSubmit: graphiti recall --prompt; PreToolUse of Read, Edit,"
                + " Write and MultiEdit: graphiti recall --file;"
                + " Stop and PreCompact: graphiti capture --async). With --client, with other agents too:"
                + " the MCP server and their skill or rules file, in each agent's own configuration.")
final class McpInstallCommand implements Callable<Integer> {

    private final Invocation invocation;

    @Spec
    CommandSpec spec;

    @Mixin
    ClaudeInstallOptions options;

    @Option(names = "--command", paramLabel = "PATH",
            description = "Register this graphiti command instead of this JVM's `java -jar graphiti.jar`.")
    String command;

    @Option(names = "--no-startup-archive",
            description = "Skip the startup archive that halves the server's start (a class-data archive, on Java 25"
                    + " and later an AOT cache; made by a training run of a few seconds, kept under the graphiti home).")
    boolean noStartupArchive;

    private static final Duration TRAINING_TIMEOUT = Duration.ofSeconds(120);

    McpInstallCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        try {
            LaunchCommand launch = command == null ? withStartupArchive(LaunchCommand.ofRunningJar(), err)
                    : LaunchCommand.of(resolve(command));
            if (options.clients != null) {
                return ClientRun.run("install", options, invocation, new ClientRun.Step() {
                    @Override
                    public InstallReport claude() throws InstallException {
                        return new ClaudeInstall(options.locations(invocation), launch, options.force).run();
                    }

                    @Override
                    public InstallReport agent(Agent agent, AgentPlace place) throws InstallException {
                        return new AgentInstall(agent, place, launch, options.force).run();
                    }
                }, GraphitiCommand.json(spec), out, err);
            }
            var where = options.locations(invocation);
            var report = new ClaudeInstall(where, launch, options.force).run()
                    .withNotes(NextSteps.after(where, options.otherScope(invocation)));
            options.print(report, where, invocation, GraphitiCommand.json(spec), out, err);
            return 0;
        } catch (InstallException e) {
            err.println("graphiti: " + e.getMessage());
            return 1;
        }
    }

    /** The jar command using a freshly trained startup archive; the plain command when training fails. */
    private LaunchCommand withStartupArchive(LaunchCommand jar, PrintWriter err) {
        if (noStartupArchive) {
            return jar;
        }
        // the java of the registered command is this one (LaunchCommand.ofRunningJar)
        StartupArchive.Form form = StartupArchive.Form.of(Runtime.version().feature());
        Path file = StartupArchive.location(new CommandContext(spec).home(), GraphitiVersion.current(), form);
        try {
            return new StartupArchive(file, form, TRAINING_TIMEOUT).apply(jar);
        } catch (InstallException e) {
            err.println("graphiti: warning: no startup archive (the server starts without it): " + e.getMessage());
            return jar;
        }
    }

    /** A path with a directory part is made absolute (it must work from any directory); a bare name stays. */
    private String resolve(String given) {
        return given.contains("/") || given.contains("\\")
                ? invocation.workingDirectory().resolve(given).normalize().toString() : given;
    }
}
