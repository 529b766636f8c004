/**
 * `graphiti mcp install` and `uninstall`: the Claude Code registration (MCP server entry, hooks, SKILL.md, a
 * `graphiti` script), written by splicing the user's JSON files in place (order and formatting kept, atomic
 * writes, one backup) and recorded in a manifest so uninstall removes exactly what install added.
 */
package dev.graphiti.install;
