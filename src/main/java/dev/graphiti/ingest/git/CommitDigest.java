package dev.graphiti.ingest.git;

import dev.graphiti.graph.Anchor;
import dev.graphiti.ingest.ItemDraft;
import dev.graphiti.redact.Redactor;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a kept commit into an item: the message, a size-capped diff summary built from line counts
 * (no file content), the modules touched, the sha and the author time. Files and modules are named in
 * the content, where the graph's entity extraction finds them. Subject and message are redacted before they
 * are cut to size, so a secret straddling a cut never leaves its first characters in the title or content.
 */
public final class CommitDigest {

    static final int TITLE_CAP = 120;
    static final int MESSAGE_CAP = 8_000;
    static final int SUMMARY_CAP = 1_500;
    static final int MODULES_CAP = 10;
    /**
     * A commit changing more files than this anchors to none of them: a sweep (a rename of a package, a licence header,
     * a formatter run) is about no one file, and anchoring it to each would put it in every file's recall.
     */
    static final int ANCHORED_FILES_CAP = 30;

    private final Redactor redactor;

    public CommitDigest(Redactor redactor) {
        this.redactor = redactor;
    }

    public ItemDraft draft(GitCommit commit) {
        CommitKind kind = CommitKind.of(commit.message());
        String subject = commit.subject().isEmpty() ? "(no message) " + commit.sha().substring(0, 12)
                : redactor.redact(commit.subject()).text();
        String title = subject.length() <= TITLE_CAP ? subject : subject.substring(0, TITLE_CAP - 1) + "…";
        String message = commit.message().isBlank() ? subject : redactor.redact(commit.message().strip()).text();
        if (message.length() > MESSAGE_CAP) {
            message = message.substring(0, MESSAGE_CAP) + " …";
        }
        // The last blank line ends the message: embedding keeps what is before it (VectorStore.Unembedded#text).
        StringBuilder content = new StringBuilder(message).append("\n\n").append(summary(commit));
        Set<String> modules = new LinkedHashSet<>();
        commit.files().forEach(file -> ModuleName.of(file.path()).ifPresent(modules::add));
        if (!modules.isEmpty()) {
            content.append("\nModules: ").append(String.join(", ", modules.stream().limit(MODULES_CAP).toList()));
        }
        content.append("\nCommit ").append(commit.sha(), 0, 12).append(", authored ")
                .append(DateTimeFormatter.ISO_INSTANT.format(commit.authorTime()));
        List<String> tags = kind.knowledge() ? List.of("git", kind.name().replace('_', '-')) : List.of("git");
        return new ItemDraft(kind.itemKind(), title, content.toString(), tags, "git:" + commit.sha(), commit.authorTime(),
                Optional.empty(), Optional.empty(), anchors(commit));
    }

    /** The files the commit changed (their new paths), or none past {@link #ANCHORED_FILES_CAP}. */
    static List<Anchor> anchors(GitCommit commit) {
        if (commit.fileCount() > ANCHORED_FILES_CAP) {
            return List.of();
        }
        return commit.files().stream().map(file -> Anchor.file(file.path(), Anchor.Origin.changed)).toList();
    }

    /** "3 files changed, +40 -2:" and one line per file, cut at SUMMARY_CAP characters. */
    static String summary(GitCommit commit) {
        if (commit.merge()) {
            StringBuilder merge = new StringBuilder("Merge changed ").append(commit.fileCount())
                    .append(commit.fileCount() == 1 ? " file" : " files").append(" beyond its parents:");
            return appendCapped(merge, commit.files().stream().map(FileChange::path).toList(), commit.filesOmitted());
        }
        int added = 0;
        int deleted = 0;
        for (FileChange file : commit.files()) {
            added += Math.max(file.added(), 0);
            deleted += Math.max(file.deleted(), 0);
        }
        StringBuilder text = new StringBuilder().append(commit.fileCount())
                .append(commit.fileCount() == 1 ? " file" : " files").append(" changed, +").append(added)
                .append(" -").append(deleted).append(':');
        List<String> lines = new ArrayList<>();
        for (FileChange file : commit.files()) {
            String name = file.renamed() ? file.previousPath() + " -> " + file.path() : file.path();
            lines.add(file.binary() ? name + " (binary)" : name + " (+" + file.added() + " -" + file.deleted() + ")");
        }
        return appendCapped(text, lines, commit.filesOmitted());
    }

    private static String appendCapped(StringBuilder text, List<String> lines, int omitted) {
        int left = lines.size() + omitted;
        for (String line : lines) {
            String more = "\n… and " + left + " more";
            if (text.length() + line.length() + 3 + more.length() > SUMMARY_CAP) {
                return text.append(more).toString();
            }
            text.append("\n- ").append(line);
            left--;
        }
        if (left > 0) {
            text.append("\n… and ").append(left).append(" more");
        }
        return text.toString();
    }
}
