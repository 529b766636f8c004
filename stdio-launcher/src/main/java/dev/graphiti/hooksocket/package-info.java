/**
 * The local endpoint Claude Code's UserPromptSubmit hook asks instead of starting a JVM: the session's stdio server
 * listens on a Unix domain socket beside the project's graph ({@code .graphiti/run/prompt.sock}, a 0700 directory) and answers
 * {@code POST /recall} with what `graphiti recall --prompt` would print for the hook's JSON. Nothing else: no
 * other command, no directory named by the request, only the same user's processes. The answers run on the server's
 * one CLI (assembly.GraphitiProcess builds it), sharing its connections, token counter and, once loaded, its model.
 */
package dev.graphiti.hooksocket;
