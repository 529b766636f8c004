package dev.graphiti.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** An Accept header's media ranges, with wildcards and q=0 ("not acceptable") understood. */
record MediaRanges(List<String> ranges) {

    /** What MCP clients send on every POST, parsed once. */
    private static final String USUAL = "application/json, text/event-stream";
    private static final MediaRanges USUAL_RANGES = new MediaRanges(List.of("application/json", "text/event-stream"));

    static MediaRanges parse(String header) {
        if (USUAL.equals(header)) {
            return USUAL_RANGES;
        }
        List<String> ranges = new ArrayList<>();
        if (header != null) {
            for (String part : header.split(",")) {
                String[] pieces = part.split(";");
                String range = pieces[0].trim().toLowerCase(Locale.ROOT);
                if (!range.isEmpty() && !refused(pieces)) {
                    ranges.add(range);
                }
            }
        }
        return new MediaRanges(List.copyOf(ranges));
    }

    /** True when some range matches {@code type/subtype}, exactly or by wildcard. */
    boolean accepts(String mediaType) {
        String type = mediaType.substring(0, mediaType.indexOf('/'));
        return ranges.contains(mediaType) || ranges.contains(type + "/*") || ranges.contains("*/*");
    }

    /** The bare media type of a Content-Type value (parameters dropped), lower case; "" when absent. */
    static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    private static boolean refused(String[] pieces) {
        for (int i = 1; i < pieces.length; i++) {
            String parameter = pieces[i].trim().toLowerCase(Locale.ROOT).replace(" ", "");
            if (parameter.startsWith("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2)) <= 0;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }
}
