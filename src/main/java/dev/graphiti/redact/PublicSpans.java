package dev.graphiti.redact;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Stretches of a text that look random but are public by construction, so the entropy check leaves them
 * alone: the host and path of a URL ({@code https://docs.google.com/document/d/1Bx.../edit}, commit and
 * blob paths, bucket keys: addresses, not credentials; credentials in URLs sit in the user-info and in
 * query parameters, which stay checked), the payload of a {@code data:} URI (file content), and the body
 * of a PEM certificate, public key or signature (published by design).
 *
 * <p>Secrets with a known shape are still found inside these stretches: the provider detectors (webhook
 * URLs, tokens with a vendor prefix) run before the entropy check and do not consult this.
 */
final class PublicSpans {

    private static final int MAX_SCHEME = 32;
    private static final Pattern PUBLIC_PEM = Pattern.compile(
            "-----BEGIN ((?:[A-Z0-9]{1,20}+ ){0,3}(?:CERTIFICATE(?: REQUEST)?|PUBLIC KEY(?: BLOCK)?|SIGNATURE|SIGNED MESSAGE"
                    + "|X509 CRL|TRUSTED CERTIFICATE))-----");

    /** Sorted, non-overlapping [start, end) pairs. */
    private int[] spans = new int[16];
    private int size;

    private PublicSpans() {
    }

    static PublicSpans of(String text, String lowerCase) {
        PublicSpans spans = new PublicSpans();
        spans.addUrls(text);
        spans.addDataUris(text, lowerCase);
        spans.addPublicPem(text);
        spans.sort();
        return spans;
    }

    /** True when {@code position} lies in a public stretch. */
    boolean contains(int position) {
        int low = 0;
        int high = size / 2 - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (spans[2 * mid + 1] <= position) {
                low = mid + 1;
            } else if (spans[2 * mid] > position) {
                high = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** scheme://[user-info@]host/path: the host and path are public; user-info, query and fragment are not. */
    private void addUrls(String text) {
        for (int at = text.indexOf("://"); at >= 0; at = text.indexOf("://", at + 3)) {
            int scheme = at;
            while (scheme > 0 && at - scheme < MAX_SCHEME && isSchemeChar(text.charAt(scheme - 1))) {
                scheme--;
            }
            if (scheme == at) {
                continue;
            }
            int authorityEnd = at + 3;
            while (authorityEnd < text.length() && !endsUrl(text.charAt(authorityEnd))
                    && "/?#".indexOf(text.charAt(authorityEnd)) < 0) {
                authorityEnd++;
            }
            int host = text.lastIndexOf('@', authorityEnd - 1);
            host = host >= at + 3 ? host + 1 : at + 3;
            int pathEnd = authorityEnd;
            while (pathEnd < text.length() && !endsUrl(text.charAt(pathEnd)) && "?#".indexOf(text.charAt(pathEnd)) < 0) {
                pathEnd++;
            }
            if (pathEnd > host) {
                add(host, pathEnd);
            }
        }
    }

    /** data:[type][;param];base64,PAYLOAD */
    private void addDataUris(String text, String lowerCase) {
        for (int at = lowerCase.indexOf(";base64,"); at >= 0; at = lowerCase.indexOf(";base64,", at + 8)) {
            int start = lowerCase.lastIndexOf("data:", at);
            if (start < 0 || at - start > 128 || !isMediaType(lowerCase, start + 5, at)) {
                continue;
            }
            int end = at + 8;
            while (end < text.length() && isBase64(text.charAt(end))) {
                end++;
            }
            add(at, end);
        }
    }

    private void addPublicPem(String text) {
        Matcher begin = PUBLIC_PEM.matcher(text);
        int from = 0;
        while (from < text.length() && begin.find(from)) {
            String end = "-----END " + begin.group(1) + "-----";
            int stop = text.indexOf(end, begin.end());
            if (stop < 0) {
                from = begin.end();
                continue;
            }
            add(begin.start(), stop + end.length());
            from = stop + end.length();
        }
    }

    private static boolean isMediaType(String lowerCase, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = lowerCase.charAt(i);
            if (!(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9') && "/+.-;=_".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isBase64(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '/'
                || c == '=' || c == '_' || c == '-';
    }

    private static boolean isSchemeChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '.'
                || c == '-';
    }

    /** Where a URL written in text or code stops: blanks, quotes, angle brackets, an escape. */
    static boolean endsUrl(char c) {
        return Character.isWhitespace(c) || c == '"' || c == '\'' || c == '`' || c == '<' || c == '>' || c == '\\';
    }

    private void add(int start, int end) {
        if (size + 2 > spans.length) {
            spans = Arrays.copyOf(spans, spans.length * 2);
        }
        spans[size++] = start;
        spans[size++] = end;
    }

    /** Sorts by start and merges overlaps, so {@link #contains} can search. */
    private void sort() {
        int n = size / 2;
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            packed[i] = ((long) spans[2 * i] << 32) | (spans[2 * i + 1] & 0xffffffffL);
        }
        Arrays.sort(packed);
        int out = 0;
        for (long p : packed) {
            int start = (int) (p >>> 32);
            int end = (int) p;
            if (out > 0 && start <= spans[out - 1]) {
                spans[out - 1] = Math.max(spans[out - 1], end);
            } else {
                spans[out++] = start;
                spans[out++] = end;
            }
        }
        size = out;
    }
}
