/**
 * The graphiti_* MCP tools and the graphiti://context resource. Each tool is one CLI command: it turns
 * its JSON arguments into the command line, runs it through a {@link dev.graphiti.tools.CliRunner}
 * (in-process by default, or an external graphiti executable) in the session's project directory, and
 * sends the CLI's JSON output as TOON or compact JSON within a token budget. Tools never reach the graph
 * or the store directly. The tool classes are CDI beans; {@link dev.graphiti.tools.GraphitiTools} builds
 * the same classes by hand for the stdio launcher.
 */
package dev.graphiti.tools;
