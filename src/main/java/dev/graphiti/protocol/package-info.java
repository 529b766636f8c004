/**
 * The server side of the Model Context Protocol without any transport: JSON-RPC 2.0 messages and their
 * codec, lifecycle and version negotiation, the dispatcher behind {@link dev.graphiti.protocol.Connection},
 * and the small interfaces through which tools, resources, prompts and completions are registered.
 * Transports (stdio, streamable HTTP) parse text with {@link dev.graphiti.protocol.JsonRpcCodec} and hand
 * the result to a connection; the protocol layer knows neither servlets nor stdin.
 */
package dev.graphiti.protocol;
