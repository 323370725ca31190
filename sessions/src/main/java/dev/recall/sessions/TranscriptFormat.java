package dev.recall.sessions;

import com.fasterxml.jackson.databind.JsonNode;

/** Turns one transcript record into messages and session metadata. */
interface TranscriptFormat {
    /**
     * Reads one record. Returns false when the record is not of this format at all (a file none of whose records
     * is the agent's is reported as unrecognised); a record of a known kind that yields nothing returns true.
     */
    boolean read(JsonNode record, TranscriptChunk chunk);
}
