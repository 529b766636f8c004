package dev.graphiti.http.explorer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;

/** The explorer's Host, Origin and CSRF rules on the request a servlet container hands over (a seam: no Jetty in core). */
class RequestGuardTest {

    private final CsrfTokens csrf = CsrfTokens.ownKey();
    private final String token = csrf.issue();
    private final RequestGuard guard = new RequestGuard(csrf, PageAccess.loopback());

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
        assertTrue(guard.refusal(request("GET", "127.0.0.1:7878", null, null, null)).isEmpty());
        assertTrue(guard.refusal(request("GET", "localhost:7878", "http://localhost:7878", null, null)).isEmpty());
        assertTrue(guard.refusal(request("GET", "[::1]:7878", null, null, null)).isEmpty());
    }

    @Test
    void aHostThatIsNoLoopbackNameIsRefusedAgainstDnsRebinding() {
        assertFalse(guard.refusal(request("GET", "attacker.example:7878", null, null, null)).isEmpty());
        assertFalse(guard.refusal(request("GET", "127.0.0.1.attacker.example", null, null, null)).isEmpty());
        assertFalse(guard.refusal(request("GET", null, null, null, null)).isEmpty());
    }

    @Test
    void anotherOriginIsRefused() {
        assertFalse(guard.refusal(request("GET", "127.0.0.1:7878", "http://attacker.example", null, null)).isEmpty());
        assertFalse(guard.refusal(request("GET", "127.0.0.1:7878", "http://127.0.0.1:9999", null, null)).isEmpty());
    }

    @Test
    void aChangeNeedsJsonAndTheToken() {
        assertTrue(guard.refusal(request("POST", "127.0.0.1:7878", "http://127.0.0.1:7878", "application/json", token)).isEmpty());
        assertFalse(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/json", null)).isEmpty());
        assertFalse(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/json", token + "x")).isEmpty());
        assertFalse(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/json", CsrfTokens.ownKey().issue())).isEmpty(),
                "another process's token");
        assertFalse(guard.refusal(request("POST", "127.0.0.1:7878", null, "application/x-www-form-urlencoded", token)).isEmpty());
        assertFalse(guard.refusal(request("POST", "127.0.0.1:7878", null, "text/plain", token)).isEmpty());
    }
}
