/**
 * What a server offers, as the code that offers it sees it: the interfaces tools, resources, templates,
 * prompts and completions implement, their descriptors and results, the {@link
 * dev.graphiti.protocol.feature.RequestContext} of one client request, and the protocol revisions. Product
 * code (the graphiti tools) depends on this package and on nothing of the session engine.
 */
package dev.graphiti.protocol.feature;
