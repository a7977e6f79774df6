package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import java.util.Arrays;
import java.util.Objects;

/**
 * One bone-palette partition of a {@link Submesh}: a range of the mesh's triangle indices drawn
 * with a subset of the skin's palette, for renderers that bind a limited number of bone matrices
 * per draw call.
 *
 * <p>The range is given in absolute index positions, like the submesh's own: indices
 * {@code firstIndex .. firstIndex+indexCount-1} of the mesh's index list. The palette entries are
 * indices into the mesh's {@link Skin} palette, distinct, in the order the draw binds them (local
 * slot {@code i} of the draw is entry {@link #paletteEntry(int) paletteEntry(i)}). Joints in the
 * mesh's {@link BoneWeights} stay palette indices; a writer maps them to the draw's local slots
 * when its format needs it.
 *
 * <p>What the mesh checks when it is built: the draws of a submesh tile it exactly (consecutive,
 * in order, whole triangles, none empty), every entry is below the palette size, and every vertex
 * of every triangle of a draw weights (with weight {@code > 0}) only the draw's entries.
 *
 * <p>Immutable and thread-safe; {@link #of} copies the entries once.
 */
public final class Draw {
    private final int firstIndex;
    private final int indexCount;
    private final int[] paletteEntries;

    private Draw(int firstIndex, int indexCount, int[] paletteEntries) {
        String where = "draw";
        if (firstIndex < 0 || firstIndex % 3 != 0) {
            throw new ValidationException(where + ": firstIndex " + firstIndex
                    + ", expected a multiple of 3 (a triangle boundary) >= 0");
        }
        if (indexCount <= 0 || indexCount % 3 != 0) {
            throw new ValidationException(where + ": indexCount " + indexCount
                    + ", expected a positive multiple of 3 (whole triangles, none empty)");
        }
        if ((long) firstIndex + indexCount > Integer.MAX_VALUE) {
            throw new ValidationException(where + ": indices " + firstIndex + ".." + ((long) firstIndex + indexCount)
                    + " end past " + Integer.MAX_VALUE);
        }
        Int2IntOpenHashMap seen = new Int2IntOpenHashMap(paletteEntries.length);
        seen.defaultReturnValue(-1);
        for (int i = 0; i < paletteEntries.length; i++) {
            int e = paletteEntries[i];
            if (e < 0 || e >= Skin.MAX_PALETTE_SIZE) {
                throw new ValidationException(where + " at indices " + firstIndex + ".." + (firstIndex + indexCount)
                        + ": palette entry " + i + " is " + e + ", expected 0.." + (Skin.MAX_PALETTE_SIZE - 1));
            }
            int previous = seen.putIfAbsent(e, i);
            if (previous >= 0) {
                throw new ValidationException(where + " at indices " + firstIndex + ".." + (firstIndex + indexCount)
                        + ": palette entry " + i + " is " + e + ", which entry " + previous
                        + " already lists, expected distinct entries");
            }
        }
        this.firstIndex = firstIndex;
        this.indexCount = indexCount;
        this.paletteEntries = paletteEntries;
    }

    /**
     * Creates a draw, copying the palette entries.
     *
     * @param firstIndex first index position of the range, a multiple of 3, {@code >= 0}
     * @param indexCount number of indices, a positive multiple of 3
     * @param paletteEntries the skin palette entries the draw binds, distinct, each
     *     {@code 0 <= e < }{@value Skin#MAX_PALETTE_SIZE} (the mesh checks them against its
     *     palette size); local slot {@code i} is {@code paletteEntries[i]}
     * @return the draw
     * @throws ValidationException when the range is not whole triangles, is empty or ends past
     *     {@link Integer#MAX_VALUE}, or an entry is negative, too large or repeated
     */
    public static Draw of(int firstIndex, int indexCount, int... paletteEntries) {
        return new Draw(firstIndex, indexCount, paletteEntries.clone());
    }

    static Draw adopt(int firstIndex, int indexCount, int[] paletteEntries) {
        return new Draw(firstIndex, indexCount, paletteEntries);
    }

    /** @return the first index position of the range (a multiple of 3) */
    public int firstIndex() {
        return firstIndex;
    }

    /** @return the number of indices (a positive multiple of 3) */
    public int indexCount() {
        return indexCount;
    }

    /** @return {@code indexCount / 3} */
    public int triangleCount() {
        return indexCount / 3;
    }

    /** @return the number of palette entries the draw binds */
    public int paletteEntryCount() {
        return paletteEntries.length;
    }

    /**
     * @param slot local slot, {@code 0..paletteEntryCount-1}
     * @return the skin palette entry bound at that slot
     * @throws IndexOutOfBoundsException when the slot is out of range
     */
    public int paletteEntry(int slot) {
        return paletteEntries[Objects.checkIndex(slot, paletteEntries.length)];
    }

    /** @return a fresh copy of the palette entries, in slot order */
    public int[] paletteEntries() {
        return paletteEntries.clone();
    }

    /**
     * Copies the palette entries in slot order.
     *
     * @param dst destination, at least {@code offset + paletteEntryCount} ints
     * @param offset first element written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short
     */
    public int[] paletteEntriesInto(int[] dst, int offset) {
        System.arraycopy(paletteEntries, 0, dst, offset, paletteEntries.length);
        return dst;
    }

    int[] rawPaletteEntries() {
        return paletteEntries;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Draw && ((Draw) o).firstIndex == firstIndex
                && ((Draw) o).indexCount == indexCount && Arrays.equals(((Draw) o).paletteEntries, paletteEntries));
    }

    @Override
    public int hashCode() {
        return 31 * (31 * firstIndex + indexCount) + Arrays.hashCode(paletteEntries);
    }

    @Override
    public String toString() {
        return "Draw[indices " + firstIndex + ".." + (firstIndex + indexCount) + ", palette entries "
                + Arrays.toString(paletteEntries) + "]";
    }
}
