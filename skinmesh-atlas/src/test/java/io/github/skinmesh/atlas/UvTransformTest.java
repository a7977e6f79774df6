package io.github.skinmesh.atlas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.atlas.pack.Placement;
import io.github.skinmesh.core.ValidationException;
import org.junit.jupiter.api.Test;

class UvTransformTest {
    @Test
    void texelCentresLandOnTheTexelsThePlacementContractGives() {
        TestRandom rng = new TestRandom(9);
        for (int n = 0; n < 500; n++) {
            int sw = rng.nextInt(1, 40);
            int sh = rng.nextInt(1, 40);
            boolean rotated = rng.nextInt(0, 1) == 1;
            int x = rng.nextInt(0, 30);
            int y = rng.nextInt(0, 30);
            Placement p = new Placement(0, 0, x, y, rotated ? sh : sw, rotated ? sw : sh, rotated);
            int pw = x + p.width() + rng.nextInt(0, 9);
            int ph = y + p.height() + rng.nextInt(0, 9);
            UvTransform top = UvTransform.of(p, pw, ph, VOrigin.TOP_LEFT);
            UvTransform bottom = UvTransform.of(p, pw, ph, VOrigin.BOTTOM_LEFT);
            int sx = rng.nextInt(0, sw - 1);
            int sy = rng.nextInt(0, sh - 1);
            float u = (sx + 0.5f) / sw;
            float v = (sy + 0.5f) / sh;
            int ex = rotated ? x + p.width() - 1 - sy : x + sx;
            int ey = rotated ? y + sx : y + sy;
            assertThat((int) Math.floor(top.u(u, v) * pw)).isEqualTo(ex);
            assertThat((int) Math.floor(top.v(u, v) * ph)).isEqualTo(ey);
            // bottom-left: the same texel, v counted from the other end on both sides
            assertThat((int) Math.floor(bottom.u(u, 1 - v) * pw)).isEqualTo(ex);
            assertThat((int) Math.floor((1 - bottom.v(u, 1 - v)) * ph)).isEqualTo(ey);
            float[] pair = top.applyInto(new float[] {u, v}, 0, new float[2], 0, 1);
            assertThat(pair).containsExactly(top.u(u, v), top.v(u, v));
        }
    }

    @Test
    void aRepeatMapsEachTileIntoItsPartOfTheRectangle() {
        Placement p = new Placement(0, 0, 10, 20, 30, 20, false); // 3 x 2 tiles of 10 x 10
        UvTransform t = UvTransform.ofRepeat(p, 64, 64, VOrigin.TOP_LEFT, -1, 2, 3, 2);
        // coordinate (-1, 2) is the rectangle's corner, (2, 4) the opposite one
        assertThat(t.u(-1, 2)).isEqualTo(10 / 64f);
        assertThat(t.v(-1, 2)).isEqualTo(20 / 64f);
        assertThat(t.u(2, 4)).isEqualTo(40 / 64f);
        assertThat(t.v(2, 4)).isEqualTo(40 / 64f);
        UvTransform c = UvTransform.center(p, 64, 64, VOrigin.TOP_LEFT);
        assertThat(c.u(5, -3)).isEqualTo(25 / 64f);
        assertThat(c.v(0, 0)).isEqualTo(30 / 64f);
    }

    @Test
    void coefficientsAreTheMapItApplies() {
        double[] m = new double[8];
        for (VOrigin origin : VOrigin.values()) {
            for (boolean rotated : new boolean[] {false, true}) {
                Placement p = new Placement(0, 0, 6, 10, 8, 4, rotated);
                UvTransform t = UvTransform.ofRepeat(p, 32, 16, origin, 1, 0, 2, 1);
                assertThat(t.coefficientsInto(m, 2)).isSameAs(m);
                assertThat(m[0]).isZero();
                assertThat(m[1]).isZero();
                for (float[] uv : new float[][] {{0, 0}, {1, 0}, {0, 1}, {0.25f, 0.75f}, {1.5f, 0.5f}}) {
                    float u = uv[0];
                    float v = uv[1];
                    assertThat((float) (m[2] * u + m[3] * v + m[4])).isEqualTo(t.u(u, v));
                    assertThat((float) (m[5] * u + m[6] * v + m[7])).isEqualTo(t.v(u, v));
                }
                if (!rotated) {
                    assertThat(m[3]).isZero();
                    assertThat(m[5]).isZero();
                }
            }
        }
        UvTransform plain = UvTransform.of(new Placement(0, 0, 8, 4, 16, 8, false), 64, 32, VOrigin.TOP_LEFT);
        assertThat(plain.coefficientsInto(new double[6], 0)).containsExactly(0.25, 0, 0.125, 0, 0.25, 0.125);
    }

    @Test
    void coefficientsIntoATooShortArrayFails() {
        UvTransform t = UvTransform.of(new Placement(0, 0, 0, 0, 4, 4, false), 4, 4, VOrigin.TOP_LEFT);
        assertThatThrownBy(() -> t.coefficientsInto(new double[6], 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> t.coefficientsInto(new double[6], -1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void badArgumentsFail() {
        Placement p = new Placement(0, 0, 10, 20, 30, 20, false);
        assertThatThrownBy(() -> UvTransform.of(p, 39, 64, VOrigin.TOP_LEFT)).isInstanceOf(ValidationException.class)
                .hasMessage("UvTransform: rectangle at (10, 20) of 30x20 leaves the page of 39x64");
        assertThatThrownBy(() -> UvTransform.ofRepeat(p, 64, 64, VOrigin.TOP_LEFT, 0, 0, 65, 1))
                .isInstanceOf(ValidationException.class).hasMessage("UvTransform: 65x1 tiles, expected 1..64 along each axis");
        UvTransform t = UvTransform.of(p, 64, 64, VOrigin.TOP_LEFT);
        assertThatThrownBy(() -> t.applyInto(new float[3], 0, new float[4], 0, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }
}
