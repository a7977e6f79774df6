package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class DrawTest {
    private static void rejects(ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOf(ValidationException.class).hasMessage(message);
    }

    // --- the draw itself ---

    @Test
    void firstIndexOffATriangleBoundary() {
        rejects(() -> Draw.of(4, 3, 0), "draw: firstIndex 4, expected a multiple of 3 (a triangle boundary) >= 0");
    }

    @Test
    void negativeFirstIndex() {
        rejects(() -> Draw.of(-3, 3, 0), "draw: firstIndex -3, expected a multiple of 3 (a triangle boundary) >= 0");
    }

    @Test
    void emptyDraw() {
        rejects(() -> Draw.of(0, 0, 0), "draw: indexCount 0, expected a positive multiple of 3 (whole triangles,"
                + " none empty)");
    }

    @Test
    void partialTriangle() {
        rejects(() -> Draw.of(0, 4, 0), "draw: indexCount 4, expected a positive multiple of 3 (whole triangles,"
                + " none empty)");
    }

    @Test
    void rangePastIntegerRange() {
        rejects(() -> Draw.of(2147483643, 6, 0), "draw: indices 2147483643..2147483649 end past 2147483647");
    }

    @Test
    void negativeEntry() {
        rejects(() -> Draw.of(0, 3, 2, -1), "draw at indices 0..3: palette entry 1 is -1, expected 0..65535");
    }

    @Test
    void entryPastTheLargestPalette() {
        rejects(() -> Draw.of(0, 3, 65536), "draw at indices 0..3: palette entry 0 is 65536, expected 0..65535");
    }

    @Test
    void repeatedEntry() {
        rejects(() -> Draw.of(3, 6, 4, 7, 4), "draw at indices 3..9: palette entry 2 is 4, which entry 0 already"
                + " lists, expected distinct entries");
    }

    @Test
    void accessorsCopiesAndEquality() {
        int[] entries = {5, 1, 3};
        Draw d = Draw.of(3, 6, entries);
        entries[0] = 9;
        assertThat(d.firstIndex()).isEqualTo(3);
        assertThat(d.indexCount()).isEqualTo(6);
        assertThat(d.triangleCount()).isEqualTo(2);
        assertThat(d.paletteEntryCount()).isEqualTo(3);
        assertThat(d.paletteEntry(0)).isEqualTo(5);
        assertThat(d.paletteEntries()).containsExactly(5, 1, 3);
        assertThat(d.paletteEntriesInto(new int[5], 2)).containsExactly(0, 0, 5, 1, 3);
        assertThatThrownBy(() -> d.paletteEntry(3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(d).isEqualTo(Draw.of(3, 6, 5, 1, 3)).hasSameHashCodeAs(Draw.of(3, 6, 5, 1, 3));
        assertThat(d).isNotEqualTo(Draw.of(3, 6, 1, 5, 3)).isNotEqualTo(Draw.of(0, 6, 5, 1, 3))
                .isNotEqualTo(Draw.of(3, 3, 5, 1, 3));
        assertThat(d.toString()).isEqualTo("Draw[indices 3..9, palette entries [5, 1, 3]]");
    }

    @Test
    void submeshKeepsItsDrawsAndHasAThreeArgumentForm() {
        Submesh plain = new Submesh(0, 6, 0);
        assertThat(plain.draws()).isEmpty();
        assertThat(plain.hasDraws()).isFalse();
        List<Draw> draws = new ArrayList<>(List.of(Draw.of(0, 3, 0), Draw.of(3, 3, 1)));
        Submesh split = plain.withDraws(draws);
        draws.clear();
        assertThat(split.draws()).hasSize(2);
        assertThat(split.hasDraws()).isTrue();
        assertThatThrownBy(() -> split.draws().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(split).isNotEqualTo(plain).isEqualTo(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0),
                Draw.of(3, 3, 1))));
    }

    // --- checks when the mesh is built ---

    /**
     * Four vertices, four triangles; palette {a, b, c}. Vertex 0 weights a, vertex 1 weights b,
     * vertex 2 weights a and c (c with weight 0.25 in slot 1), vertex 3 weights b; vertex 3's
     * second slot names c with weight 0.
     */
    private static Mesh.Builder mesh() {
        BoneWeights w = BoneWeights.ofSlots(2, new int[] {0, 0, 1, 0, 0, 2, 1, 2},
                new float[] {1, 0, 1, 0, 0.75f, 0.25f, 1, 0});
        return Mesh.builder("M").positions(new float[12]).indices(new int[] {0, 1, 3, 1, 3, 0, 0, 1, 2, 2, 1, 0})
                .skin(Skin.of(new String[] {"a", "b", "c"}, identities(3), w));
    }

    private static float[] identities(int count) {
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            m[16 * i] = m[16 * i + 5] = m[16 * i + 10] = m[16 * i + 15] = 1;
        }
        return m;
    }

    @Test
    void drawsThatTileTheirSubmeshAndCoverTheirVerticesBonesAreAccepted() {
        Mesh m = mesh().addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 1, 0))))
                .addSubmesh(new Submesh(6, 6, 0, List.of(Draw.of(6, 3, 0, 1, 2), Draw.of(9, 3, 2, 1, 0)))).build();
        assertThat(m.hasDraws()).isTrue();
        assertThat(m.toString()).contains("2 submeshes (3 draws)");
        assertThat(mesh().build().toString()).doesNotContain("draws");
        assertThat(m.submeshes().get(1).draws()).containsExactly(Draw.of(6, 3, 0, 1, 2), Draw.of(9, 3, 2, 1, 0));
        assertThat(mesh().build().hasDraws()).isFalse();
        assertThat(m.toBuilder().build()).isEqualTo(m);
        assertThat(m).isNotEqualTo(mesh().addSubmesh(0, 6, 0).addSubmesh(6, 6, 0).build());
    }

    @Test
    void aVertexWeightingABoneOutsideItsDrawIsRejected() {
        // triangle 2 (indices 6..8) uses vertex 2, which weights c (entry 2) with 0.25 in slot 1
        rejects(() -> mesh().addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 0, 1))))
                .addSubmesh(new Submesh(6, 6, 0, List.of(Draw.of(6, 6, 0, 1)))).build(),
                "mesh 'M': submesh 1 draw 0 triangle 2 vertex 2 weights palette entry 2 (bone 'c') with 0.25 in slot"
                        + " 1, expected only the draw's palette entries [0, 1]");
    }

    @Test
    void zeroWeightSlotsNeedNotBeInTheDraw() {
        // vertex 3 names c in a slot of weight 0; the draw binds only a and b
        Mesh m = mesh().addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 0, 1)))).addSubmesh(6, 6, 0).build();
        assertThat(m.submeshes().get(0).draws()).hasSize(1);
    }

    @Test
    void drawsOnAMeshWithoutSkin() {
        rejects(() -> Mesh.builder("M").positions(new float[9]).indices(new int[] {0, 1, 2})
                .addSubmesh(new Submesh(0, 3, 0, List.of(Draw.of(0, 3, 0)))).build(),
                "mesh 'M': submesh 0 has 1 draws but the mesh has no skin, expected draws only on a skinned mesh");
    }

    @Test
    void firstDrawNotAtTheSubmeshStart() {
        rejects(() -> mesh().addSubmesh(0, 3, 0).addSubmesh(new Submesh(3, 9, 0, List.of(Draw.of(6, 6, 0, 1, 2))))
                .build(), "mesh 'M': submesh 1 draw 0 covers indices 6..12, expected to start at 3 (the submesh's"
                        + " first index); draws tile their submesh in order");
    }

    @Test
    void gapBetweenDraws() {
        rejects(() -> mesh().addSubmesh(new Submesh(0, 12, 0, List.of(Draw.of(0, 3, 0, 1), Draw.of(6, 6, 0, 1, 2))))
                .build(), "mesh 'M': submesh 0 draw 1 covers indices 6..12, expected to start at 3 where draw 0 ends;"
                        + " draws tile their submesh in order");
    }

    @Test
    void overlappingDraws() {
        rejects(() -> mesh().addSubmesh(new Submesh(0, 12, 0, List.of(Draw.of(0, 6, 0, 1), Draw.of(3, 9, 0, 1, 2))))
                .build(), "mesh 'M': submesh 0 draw 1 covers indices 3..12, expected to start at 6 where draw 0 ends;"
                        + " draws tile their submesh in order");
    }

    @Test
    void drawPastTheSubmeshEnd() {
        rejects(() -> mesh().addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 9, 0, 1, 2)))).addSubmesh(6, 6, 0)
                .build(), "mesh 'M': submesh 0 draw 0 covers indices 0..9, expected to end by the submesh's end 6");
    }

    @Test
    void drawsShortOfTheSubmeshEnd() {
        rejects(() -> mesh().addSubmesh(new Submesh(0, 12, 0, List.of(Draw.of(0, 6, 0, 1)))).build(),
                "mesh 'M': submesh 0 draws cover indices 0..6, expected the whole submesh 0..12");
    }

    @Test
    void entryPastThePalette() {
        rejects(() -> mesh().addSubmesh(new Submesh(0, 12, 0, List.of(Draw.of(0, 12, 0, 1, 2, 3)))).build(),
                "mesh 'M': submesh 0 draw 0 palette entry 3 is 3, expected < palette size 3");
    }
}
