package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * Anchors with no secret in their values, and how many secrets were found in them. A path is as likely as a message to
 * hold a key (a partner's key file committed under the key's name), and an anchor is stored as written. A person's
 * anchor keeps its placeholder, as their title and content do; an ingest's anchor holding a secret is dropped, since
 * once redacted it names no file (a commit's content still lists the path, redacted).
 */
record RedactedAnchors(List<Anchor> anchors, int count) {

    RedactedAnchors {
        anchors = List.copyOf(anchors);
    }

    static RedactedAnchors of(List<Anchor> anchors, SecretRedaction redaction) {
        List<Anchor> clean = new ArrayList<>();
        int count = 0;
        for (Anchor anchor : anchors) {
            SecretRedaction.Redacted value = redaction.redact(anchor.value());
            count += value.count();
            if (value.count() == 0) {
                clean.add(anchor);
            } else if (anchor.origin() == Anchor.Origin.given) {
                clean.add(new Anchor(anchor.kind(), value.text(), anchor.origin()));
            }
        }
        return new RedactedAnchors(clean, count);
    }
}
