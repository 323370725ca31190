package dev.recall.service;

import dev.recall.service.config.RecallConfig;
import dev.recall.embeddings.Embedder;
import dev.recall.search.SearchThreads;
import dev.recall.sessions.ProjectIdentity;
import dev.recall.store.WriteCheck;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.function.Consumer;

/**
 * recall's operations on one data dir, grouped by concept; every surface (the cli, the HTTP daemon, the MCP
 * server) is a thin adapter over it. Each operation takes a request record and returns a result record, or throws
 * a {@link dev.recall.store.RecallException} whose kind a surface maps to its own exit code or status.
 *
 * <p>The data dir's resources (store, configuration, model, indexes) are opened on first use and closed by
 * {@link #close()}. Notices (an index rebuilt, a query not recorded) go to the consumer given here; they are
 * things the user should know that are not an operation's result.
 */
public final class RecallService implements AutoCloseable {
    private final Resources resources;
    private final EmbeddingService embeddings;
    private final EntryService entries;
    private final SearchService search;
    private final SessionService sessions;
    private final ExtractionService extraction;
    private final ReviewService review;
    private final InsightService insights;
    private final LedgerService ledger;
    private final IndexService index;
    private final SecretService secrets;
    private final ArchiveService archive;
    private final ProposalService proposals;
    private final PromptService prompts;
    private final MemberService members;

    public RecallService(Path dataDir, Map<String, String> env, Clock clock, Consumer<String> notices) {
        this(dataDir, env, clock, notices, new WriteCheck());
    }

    /**
     * A service whose store connection shares {@code writeCheck} with the process's other services over the same data
     * dir (the daemon's readers and writer): the file is checked once before the process's first write, not once per
     * connection.
     */
    public RecallService(Path dataDir, Map<String, String> env, Clock clock, Consumer<String> notices,
            WriteCheck writeCheck) {
        this(dataDir, env, clock, notices, writeCheck, SearchThreads.perCore());
    }

    /**
     * As {@link #RecallService(Path, Map, Clock, Consumer, WriteCheck)}, a lexical search's BM25 spread over more than
     * its caller's thread only when {@code searchThreads} allows it as the search starts (the daemon: while it serves
     * that one request); a process that runs one search at a time uses a part per core.
     */
    public RecallService(Path dataDir, Map<String, String> env, Clock clock, Consumer<String> notices,
            WriteCheck writeCheck, SearchThreads searchThreads) {
        this.resources = new Resources(dataDir, Map.copyOf(env), clock, notices, writeCheck, searchThreads);
        this.embeddings = new EmbeddingService(resources);
        AutoEmbedding autoEmbedding = new AutoEmbedding(resources, embeddings);
        this.search = new SearchService(resources);
        this.entries = new EntryService(resources, autoEmbedding, search);
        this.sessions = new SessionService(resources, search, autoEmbedding);
        this.archive = new ArchiveService(resources, autoEmbedding);
        this.extraction = new ExtractionService(resources, autoEmbedding);
        this.review = new ReviewService(resources, autoEmbedding);
        this.insights = new InsightService(resources);
        this.ledger = new LedgerService(resources);
        this.index = new IndexService(resources);
        this.secrets = new SecretService(resources);
        this.proposals = new ProposalService(resources, autoEmbedding);
        this.prompts = new PromptService(resources, ledger);
        this.members = new MemberService(resources);
    }

    /** Entries an agent proposes from its session: stored unreviewed, anchored by the host. */
    public ProposalService proposals() {
        return proposals;
    }

    /** Prompt-time recall: the trusted entries that plainly concern a prompt (the UserPromptSubmit hook). */
    public PromptService prompts() {
        return prompts;
    }

    /** Secret findings and the backfill. */
    public SecretService secrets() {
        return secrets;
    }

    /** Entries: list, get, stats, import. */
    public EntryService entries() {
        return entries;
    }

    /** Query and brief. */
    public SearchService search() {
        return search;
    }

    /** The session archive and the project files: sessions import, sync, save, show, capture, log. */
    public SessionService sessions() {
        return sessions;
    }

    /** The archive itself: sessions list, show, trash; passage search (lexical, vector, hybrid). */
    public ArchiveService archive() {
        return archive;
    }

    /** Vector generations: build, list, activate, retire, status. */
    public EmbeddingService embeddings() {
        return embeddings;
    }

    /** Extraction generations: run, status, preview, activate, retire, doctor. */
    public ExtractionService extraction() {
        return extraction;
    }

    /** Review of extracted candidates: export, import, and one at a time. */
    public ReviewService review() {
        return review;
    }

    /** Generated insights: reports over a range of sessions, stored, listed, exported, deleted. */
    public InsightService insights() {
        return insights;
    }

    /** The members of a team's service and their tokens. */
    public MemberService members() {
        return members;
    }

    /** The query measurement ledger. */
    public LedgerService ledger() {
        return ledger;
    }

    /** The derived lexical index. */
    public IndexService index() {
        return index;
    }

    /** The project and branch of a directory, as every operation sees them. */
    public ProjectIdentity identity(Path dir) {
        return ProjectIdentity.of(dir);
    }

    /** The git work tree a directory is in, as git reports it (hardened): the current-scope filters use it. */
    public dev.recall.sessions.GitCheckout checkout() {
        return new dev.recall.sessions.GitCheckout();
    }

    public Path dataDir() {
        return resources.dataDir();
    }

    /** The data dir's configuration ({@code config.toml}), read once. */
    public RecallConfig config() {
        return resources.config();
    }

    /**
     * Opens the store now (migrating it if needed) and reads the configuration, instead of on first use: a resident
     * process fails its start on a store or config.toml it cannot use rather than on every request. Reads nothing
     * else of the store, so it costs the same at any size.
     */
    public void open() {
        resources.config();
        resources.database();
    }

    /** The configured embedding model, loaded on first use; for the quality harness, which embeds collections. */
    public Embedder embedder() {
        return resources.embedder();
    }

    @Override
    public void close() {
        resources.close();
    }
}
