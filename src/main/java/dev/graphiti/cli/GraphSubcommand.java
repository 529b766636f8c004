package dev.graphiti.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A subcommand that works on a graph: parses its options, calls a service, prints the result. */
abstract class GraphSubcommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    private CommandContext context;

    CommandContext context() {
        if (context == null) {
            context = new CommandContext(spec);
        }
        return context;
    }

    /** Drops the last call's context (its streams, settings and open graphs) before this object serves another call. */
    void forgetContext() {
        this.context = null;
    }

    /** Runs the command in {@code given} instead of a context of picocli's parse (see {@link HookCommands}). */
    Integer callIn(CommandContext given) throws Exception {
        this.context = given;
        return call();
    }
}
