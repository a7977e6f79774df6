package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class MeshTest {
    /** Three vertices, one triangle. */
    private static final float[] TRIANGLE = {0, 0, 0, 1, 0, 0, 0, 1, 0};

    private static Mesh.Builder triangle() {
        return Mesh.builder("M").positions(TRIANGLE).indices(new int[] {0, 1, 2});
    }

    /** Asserts a {@link ValidationException} whose message contains every part (element, value, limit). */
    private static void rejects(ThrowingCallable call, String... parts) {
        var thrown = assertThatThrownBy(call).isInstanceOf(ValidationException.class);
        for (String part : parts) {
            thrown.hasMessageContaining(part);
        }
    }

    // --- bad input, one case each ---

    @Test
    void missingPositions() {
        rejects(() -> Mesh.builder("M").build(), "mesh 'M'", "positions are missing", "expected 3*vertexCount");
    }

    @Test
    void positionsNotInTriples() {
        rejects(() -> Mesh.builder("M").positions(new float[7]).build(), "mesh 'M'", "positions length 7",
                "not a multiple of 3");
    }

    @Test
    void normalsLengthDiffersFromPositions() {
        rejects(() -> triangle().normals(new float[6]).build(), "mesh 'M'", "normals length 6",
                "expected 3*vertexCount = 9");
    }

    @Test
    void tangentsLengthDiffersFromPositions() {
        rejects(() -> triangle().tangents(new float[9]).build(), "mesh 'M'", "tangents length 9",
                "expected 4*vertexCount = 12");
    }

    @Test
    void colorsLengthDiffersFromPositions() {
        rejects(() -> triangle().colors(new float[3]).build(), "mesh 'M'", "colors length 3",
                "expected 4*vertexCount = 12");
    }

    @Test
    void uvChannelLengthDiffersFromPositions() {
        rejects(() -> triangle().addUvs(new float[6]).addUvs(new float[4]).build(), "mesh 'M'",
                "uv channel 1 length 4", "expected 2*vertexCount = 6");
    }

    @Test
    void nanPosition() {
        float[] p = TRIANGLE.clone();
        p[5] = Float.NaN;
        rejects(() -> triangle().positions(p).build(), "mesh 'M'", "vertex 1", "position component 2 is NaN",
                "expected a finite value");
    }

    @Test
    void infinitePosition() {
        float[] p = TRIANGLE.clone();
        p[6] = Float.NEGATIVE_INFINITY;
        rejects(() -> triangle().positions(p).build(), "mesh 'M'", "vertex 2", "position component 0 is -Infinity",
                "expected a finite value");
    }

    @Test
    void nanNormal() {
        float[] n = new float[9];
        n[4] = Float.NaN;
        rejects(() -> triangle().normals(n).build(), "vertex 1", "normal component 1 is NaN", "expected a finite value");
    }

    @Test
    void indexCountNotInTriples() {
        rejects(() -> triangle().indices(new int[] {0, 1}).build(), "mesh 'M'", "index count 2",
                "not a multiple of 3");
    }

    @Test
    void indexPastTheVertices() {
        rejects(() -> triangle().indices(new int[] {0, 1, 2, 2, 1, 3}).build(), "mesh 'M'", "index 5 is 3",
                "expected 0..2", "vertexCount 3");
    }

    @Test
    void negativeIndex() {
        rejects(() -> triangle().indices(new int[] {-1, 1, 2}).build(), "index 0 is -1", "expected 0..2");
    }

    @Test
    void submeshPastTheIndexList() {
        rejects(() -> triangle().addSubmesh(0, 6, 0).build(), "mesh 'M'", "submesh 0", "covers indices 0..6",
                "expected whole triangles within 0..3");
    }

    @Test
    void submeshNotOnTriangleBoundaries() {
        rejects(() -> triangle().addSubmesh(1, 2, 0).build(), "submesh 0", "covers indices 1..3",
                "expected whole triangles");
    }

    @Test
    void submeshMaterialIndexOutOfRange() {
        rejects(() -> triangle().addMaterial(Material.builder("A").build()).addSubmesh(0, 3, 1).build(), "mesh 'M'",
                "submesh 0 material 1", "expected 0..0");
    }

    @Test
    void skinWeightsForAnotherVertexCount() {
        Skin skin = Skin.of(new String[] {"a"}, identity(), BoneWeights.of(1, new int[2], new float[] {1, 1}));
        rejects(() -> triangle().skin(skin).build(), "mesh 'M'", "skin weights cover 2 vertices",
                "expected vertexCount 3");
    }

    @Test
    void morphTargetForAnotherVertexCount() {
        rejects(() -> triangle().addMorphTarget(MorphTarget.of("Smile", new float[6], null, null)).build(),
                "mesh 'M'", "morph target 0 'Smile'", "covers 2 vertices", "expected vertexCount 3");
    }

    @Test
    void morphWeightsForAnotherTargetCount() {
        rejects(() -> triangle().addMorphTarget(MorphTarget.of("Smile", new float[9], null, null))
                .morphWeights(new float[2]).build(), "mesh 'M'", "morph weights length 2",
                "expected morphTargetCount = 1");
    }

    @Test
    void nanMorphWeight() {
        rejects(() -> triangle().addMorphTarget(MorphTarget.of("Smile", new float[9], null, null))
                .morphWeights(new float[] {Float.NaN}).build(), "target 0", "morph weight component 0 is NaN",
                "expected a finite value");
    }

    // --- defaults and derived values ---

    @Test
    void defaultsToOneSubmeshOfADefaultMaterial() {
        Mesh m = triangle().build();
        assertThat(m.submeshes()).containsExactly(new Submesh(0, 3, 0));
        assertThat(m.materials()).singleElement().isEqualTo(Material.builder("").build());
        assertThat(m.vertexCount()).isEqualTo(3);
        assertThat(m.triangleCount()).isEqualTo(1);
        assertThat(m.indexCount()).isEqualTo(3);
        assertThat(m.bounds()).isEqualTo(new Bounds(0, 0, 0, 1, 1, 0));
        assertThat(m.requiresIndex32()).isFalse();
        assertThat(m.morphWeights()).isEmpty();
        assertThat(m.skin()).isNull();
        assertThat(m.normals()).isNull();
    }

    @Test
    void moreThan65535VerticesNeed32BitIndices() {
        assertThat(Mesh.builder("big").positions(new float[3 * 65536]).build().requiresIndex32()).isTrue();
        assertThat(Mesh.builder("fits").positions(new float[3 * 65535]).build().requiresIndex32()).isFalse();
    }

    @Test
    void copyIntoCallerArraysAtAnOffset() {
        Mesh m = triangle().build();
        float[] p = new float[11];
        assertThat(m.positionsInto(p, 2)).isSameAs(p);
        assertThat(p).containsExactly(0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0);
        int[] idx = new int[4];
        assertThat(m.indicesInto(idx, 1)).containsExactly(0, 0, 1, 2);
        assertThat(m.index(2)).isEqualTo(2);
    }

    // --- immutability ---

    @Test
    void changingArraysAfterBuildingDoesNotChangeTheMesh() {
        float[] p = TRIANGLE.clone();
        float[] n = {0, 0, 1, 0, 0, 1, 0, 0, 1};
        float[] t = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
        float[] c = new float[12];
        float[] uv = {0, 0, 1, 0, 0, 1};
        int[] idx = {0, 1, 2};
        float[] mw = {0.5f};
        Mesh.Builder b = Mesh.builder("M").positions(p).normals(n).tangents(t).colors(c).addUvs(uv).indices(idx)
                .addMorphTarget(MorphTarget.of("Smile", new float[9], null, null)).morphWeights(mw);
        Mesh before = b.build();
        for (float[] a : new float[][] {p, n, t, c, uv, mw}) {
            a[0] = 42f;
        }
        idx[0] = 2;
        Mesh after = b.build();
        assertThat(after).isEqualTo(before);
        assertThat(after.positions()[0]).isZero();
        assertThat(after.normals()[0]).isZero();
        assertThat(after.tangents()[0]).isEqualTo(1f);
        assertThat(after.colors()[0]).isZero();
        assertThat(after.uvs(0)[0]).isZero();
        assertThat(after.index(0)).isZero();
        assertThat(after.morphWeights()[0]).isEqualTo(0.5f);
    }

    @Test
    void listsAreReadOnly() {
        Mesh m = triangle().addMorphTarget(MorphTarget.of("Smile", new float[9], null, null)).build();
        assertThatThrownBy(() -> m.submeshes().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> m.materials().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> m.morphTargets().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void toBuilderDerivesAChangedMeshAndLeavesTheOriginal() {
        Mesh m = triangle().normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1}).build();
        Mesh copy = m.toBuilder().build();
        Mesh changed = m.toBuilder().normals(null).build();
        assertThat(copy).isEqualTo(m);
        assertThat(changed.hasNormals()).isFalse();
        assertThat(m.hasNormals()).isTrue();
    }

    // --- equality ---

    @Test
    void equalMeshesAreEqualAndHashAlike() {
        Mesh a = triangle().addUvs(new float[6]).build();
        Mesh b = triangle().addUvs(new float[6]).build();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null).isNotEqualTo("M");
        assertThat(a).isNotEqualTo(triangle().build());
        assertThat(a).isNotEqualTo(Mesh.builder("N").positions(TRIANGLE).indices(new int[] {0, 1, 2})
                .addUvs(new float[6]).build());
        float[] moved = TRIANGLE.clone();
        moved[0] = 0.5f;
        assertThat(a).isNotEqualTo(triangle().positions(moved).addUvs(new float[6]).build());
        assertThat(a.toString()).contains("'M'", "3 vertices", "1 triangles");
    }

    // --- extra vertex attributes ---

    @Test
    void attributeForAnotherVertexCount() {
        rejects(() -> triangle().addAttribute("VAT_UV", 2, new float[4]).build(), "mesh 'M'",
                "vertex attribute 'VAT_UV' covers 2 vertices", "expected vertexCount 3");
    }

    @Test
    void attributeNameUsedTwice() {
        assertThatThrownBy(() -> triangle().addAttribute("KEY", 1, new float[3]).addAttribute("KEY", 4, new float[12]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("mesh 'M': vertex attribute 'KEY' is already present, expected unique names");
    }

    @Test
    void attributesKeepInsertionOrderAndAreFoundByName() {
        float[] key = {1, 2, 3};
        Mesh m = triangle().addAttribute("KEY", 1, key).addAttribute(VertexAttribute.of("VAT_UV", 2, new float[6]))
                .build();
        key[0] = 9;
        assertThat(m.attributes()).extracting(VertexAttribute::name).containsExactly("KEY", "VAT_UV");
        assertThat(m.attribute("KEY").values()).containsExactly(1, 2, 3);
        assertThat(m.attribute("VAT_UV").componentCount()).isEqualTo(2);
        assertThat(m.attribute("NONE")).isNull();
        assertThatThrownBy(() -> m.attributes().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(m.toString()).contains("attributes ['KEY', 'VAT_UV']");
        assertThat(triangle().build().toString()).doesNotContain("attributes");
    }

    @Test
    void attributesTakePartInEqualityAndToBuilder() {
        Mesh m = triangle().addAttribute("KEY", 1, new float[] {1, 2, 3}).build();
        assertThat(m.toBuilder().build()).isEqualTo(m).hasSameHashCodeAs(m);
        assertThat(m).isNotEqualTo(triangle().build());
        assertThat(m).isNotEqualTo(triangle().addAttribute("KEY", 1, new float[] {1, 2, 4}).build());
        assertThat(m.toBuilder().clearAttributes().build()).isEqualTo(triangle().build());
        assertThatThrownBy(() -> m.toBuilder().addAttribute("KEY", 1, new float[3]))
                .isInstanceOf(ValidationException.class).hasMessageContaining("'KEY' is already present");
    }

    static float[] identity() {
        return new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    }
}
