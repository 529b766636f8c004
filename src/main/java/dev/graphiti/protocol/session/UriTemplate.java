package dev.graphiti.protocol.session;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matches URIs against an RFC 6570 level-1 template: each {@code {name}} stands for one non-empty run of
 * characters without '/', '?' or '#'; everything else must match literally.
 */
final class UriTemplate {

    private static final Pattern EXPRESSION = Pattern.compile("\\{([A-Za-z0-9_.]+)}");

    private final Pattern pattern;
    private final List<String> names = new ArrayList<>();

    UriTemplate(String template) {
        Matcher m = EXPRESSION.matcher(template);
        var regex = new StringBuilder();
        int last = 0;
        while (m.find()) {
            regex.append(Pattern.quote(template.substring(last, m.start()))).append("([^/?#]+)");
            names.add(m.group(1));
            last = m.end();
        }
        regex.append(Pattern.quote(template.substring(last)));
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
        return Optional.of(variables);
    }
}
