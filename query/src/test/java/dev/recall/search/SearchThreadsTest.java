package dev.recall.search;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A search's helper: the same results in the items' order, on the caller's thread alone unless the policy allows. */
class SearchThreadsTest {
    private static final List<Integer> ITEMS = IntStream.range(0, 500).boxed().toList();

    @Test
    void aHelperLeavesTheResultsAndTheirOrderAsOneThreadGivesThem() {
        List<String> want = ITEMS.stream().map(i -> "hit-" + i * i).toList();
        for (int round = 0; round < 20; round++) {
            assertEquals(want, new SearchThreads(2, () -> true).map(ITEMS, i -> "hit-" + i * i));
        }
        assertEquals(List.of(), new SearchThreads(2, () -> true).map(List.<Integer>of(), i -> i));
        assertEquals(List.of(7), new SearchThreads(2, () -> true).map(List.of(7), i -> i));
    }

    @Test
    void withoutLeaveEveryItemRunsOnTheCallersThread() {
        AtomicBoolean alone = new AtomicBoolean(false);
        Set<Thread> ran = ConcurrentHashMap.newKeySet();
        new SearchThreads(2, alone::get).map(ITEMS, i -> ran.add(Thread.currentThread()));
        SearchThreads.ONE.map(ITEMS, i -> ran.add(Thread.currentThread()));
        assertEquals(Set.of(Thread.currentThread()), ran);
    }

    @Test
    void anItemsFailureIsThrownToTheCaller() {
        SearchThreads two = new SearchThreads(2, () -> true);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> two.map(ITEMS, i -> {
            if (i == 499) {
                throw new IllegalStateException("item " + i);
            }
            return i;
        }));
        assertEquals("item 499", e.getMessage());
    }
}
