package dev.recall.bench;

/**
 * Memory of a tier.
 *
 * @param searchHeapBytes heap in use after full GCs with the search path open (store, lexical reader, HNSW
 *     searchers, RecallSearch) and the exact baseline's matrix released
 * @param exactMatrixBytes heap the brute-force baseline's float matrix takes
 * @param benchPeakRssKb peak RSS of the bench process during the tier (VmHWM), -1 when unknown
 */
public record MemoryUse(long searchHeapBytes, long exactMatrixBytes, long benchPeakRssKb) {}
