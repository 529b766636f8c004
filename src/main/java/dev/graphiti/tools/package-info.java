/**
 * The graphiti_* MCP tools and the graphiti://context resource. Each tool is one CLI command: its parameters are
 * the ones the command declares ({@link dev.graphiti.cli.ToolParameter}, read by {@link dev.graphiti.tools.DeclaredCommand}
 * into both the input schema and the call's command line); it runs the command through a
 * {@link dev.graphiti.tools.CliRunner} (in-process by default, or an external graphiti executable) in the session's
 * project directory, and sends the command's answer as TOON or compact JSON within a token budget. In process every
 * command a tool runs answers a value ({@link dev.graphiti.cli.Answer}); from an external executable the answer is the
 * JSON it printed. How the tools run ({@link dev.graphiti.tools.ToolSettings}) is parsed once per process by the
 * composition root. Tools import the CLI, the protocol's feature types, toon, access and
 * config, never store or service: {@link dev.graphiti.tools.GraphitiTools} is handed its CLI and token counter by the
 * composition root (assembly.GraphitiProcess), which keeps the pool and the model. The tool classes are CDI beans;
 * GraphitiTools builds them by hand for the stdio launcher.
 */
package dev.graphiti.tools;
