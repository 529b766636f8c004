package dev.graphiti.cli;

import dev.graphiti.install.Agent;
import dev.graphiti.install.AgentPlace;
import dev.graphiti.install.AgentUninstall;
import dev.graphiti.install.ClaudeUninstall;
import dev.graphiti.install.InstallReport;
import dev.graphiti.install.InstallException;
import dev.graphiti.install.LaunchCommand;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** `graphiti mcp uninstall`: removes exactly what `graphiti mcp install` added. */
@Command(name = "uninstall", mixinStandardHelpOptions = true,
        description = "Remove what `graphiti mcp install` added, and nothing else.")
final class McpUninstallCommand implements Callable<Integer> {

    private final Invocation invocation;

    @Spec
    CommandSpec spec;

    @Mixin
    ClaudeInstallOptions options;

    McpUninstallCommand(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public Integer call() {
        var err = spec.commandLine().getErr();
        try {
            Optional<LaunchCommand> current;
            try {
                current = Optional.of(LaunchCommand.ofRunningJar());
            } catch (InstallException notFromJar) {
                current = Optional.empty();
            }
            if (options.clients != null) {
                Optional<LaunchCommand> command = current;
                return ClientRun.run("uninstall", options, invocation, new ClientRun.Step() {
                    @Override
                    public InstallReport claude() throws InstallException {
                        return new ClaudeUninstall(options.locations(invocation), command, options.force).run();
                    }

                    @Override
                    public InstallReport agent(Agent agent, AgentPlace place) throws InstallException {
                        return new AgentUninstall(agent, place, command, options.force).run();
                    }
                }, GraphitiCommand.json(spec), spec.commandLine().getOut(), err);
            }
            var where = options.locations(invocation);
            var report = new ClaudeUninstall(where, current, options.force).run();
            options.print(report, where, invocation, GraphitiCommand.json(spec), spec.commandLine().getOut(), err);
            return 0;
        } catch (InstallException e) {
            err.println("graphiti: " + e.getMessage());
            return 1;
        }
    }
}
