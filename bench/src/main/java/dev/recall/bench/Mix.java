package dev.recall.bench;

import java.util.SplittableRandom;

/** Seeded, order-independent randomness: entry i gets the same stream whatever else is generated. */
final class Mix {
    private Mix() {}

    /** SplitMix64's finaliser: a bijection on longs, so distinct inputs never collide. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** An independent stream for item {@code index} of kind {@code salt} under {@code seed}. */
    static SplittableRandom stream(long seed, long salt, long index) {
        return new SplittableRandom(mix64(mix64(seed * 0x9E3779B97F4A7C15L + salt) ^ index));
    }
}
