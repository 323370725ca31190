package dev.recall.fusion;

/**
 * What one leg added to a fused score: the document's rank and raw score in that leg, the amount it added to the
 * fused score, and that amount as a share of the fused score (0..1). A leg that did not return the document is
 * simply absent from the fused hit.
 */
public record LegContribution(String leg, int rank, double legScore, double contribution, double share) {}
