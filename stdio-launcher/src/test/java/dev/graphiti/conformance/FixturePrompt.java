package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.PromptDescriptor;
import dev.graphiti.protocol.feature.PromptMessage;
import dev.graphiti.protocol.feature.PromptResult;
import dev.graphiti.protocol.feature.RequestContext;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A fixture prompt rendering its messages from the arguments. */
record FixturePrompt(PromptDescriptor descriptor, Function<Map<String, String>, List<PromptMessage>> render)
        implements Prompt {

    @Override
    public PromptResult get(Map<String, String> arguments, RequestContext context) {
        return new PromptResult(null, render.apply(arguments));
    }
}
