package dev.graphiti.explorer;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

/** The explorer's Host, Origin and CSRF rules on the request a servlet container hands over (a seam: no Jetty in core). */
class RequestGuardTest {

    private final RequestGuard guard = new RequestGuard("token-123");

    private static HttpServletRequest request(String method, String host, String origin, String type, String csrf) {
        HttpServletRequest request = mock(HttpServletRequest.class);
        when(request.getMethod()).thenReturn(method);
        when(request.getHeader("Host")).thenReturn(host);
        when(request.getHeader("Origin")).thenReturn(origin);
        when(request.getContentType()).thenReturn(type);
        when(request.getHeader(RequestGuard.CSRF_HEADER)).thenReturn(csrf);
        return request;
    }

    @Test
    void readsFromThisMachineAreServed() {
        assertNull(guard.refusal(request("GET", "127.0.0.1:7878", null, null, null)));
        assertNull(guard.refusal(request("GET", "localhost:7878", "http://localhost:7878", null, null)));
        assertNull(guard.refusal(request("GET", "[::1]:7878", null, null, null)));
    }

    @Test
    void aHostThatIsNoLoopbackNameIsRefusedAgainstDnsRebinding() {
        assertNotNull(guard.refusal(request("GET", "attacker.example:7878", null, null, null)));
        assertNotNull(guard.refusal(request("GET", "127.0.0.1.attacker.example", null, null, null)));
        assertNotNull(guard.refusal(request("GET", null, null, null, null)));
    }

    @Test
    void anotherOriginIsRefused() {
        assertNotNull(guard.refusal(request("GET", "127.0.0.1:7878", "http://attacker.example", null, null)));
        assertNotNull(guard.refusal(request("GET", "127.0.0.1:7878", "http://127.0.0.1:9999", null, null)));
    }

    @Test
    void aChangeNeedsJsonAndTheToken() {
        assertNull(guard.refusal(request("POST", "127.0.0.1:7878", "http://127.0.0.1:7878", "application/json", "token-123")));
        assertNotNull(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/json", null)));
        assertNotNull(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/json", "token-124")));
        assertNotNull(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/x-www-form-urlencoded", "token-123")));
        assertNotNull(guard.refusal(request("POST", "127.0.0.1:7878", null, "text/plain", "token-123")));
    }
}
