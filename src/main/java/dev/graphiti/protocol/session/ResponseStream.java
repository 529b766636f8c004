package dev.graphiti.protocol.session;

import dev.graphiti.protocol.jsonrpc.MessageSink;

/**
 * The stream belonging to one piece of input (one stdio line, one HTTP POST): everything that input
 * causes is sent here in order (progress, log messages, server-to-client requests, then the responses),
 * followed by exactly one {@link #close()}. Input without requests is closed with nothing sent.
 */
public interface ResponseStream extends MessageSink {

    /** No more messages will follow. Called exactly once. */
    void close();
}
