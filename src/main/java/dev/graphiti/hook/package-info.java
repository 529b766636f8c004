/**
 * What Claude Code hands its hooks on standard input (session id, transcript path, working directory).
 */
package dev.graphiti.hook;
