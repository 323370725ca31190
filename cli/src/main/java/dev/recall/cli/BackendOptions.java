package dev.recall.cli;

import dev.recall.opensearch.OpenSearchBackend;
import dev.recall.opensearch.OpenSearchSettings;
import dev.recall.search.SearchBackend;
import dev.recall.store.Database;
import dev.recall.store.RecallException;
import dev.recall.store.StoreIdentity;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * Which search backend a measuring command (eval, bench) runs its throwaway store's searches on: the embedded
 * indexes, or an OpenSearch cluster the store is published to, under its own index prefix.
 */
final class BackendOptions {
    @Option(names = "--backend", defaultValue = "embedded", description = "embedded (default) or opensearch.")
    String backend;

    @Option(names = "--urls", split = ",", paramLabel = "URL", description = "With --backend opensearch: the"
            + " nodes' HTTP addresses (default: [backend] urls of config.toml).")
    List<String> urls;

    @Option(names = "--index-prefix", paramLabel = "PREFIX", description = "With --backend opensearch: the"
            + " prefix of the indexes this run creates (default: recall-<command>-<the throwaway store's id>; they"
            + " stay in the cluster).")
    String indexPrefix;

    @Option(names = "--replicas", defaultValue = "0", description = "With --backend opensearch: replicas per shard"
            + " (default ${DEFAULT-VALUE}).")
    int replicas;

    /**
     * The backend to run on, or empty for the embedded one. Each throwaway store gets its own indexes by default
     * ({@code defaultPrefix} and the store's id): an index another store stamped is refused, never overwritten.
     */
    Optional<Function<Database, SearchBackend>> choose(App app, String defaultPrefix) {
        return switch (backend) {
            case "embedded" -> {
                if (urls != null || indexPrefix != null) {
                    throw new CliException(ExitCode.USAGE, "--urls and --index-prefix need --backend opensearch");
                }
                yield Optional.empty();
            }
            case "opensearch" -> {
                OpenSearchSettings s = settings(app, defaultPrefix);
                yield Optional.of(db -> new OpenSearchBackend(db, indexPrefix != null ? s
                        : new OpenSearchSettings(s.nodes(), defaultPrefix + "-" + new StoreIdentity(db).id()
                                .substring(0, 12), s.replicas(), s.timeout())));
            }
            default -> throw new CliException(ExitCode.USAGE, "--backend must be embedded or opensearch, not '"
                    + backend + "'");
        };
    }

    /** A label for reports: the backend and, for OpenSearch, where (without a URL's {@code user:password@}). */
    String describe() {
        return backend.equals("opensearch") && urls != null ? "opensearch " + String.join(",", urls.stream()
                .map(u -> u.replaceFirst("//[^/@]*@", "//")).toList()) : backend;
    }

    private OpenSearchSettings settings(App app, String defaultPrefix) {
        Optional<OpenSearchSettings> configured = urls == null ? app.config().openSearch() : Optional.empty();
        List<URI> nodes = new ArrayList<>();
        if (urls != null) {
            for (String u : urls) {
                URI uri = URI.create(u.strip());
                if (uri.getScheme() == null || uri.getHost() == null) {
                    throw new CliException(ExitCode.USAGE, "--urls: '" + u + "' is not an http(s)://host:port URL");
                }
                nodes.add(uri);
            }
        } else if (configured.isPresent()) {
            nodes.addAll(configured.get().nodes());
        } else {
            throw new CliException(ExitCode.USAGE, "--backend opensearch needs --urls (or [backend] urls in"
                    + " config.toml with kind = \"opensearch\")");
        }
        Duration timeout = configured.map(OpenSearchSettings::timeout).orElse(Duration.ofSeconds(120));
        try {
            return new OpenSearchSettings(nodes, indexPrefix == null ? defaultPrefix : indexPrefix, replicas, timeout);
        } catch (RecallException e) {
            throw new CliException(ExitCode.USAGE, "--" + e.getMessage().replace('_', '-'));
        }
    }
}
