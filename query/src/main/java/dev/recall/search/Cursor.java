package dev.recall.search;

import dev.recall.store.Digests;
import dev.recall.store.RecallException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A page position bound to one request and one query-state revision. Any change to the store moves the
 * revision, and the cursor is then refused rather than silently skipping or repeating results.
 */
record Cursor(long queryStateRevision, int offset, String signatureDigest) {

    String encode() {
        String raw = "v1:" + queryStateRevision + ":" + offset + ":" + signatureDigest;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Cursor next(SearchRequest request, long revision, int offset) {
        return next(request.signature(), revision, offset);
    }

    /** A cursor for any ranked list identified by its request's signature (passage searches use the archive's revision). */
    static Cursor next(String signature, long revision, int offset) {
        return new Cursor(revision, offset, digest(signature));
    }

    static int offsetFor(SearchRequest request, long currentRevision) {
        return offsetFor(request.cursor(), request.signature(), currentRevision);
    }

    static int offsetFor(String cursor, String signature, long currentRevision) {
        if (cursor == null) {
            return 0;
        }
        Cursor c = decode(cursor);
        if (!c.signatureDigest().equals(digest(signature))) {
            throw new SearchException(SearchException.Reason.INVALID_CURSOR,
                    "the cursor belongs to a different query", RecallException.Remedy.RESTART_PAGINATION);
        }
        if (c.queryStateRevision() != currentRevision) {
            throw new SearchException(SearchException.Reason.CURSOR_EXPIRED, "cursor expired: the store changed since"
                    + " it was issued (revision " + c.queryStateRevision() + " -> " + currentRevision
                    + ")", RecallException.Remedy.RESTART_PAGINATION);
        }
        return c.offset();
    }

    private static Cursor decode(String text) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8).split(":");
            if (parts.length != 4 || !parts[0].equals("v1")) {
                throw new IllegalArgumentException();
            }
            return new Cursor(Long.parseLong(parts[1]), Integer.parseInt(parts[2]), parts[3]);
        } catch (IllegalArgumentException e) {
            throw new SearchException(SearchException.Reason.INVALID_CURSOR, "not a recall cursor: '" + text + "'");
        }
    }

    private static String digest(String signature) {
        return Digests.sha256(signature).substring(0, 16);
    }
}
