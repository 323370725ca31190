package dev.recall.eval;

import java.time.Duration;
import java.util.Optional;

/**
 * The outcome of one evaluation run: the trec_eval measures, how deep the runs were, and for vector and hybrid
 * modes what the vector side did.
 *
 * @param depth the most hits any query's run held (MAP and recall depend on it)
 */
public record EvalReport(EvalSettings settings, int docs, EvalResult result, int depth,
                         Optional<VectorReport> vectors, Duration elapsed) {}
