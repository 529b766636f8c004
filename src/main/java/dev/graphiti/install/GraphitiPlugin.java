package dev.graphiti.install;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The graphiti Claude Code plugin (this repository's marketplace, plugins/graphiti) as a scope's settings enable
 * it: `enabledPlugins` maps "graphiti@&lt;marketplace&gt;" to true. The plugin registers the same server, hooks
 * and skill as install, so a first install into a scope where it is enabled adds nothing the user needs.
 */
record GraphitiPlugin(String id, Path settings) {

    static final String NAME = "graphiti";

    /** The first settings file among {@code files} that enables the plugin (from any marketplace). */
    static Optional<GraphitiPlugin> enabledIn(List<Path> files) throws InstallException {
        for (Path file : files) {
            Optional<JsonNode> enabled = JsonConfigFile.read(file).editor().find(List.of("enabledPlugins"));
            if (enabled.isPresent() && enabled.get().value() instanceof Json.JObject plugins) {
                for (Map.Entry<String, Json> plugin : plugins.members().entrySet()) {
                    if (plugin.getKey().startsWith(NAME + "@") && plugin.getValue().equals(new Json.JBool(true))) {
                        return Optional.of(new GraphitiPlugin(plugin.getKey(), file));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * What install says when it registers graphiti beside the plugin (forced, or updating an earlier install): how
     * the two make one.
     */
    String besideInstall() {
        return "the graphiti plugin (" + id + ") is enabled too; Claude Code runs one graphiti server, this one (both"
                + " register the same command line, so it hides the plugin's), the plugin's hooks step aside for these,"
                + " and its graphiti skill replaces this SKILL.md (marked fallback) while it is enabled";
    }

    String refusal() {
        return "the graphiti plugin (" + id + ", enabled in " + settings + ") already gives Claude Code graphiti's"
                + " MCP server, hooks and skill, so nothing was changed. Keep the plugin, or disable it first"
                + " (`claude plugin disable " + id + "`); --force installs anyway (Claude Code then runs the installed"
                + " server in place of the plugin's and its hooks step aside).";
    }
}
