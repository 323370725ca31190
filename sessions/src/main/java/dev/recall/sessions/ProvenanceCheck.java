package dev.recall.sessions;

import dev.recall.store.Database;
import dev.recall.store.Digests;
import dev.recall.store.Entries;
import dev.recall.store.Evidence;
import dev.recall.store.Message;
import dev.recall.store.Rereads;
import dev.recall.store.SourceFiles;
import dev.recall.store.Sessions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Verifies evidence again when a session's transcript is re-read. The archive itself never changes (a diverged
 * transcript continues in a fork session), so the check compares each anchor with what the transcript holds now:
 * an anchored message that disappeared, that changed, or whose source uuid became ambiguous revokes the entry's
 * provenance with a reason code. Revocation is sticky: nothing grants provenance back.
 */
public final class ProvenanceCheck {
    public static final String MISSING = "anchored_message_missing";
    public static final String CHANGED = "anchored_content_changed";
    public static final String AMBIGUOUS = "anchored_message_ambiguous";

    /** An entry whose provenance was revoked, and why. */
    public record Revocation(String entryId, String sessionId, String reason) {}

    private final Database db;
    private final Clock clock;

    public ProvenanceCheck(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public List<Revocation> verify(List<Rereads.Event> rereads) {
        List<Revocation> out = new ArrayList<>();
        for (Rereads.Event event : rereads) {
            out.addAll(verify(event));
        }
        return out;
    }

    private List<Revocation> verify(Rereads.Event event) {
        return db.transaction(() -> {
            Map<String, List<Evidence>> anchors = anchorsIn(event.sessionId());
            if (anchors.isEmpty()) {
                return List.of();
            }
            // What the transcript holds now at each ordinal: the stored messages up to a divergence, then the fork's.
            List<Message> stored = new Sessions(db).messages(event.sessionId());
            List<Message> now = switch (event.outcome()) {
                case DIVERGED -> event.forkSessionId() == null ? stored : new Sessions(db).messages(event.forkSessionId());
                case TRUNCATED -> stored.subList(0, Math.min(stored.size(), messagesInFile(event)));
                case IDENTICAL, APPENDED -> stored;
            };
            Map<String, Integer> uuidCounts = new HashMap<>();
            now.forEach(m -> {
                if (m.sourceUuid() != null) uuidCounts.merge(m.sourceUuid(), 1, Integer::sum);
            });
            List<Revocation> revoked = new ArrayList<>();
            for (Map.Entry<String, List<Evidence>> e : anchors.entrySet()) {
                for (Evidence ev : e.getValue()) {
                    String reason = check(ev, now, uuidCounts);
                    if (reason != null) {
                        if (new Entries(db).revokeProvenance(e.getKey(), reason, clock.instant())) {
                            revoked.add(new Revocation(e.getKey(), event.sessionId(), reason));
                        }
                        break;
                    }
                }
            }
            return revoked;
        });
    }

    private static String check(Evidence ev, List<Message> now, Map<String, Integer> uuidCounts) {
        if (ev.endOrdinal() >= now.size()) {
            return MISSING;
        }
        List<Message> anchored = now.subList(ev.startOrdinal(), ev.endOrdinal() + 1);
        for (String uuid : new String[] {ev.startSourceUuid(), ev.endSourceUuid()}) {
            if (uuid != null && uuidCounts.getOrDefault(uuid, 0) > 1) {
                return AMBIGUOUS;
            }
        }
        if (ev.startSourceUuid() != null && !ev.startSourceUuid().equals(anchored.getFirst().sourceUuid())
                || ev.endSourceUuid() != null && !ev.endSourceUuid().equals(anchored.getLast().sourceUuid())) {
            return uuidCounts.containsKey(ev.startSourceUuid()) ? AMBIGUOUS : MISSING;
        }
        if (ev.contentDigest() != null && !ev.contentDigest().equals(Digests.anchor(anchored))) {
            return CHANGED;
        }
        return null;
    }

    private Map<String, List<Evidence>> anchorsIn(String sessionId) {
        Map<String, List<Evidence>> out = new HashMap<>();
        for (Evidence ev : new Entries(db).evidenceInSession(sessionId)) {
            out.computeIfAbsent(ev.entryId(), k -> new ArrayList<>()).add(ev);
        }
        return out;
    }

    /** How many messages the re-read file held: the sync state records it per file. */
    private int messagesInFile(Rereads.Event event) {
        return new SourceFiles(db).get(event.sourcePath()).map(f -> f.parsedMessages()).orElse(Integer.MAX_VALUE);
    }
}
