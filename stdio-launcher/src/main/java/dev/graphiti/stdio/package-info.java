/**
 * MCP over stdio: one JSON-RPC message per line on stdin and stdout. A reader thread cuts bounded lines,
 * a dispatch thread parses them and hands them to the protocol connection, and one writer thread owns
 * stdout, so tools never block reading and no two messages interleave.
 */
package dev.graphiti.stdio;
