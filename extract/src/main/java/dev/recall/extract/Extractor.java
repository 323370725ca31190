package dev.recall.extract;

import dev.recall.store.Message;
import dev.recall.store.Session;
import java.util.List;

/** Proposes entries for one session. Implementations are deterministic or fail; they never write. */
interface Extractor {

    List<Candidate> extract(Session session, List<Message> messages) throws ExtractionFailure;

    /** Why a session could not be extracted; recorded as its failed reason. */
    final class ExtractionFailure extends Exception {
        private final String reason;

        ExtractionFailure(String reason, String message) {
            super(message);
            this.reason = reason;
        }

        ExtractionFailure(String reason, String message, Throwable cause) {
            super(message, cause);
            this.reason = reason;
        }

        /** A short code (endpoint_error, schema, secret_in_request, ...) that status groups by. */
        String reason() {
            return reason;
        }
    }
}
