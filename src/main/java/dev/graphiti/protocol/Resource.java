package dev.graphiti.protocol;

import java.util.List;

/** A resource with a fixed URI, served through resources/list and resources/read. */
public interface Resource {

    ResourceDescriptor descriptor();

    /** Reads the contents; runs on a server worker thread. Throw {@link McpException} to answer an error. */
    List<ResourceContents> read(RequestContext context) throws Exception;
}
