package dev.graphiti.http;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The transport settings of a WAR deployment: the application server decides the binding, so Host is
 * not restricted to loopback unless GRAPHITI_HTTP_ALLOWED_HOSTS lists names; extra browser origins come
 * from GRAPHITI_HTTP_ALLOWED_ORIGINS. The embedded launcher provides its own, bound to its address.
 */
@Dependent
public class HttpConfigProducer {

    @Produces
    @Singleton
    HttpTransportConfig config() {
        return HttpTransportConfig.forBinding("0.0.0.0").withEnvironment(System.getenv());
    }
}
