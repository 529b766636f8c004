/**
 * JSON-RPC 2.0 as MCP uses it, and nothing of MCP's meaning: the messages, their codec (strict UTF-8,
 * bounded nesting and size, ids kept byte for byte), batches, the error codes this server sends, and the
 * sink a connection writes to. Transports parse text with {@link dev.graphiti.protocol.jsonrpc.JsonRpcCodec};
 * imports nothing of graphiti.
 */
package dev.graphiti.protocol.jsonrpc;
