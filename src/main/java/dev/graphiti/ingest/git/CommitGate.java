package dev.graphiti.ingest.git;

import dev.graphiti.graph.SkipReason;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The quality gate: which commits carry knowledge worth an item. Judged from author, message, file
 * names and line counts only. Conservative toward keeping: a commit is skipped only when a rule
 * clearly applies.
 */
public final class CommitGate {

    private static final Pattern BOT_NAME = Pattern.compile(
            "(\\[bot]$|^(dependabot|renovate|github-actions|greenkeeper|snyk-bot|pre-commit-ci|mergify|imgbot"
                    + "|allcontributors|semantic-release-bot|depfu|pyup-bot|whitesource|mend-bolt|copybara)\\b)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern BOT_EMAIL = Pattern.compile(
            "(\\[bot]@|^(dependabot|renovate|github-actions)|^bot@|-bot@)",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern DEPENDENCY_BUMP = Pattern.compile(
            "^(\\S+(\\([^)]*\\))?!?:\\s*)?(bump|update|upgrade)\\s+(dependency\\s+|module\\s+)?[\\w@./:\\-]+\\s+"
                    + "(from\\s+\\S+\\s+)?to\\s+v?\\d[\\w.+\\-]*(\\s+in\\s+\\S+)?\\s*$"
                    + "|^bump\\s+the\\s+\\S+\\s+group\\b"
                    + "|^bump\\s+\\S+\\s+and\\s+\\S+\\s+in\\b"
                    + "|^(\\w+\\()?deps(-dev)?\\)?!?:"
                    + "|^\\w+\\((dependencies|dependency)\\)!?:"
                    + "|^(update|bump|upgrade)\\s+(all\\s+)?(dependency|dependencies|deps)\\b"
                    + "|^update\\s+\\S+\\s+digest\\s+to\\b"
                    + "|^lock file maintenance\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern RELEASE = Pattern.compile(
            "^\\[maven-release-plugin]"
                    + "|^\\w+\\(release\\)!?:"
                    + "|^(chore|build|release)!?:\\s*(release|bump version|version|prepare release)?\\s*v?\\d+(\\.\\d+)+\\S*\\s*$"
                    + "|^(release|released|releasing|prepare release|prepare for release|bump version|version bump"
                    + "|bumped version|set version|version)\\s*(to\\s+)?v?\\d+(\\.\\d+)+\\S*\\s*$"
                    + "|^(prepare for next development iteration|start next development iteration|back to snapshot)\\b"
                    + "|^v?\\d+\\.\\d+(\\.\\d+)?([-+.]\\S*)?\\s*$",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern TRIVIAL_MESSAGE = Pattern.compile(
            "^(\\S+(\\([^)]*\\))?:\\s*)?(fix(ed|es)?\\s+)?(a\\s+|some\\s+)?(typos?|whitespace|spelling|indentation|formatting|format|fmt|lint|linting"
                    + "|trailing (spaces|whitespace)|code style|style|reformat(ted)?|spacing)\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> EMPTY_WORDS = Set.of("wip", "update", "updates", "fix", "fixes", "changes",
            "change", "tmp", "temp", "test", "minor", "stuff", "misc", "cleanup", "oops", ".", "-", "save", "commit");

    /** A reason given for a change: what turns "edit the manifest" into a decision worth keeping. */
    private static final Pattern RATIONALE = Pattern.compile(
            "\\b(because|so that|due to|in order to|to avoid)\\b", Pattern.CASE_INSENSITIVE);

    /** Lines up to which a typo/format/empty-message commit counts as trivial. */
    private static final int TRIVIAL_LINES = 10;

    private static final Set<String> VERSION_FILES = Set.of("version", "version.txt", "changelog", "changelog.md",
            "changes.md", "history.md", "releases.md", "release-notes.md", "changelog.rst", "news.md");
    private static final Set<String> MANIFESTS = Set.of("package.json", "pom.xml", "build.gradle", "build.gradle.kts",
            "gradle.properties", "cargo.toml", "pyproject.toml", "setup.py", "setup.cfg", "version.rb", "_version.py",
            "__version__.py", "chart.yaml", "mix.exs", "composer.json", "manifest.json", "plugin.xml");
    private static final Set<String> LOCK_FILES = Set.of("package-lock.json", "yarn.lock", "pnpm-lock.yaml",
            "npm-shrinkwrap.json", "cargo.lock", "gemfile.lock", "poetry.lock", "pipfile.lock", "go.sum", "composer.lock",
            "gradle.lockfile", "uv.lock", "bun.lockb", "mix.lock", "packages.lock.json", "flake.lock");

    /** Empty when the commit is worth indexing; otherwise why not. */
    public Optional<SkipReason> check(GitCommit commit) {
        if (isBot(commit.authorName(), commit.authorEmail())) {
            return Optional.of(SkipReason.bot);
        }
        String subject = commit.subject();
        if (commit.merge()) {
            return commit.fileCount() == 0 ? Optional.of(SkipReason.empty_merge) : Optional.empty();
        }
        if (RELEASE.matcher(subject).find()) {
            return Optional.of(SkipReason.release);
        }
        if (DEPENDENCY_BUMP.matcher(subject).find()) {
            return Optional.of(SkipReason.dependency_bump);
        }
        // Manifests and lock files alone are a version bump, unless the message records a decision:
        // "Switch from moment to date-fns because ..." changes two lines of package.json and is worth keeping.
        boolean decision = recordsDecision(commit);
        if (!decision && !commit.files().isEmpty() && allMatch(commit, LOCK_FILES)) {
            return Optional.of(SkipReason.dependency_bump);
        }
        if (!decision && versionFilesOnly(commit)) {
            return Optional.of(SkipReason.version_files_only);
        }
        if (trivial(commit)) {
            return Optional.of(SkipReason.trivial);
        }
        return Optional.empty();
    }

    static boolean isBot(String name, String email) {
        return BOT_NAME.matcher(name == null ? "" : name.strip()).find()
                || BOT_EMAIL.matcher(email == null ? "" : email.strip()).find();
    }

    private static boolean recordsDecision(GitCommit commit) {
        CommitKind kind = CommitKind.of(commit.message());
        // A statement of the Java target is the manifest's one-line change a later statement ends: kept to be marked.
        return kind == CommitKind.decision || kind == CommitKind.architecture || RATIONALE.matcher(commit.message()).find()
                || RestatedSubject.of(commit.subject()).isPresent();
    }

    private static boolean versionFilesOnly(GitCommit commit) {
        List<FileChange> files = commit.files();
        if (files.isEmpty() || commit.filesOmitted() > 0) {
            return false;
        }
        boolean sawManifestOrVersion = false;
        for (FileChange file : files) {
            String name = fileName(file.path());
            if (VERSION_FILES.contains(name)) {
                sawManifestOrVersion = true;
            } else if (MANIFESTS.contains(name) && !file.binary() && file.added() <= 2 && file.deleted() <= 2) {
                // a one- or two-line edit of a manifest is a version bump; more is a real change
                sawManifestOrVersion = true;
            } else if (!LOCK_FILES.contains(name)) {
                return false;
            }
        }
        return sawManifestOrVersion;
    }

    private static boolean trivial(GitCommit commit) {
        String subject = commit.subject();
        if (commit.fileCount() == 0) {
            return commit.message().strip().length() < 20; // an empty commit with a one-word note
        }
        if (commit.linesChanged() > TRIVIAL_LINES || commit.filesOmitted() > 0) {
            return false;
        }
        if (TRIVIAL_MESSAGE.matcher(subject).find() && commit.body().isEmpty()) {
            return true;
        }
        String words = subject.toLowerCase(Locale.ROOT).replaceAll("[^a-z.\\-]+", " ").strip();
        return words.isEmpty() || EMPTY_WORDS.contains(words);
    }

    private static boolean allMatch(GitCommit commit, Set<String> names) {
        return commit.filesOmitted() == 0
                && commit.files().stream().allMatch(file -> names.contains(fileName(file.path())));
    }

    static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return (slash < 0 ? path : path.substring(slash + 1)).toLowerCase(Locale.ROOT);
    }
}
