package dev.graphiti.protocol.feature;

import java.util.List;

/** A resource with a fixed URI, served through resources/list and resources/read. */
public interface Resource {

    ResourceDescriptor descriptor();

    /** Reads the contents; runs on a server worker thread. Throw {@link McpException} to answer an error. */
    List<ResourceContents> read(RequestContext context) throws Exception;

    /**
     * Starts watching the contents for one subscriber (resources/subscribe): {@code changed} runs, on any
     * thread, each time they changed. Closing the handle stops it (unsubscribe, or the connection ends). The
     * default is for contents that never change.
     */
    default AutoCloseable watch(RequestContext context, Runnable changed) throws Exception {
        return () -> { };
    }
}
