package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.core.ValidationException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Packs rectangles (the images of an atlas) onto pages: {@link #packAtlas(List, PackOptions)}.
 *
 * <pre>{@code
 * List<PackInput> images = List.of(
 *         new PackInput("body", 1024, 1024, bodyHash),
 *         new PackInput("head", 512, 512, headHash),
 *         new PackInput("boots", 256, 256, bootsHash));
 * PackResult atlas = Packing.packAtlas(images, PackOptions.DEFAULTS.withPadding(4).withBlock(4, 4));
 * Placement head = atlas.placement(1);   // page, x, y, width, height, rotated
 * }</pre>
 *
 * <p><b>Determinism.</b> The distinct rectangles are ordered by cell height descending, cell width
 * descending, then input index (with rotation allowed, of each cell's landscape orientation), and
 * every decision after that is integer arithmetic with fixed tie rules: the same inputs and
 * options give the same result on every run, JVM and machine.
 *
 * <p>Thread-safe: no shared state; each call allocates its own working arrays
 * ({@code O(inputs)} ints, plus {@code O(free rectangles)} for MaxRects).
 */
public final class Packing {
    /** Largest page side and image side, texels. */
    public static final int MAX_PAGE_SIZE = 65_536;
    /**
     * Most distinct rectangles for which {@link PackHeuristic#AUTO} runs MaxRects (its cost grows
     * with the square of the count).
     */
    public static final int MAXRECTS_AUTO_LIMIT = 64;
    /** Most inputs of one call ({@code 2^29 - 1}, what the packing order's key holds). */
    public static final int MAX_INPUTS = (1 << 29) - 1;

    private Packing() {
    }

    /**
     * Packs with {@link PackOptions#DEFAULTS}: automatic heuristic, free size up to 4096 x 4096, up
     * to 16 pages, no padding, no block alignment, no rotation.
     *
     * @param inputs the images to pack, in the order placements are returned
     * @return placements, pages and shared rectangles
     * @throws ValidationException as {@link #packAtlas(List, PackOptions)}
     */
    public static PackResult packAtlas(List<PackInput> inputs) {
        return packAtlas(inputs, PackOptions.DEFAULTS);
    }

    /**
     * Packs images onto as few atlas pages as the options allow, each page as small as its sizing
     * allows. Inputs with the same non-null {@link PackInput#key()} share one rectangle.
     *
     * <p>Every placement lies inside its page, at least {@code borderPadding} texels from its edges;
     * the contents of two distinct rectangles are at least {@code padding} texels apart; every origin
     * is a multiple of the block size and the block-rounded region of each content plus padding
     * overlaps no other (see {@link PackOptions}).
     *
     * @param inputs the images to pack; the result has one placement per input, in this order
     * @param options heuristic, page sizing and limits, padding, blocks, rotation
     * @return placements, pages and shared rectangles
     * @throws ValidationException if there are more than {@value #MAX_INPUTS} inputs; if two inputs
     *     share a key but not a size (naming both images and sizes); if an image does not fit an
     *     empty page of the largest size with its padding and blocks, in any allowed orientation
     *     (naming it, its size and the page limit); if more than {@code maxPages} pages would be
     *     needed (naming the first image left over)
     * @throws NullPointerException if {@code inputs}, one of its elements or {@code options} is null
     */
    public static PackResult packAtlas(List<PackInput> inputs, PackOptions options) {
        Objects.requireNonNull(inputs, "packAtlas: inputs is null");
        Objects.requireNonNull(options, "packAtlas: options is null");
        int inputCount = inputs.size();
        if (inputCount > MAX_INPUTS) {
            throw new ValidationException("packAtlas: " + inputCount + " inputs, expected at most " + MAX_INPUTS);
        }
        PackInput[] in = inputs.toArray(new PackInput[0]);
        if (in.length != inputCount) {
            throw new IllegalStateException("packAtlas: inputs changed size while being read");
        }
        int[] representative = new int[inputCount];
        int distinctCount = 0;
        Map<String, Integer> firstByKey = null;
        for (int i = 0; i < inputCount; i++) {
            PackInput input = in[i];
            if (input == null) {
                throw new NullPointerException("packAtlas: input " + i + " is null");
            }
            String key = input.key();
            Integer first = null;
            if (key != null) {
                if (firstByKey == null) {
                    firstByKey = new HashMap<>();
                }
                first = firstByKey.putIfAbsent(key, i);
            }
            if (first == null) {
                representative[i] = i;
                distinctCount++;
            } else {
                PackInput f = in[first];
                if (f.width() != input.width() || f.height() != input.height()) {
                    throw new ValidationException("packAtlas: image " + i + " '" + input.name() + "' has key '" + key
                            + "' like image " + first + " '" + f.name() + "' but is " + input.width() + "x"
                            + input.height() + ", expected " + f.width() + "x" + f.height());
                }
                representative[i] = first;
            }
        }

        Cells cells = new Cells(options);
        // packing order: cell height descending, cell width descending, input index (one sortable key each)
        long[] keys = new long[distinctCount];
        int d = 0;
        for (int i = 0; i < inputCount; i++) {
            if (representative[i] != i) {
                continue;
            }
            long oriented = cells.orient(in[i], i);
            keys[d++] = (long) (CELL_LIMIT - (int) oriented) << 46 | (CELL_LIMIT - (oriented >>> 32)) << 29 | i;
        }
        Arrays.sort(keys);
        int[] w = new int[distinctCount];
        int[] h = new int[distinctCount];
        int[] tw = cells.rotation ? new int[distinctCount] : w;
        int[] th = cells.rotation ? new int[distinctCount] : h;
        boolean[] baseTurned = cells.rotation ? new boolean[distinctCount] : null;
        int[] inputOf = new int[distinctCount];
        for (int k = 0; k < distinctCount; k++) {
            long key = keys[k];
            int i = (int) (key & INDEX_MASK);
            inputOf[k] = i;
            h[k] = CELL_LIMIT - (int) (key >>> 46);
            w[k] = CELL_LIMIT - (int) (key >>> 29 & CELL_LIMIT);
            if (cells.rotation) {
                boolean turned = cells.turnedFirst(in[i]);
                baseTurned[k] = turned;
                tw[k] = cells.cols(turned ? in[i].width() : in[i].height());
                th[k] = cells.rows(turned ? in[i].height() : in[i].width());
            }
        }
        Items items = new Items(w, h, tw, th, baseTurned, inputOf, cells.rotation);
        PackJob job = new PackJob(items, options, in);
        job.run();
        Placement[] placements = job.placements;
        for (int i = 0; i < inputCount; i++) {
            int r = representative[i];
            if (r != i) {
                Placement p = placements[r];
                placements[i] = new Placement(i, p.page(), p.x(), p.y(), p.width(), p.height(), p.rotated());
            }
        }
        return new PackResult(placements, job.pages, representative);
    }

    /** Bound of a cell side (page side plus padding, in blocks of at least 1 texel): 17 bits. */
    private static final int CELL_LIMIT = (1 << 17) - 1;
    /** The input index in a packing-order key: the low 29 bits. */
    private static final long INDEX_MASK = (1L << 29) - 1;

    /** Cell sizes and orientation under one set of options, and the fits-alone check. */
    static final class Cells {
        final int padding;
        final int blockWidth;
        final int blockHeight;
        final boolean rotation;
        final int fullCols;
        final int fullRows;
        private final PackOptions options;

        Cells(PackOptions options) {
            this.options = options;
            padding = options.padding();
            blockWidth = options.blockWidth();
            blockHeight = options.blockHeight();
            rotation = options.rotation() == Rotation.ALLOW_90;
            fullCols = cellsFor(fullWidth(options), padding, options.borderPadding(), blockWidth);
            fullRows = cellsFor(fullHeight(options), padding, options.borderPadding(), blockHeight);
        }

        /** Cell columns of a content {@code texels} wide. */
        int cols(int texels) {
            return blockWidth == 1 ? texels + padding : ceilDiv(texels + padding, blockWidth);
        }

        /** Cell rows of a content {@code texels} high. */
        int rows(int texels) {
            return blockHeight == 1 ? texels + padding : ceilDiv(texels + padding, blockHeight);
        }

        /**
         * Whether the first orientation of the image is its source turned: with rotation, when the
         * turned cell is lower (landscape) and fits, or when only the turned cell fits.
         */
        boolean turnedFirst(PackInput input) {
            if (!rotation) {
                return false;
            }
            int ch = rows(input.height());
            int tcw = cols(input.height());
            int tch = rows(input.width());
            boolean fits = cols(input.width()) <= fullCols && ch <= fullRows;
            boolean turnedFits = tcw <= fullCols && tch <= fullRows;
            return !fits || turnedFits && tch < ch;
        }

        /**
         * The cell of the first orientation, {@code cols << 32 | rows}, after checking that the image
         * fits an empty page of the largest size in some allowed orientation.
         */
        long orient(PackInput input, int index) {
            boolean turned = turnedFirst(input);
            int cw = cols(turned ? input.height() : input.width());
            int ch = rows(turned ? input.width() : input.height());
            if (cw > fullCols || ch > fullRows) {
                throw new ValidationException("packAtlas: image " + index + " '" + input.name() + "' is "
                        + input.width() + "x" + input.height() + ", which does not fit a page of at most "
                        + fullWidth(options) + "x" + fullHeight(options) + " (sizing " + options.sizing()
                        + ") with padding " + padding + ", border padding " + options.borderPadding() + " and "
                        + blockWidth + "x" + blockHeight + " blocks" + (rotation ? ", turned or not" : ""));
            }
            return (long) cw << 32 | ch;
        }
    }

    // ---------------------------------------------------------------- geometry shared with PackJob

    /** Texel coordinate of the first block column (or row): the border padding rounded up to a block. */
    static int originOf(int borderPadding, int block) {
        return ceilDiv(borderPadding, block) * block;
    }

    /**
     * Cells that fit along a page side of {@code size} texels: cell {@code c} of {@code n} blocks
     * may start at block {@code j} when {@code origin + (j + n) * block <= size + padding - border},
     * which keeps its content {@code border} texels from the far edge.
     */
    static int cellsFor(int size, int padding, int border, int block) {
        long room = (long) size + padding - border - originOf(border, block);
        return room <= 0 ? 0 : (int) (room / block);
    }

    /** Width of the largest page the sizing allows. */
    static int fullWidth(PackOptions options) {
        return switch (options.sizing()) {
            case FIXED, FREE -> options.maxWidth();
            case POWER_OF_TWO -> Integer.highestOneBit(options.maxWidth());
            case POWER_OF_TWO_SQUARE -> Integer.highestOneBit(Math.min(options.maxWidth(), options.maxHeight()));
        };
    }

    /** Height of the largest page the sizing allows. */
    static int fullHeight(PackOptions options) {
        return switch (options.sizing()) {
            case FIXED, FREE -> options.maxHeight();
            case POWER_OF_TWO -> Integer.highestOneBit(options.maxHeight());
            case POWER_OF_TWO_SQUARE -> Integer.highestOneBit(Math.min(options.maxWidth(), options.maxHeight()));
        };
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
