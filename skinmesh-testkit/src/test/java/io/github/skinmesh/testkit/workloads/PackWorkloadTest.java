package io.github.skinmesh.testkit.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.atlas.pack.PackInput;
import io.github.skinmesh.atlas.pack.PackOptions;
import io.github.skinmesh.atlas.pack.PackPage;
import io.github.skinmesh.atlas.pack.PackResult;
import io.github.skinmesh.atlas.pack.Packing;
import io.github.skinmesh.atlas.pack.PageSizing;
import io.github.skinmesh.atlas.pack.Placement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class PackWorkloadTest {
    /** The anchor fills are quoted to three decimals. */
    private static final double QUOTED = 5e-4;

    @Test
    void setsHaveTheDefinedCountsAreasAndRanges() {
        assertThat(PackWorkload.all()).extracting(PackWorkload::name).containsExactly("A1", "A2", "B", "C");
        PackWorkload a1 = PackWorkload.a1();
        assertThat(a1.count()).isEqualTo(9);
        assertThat(a1.area()).isEqualTo(2_621_440);
        assertThat(new int[] {a1.width(0), a1.height(0), a1.width(1), a1.height(1), a1.width(8), a1.height(8)})
                .containsExactly(1024, 1024, 1024, 512, 256, 256);
        assertThat(PackWorkload.a2().count()).isEqualTo(14);
        assertThat(PackWorkload.a2().area()).isEqualTo(7_864_320);
        PackWorkload b = PackWorkload.b();
        assertThat(b.count()).isEqualTo(200);
        assertThat(b.area()).isEqualTo(3_668_668);
        assertThat(Arrays.stream(b.widths()).allMatch(v -> v >= 16 && v <= 256)).isTrue();
        assertThat(Arrays.stream(b.heights()).allMatch(v -> v >= 16 && v <= 256)).isTrue();
        PackWorkload c = PackWorkload.c();
        assertThat(c.count()).isEqualTo(2000);
        assertThat(c.area()).isEqualTo(2_322_338);
        assertThat(Arrays.stream(c.widths()).allMatch(v -> v >= 4 && v <= 64)).isTrue();
        assertThat(Arrays.stream(c.heights()).allMatch(v -> v >= 4 && v <= 64)).isTrue();
    }

    @Test
    void anchorFillsAreTheQuotedOnes() {
        double[] quoted = {0.952, 1.000, 0.926, 0.974};
        for (int s = 0; s < 4; s++) {
            assertThat(PackWorkload.all().get(s).anchorFill()).isCloseTo(quoted[s], Offset.offset(QUOTED));
        }
    }

    @Test
    void accessorsCopy() {
        PackWorkload b = PackWorkload.b();
        b.widths()[0] = -1;
        assertThat(b.width(0)).isPositive();
    }

    static List<PackInput> inputsOf(PackWorkload set) {
        List<PackInput> inputs = new ArrayList<>();
        for (int i = 0; i < set.count(); i++) {
            inputs.add(PackInput.of(set.name() + "-" + i, set.width(i), set.height(i)));
        }
        return inputs;
    }

    /** Every rectangle has its input's size, lies inside its page and overlaps no other. */
    static void checkPlacements(PackWorkload set, PackResult r) {
        List<Placement> placed = r.placements();
        for (int i = 0; i < placed.size(); i++) {
            Placement a = placed.get(i);
            assertThat(new int[] {a.width(), a.height()}).as("%s rect %d", set.name(), i)
                    .containsExactly(set.width(i), set.height(i));
            PackPage page = r.pages().get(a.page());
            assertThat(a.x() + a.width()).isLessThanOrEqualTo(page.width());
            assertThat(a.y() + a.height()).isLessThanOrEqualTo(page.height());
            for (int j = 0; j < i; j++) {
                Placement b = placed.get(j);
                boolean apart = a.page() != b.page() || a.x() + a.width() <= b.x() || b.x() + b.width() <= a.x()
                        || a.y() + a.height() <= b.y() || b.y() + b.height() <= a.y();
                assertThat(apart).as("%s rects %d and %d overlap", set.name(), j, i).isTrue();
            }
        }
    }

    @Test
    void theSetsPackAtLeastAsFullAsTheBestAnchor() {
        // free size, padding 0, the defaults: the pages found are pinned (the search is deterministic)
        int[][] expected = {{1024, 2560}, {3072, 2560}, {1724, 2275}, {1176, 2011}};
        List<PackWorkload> sets = PackWorkload.all();
        for (int s = 0; s < sets.size(); s++) {
            PackWorkload set = sets.get(s);
            PackResult r = Packing.packAtlas(inputsOf(set));
            checkPlacements(set, r);
            assertThat(r.pageCount()).isOne();
            PackPage page = r.pages().get(0);
            assertThat(new int[] {page.width(), page.height()}).as(set.name()).containsExactly(expected[s]);
            assertThat(r.contentArea()).isEqualTo(set.area());
            // fill >= anchor fill, compared exactly: area / ours >= area / anchor's
            assertThat((long) page.width() * page.height()).as(set.name())
                    .isLessThanOrEqualTo((long) set.anchorWidth() * set.anchorHeight());
        }
    }

    @Test
    void powerOfTwoPagesOfTheSetsAreTheSmallestTheAreaAllows() {
        // squares are fixed by the total area (A1 2048, A2 4096, B 2048, C 2048); A2's best rectangle is 4096 x 2048
        int[] squares = {2048, 4096, 2048, 2048};
        List<PackWorkload> sets = PackWorkload.all();
        PackOptions square = PackOptions.DEFAULTS.withSizing(PageSizing.POWER_OF_TWO_SQUARE).withMaxSize(8192, 8192);
        for (int s = 0; s < sets.size(); s++) {
            PackResult r = Packing.packAtlas(inputsOf(sets.get(s)), square);
            checkPlacements(sets.get(s), r);
            assertThat(r.pages()).hasSize(1);
            assertThat(r.pages().get(0).width()).as(sets.get(s).name()).isEqualTo(squares[s]);
            assertThat(r.pages().get(0).height()).isEqualTo(squares[s]);
        }
        PackResult r = Packing.packAtlas(inputsOf(PackWorkload.a2()), PackOptions.DEFAULTS.withSizing(PageSizing.POWER_OF_TWO));
        checkPlacements(PackWorkload.a2(), r);
        assertThat(r.pages()).containsExactly(new PackPage(4096, 2048, 14, PackWorkload.a2().area()));
    }
}
