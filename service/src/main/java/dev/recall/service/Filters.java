package dev.recall.service;

import dev.recall.store.EntryFilter;
import dev.recall.store.EntryStatus;

/**
 * The entry filters a caller asked for, before the operation's defaults: what {@code given} leaves null (and
 * {@code trustedOnly} when null) was not said. Each operation resolves them with its own defaults
 * ({@link #resolve}): searches serve accepted entries unless told otherwise, and a brief serves trusted entries
 * unless told otherwise.
 *
 * @param given the attribute filters as asked; its own trusted-only flag is ignored
 * @param trustedOnly only trusted entries (true), all (false), or the operation's default (null)
 */
public record Filters(EntryFilter given, Boolean trustedOnly) {

    public static final Filters NONE = new Filters(EntryFilter.ANY, null);

    public static Filters of(EntryFilter given) {
        return new Filters(given, null);
    }

    /**
     * The filter with the defaults for what the caller left unsaid. Trusted-only leaves the status to the trust
     * rule (trusted entries are accepted) rather than adding a second, redundant condition.
     */
    EntryFilter resolve(EntryStatus defaultStatus, boolean trustedByDefault) {
        boolean trusted = trustedOnly != null ? trustedOnly : trustedByDefault;
        EntryStatus status = given.status() != null ? given.status() : trusted ? null : defaultStatus;
        return given.toBuilder().status(status).trustedOnly(trusted).build();
    }
}
