package dev.graphiti.cli;

import dev.graphiti.ingest.transcript.AgentLog;
import java.util.Arrays;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** `--agent NAME`: an agent whose session logs graphiti reads, by the name install's --client uses. */
final class AgentLogName implements ITypeConverter<AgentLog> {

    @Override
    public AgentLog convert(String value) {
        return AgentLog.named(value).orElseThrow(() -> new TypeConversionException("'" + value
                + "' is not an agent whose sessions graphiti reads; use one of " + Arrays.stream(AgentLog.values())
                .map(AgentLog::id).collect(Collectors.joining(", "))));
    }
}
