package dev.graphiti.http;

/** A request whose line and headers passed the checks that precede its body: its method and who called. */
record RequestHead(EndpointMethod method, Caller caller) {
}
