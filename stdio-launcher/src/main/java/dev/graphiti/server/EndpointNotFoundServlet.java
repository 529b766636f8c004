package dev.graphiti.server;

import dev.graphiti.http.HttpRejection;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Every path but the MCP endpoint: 404 as a JSON-RPC error naming the endpoint. */
final class EndpointNotFoundServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final String endpoint;

    EndpointNotFoundServlet(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpRejection.of(404, "Not Found: the MCP endpoint is " + endpoint).send(response, new JsonRpcCodec());
    }
}
