package dev.graphiti.graph;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A section's candidates, read a page at a time up to a cap: a section usually fills its share of the
 * budget long before its cap, so reading every candidate up front mostly reads rows nobody shows.
 * Pages double from {@link #FIRST_PAGE}; what was read is kept, so iterating again reads nothing.
 */
final class BriefPages implements Iterable<ItemBrief> {

    static final int FIRST_PAGE = 32;

    /** One page of a newest-first query. */
    @FunctionalInterface
    interface Page {
        List<ItemBrief> read(int offset, int limit);
    }

    private final Page page;
    private final int cap;
    private final List<ItemBrief> read = new ArrayList<>();
    private boolean exhausted;

    BriefPages(Page page, int cap) {
        this.page = page;
        this.cap = cap;
    }

    boolean isEmpty() {
        return !iterator().hasNext();
    }

    @Override
    public Iterator<ItemBrief> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < read.size() || readMore();
            }

            @Override
            public ItemBrief next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return read.get(next++);
            }
        };
    }

    private boolean readMore() {
        if (exhausted || read.size() >= cap) {
            return false;
        }
        int limit = Math.min(cap - read.size(), Math.max(FIRST_PAGE, read.size()));
        List<ItemBrief> more = page.read(read.size(), limit);
        read.addAll(more);
        exhausted = more.size() < limit;
        return !more.isEmpty();
    }
}
