package dev.graphiti.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * A separate process that adds many distinct items through the CLI, one invocation each (as hooks and MCP
 * servers do). Arguments: worker name, number of items (0 = until killed). Exits 1 on the first failure.
 */
public final class AddBurstMain {

    private AddBurstMain() {
    }

    public static void main(String[] args) {
        String worker = args[0];
        int count = Integer.parseInt(args[1]);
        Cli cli = new Cli(CliEnvironment.embedded(System.getenv()));
        Path cwd = Path.of("").toAbsolutePath();
        for (int i = 0; count == 0 || i < count; i++) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = cli.run(List.of("add", "-q", "-k", i % 3 == 0 ? "decision" : "note", "-t", worker,
                            "worker " + worker + " item " + i + ": retry the " + (i * 7919 % 1000) + " handler after backoff"),
                    cwd, System.in, new PrintWriter(out), new PrintWriter(err));
            if (code != 0) {
                System.err.println("add " + i + " failed with exit " + code + ": " + err);
                System.exit(1);
            }
            System.out.println(out.toString().strip());
        }
        System.exit(0);
    }
}
