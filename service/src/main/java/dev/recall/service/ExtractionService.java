package dev.recall.service;

import dev.recall.extract.Extraction;
import dev.recall.index.VectorBuilder;
import java.nio.file.Path;

/**
 * Extraction generations: distil synced sessions into entries under the configured {@code [recall.extract]}
 * generation, see where it stands, preview one session, activate or retire a generation, and check the setup.
 */
public final class ExtractionService {
    /** @param autoEmbedded the vector build that followed, or null (nothing served changed, or not configured) */
    public record ActivateResult(Extraction.Activation activation, VectorBuilder.Report autoEmbedded) {}

    /** @param configFile the config.toml the configuration was read from */
    public record DoctorResult(Path configFile, Extraction.Doctor doctor) {}

    private final Resources resources;
    private final AutoEmbedding autoEmbedding;

    ExtractionService(Resources resources, AutoEmbedding autoEmbedding) {
        this.resources = resources;
        this.autoEmbedding = autoEmbedding;
    }

    /**
     * What a scheduled pass did: {@code RUN} (extraction enabled: pending sessions extracted, then reconciled),
     * {@code RECONCILE} (extraction disabled, but a generation was once active: only reconciled), or {@code IDLE}
     * (disabled and nothing extracted was ever served).
     *
     * @param run the run's report, or null when there was no run
     * @param withdrawn entries of trashed, automated or secret-holding sessions that stopped being served
     */
    public record ScheduledPass(Mode mode, Extraction.RunReport run, int withdrawn) {
        public enum Mode { RUN, RECONCILE, IDLE }
    }

    public Extraction.RunReport run(Extraction.RunOptions options) {
        return run(options, Extraction.Progress.NONE);
    }

    public Extraction.RunReport run(Extraction.RunOptions options, Extraction.Progress progress) {
        return extraction().run(options, progress);
    }

    /**
     * The daemon's pass: with {@code [recall.extract] enabled = true}, extract pending sessions (a session whose
     * extraction failed waits {@code failureBackoff} before it is tried again; null retries it every pass) and
     * reconcile; with extraction disabled, only reconcile, and only when a generation was ever active, so that
     * entries of sessions trashed or found to hold secrets stop being served even without new extraction.
     */
    public ScheduledPass scheduledPass(java.time.Duration failureBackoff) {
        Extraction x = extraction();
        Boolean enabled = resources.config().settings().recall().extract().enabled();
        if (enabled != null && enabled) {
            Extraction.RunReport r = x.run(Extraction.RunOptions.all().withFailureBackoff(failureBackoff));
            return new ScheduledPass(ScheduledPass.Mode.RUN, r, x.reconcile());
        }
        if (!x.everServed()) {
            return new ScheduledPass(ScheduledPass.Mode.IDLE, null, 0);
        }
        return new ScheduledPass(ScheduledPass.Mode.RECONCILE, null, x.reconcile());
    }

    public Extraction.Status status() {
        return extraction().status();
    }

    public Extraction.Preview preview(String sessionId) {
        return extraction().preview(sessionId);
    }

    /** Activates a generation (null: the configured one); its entries are served, so vectors follow if asked. */
    public ActivateResult activate(String fingerprintOrPrefix, VectorBuilder.Progress progress) {
        Extraction.Activation a = extraction().activate(fingerprintOrPrefix);
        boolean changed = !a.alreadyActive() && (a.inserted() + a.restored() + a.archivedFromPrevious() > 0);
        return new ActivateResult(a, autoEmbedding.afterChange(changed, progress));
    }

    /** Retires a generation; the active one only with force, since nothing extracted is served afterwards. */
    public Extraction.Retirement retire(String fingerprintOrPrefix, boolean force) {
        return extraction().retire(fingerprintOrPrefix, force);
    }

    public DoctorResult doctor(boolean probe) {
        return new DoctorResult(resources.config().file(), extraction().doctor(probe));
    }

    private Extraction extraction() {
        return new Extraction(resources.database(), resources.config().extract(), resources.env()::get,
                resources.clock());
    }
}
