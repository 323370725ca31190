package dev.recall.mcp;

import dev.recall.service.RecallService;
import java.util.function.Function;

/**
 * How the tools reach recall's operations: {@code recall mcp} holds one service for its process; the daemon lends
 * one of its readers per call and runs writes on its one writer behind its write gate.
 */
public interface ServiceAccess {
    <T> T read(Function<RecallService, T> op);

    <T> T write(String what, Function<RecallService, T> op);

    /** One service for every call, one call at a time (a stdio client sends one request after another anyway). */
    static ServiceAccess of(RecallService service) {
        return new ServiceAccess() {
            @Override
            public synchronized <T> T read(Function<RecallService, T> op) {
                return op.apply(service);
            }

            @Override
            public synchronized <T> T write(String what, Function<RecallService, T> op) {
                return op.apply(service);
            }
        };
    }
}
