package dev.graphiti.server;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * Registers objects the launcher built before CDI started (the transport settings bound to --host, and
 * the McpServer when the caller supplies one) as singleton beans, so the servlet injects them like any bean.
 */
final class InstanceBeans implements Extension {

    private final Map<Class<?>, Object> instances;

    InstanceBeans(Map<Class<?>, Object> instances) {
        this.instances = Map.copyOf(instances);
    }

    void register(@Observes AfterBeanDiscovery event) {
        instances.forEach((type, instance) -> event.addBean()
                .beanClass(type)
                .types(type, Object.class)
                .scope(Singleton.class)
                .createWith(context -> instance));
    }
}
