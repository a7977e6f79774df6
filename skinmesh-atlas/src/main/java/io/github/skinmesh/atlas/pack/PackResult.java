package io.github.skinmesh.atlas.pack;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@link Packing#packAtlas(java.util.List, PackOptions)}: a placement per input, the
 * pages, and which inputs share a rectangle.
 *
 * <p>Immutable and thread-safe; the lists are unmodifiable.
 */
public final class PackResult {
    private final List<Placement> placements;
    private final List<PackPage> pages;
    private final int[] representative;
    private final int distinctCount;
    private final long contentArea;

    /** Adopts the arrays and the list without a copy (freshly built by {@link Packing}). */
    PackResult(Placement[] placements, List<PackPage> pages, int[] representative) {
        this.placements = Collections.unmodifiableList(Arrays.asList(placements));
        this.pages = Collections.unmodifiableList(pages);
        this.representative = representative;
        int distinct = 0;
        long area = 0;
        for (PackPage page : pages) {
            distinct += page.rectCount();
            area += page.contentArea();
        }
        this.distinctCount = distinct;
        this.contentArea = area;
    }

    /** {@return one placement per input, in input order ({@code placements().get(i).input() == i})} */
    public List<Placement> placements() {
        return placements;
    }

    /**
     * @param input index into the packer's input list
     * @return that input's placement
     * @throws IndexOutOfBoundsException if {@code input} is not in {@code 0..inputCount-1}
     */
    public Placement placement(int input) {
        return placements.get(input);
    }

    /** {@return the number of inputs} */
    public int inputCount() {
        return placements.size();
    }

    /** {@return the pages, from page 0; empty when there were no inputs} */
    public List<PackPage> pages() {
        return pages;
    }

    /** {@return the number of pages} */
    public int pageCount() {
        return pages.size();
    }

    /**
     * The input whose rectangle this input shares: the first input with the same key, or the input
     * itself when it is the first of its key or has no key. Inputs with the same representative
     * have equal placements apart from {@link Placement#input()}.
     *
     * @param input index into the packer's input list
     * @return the representative's index, {@code <= input}
     * @throws IndexOutOfBoundsException if {@code input} is not in {@code 0..inputCount-1}
     */
    public int representative(int input) {
        Objects.checkIndex(input, representative.length);
        return representative[input];
    }

    /** {@return the number of distinct rectangles packed (inputs minus those sharing a key with an earlier one)} */
    public int distinctCount() {
        return distinctCount;
    }

    /** {@return the texels covered by the distinct rectangles' contents, padding excluded} */
    public long contentArea() {
        return contentArea;
    }

    /** {@return {@link #contentArea()} over the total area of the pages, in {@code (0, 1]}; 0 without pages} */
    public double fill() {
        long total = 0;
        for (PackPage page : pages) {
            total += (long) page.width() * page.height();
        }
        return total == 0 ? 0 : contentArea / (double) total;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PackResult r && placements.equals(r.placements) && pages.equals(r.pages)
                && Arrays.equals(representative, r.representative);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * placements.hashCode() + pages.hashCode()) + Arrays.hashCode(representative);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("PackResult[").append(placements.size()).append(" inputs, ")
                .append(distinctCount).append(" distinct, pages");
        for (PackPage page : pages) {
            s.append(' ').append(page.width()).append('x').append(page.height());
        }
        return s.append(String.format(java.util.Locale.ROOT, ", fill %.4f]", fill())).toString();
    }
}
