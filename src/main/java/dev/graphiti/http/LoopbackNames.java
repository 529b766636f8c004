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
            return rest.isEmpty() || rest.charAt(0) == ':' && isPort(rest, 1) ? value.substring(0, close + 1) : null;
        }
        int colon = value.indexOf(':');
        if (colon < 0) {
            return value;
        }
        return isPort(value, colon + 1) ? value.substring(0, colon) : null;
    }

    /** One to five digits from {@code from} to the end. Checked by hand: this runs on every request. */
    private static boolean isPort(String text, int from) {
        return digits(text, from, text.length()) && text.length() - from <= 5;
    }

    private static boolean digits(String text, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isIpv4Loopback(String name) {
        if (!name.startsWith("127.")) {
            return false;
        }
        int parts = 0;
        for (int start = 0; start <= name.length(); parts++) {
            int end = name.indexOf('.', start);
            end = end < 0 ? name.length() : end;
            if (end - start > 3 || !digits(name, start, end) || Integer.parseInt(name, start, end, 10) > 255) {
                return false;
            }
            start = end + 1;
        }
        return parts == 4;
    }
}
