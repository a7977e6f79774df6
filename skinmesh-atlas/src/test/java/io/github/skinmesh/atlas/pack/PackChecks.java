package io.github.skinmesh.atlas.pack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** The invariants every pack result must satisfy, checked the naive way (every pair of rectangles). */
final class PackChecks {
    private PackChecks() {
    }

    static void checkAll(List<PackInput> inputs, PackOptions o, PackResult r) {
        int p = o.padding();
        int border = o.borderPadding();
        int bw = o.blockWidth();
        int bh = o.blockHeight();
        assertThat(r.inputCount()).isEqualTo(inputs.size());
        assertThat(r.pageCount()).isLessThanOrEqualTo(o.maxPages());
        for (PackPage page : r.pages()) {
            assertThat(page.width()).isBetween(1, o.maxWidth());
            assertThat(page.height()).isBetween(1, o.maxHeight());
            switch (o.sizing()) {
                case FIXED -> assertThat(page.width() == o.maxWidth() && page.height() == o.maxHeight()).isTrue();
                case POWER_OF_TWO -> assertThat(Integer.bitCount(page.width()) + Integer.bitCount(page.height()))
                        .isEqualTo(2);
                case POWER_OF_TWO_SQUARE -> {
                    assertThat(Integer.bitCount(page.width())).isEqualTo(1);
                    assertThat(page.height()).isEqualTo(page.width());
                }
                case FREE -> {
                }
            }
        }
        long[] pageArea = new long[r.pageCount()];
        int[] pageRects = new int[r.pageCount()];
        int[] right = new int[r.pageCount()];
        int[] bottom = new int[r.pageCount()];
        for (int i = 0; i < inputs.size(); i++) {
            PackInput in = inputs.get(i);
            Placement a = r.placement(i);
            assertThat(a.input()).isEqualTo(i);
            assertThat(a.page()).isBetween(0, r.pageCount() - 1);
            assertThat(a.sourceWidth()).isEqualTo(in.width());
            assertThat(a.sourceHeight()).isEqualTo(in.height());
            if (o.rotation() == Rotation.NONE) {
                assertThat(a.rotated()).isFalse();
            }
            int rep = r.representative(i);
            assertThat(rep).isBetween(0, i);
            if (rep != i) {
                assertThat(in.key()).isNotNull().isEqualTo(inputs.get(rep).key());
                Placement b = r.placement(rep);
                assertThat(new int[] {a.page(), a.x(), a.y(), a.width(), a.height()})
                        .containsExactly(b.page(), b.x(), b.y(), b.width(), b.height());
                assertThat(a.rotated()).isEqualTo(b.rotated());
                continue;
            }
            for (int j = 0; j < i; j++) {
                if (in.key() != null) {
                    assertThat(in.key()).as("first of its key").isNotEqualTo(inputs.get(j).key());
                }
            }
            PackPage page = r.pages().get(a.page());
            pageArea[a.page()] += (long) in.width() * in.height();
            pageRects[a.page()]++;
            right[a.page()] = Math.max(right[a.page()], a.x() + a.width());
            bottom[a.page()] = Math.max(bottom[a.page()], a.y() + a.height());
            // inside the page, border included; origin on the block grid
            assertThat(a.x()).as("x of %s", a).isGreaterThanOrEqualTo(border);
            assertThat(a.y()).as("y of %s", a).isGreaterThanOrEqualTo(border);
            assertThat(a.x() + a.width() + border).as("right of %s", a).isLessThanOrEqualTo(page.width());
            assertThat(a.y() + a.height() + border).as("bottom of %s", a).isLessThanOrEqualTo(page.height());
            assertThat(a.x() % bw).as("x of %s on the block grid", a).isZero();
            assertThat(a.y() % bh).as("y of %s on the block grid", a).isZero();
            // disjoint from every earlier distinct rectangle on the page: contents padding apart, and
            // no block holding texels of both
            for (int j = 0; j < i; j++) {
                Placement b = r.placement(j);
                if (r.representative(j) != j || b.page() != a.page()) {
                    continue;
                }
                boolean apart = a.x() + a.width() + p <= b.x() || b.x() + b.width() + p <= a.x()
                        || a.y() + a.height() + p <= b.y() || b.y() + b.height() + p <= a.y();
                assertThat(apart).as("%s and %s at least %d apart", a, b, p).isTrue();
                boolean blocksApart = ceilDiv(a.x() + a.width(), bw) <= b.x() / bw
                        || ceilDiv(b.x() + b.width(), bw) <= a.x() / bw
                        || ceilDiv(a.y() + a.height(), bh) <= b.y() / bh
                        || ceilDiv(b.y() + b.height(), bh) <= a.y() / bh;
                assertThat(blocksApart).as("%s and %s share no %dx%d block", a, b, bw, bh).isTrue();
            }
        }
        long total = 0;
        for (int pg = 0; pg < r.pageCount(); pg++) {
            PackPage page = r.pages().get(pg);
            assertThat(page.contentArea()).isEqualTo(pageArea[pg]);
            assertThat(page.rectCount()).isEqualTo(pageRects[pg]).isPositive();
            total += pageArea[pg];
            if (o.sizing() == PageSizing.FREE) {
                // a free page is the bounding box, border included, rounded up to whole blocks
                assertThat(page.width()).isEqualTo(Math.min(o.maxWidth(), ceilDiv(right[pg] + border, bw) * bw));
                assertThat(page.height()).isEqualTo(Math.min(o.maxHeight(), ceilDiv(bottom[pg] + border, bh) * bh));
            }
        }
        assertThat(r.contentArea()).isEqualTo(total);
    }

    static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
