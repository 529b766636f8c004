package dev.graphiti.config;

import java.util.List;
import java.util.Optional;

/**
 * Every known setting with its default. Add a key here and it is settable, typed and listed; mark it
 * {@code terminalOnly()} when it names an endpoint, a key, a path or anything security depends on.
 */
public final class ConfigKeys {

    public static final ConfigKey MCP_CONTEXT_TOKENS = ConfigKey.integer("mcp.context_tokens", 8192, 256, 1_000_000,
            "token budget of the graphiti://context resource").toolRange(256, 32_768);
    public static final ConfigKey HOOKS_PROMPT_TOKENS = ConfigKey.integer("hooks.prompt_tokens", 600, 50, 8192,
            "token budget of what the UserPromptSubmit hook (recall --prompt) adds to a prompt").toolRange(50, 2_000);
    public static final ConfigKey SEARCH_DEFAULT_LIMIT = ConfigKey.integer("search.default_limit", 10, 1, 1000,
            "results of search when -l is not given");
    public static final ConfigKey SEARCH_RECENCY_HALF_LIFE_DAYS = ConfigKey.integer("search.recency_half_life_days", 90,
            1, 36_500, "age at which the recency boost of a search result halves");
    public static final ConfigKey LIST_DEFAULT_LIMIT = ConfigKey.integer("list.default_limit", 15, 1, 10_000,
            "items of list when -l is not given");
    public static final ConfigKey ADD_MAX_CONTENT_BYTES = ConfigKey.integer("add.max_content_bytes", 1_048_576, 1,
            8_388_608, "largest content add accepts (UTF-8 bytes)").toolRange(1, 1_048_576);
    public static final ConfigKey STORE_BUSY_TIMEOUT_MS = ConfigKey.integer("store.busy_timeout_ms", 60_000, 100,
            600_000, "how long a write waits for other processes before giving up").toolRange(30_000, 600_000);
    public static final ConfigKey LLM_ENDPOINT = ConfigKey.url("llm.endpoint",
            "OpenAI-compatible base URL (e.g. https://api.openai.com/v1) for prose summaries (empty: deterministic ones)")
            .terminalOnly();
    public static final ConfigKey LLM_MODEL = ConfigKey.string("llm.model", "", false, "model name for llm.endpoint")
            .terminalOnly();
    public static final ConfigKey LLM_API_KEY = ConfigKey.string("llm.api_key", "", true, "API key for llm.endpoint")
            .terminalOnly();

    public static final List<ConfigKey> ALL = List.of(MCP_CONTEXT_TOKENS, HOOKS_PROMPT_TOKENS, SEARCH_DEFAULT_LIMIT,
            SEARCH_RECENCY_HALF_LIFE_DAYS, LIST_DEFAULT_LIMIT, ADD_MAX_CONTENT_BYTES, STORE_BUSY_TIMEOUT_MS,
            LLM_ENDPOINT, LLM_MODEL, LLM_API_KEY);

    private ConfigKeys() {
    }

    public static Optional<ConfigKey> find(String name) {
        return ALL.stream().filter(key -> key.name().equals(name)).findFirst();
    }
}
