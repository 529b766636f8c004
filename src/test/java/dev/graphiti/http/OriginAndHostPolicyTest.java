package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class OriginAndHostPolicyTest {

    @Test
    void originsDefaultToNoneOrLoopback() {
        var policy = OriginPolicy.loopbackOnly();
        assertTrue(policy.allows(null), "non-browser clients send no Origin");
        assertTrue(policy.allows("http://localhost:3000"));
        assertTrue(policy.allows("http://127.0.0.1"));
        assertTrue(policy.allows("https://[::1]:8443"));
        assertFalse(policy.allows("http://evil.example.com"));
        assertFalse(policy.allows("http://localhost.evil.example.com"));
        assertFalse(policy.allows("null"), "sandboxed frames and file: pages");
        assertFalse(policy.allows("file://localhost"));
        assertFalse(policy.allows("not a url"));
    }

    @Test
    void configuredOriginsAreMatchedExactly() {
        var policy = new OriginPolicy(Set.of("https://app.example.com/"));
        assertTrue(policy.allows("https://APP.example.com"));
        assertFalse(policy.allows("https://app.example.com:8443"));
        assertFalse(policy.allows("http://app.example.com"));
        assertTrue(new OriginPolicy(Set.of("*")).allows("https://anything.example"));
    }

    @Test
    void loopbackBindingServesLoopbackHostNamesOnly() {
        var policy = HostPolicy.forBinding("127.0.0.1", Set.of());
        assertTrue(policy.loopbackOnly());
        assertTrue(policy.allows("localhost:8000"));
        assertTrue(policy.allows("127.0.0.1:8000"));
        assertTrue(policy.allows("127.1.2.3"));
        assertTrue(policy.allows("[::1]:8000"));
        assertFalse(policy.allows("evil.example.com"));
        assertFalse(policy.allows("evil.example.com:8000"));
        assertFalse(policy.allows("127.0.0.1.evil.example.com"));
        assertFalse(policy.allows("localhost:notaport"));
        assertFalse(policy.allows("localhost:123456"), "a port has at most five digits");
        assertFalse(policy.allows("localhost:"));
        assertFalse(policy.allows("127.0.0.256"));
        assertFalse(policy.allows("127.0.0.1."));
        assertFalse(policy.allows("127..0.1"));
        assertFalse(policy.allows("127.0.0.1.2"));
        assertFalse(policy.allows(""));
        assertTrue(HostPolicy.forBinding("localhost", Set.of("box.lan")).allows("box.lan:8000"));
    }

    @Test
    void otherBindingsServeAnyHostUnlessListed() {
        assertTrue(HostPolicy.forBinding("0.0.0.0", Set.of()).allows("graphiti.example.com"));
        var listed = HostPolicy.forBinding("0.0.0.0", Set.of("graphiti.example.com"));
        assertTrue(listed.allows("graphiti.example.com:443"));
        assertTrue(listed.allows("localhost"));
        assertFalse(listed.allows("evil.example.com"));
    }

    @Test
    void hostOfStripsPortsAndRejectsGarbage() {
        assertEquals("example.com", LoopbackNames.hostOf("example.com:80"));
        assertEquals("[::1]", LoopbackNames.hostOf("[::1]:80"));
        assertNull(LoopbackNames.hostOf("[::1"));
        assertNull(LoopbackNames.hostOf("a:b:c"));
        assertFalse(LoopbackNames.isLoopback("128.0.0.1"));
        assertFalse(LoopbackNames.isLoopback("127.0.0.256"));
    }
}
