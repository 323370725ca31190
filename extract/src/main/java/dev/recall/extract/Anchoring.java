package dev.recall.extract;

import dev.recall.store.Digests;
import dev.recall.store.EntryStatus;
import dev.recall.store.Evidence;
import dev.recall.store.ProposedEntry;
import dev.recall.store.Message;
import dev.recall.store.RecallEntry;
import dev.recall.store.ReviewState;
import dev.recall.store.Session;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns proposals into entries with evidence. The host, not the proposer, decides what an anchor points at: it
 * checks every span against the session's messages, drops the ones that do not exist and computes the digest
 * from the archive. A proposal left without a valid anchor is dropped: an entry without evidence is not extracted.
 */
final class Anchoring {
    static final int MAX_TITLE = 200;
    static final int MAX_BODY = 4_000;
    static final int MAX_TRIGGER = 300;
    static final int MAX_SNIPPET = 300;

    /** One entry ready to be written, with its evidence. */

    /** What anchoring kept and what it dropped. */
    record Plan(List<ProposedEntry> entries, int droppedAnchors, int droppedCandidates, int duplicates) {}

    private Anchoring() {}

    /** Deterministic: the same generation, session, type and title always give the same id. */
    static String entryId(String fingerprint, String sessionId, dev.recall.store.EntryType type, String title) {
        return "x-" + Digests.sha256(fingerprint, sessionId, type.label(), Texts.titleKey(title)).substring(0, 16);
    }

    static Plan plan(Fingerprint fp, Session session, List<Message> messages, List<Candidate> candidates,
            Instant now) {
        Map<Integer, Message> byOrdinal = new HashMap<>();
        for (Message m : messages) {
            byOrdinal.put(m.ordinal(), m);
        }
        List<ProposedEntry> out = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        int droppedAnchors = 0;
        int droppedCandidates = 0;
        int duplicates = 0;
        for (Candidate c : candidates) {
            String title = Texts.bound(c.title(), MAX_TITLE);
            if (title.isEmpty()) {
                droppedCandidates++;
                continue;
            }
            String id = entryId(fp.value(), session.id(), c.type(), title);
            if (!ids.add(id)) {
                duplicates++;
                continue;
            }
            List<Evidence> evidence = new ArrayList<>();
            Set<String> seenSpans = new LinkedHashSet<>();
            for (Candidate.Span span : c.anchors()) {
                List<Message> range = range(byOrdinal, span.start(), span.end());
                if (range == null) {
                    droppedAnchors++;
                    continue;
                }
                if (!seenSpans.add(span.start() + ":" + span.end())) {
                    continue;
                }
                evidence.add(new Evidence(0, id, session.id(), span.start(), span.end(),
                        range.getFirst().sourceUuid(), range.getLast().sourceUuid(), null,
                        snippet(span.snippet(), range), Digests.anchor(range)));
            }
            if (evidence.isEmpty()) {
                droppedCandidates++;
                ids.remove(id);
                continue;
            }
            double confidence = Math.max(0, Math.min(1, c.confidence()));
            confidence = Math.round(confidence * 100) / 100.0;
            String trigger = c.trigger() == null || c.trigger().isBlank() ? null : Texts.bound(c.trigger(), MAX_TRIGGER);
            RecallEntry entry = new RecallEntry(id, c.type(), c.scope(), EntryStatus.ACCEPTED,
                    ReviewState.UNREVIEWED_AUTO, title, Texts.boundBody(c.body(), MAX_BODY), trigger, confidence,
                    null, session.project(), session.cwd(), session.gitBranch(), session.agent(), session.id(),
                    fp.method(), true, true, null, null, null, now, now);
            out.add(new ProposedEntry(entry, evidence));
        }
        return new Plan(List.copyOf(out), droppedAnchors, droppedCandidates, duplicates);
    }

    /** The messages start..end, or null when the span is not wholly inside the session. */
    private static List<Message> range(Map<Integer, Message> byOrdinal, int start, int end) {
        if (start < 0 || end < start || end - start > 10_000) {
            return null;
        }
        List<Message> out = new ArrayList<>();
        for (int o = start; o <= end; o++) {
            Message m = byOrdinal.get(o);
            if (m == null) {
                return null;
            }
            out.add(m);
        }
        return out;
    }

    /** The quote is kept only if it really occurs in the anchored messages, cut to a length that still does. */
    private static String snippet(String proposed, List<Message> range) {
        if (proposed == null || proposed.isBlank()) {
            return null;
        }
        String s = proposed.strip();
        if (s.length() > MAX_SNIPPET) {
            s = s.substring(0, MAX_SNIPPET);
        }
        for (Message m : range) {
            if (m.text().contains(s)) {
                return s;
            }
        }
        return null;
    }
}
