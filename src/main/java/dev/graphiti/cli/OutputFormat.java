package dev.graphiti.cli;

/** How a command prints its result: for people, or as the JSON the MCP tools parse. */
enum OutputFormat { text, json }
