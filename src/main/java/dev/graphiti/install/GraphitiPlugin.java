package dev.graphiti.install;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The graphiti Claude Code plugin (this repository's marketplace, plugins/graphiti) as a scope's settings enable
 * it: `enabledPlugins` maps "graphiti@&lt;marketplace&gt;" to true. The plugin registers the same server, hooks
 * and skill as install, so install into a scope where it is enabled would run everything twice.
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

    /** What a forced install says about the skill: the plugin's is the one Claude Code loads. */
    String skillNote() {
        return "the graphiti plugin (" + id + ") gives Claude Code the graphiti skill, so install placed no SKILL.md"
                + " (it would be listed twice); its server and hooks step aside for the ones installed here";
    }

    String refusal() {
        return "the graphiti plugin (" + id + ", enabled in " + settings + ") already gives Claude Code graphiti's"
                + " MCP server, hooks and skill; installing them too would run each twice, so nothing was changed."
                + " Keep the plugin, or disable it first (`claude plugin disable " + id + "`); --force installs anyway"
                + " (the plugin then steps aside wherever an install exists).";
    }
}
