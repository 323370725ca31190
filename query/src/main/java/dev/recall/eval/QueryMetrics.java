package dev.recall.eval;

/** The measures of one query, named as trec_eval names them ({@code ndcg_cut_10, map, P_30, recall_100}). */
public record QueryMetrics(double ndcgCut10, double map, double p30, double recall100) {}
