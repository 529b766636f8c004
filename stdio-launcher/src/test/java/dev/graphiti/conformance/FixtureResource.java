package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import java.util.List;

/** A fixture resource with fixed contents. */
record FixtureResource(ResourceDescriptor descriptor, ResourceContents contents) implements Resource {

    @Override
    public List<ResourceContents> read(RequestContext context) {
        return List.of(contents);
    }
}
