package dev.recall.bench;

/**
 * CPU time a piece of work cost, which a machine shared with other jobs inflates far less than wall time: this
 * process's (all its threads) and, for a backend with its own servers, theirs (every node).
 *
 * @param units what the work was made of (queries, entries), for the cost per unit
 * @param serverSeconds the backend's servers' CPU time; null for the embedded backend
 */
public record CpuCost(String key, String label, long units, String unit, double processSeconds,
        Double serverSeconds) {

    /** Milliseconds of CPU, this process's and the servers', per unit. */
    public double totalMsPerUnit() {
        return units == 0 ? 0 : (processSeconds + (serverSeconds == null ? 0 : serverSeconds)) * 1000 / units;
    }
}
