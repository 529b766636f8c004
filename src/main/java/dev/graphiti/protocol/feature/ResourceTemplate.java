package dev.graphiti.protocol.feature;

import java.util.List;
import java.util.Map;

/**
 * A family of resources named by an RFC 6570 template such as {@code test://template/{id}/data}. The server
 * matches a resources/read URI against the template (simple {@code {var}} expressions, one path segment
 * each) and passes the variables.
 */
public interface ResourceTemplate {

    ResourceTemplateDescriptor descriptor();

    /** Reads the resource the variables name; runs on a server worker thread. */
    List<ResourceContents> read(String uri, Map<String, String> variables, RequestContext context) throws Exception;
}
