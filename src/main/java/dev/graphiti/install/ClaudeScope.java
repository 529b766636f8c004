package dev.graphiti.install;

/** Where graphiti is registered with Claude Code: for the user everywhere, or for one project. */
public enum ClaudeScope { user, project }
