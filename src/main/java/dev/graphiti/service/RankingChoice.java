package dev.graphiti.service;

/** Which rankings a search may use (`--ranking`); hybrid, the default, falls back to lexical without the model. */
public enum RankingChoice {
    hybrid, lexical, semantic
}
