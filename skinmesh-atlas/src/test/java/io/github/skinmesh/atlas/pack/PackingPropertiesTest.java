package io.github.skinmesh.atlas.pack;

import io.github.skinmesh.atlas.TestRandom;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Seeded random rectangle sets and options; every result checked pair by pair by {@link PackChecks}. */
class PackingPropertiesTest {
    private static final PackHeuristic[] HEURISTICS = PackHeuristic.values();
    private static final PageSizing[] SIZINGS = PageSizing.values();
    private static final int[][] BLOCKS = {{1, 1}, {4, 4}, {6, 6}, {8, 8}, {5, 4}, {12, 10}};

    /** A random set: a few shapes (squares, strips, powers of two), some inputs sharing keys. */
    static List<PackInput> randomInputs(TestRandom rng, int count, int maxSide) {
        List<PackInput> inputs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int kind = rng.nextInt(0, 5);
            int w;
            int h;
            switch (kind) {
                case 0 -> {
                    w = 1 << rng.nextInt(0, 31 - Integer.numberOfLeadingZeros(maxSide));
                    h = 1 << rng.nextInt(0, 31 - Integer.numberOfLeadingZeros(maxSide));
                }
                case 1 -> {
                    w = rng.nextInt(1, maxSide);
                    h = rng.nextInt(1, Math.max(1, maxSide / 8));
                }
                case 2 -> {
                    w = rng.nextInt(1, Math.max(1, maxSide / 8));
                    h = rng.nextInt(1, maxSide);
                }
                default -> {
                    w = rng.nextInt(1, maxSide);
                    h = rng.nextInt(1, maxSide);
                }
            }
            String key = null;
            if (i > 0 && rng.nextInt(0, 5) == 0) {
                PackInput shared = inputs.get(rng.nextInt(0, i - 1));
                w = shared.width();
                h = shared.height();
                key = shared.key() != null ? shared.key() : "k" + shared.name();
                if (shared.key() == null) {
                    inputs.set(inputs.indexOf(shared), new PackInput(shared.name(), w, h, key));
                }
            }
            inputs.add(new PackInput("img" + i, w, h, key));
        }
        return inputs;
    }

    static PackOptions randomOptions(TestRandom rng, int count) {
        PackHeuristic heuristic = HEURISTICS[rng.nextInt(0, HEURISTICS.length - 1)];
        if (heuristic == PackHeuristic.MAXRECTS && count > 80) {
            heuristic = PackHeuristic.SKYLINE; // keeps the test quick
        }
        int[] block = BLOCKS[rng.nextInt(0, BLOCKS.length - 1)];
        int max = 1 << rng.nextInt(8, 11);
        return PackOptions.DEFAULTS.withHeuristic(heuristic)
                .withSizing(SIZINGS[rng.nextInt(0, SIZINGS.length - 1)])
                .withMaxSize(max + rng.nextInt(0, 1) * rng.nextInt(0, 300), max)
                .withMaxPages(PackOptions.MAX_PAGES)
                .withPadding(rng.nextInt(0, 2) == 0 ? 0 : rng.nextInt(1, 9))
                .withBorderPadding(rng.nextInt(0, 2) == 0 ? 0 : rng.nextInt(1, 5))
                .withBlock(block[0], block[1])
                .withRotation(rng.nextInt(0, 1) == 0 ? Rotation.NONE : Rotation.ALLOW_90);
    }

    @Property(tries = 300, seed = "9120731")
    void placementsAreInsideDisjointAlignedAndShared(@ForAll long seed) {
        TestRandom rng = new TestRandom(seed);
        int count = rng.nextInt(1, rng.nextInt(0, 3) == 0 ? 200 : 30);
        List<PackInput> inputs = randomInputs(rng, count, 200);
        PackOptions options = randomOptions(rng, count);
        PackResult result = Packing.packAtlas(inputs, options);
        PackChecks.checkAll(inputs, options, result);
        // same input, same result
        assertThat(Packing.packAtlas(List.copyOf(inputs), options)).isEqualTo(result);
    }

    @Property(tries = 100, seed = "77031")
    void fixedPagesFillInOrderAndTheAutomaticSearchNeverLosesToOneHeuristic(@ForAll long seed) {
        TestRandom rng = new TestRandom(seed);
        int count = rng.nextInt(1, 60);
        List<PackInput> inputs = randomInputs(rng, count, 120);
        PackOptions free = PackOptions.DEFAULTS.withMaxPages(1);
        PackResult auto = Packing.packAtlas(inputs, free);
        PackChecks.checkAll(inputs, free, auto);
        // the automatic free-size search tries the shelf heuristic at the widths SHELF tries, then shrinks
        PackResult shelf = Packing.packAtlas(inputs, free.withHeuristic(PackHeuristic.SHELF));
        assertThat(auto.fill()).isGreaterThanOrEqualTo(shelf.fill());
        // the same images on fixed 256 x 256 pages: each page holds something, nothing is lost
        PackOptions fixed = PackOptions.DEFAULTS.withSizing(PageSizing.FIXED).withMaxSize(256, 256)
                .withMaxPages(PackOptions.MAX_PAGES);
        PackResult pages = Packing.packAtlas(inputs, fixed);
        PackChecks.checkAll(inputs, fixed, pages);
        assertThat(pages.contentArea()).isEqualTo(auto.contentArea());
    }
}
