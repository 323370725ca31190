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

    @Test
    void bothRunsTheHelpersShareOnAnotherThreadAndGivesTheResultsInOrder() {
        Thread caller = Thread.currentThread();
        for (int round = 0; round < 20; round++) {
            List<Object> r = new SearchThreads(2, () -> true).both(() -> Thread.currentThread(),
                    () -> Thread.currentThread());
            assertSame(caller, r.get(0));
            assertNotSame(caller, r.get(1));
        }
        assertEquals(java.util.Arrays.asList("mine", null), new SearchThreads(2, () -> true).both(() -> "mine", () -> null));
    }

    @Test
    void bothThrowsEitherSidesFailureAfterTheHelperEnded() {
        SearchThreads two = new SearchThreads(2, () -> true);
        AtomicBoolean helperEnded = new AtomicBoolean();
        IllegalStateException mine = assertThrows(IllegalStateException.class, () -> two.both(() -> {
            throw new IllegalStateException("mine");
        }, () -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            helperEnded.set(true);
            return 1;
        }));
        assertEquals("mine", mine.getMessage());
        assertTrue(helperEnded.get(), "the caller's failure is thrown once the helper's work has ended");
        IllegalArgumentException theirs = assertThrows(IllegalArgumentException.class, () -> two.both(() -> 1, () -> {
            throw new IllegalArgumentException("theirs");
        }));
        assertEquals("theirs", theirs.getMessage());
    }
}
