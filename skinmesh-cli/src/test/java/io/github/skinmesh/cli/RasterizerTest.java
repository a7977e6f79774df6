package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import org.junit.jupiter.api.Test;

/** The preview's rasterizer against a naive point-in-triangle reference, its depth test and its clipping. */
class RasterizerTest {
    private static final int SIZE = 16;
    private static final int WHITE = 0xFFFFFF;
    private static final int RED = 0xFF0000;
    private static final int BLUE = 0x0000FF;
    /** Pixel centers this close to an edge (in barycentric weight) may fall either way in float. */
    private static final double EDGE = 1e-4;

    private static int pixel(byte[] rgba, int x, int y) {
        int i = 4 * (y * SIZE + x);
        return (rgba[i] & 0xFF) << 16 | (rgba[i + 1] & 0xFF) << 8 | (rgba[i + 2] & 0xFF);
    }

    /** A triangle colors the pixels whose centers lie inside it, whatever its winding. */
    @Property(tries = 2000, seed = "7")
    void coversThePixelCentersInside(@ForAll @FloatRange(min = -2, max = 18) float ax,
            @ForAll @FloatRange(min = -2, max = 18) float ay, @ForAll @FloatRange(min = -2, max = 18) float bx,
            @ForAll @FloatRange(min = -2, max = 18) float by, @ForAll @FloatRange(min = -2, max = 18) float cx,
            @ForAll @FloatRange(min = -2, max = 18) float cy) {
        Rasterizer r = new Rasterizer(SIZE, SIZE, WHITE);
        r.fillTriangle(ax, ay, 0, bx, by, 0, cx, cy, 0, RED);
        byte[] rgba = r.rgba();
        double area = ((double) bx - ax) * ((double) cy - ay) - ((double) by - ay) * ((double) cx - ax);
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                double px = x + 0.5;
                double py = y + 0.5;
                double wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
                double wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
                double wc = 1 - wa - wb;
                double nearest = Math.min(Math.abs(wa), Math.min(Math.abs(wb), Math.abs(wc)));
                if (area == 0 || nearest < EDGE) {
                    continue;
                }
                boolean inside = wa > 0 && wb > 0 && wc > 0;
                assertThat(pixel(rgba, x, y)).as("pixel (%d, %d)", x, y).isEqualTo(inside ? RED : WHITE);
            }
        }
    }

    @Test
    void theNearerSurfaceWinsInEitherOrder() {
        for (boolean nearFirst : new boolean[] {true, false}) {
            Rasterizer r = new Rasterizer(SIZE, SIZE, WHITE);
            if (nearFirst) {
                r.fillTriangle(0, 0, 1, 16, 0, 1, 0, 16, 1, RED);
                r.fillTriangle(0, 0, 2, 16, 0, 2, 0, 16, 2, BLUE);
            } else {
                r.fillTriangle(0, 0, 2, 16, 0, 2, 0, 16, 2, BLUE);
                r.fillTriangle(0, 0, 1, 16, 0, 1, 0, 16, 1, RED);
            }
            assertThat(pixel(r.rgba(), 2, 2)).isEqualTo(RED);
        }
        Rasterizer tie = new Rasterizer(SIZE, SIZE, WHITE);
        tie.fillTriangle(0, 0, 1, 16, 0, 1, 0, 16, 1, RED);
        tie.fillTriangle(0, 0, 1, 16, 0, 1, 0, 16, 1, BLUE);
        assertThat(pixel(tie.rgba(), 2, 2)).as("at equal depth the first drawn stays").isEqualTo(RED);
    }

    @Test
    void depthIsInterpolatedAcrossTheTriangle() {
        // a slope from depth 0 at x=0 to 16 at x=16 against a plane at depth 8: the slope wins left of x=8
        Rasterizer r = new Rasterizer(SIZE, SIZE, WHITE);
        r.fillTriangle(0, 0, 8, 64, 0, 8, 0, 64, 8, BLUE);
        r.fillTriangle(0, 0, 0, 16, 0, 16, 0, 32, 0, RED);
        assertThat(pixel(r.rgba(), 6, 1)).isEqualTo(RED);
        assertThat(pixel(r.rgba(), 9, 1)).isEqualTo(BLUE);
    }

    @Test
    void drawingStaysInTheClipRectangle() {
        Rasterizer r = new Rasterizer(SIZE, SIZE, WHITE);
        r.clip(4, 4, 8, 8);
        r.fillTriangle(-10, -10, 0, 40, -10, 0, -10, 40, 0, RED);
        r.row(5, BLUE);
        r.row(12, BLUE);
        byte[] rgba = r.rgba();
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                boolean in = x >= 4 && x < 8 && y >= 4 && y < 8;
                assertThat(pixel(rgba, x, y)).as("pixel (%d, %d)", x, y).isEqualTo(!in ? WHITE : y == 5 ? BLUE : RED);
            }
        }
    }

    @Test
    void degenerateAndNonFiniteTrianglesDrawNothing() {
        Rasterizer r = new Rasterizer(SIZE, SIZE, WHITE);
        r.fillTriangle(0, 0, 0, 8, 8, 0, 16, 16, 0, RED);
        r.fillTriangle(0, 0, 0, Float.NaN, 8, 0, 16, 0, 0, RED);
        r.fillTriangle(0, 0, 0, Float.POSITIVE_INFINITY, 8, 0, 16, 0, 0, RED);
        assertThat(r.rgba()).isEqualTo(new Rasterizer(SIZE, SIZE, WHITE).rgba());
    }

    @Test
    void everyPixelStartsOpaqueInTheBackground() {
        byte[] rgba = new Rasterizer(3, 2, 0x102030).rgba();
        assertThat(rgba).hasSize(24);
        for (int i = 0; i < 6; i++) {
            assertThat(new byte[] {rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2], rgba[4 * i + 3]})
                    .containsExactly(0x10, 0x20, 0x30, 0xFF);
        }
    }

    @Test
    void anEmptyImageIsRejected() {
        assertThatThrownBy(() -> new Rasterizer(0, 4, WHITE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Rasterizer: 0x4, expected at least 1x1");
    }

    /**
     * The preview's camera is on -X: of two equal squares, one at the character's left (+X in glTF,
     * the testkit's humanoid included) and one at its right (-X), the right one is in front.
     */
    @Test
    void thePreviewShowsTheCharactersRightSide() {
        io.github.skinmesh.core.model.Skeleton.Builder b = io.github.skinmesh.core.model.Skeleton.builder("rig");
        b.addBone("root", io.github.skinmesh.core.model.Skeleton.NO_PARENT);
        io.github.skinmesh.core.model.Character.Builder c =
                io.github.skinmesh.core.model.Character.builder("squares", b.build());
        for (float x : new float[] {0.5f, -0.5f}) { // part 0 at +X (left), part 1 at -X (right)
            float[] square = {x, 0, -0.5f, x, 1, -0.5f, x, 1, 0.5f, x, 0, 0.5f};
            c.addPart(io.github.skinmesh.core.model.Part.of(x > 0 ? "leftSide" : "rightSide",
                    io.github.skinmesh.core.model.Mesh.builder("square").positions(square)
                            .indices(new int[] {0, 1, 2, 0, 2, 3}).build(),
                    "root", new org.joml.Matrix4f()));
        }
        WalkPreview.Picture p = WalkPreview.render(c.build(), io.github.skinmesh.core.model.AnimationClip.of("still",
                java.util.List.of()));
        int center = 4 * ((WalkPreview.HEIGHT - WalkPreview.MARGIN - Math.round(0.5f * p.scale())) * p.width()
                + WalkPreview.PANEL_WIDTH / 2);
        int red = p.rgba()[center] & 0xFF;
        int green = p.rgba()[center + 1] & 0xFF;
        // part 1's color is green over red, part 0's red over green
        assertThat(WalkPreview.color("rightSide", 1) >>> 8 & 0xFF).isGreaterThan(WalkPreview.color("rightSide", 1) >>> 16);
        assertThat(WalkPreview.color("leftSide", 0) >>> 16).isGreaterThan(WalkPreview.color("leftSide", 0) >>> 8 & 0xFF);
        assertThat(green).as("the right side's color in front").isGreaterThan(red);
    }

    @Test
    void thePreviewIsTheSameEveryTime() {
        io.github.skinmesh.testkit.humanoid.Humanoid h = io.github.skinmesh.testkit.humanoid.Humanoids.generate(3);
        WalkPreview.Picture a = WalkPreview.render(h.character(), h.walk());
        WalkPreview.Picture b = WalkPreview.render(h.character(), h.walk());
        assertThat(a.rgba()).isEqualTo(b.rgba());
        assertThat(a.png()).isEqualTo(b.png());
        assertThat(a.times()).containsExactly(0f, h.walk().duration() / 6, 2 * h.walk().duration() / 6,
                3 * h.walk().duration() / 6, 4 * h.walk().duration() / 6, 5 * h.walk().duration() / 6);
    }
}
