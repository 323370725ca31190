package dev.recall.bench;

/**
 * One target of issue 5 against what was measured.
 *
 * @param met null when the run did not measure it
 */
public record TargetCheck(String target, String measured, Boolean met, String note) {}
