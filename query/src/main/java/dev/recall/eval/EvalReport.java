package dev.recall.eval;

import java.time.Duration;
import java.util.Optional;

/**
 * The outcome of one evaluation run: the trec_eval measures, how deep the runs were, how long each query took
 * through the product's search, and for vector and hybrid modes what the vector side did.
 *
 * @param depth the most hits any query's run held (MAP and recall depend on it)
 * @param queryLatencies each topic's whole query (embedding included), as deep as the evaluation asks
 */
public record EvalReport(EvalSettings settings, int docs, EvalResult result, int depth,
                         Optional<VectorReport> vectors, Latencies queryLatencies, Duration elapsed) {}
