package dev.graphiti.tools;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.Optional;

/**
 * The scope argument of the graph tools: "project" (the default inside a git work tree), "global", or a project
 * directory, which stands for what dir and no scope said before (one parameter costs a model half the tokens of
 * two). dir is still read, unlisted, for clients written against the older list.
 *
 * @param graph     "project" or "global" when the call chose one (the CLI's --project, --global)
 * @param directory the project directory the call names, if any (the CLI's -C)
 * @param argument  the argument that named the directory, for messages: scope or dir
 */
record ScopeArgument(Optional<String> graph, Optional<String> directory, String argument) {

    static final String NAME = "scope";
    static final String OLD_DIRECTORY = "dir";

    static ScopeArgument of(JsonObject arguments) {
        String scope = text(arguments, NAME);
        String dir = text(arguments, OLD_DIRECTORY);
        if (scope == null || scope.equals("project") || scope.equals("global")) {
            return new ScopeArgument(Optional.ofNullable(scope), Optional.ofNullable(dir), OLD_DIRECTORY);
        }
        if (dir != null && !dir.equals(scope)) {
            throw new IllegalArgumentException("scope " + scope + " and dir " + dir + " name two directories; send"
                    + " only scope, the project directory");
        }
        return new ScopeArgument(Optional.empty(), Optional.of(scope), NAME);
    }

    /** The CLI's scope option, if the call chose a scope. */
    Optional<String> option() {
        return graph.map(scope -> "--" + scope);
    }

    private static String text(JsonObject arguments, String name) {
        return arguments.get(name) instanceof JsonString value && !value.getString().isBlank() ? value.getString() : null;
    }
}
