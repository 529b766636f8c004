package dev.graphiti.cli;

import dev.graphiti.install.Agent;
import dev.graphiti.install.AgentPlace;
import dev.graphiti.install.Clients;
import dev.graphiti.install.FileChange;
import dev.graphiti.install.InstallException;
import dev.graphiti.install.InstallReport;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * `mcp install --client` and `mcp uninstall --client`: runs one client after another (one that fails does not stop
 * the others), then prints what was found and done, and what was skipped or failed and why. Exit code 1 when any failed.
 */
final class ClientRun {

    /** Installs or uninstalls one client. */
    interface Step {
        InstallReport claude() throws InstallException;

        InstallReport agent(Agent agent, AgentPlace place) throws InstallException;
    }

    private ClientRun() {
    }

    static int run(String action, ClaudeInstallOptions options, Invocation invocation, Step step, boolean json,
                   PrintWriter out, PrintWriter err) {
        Clients clients;
        try {
            clients = Clients.parse(options.clients, invocation.environment().variables());
        } catch (InstallException e) {
            err.println("graphiti: " + e.getMessage());
            return 2;
        }
        AgentPlace place = AgentPlace.of(options.scope, invocation.environment().variables(),
                invocation.workingDirectory());
        Map<String, InstallReport> reports = new LinkedHashMap<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (String client : clients.chosen()) {
            try {
                reports.put(client, client.equals(Clients.CLAUDE) ? step.claude()
                        : step.agent(Agent.named(client).orElseThrow(), place));
            } catch (InstallException e) {
                failed.put(client, e.getMessage());
            }
        }
        if (json) {
            out.println(Clients.toJson(action, reports, failed, clients.skipped()));
        } else {
            clients.found().forEach((client, why) -> out.println("found " + title(client) + ": " + why));
            reports.forEach((client, report) -> print(title(client), report, out, err));
            clients.skipped().forEach((client, why) -> out.println("skipped " + title(client) + ": " + why));
            if (clients.chosen().isEmpty()) {
                out.println("No supported agent was found; name one with --client (" + String.join(", ",
                        Clients.names()) + ").");
            }
        }
        failed.forEach((client, why) -> err.println("graphiti: " + title(client) + ": " + why));
        return failed.isEmpty() ? 0 : 1;
    }

    static String title(String client) {
        return client.equals(Clients.CLAUDE) ? "Claude Code" : Agent.named(client).orElseThrow().title();
    }

    private static void print(String title, InstallReport report, PrintWriter out, PrintWriter err) {
        report.warnings().forEach(w -> err.println("graphiti: warning: " + title + ": " + w));
        out.println("graphiti " + report.action() + "ed for " + title + " (" + report.scope() + " scope):");
        for (FileChange change : report.changes()) {
            String entries = change.entries().isEmpty() ? "" : " (" + String.join(", ", change.entries()) + ")";
            out.printf("  %-9s %s%s%n", change.status(), change.file(), entries);
        }
        report.notes().forEach(n -> out.println("  note: " + n));
    }
}
