package dev.graphiti.protocol.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matches URIs against an RFC 6570 template of simple expressions, each {@code {name}} one non-empty run of
 * characters without '/', '?' or '#', and optionally a trailing form-style query {@code {?a,b}} whose
 * parameters may each be given once, in any order, or left out (values percent-decoded). Everything else must
 * match literally; a query parameter the template does not name makes the URI no instance of it.
 */
final class UriTemplate {

    private static final Pattern EXPRESSION = Pattern.compile("\\{([A-Za-z0-9_.]+)}");
    private static final Pattern QUERY = Pattern.compile("\\{\\?([A-Za-z0-9_.,]+)}$");

    private final Pattern pattern;
    private final List<String> names = new ArrayList<>();
    private final List<String> queryNames = new ArrayList<>();

    UriTemplate(String template) {
        Matcher query = QUERY.matcher(template);
        String path = template;
        if (query.find()) {
            queryNames.addAll(List.of(query.group(1).split(",")));
            path = template.substring(0, query.start());
        }
        Matcher m = EXPRESSION.matcher(path);
        var regex = new StringBuilder();
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(path.substring(last, m.start()))).append("([^/?#]+)");
            names.add(m.group(1));
            last = m.end();
        }
        regex.append(Pattern.quote(path.substring(last)));
        regex.append(queryNames.isEmpty() ? "" : "(?:\\?([^#]*))?");
        this.pattern = Pattern.compile(regex.toString());
    }

    /** The variables of {@code uri}, or empty when it is not an instance of this template. */
    Optional<Map<String, String>> match(String uri) {
        Matcher m = pattern.matcher(uri);
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            variables.put(names.get(i), m.group(i + 1));
        }
        String query = queryNames.isEmpty() ? null : m.group(names.size() + 1);
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&")) {
                int equals = pair.indexOf('=');
                String name = equals < 0 ? pair : pair.substring(0, equals);
                if (!queryNames.contains(name) || variables.containsKey(name)) {
                    return Optional.empty();
                }
                try {
                    variables.put(name, java.net.URLDecoder.decode(equals < 0 ? "" : pair.substring(equals + 1),
                            java.nio.charset.StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    return Optional.empty(); // a broken %-escape
                }
            }
        }
        return Optional.of(variables);
    }
}
