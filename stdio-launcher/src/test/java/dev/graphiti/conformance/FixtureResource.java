package dev.graphiti.conformance;

import dev.graphiti.protocol.RequestContext;
import dev.graphiti.protocol.Resource;
import dev.graphiti.protocol.ResourceContents;
import dev.graphiti.protocol.ResourceDescriptor;
import java.util.List;

/** A fixture resource with fixed contents. */
record FixtureResource(ResourceDescriptor descriptor, ResourceContents contents) implements Resource {

    @Override
    public List<ResourceContents> read(RequestContext context) {
        return List.of(contents);
    }
}
