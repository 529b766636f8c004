package dev.graphiti.install;

/** Install or uninstall cannot go on; the message says what and what to do, and nothing was changed by the failing step. */
public final class InstallException extends Exception {

    public InstallException(String message) {
        super(message);
    }

    public InstallException(String message, Throwable cause) {
        super(message, cause);
    }
}
