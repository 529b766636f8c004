package dev.graphiti.redact;

import java.util.Locale;

/** What a redacted span was; its {@link #id()} names it in the placeholder that replaces the span. */
public enum SecretKind {
    PRIVATE_KEY,
    AWS_ACCESS_KEY,
    AWS_SECRET_KEY,
    GITHUB_TOKEN,
    GITLAB_TOKEN,
    SLACK_TOKEN,
    SLACK_WEBHOOK,
    WEBHOOK_URL,
    STRIPE_KEY,
    ANTHROPIC_KEY,
    OPENAI_KEY,
    GOOGLE_API_KEY,
    NPM_TOKEN,
    VENDOR_TOKEN,
    JWT,
    AUTHORIZATION_HEADER,
    URL_PASSWORD,
    URL_PARAMETER,
    SECRET_ASSIGNMENT,
    HIGH_ENTROPY;

    /** Lower-case name, e.g. {@code aws_access_key}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The text that replaces a span of this kind, e.g. {@code [REDACTED:aws_access_key]}. */
    public String placeholder() {
        return "[REDACTED:" + id() + "]";
    }
}
