package dev.graphiti.explorer;

import java.util.Map;

/** Why a request to the explorer is not served: the HTTP status, a sentence for the page, headers to send. */
record Refusal(int status, String message, Map<String, String> headers) {

    Refusal {
        headers = Map.copyOf(headers);
    }

    static Refusal forbidden(String message) {
        return new Refusal(403, message, Map.of());
    }
}
