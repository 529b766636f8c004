/**
 * The process entry point of {@code graphiti.jar}: runs the CLI, and for {@code mcp serve} starts the stdio
 * transport or embedded Jetty with the tools built in this process. Only here is the real standard output
 * touched; everything else writes to the streams it is given.
 */
package dev.graphiti.launcher;
