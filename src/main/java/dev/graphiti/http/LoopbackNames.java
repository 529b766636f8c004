package dev.graphiti.http;

import java.util.Locale;

/** Which host names mean "this machine": localhost, 127.0.0.0/8 and [::1]. The one home of that rule. */
public final class LoopbackNames {

    private LoopbackNames() {
    }

    /** True for a loopback host name or literal, with or without IPv6 brackets; never resolves DNS. */
    public static boolean isLoopback(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String name = host.toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        return name.equals("localhost") || name.endsWith(".localhost") || name.equals("::1")
                || name.equals("0:0:0:0:0:0:0:1") || isIpv4Loopback(name);
    }

    /** The host part of a Host header value ("name", "name:port", "[v6]:port"); null when malformed. */
    public static String hostOf(String authority) {
        if (authority == null) {
            return null;
        }
        String value = authority.trim();
        if (value.isEmpty()) {
            return null;
        }
        if (value.startsWith("[")) {
            int close = value.indexOf(']');
            if (close < 0) {
                return null;
            }
            String rest = value.substring(close + 1);
            return rest.isEmpty() || rest.matches(":\\d{1,5}") ? value.substring(0, close + 1) : null;
        }
        int colon = value.indexOf(':');
        if (colon < 0) {
            return value;
        }
        return value.substring(colon + 1).matches("\\d{1,5}") ? value.substring(0, colon) : null;
    }

    private static boolean isIpv4Loopback(String name) {
        String[] parts = name.split("\\.", -1);
        if (parts.length != 4 || !parts[0].equals("127")) {
            return false;
        }
        for (String part : parts) {
            if (!part.matches("\\d{1,3}") || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
