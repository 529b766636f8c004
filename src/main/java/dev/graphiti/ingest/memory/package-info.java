/**
 * `graphiti capture --memory`: what the user already wrote for agents (CLAUDE.md, AGENTS.md, GEMINI.md and QWEN.md
 * files, Claude Code's auto-memory folder, Codex's and Gemini CLI's memories) split into items, one per bullet or paragraph under its headings, each with its file and section as
 * source; a re-import stores what changed as a newer version of the item it replaces, and nothing when nothing did.
 */
package dev.graphiti.ingest.memory;
