package dev.graphiti.http.explorer;

import java.util.Map;

/** Why a request to the explorer is not served: the HTTP status, a sentence for the page, headers to send. */
record Refusal(int status, String message, Map<String, String> headers) {

    Refusal {
        headers = Map.copyOf(headers);
    }

    static Refusal forbidden(String message) {
        return new Refusal(403, message, Map.of());
    }

    /** A body over the limit; the rest of it is not read, so the connection ends with the answer. */
    static Refusal tooLarge(long limit) {
        return new Refusal(413, "the request is larger than " + limit + " bytes; the page sends a change of at most"
                + " that size, so shorten what you send", Map.of("Connection", "close"));
    }
}
