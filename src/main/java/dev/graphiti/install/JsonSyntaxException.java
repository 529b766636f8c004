package dev.graphiti.install;

/** A JSON text that does not parse; the message says where (line and column, 1-based) and why. */
final class JsonSyntaxException extends Exception {

    JsonSyntaxException(String message) {
        super(message);
    }
}
