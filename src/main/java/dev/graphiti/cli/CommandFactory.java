package dev.graphiti.cli;

import java.lang.reflect.Constructor;
import picocli.CommandLine;

/** Builds subcommands, handing the invocation to those whose constructor takes one. */
final class CommandFactory implements CommandLine.IFactory {

    private final Invocation invocation;
    private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

    CommandFactory(Invocation invocation) {
        this.invocation = invocation;
    }

    @Override
    public <K> K create(Class<K> type) throws Exception {
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            Class<?>[] parameters = constructor.getParameterTypes();
            if (parameters.length == 1 && parameters[0] == Invocation.class) {
                constructor.setAccessible(true);
                return type.cast(constructor.newInstance(invocation));
            }
        }
        return fallback.create(type);
    }
}
