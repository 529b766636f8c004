/**
 * What a tool call may reach: the directories the operator allows ({@link dev.graphiti.access.AllowedRoots}),
 * compared by real path. A tool call is untrusted input; this package is where that is decided.
 */
package dev.graphiti.access;
