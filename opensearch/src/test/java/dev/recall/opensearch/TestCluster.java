package dev.recall.opensearch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * A real OpenSearch cluster on 127.0.0.1 for the tests: the integration-test distribution and the k-NN plugin that
 * Maven fetched into target/opensearch-dist, unpacked into a temp dir and started as N nodes on free ports, 512 MB
 * heap each. OpenSearch refuses to run as root, so as root every node runs as {@code nobody} through setpriv.
 * {@link #close} kills every node and deletes the dir: nothing is left running.
 */
public final class TestCluster implements AutoCloseable {
    private static final String JVM = System.getProperty("java.home");

    private final Path root;
    private final Path home;
    private final int[] httpPorts;
    private final int[] transportPorts;
    private final Process[] processes;

    public TestCluster(int nodes) {
        Path dist = Path.of(System.getProperty("recall.opensearch.dist", "target/opensearch-dist"));
        Path zip = dist.resolve("opensearch.zip");
        Path knn = dist.resolve("opensearch-knn.zip");
        if (!Files.isRegularFile(zip) || !Files.isRegularFile(knn)) {
            throw new IllegalStateException("the OpenSearch distribution is missing from " + dist.toAbsolutePath()
                    + ": the build fetches it in generate-test-resources (./mvnw -pl opensearch -am verify)");
        }
        try {
            root = Files.createTempDirectory("recall-opensearch-");
            unzip(zip, root, "");
            try (Stream<Path> s = Files.list(root)) {
                home = s.filter(p -> p.getFileName().toString().startsWith("opensearch-")).findFirst().orElseThrow();
            }
            unzip(knn, home.resolve("plugins/opensearch-knn"), null);
            httpPorts = new int[nodes];
            transportPorts = new int[nodes];
            for (int i = 0; i < nodes; i++) {
                httpPorts[i] = freePort();
                transportPorts[i] = freePort();
                Files.createDirectories(root.resolve("n" + i).resolve("data"));
                Files.createDirectories(root.resolve("n" + i).resolve("logs"));
                // a config dir per node: nodes sharing one race to create its keystore
                copyTree(home.resolve("config"), root.resolve("n" + i).resolve("config"));
            }
            if (isRoot()) {
                run("chown", "-R", "nobody:nogroup", root.toString());
                Files.setPosixFilePermissions(root, EnumSet.of(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE,
                        PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        processes = new Process[nodes];
        // a test JVM that ends without closing the cluster (killed, timed out) still takes its nodes along
        Runtime.getRuntime().addShutdownHook(new Thread(this::killAll));
        try {
            for (int i = 0; i < nodes; i++) {
                start(i);
            }
            // generous: on a shared two-core machine at load 35 a node took more than 4 minutes to start
            awaitNodes(nodes, Duration.ofMinutes(10));
        } catch (RuntimeException e) {
            close(); // never leave a node running
            throw e;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    int size() {
        return processes.length;
    }

    public URI node(int i) {
        return URI.create("http://127.0.0.1:" + httpPorts[i]);
    }

    public List<URI> nodes() {
        List<URI> out = new ArrayList<>();
        for (int i = 0; i < processes.length; i++) {
            out.add(node(i));
        }
        return out;
    }

    /** Starts node i (again, after {@link #kill}: same ports, same data). */
    void start(int i) {
        Path dir = root.resolve("n" + i);
        StringBuilder seeds = new StringBuilder();
        StringBuilder managers = new StringBuilder();
        for (int j = 0; j < processes.length; j++) {
            seeds.append(j == 0 ? "" : ",").append("127.0.0.1:").append(transportPorts[j]);
            managers.append(j == 0 ? "" : ",").append("n").append(j);
        }
        List<String> command = new ArrayList<>();
        if (isRoot()) {
            command.addAll(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
        }
        command.addAll(List.of(home.resolve("bin/opensearch").toString(),
                "-Ecluster.name=recall-test", "-Enode.name=n" + i, "-Enetwork.host=127.0.0.1",
                "-Ehttp.port=" + httpPorts[i], "-Etransport.port=" + transportPorts[i],
                "-Epath.data=" + dir.resolve("data"), "-Epath.logs=" + dir.resolve("logs"),
                "-Ediscovery.seed_hosts=" + seeds, "-Ecluster.initial_cluster_manager_nodes=" + managers,
                // the shared disk of a CI machine may be fuller than the default watermarks allow
                "-Ecluster.routing.allocation.disk.threshold_enabled=false"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("console.log").toFile()));
        pb.environment().put("OPENSEARCH_JAVA_HOME", JVM);
        pb.environment().put("OPENSEARCH_JAVA_OPTS", "-Xms512m -Xmx512m");
        pb.environment().remove("JAVA_HOME");
        pb.environment().put("OPENSEARCH_PATH_CONF", dir.resolve("config").toString());
        try {
            processes[i] = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start OpenSearch node " + i, e);
        }
    }

    /** Kills node i at once (SIGKILL, no shutdown), as a crash would. */
    synchronized void kill(int i) {
        Process p = processes[i];
        if (p != null) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            processes[i] = null;
        }
    }

    /** Waits until the cluster has {@code nodes} nodes and is green (every shard and replica assigned). */
    void awaitNodes(int nodes, Duration timeout) {
        awaitHealth("wait_for_nodes=" + nodes + "&wait_for_status=green", timeout);
    }

    /** Waits until the cluster answers health with at least yellow (replicas may be missing). */
    void awaitHealth(String query, Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < processes.length; i++) {
                if (processes[i] == null) {
                    continue;
                }
                if (!processes[i].isAlive()) {
                    throw new IllegalStateException("OpenSearch node " + i + " exited: " + tail(i));
                }
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(node(i).resolve(
                            "/_cluster/health?timeout=5s&" + query)).timeout(Duration.ofSeconds(10)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    last = r.body();
                    if (r.statusCode() == 200 && !r.body().contains("\"timed_out\":true")) {
                        return;
                    }
                } catch (IOException e) {
                    last = e.toString();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("the OpenSearch cluster was not ready (" + query + ") within " + timeout
                + ": " + last + "\n" + tail(0));
    }

    String tail(int i) {
        try {
            List<String> lines = Files.readAllLines(root.resolve("n" + i).resolve("console.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private synchronized void killAll() {
        for (int i = 0; i < processes.length; i++) {
            kill(i);
        }
    }

    @Override
    public void close() {
        killAll();
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp dir left behind is not worth failing a test for
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void run(String... command) throws IOException {
        try {
            Process p = new ProcessBuilder(command).inheritIO().start();
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** Unzips with unix modes kept; {@code null} strip keeps paths as they are. */
    private static void unzip(Path zip, Path target, String strip) throws IOException {
        Files.createDirectories(target);
        try (ZipFile z = ZipFile.builder().setPath(zip).get()) {
            for (ZipArchiveEntry e : java.util.Collections.list(z.getEntries())) {
                Path out = target.resolve(e.getName()).normalize();
                if (!out.startsWith(target)) {
                    throw new IOException("zip entry outside the target: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(out);
                    continue;
                }
                Files.createDirectories(out.getParent());
                try (InputStream in = z.getInputStream(e)) {
                    Files.copy(in, out);
                }
                int mode = e.getUnixMode();
                if ((mode & 0100) != 0) {
                    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(out);
                    perms.addAll(EnumSet.of(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE,
                            PosixFilePermission.OTHERS_EXECUTE));
                    Files.setPosixFilePermissions(out, perms);
                }
            }
        }
    }
}
