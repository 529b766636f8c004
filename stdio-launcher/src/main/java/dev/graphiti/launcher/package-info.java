/**
 * The process entry point of {@code graphiti.jar}: runs the CLI, and for {@code mcp serve} and {@code ui} puts the
 * process the assembly builds ({@code assembly.GraphitiProcess}) on its transport: stdio with the prompt hook's
 * socket, embedded Jetty, or the explorer's Jetty. Only here is the real standard output touched; everything else
 * writes to the streams it is given.
 */
package dev.graphiti.launcher;
