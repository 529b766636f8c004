package dev.graphiti.graph;

/** Why the quality gate left a commit out of the graph. */
public enum SkipReason {
    /** Authored by a bot (dependabot, renovate, github-actions, any "[bot]" account). */
    bot,
    /** A dependency bump: "Bump x from 1 to 2", "chore(deps): ...", lock-file-only changes. */
    dependency_bump,
    /** A release or version commit: "Release 1.2.0", "v1.2.0", "[maven-release-plugin] ...". */
    release,
    /** A merge that changed nothing beyond its parents. */
    empty_merge,
    /** Only version files changed (VERSION, a one-line manifest version edit, CHANGELOG) and the message gives no reason. */
    version_files_only,
    /** Whitespace, typo or formatting fixes, empty commits, or a tiny change with an empty message. */
    trivial
}
