package io.github.skinmesh.core.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Hand-checked cases and every rejection of {@link Meshes}. */
class MeshesTest {
    private static void rejects(ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOf(ValidationException.class).hasMessage(message);
    }

    private static float[] identities(int count) {
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            m[16 * i] = m[16 * i + 5] = m[16 * i + 10] = m[16 * i + 15] = 1;
        }
        return m;
    }

    /**
     * A quad of two triangles (0, 1, 2) and (0, 2, 3) plus an unused vertex 4; vertices 0 and 1
     * weight bone 'a', 2 and 3 bone 'b', 4 bone 'c'.
     */
    private static Mesh.Builder quad(String name) {
        float[] p = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 5, 5, 5};
        return Mesh.builder(name).positions(p).addUvs(new float[] {0, 1, 1, 1, 1, 0, 0, 0, 0.5f, 0.5f})
                .indices(new int[] {0, 1, 2, 0, 2, 3})
                .skin(Skin.of(new String[] {"a", "b", "c"}, identities(3),
                        BoneWeights.of(1, new int[] {0, 0, 1, 1, 2}, new float[] {1, 1, 1, 1, 1})));
    }

    // --- selectVertices ---

    @Test
    void selectionReordersDuplicatesAndDropsVertices() {
        Mesh m = quad("q").addAttribute("KEY", 1, new float[] {10, 11, 12, 13, 14})
                .addMorphTarget(MorphTarget.of("up", new float[] {0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 5, 0}, null,
                        null)).build();
        Mesh s = Meshes.selectVertices(m, new int[] {3, 2, 1, 0, 2});
        assertThat(s.vertexCount()).isEqualTo(5);
        assertThat(s.positions()).containsExactly(0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0);
        assertThat(s.uvs(0)).containsExactly(0, 0, 1, 0, 1, 1, 0, 1, 1, 0);
        assertThat(s.attribute("KEY").values()).containsExactly(13, 12, 11, 10, 12);
        assertThat(s.morphTargets().get(0).positions()).containsExactly(0, 4, 0, 0, 3, 0, 0, 2, 0, 0, 1, 0, 0, 3, 0);
        assertThat(s.skin().weights().joints()).containsExactly(1, 1, 0, 0, 1);
        // each index goes to the first new vertex of its old vertex: old 2 -> new 1, never 4
        assertThat(s.indices()).containsExactly(3, 2, 1, 3, 1, 0);
    }

    @Test
    void selectionWithANewTopologyPointsEachDrawAtItsOwnCopies() {
        Mesh m = quad("q").build();
        // two draws of one bone each would need vertices 0 and 2 in both: duplicate them
        int[] newToOld = {0, 1, 2, 0, 2, 3};
        int[] newIndices = {0, 1, 2, 3, 4, 5};
        Mesh p = Meshes.selectVertices(m, newToOld, newIndices,
                List.of(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0, 1), Draw.of(3, 3, 1, 0)))));
        assertThat(p.vertexCount()).isEqualTo(6);
        assertThat(p.indices()).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(p.submeshes().get(0).draws()).hasSize(2);
        assertThat(p.positions()).containsExactly(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0);
        newIndices[0] = 5;
        assertThat(p.index(0)).as("the new indices were copied").isZero();
    }

    @Test
    void anEmptyNewSubmeshListGivesOneSubmeshOverEverything() {
        Mesh p = Meshes.selectVertices(quad("q").build(), new int[] {0, 1, 2}, new int[] {0, 1, 2}, List.of());
        assertThat(p.submeshes()).containsExactly(new Submesh(0, 3, 0));
    }

    @Test
    void mapEntryPastTheVertices() {
        rejects(() -> Meshes.selectVertices(quad("q").build(), new int[] {0, 1, 5}),
                "selectVertices: newToOld[2] is 5, expected 0..4 (vertexCount 5)");
    }

    @Test
    void negativeMapEntry() {
        rejects(() -> Meshes.selectVertices(quad("q").build(), new int[] {-1}),
                "selectVertices: newToOld[0] is -1, expected 0..4 (vertexCount 5)");
    }

    @Test
    void droppingAVertexATriangleUses() {
        rejects(() -> Meshes.selectVertices(quad("q").build(), new int[] {0, 1, 2, 4}),
                "selectVertices: mesh 'q' index 5 (triangle 1) refers to vertex 3, which newToOld does not select;"
                        + " expected every vertex a triangle uses to be selected");
    }

    @Test
    void newIndexPastTheNewVertices() {
        rejects(() -> Meshes.selectVertices(quad("q").build(), new int[] {0, 1, 2}, new int[] {0, 1, 3}, List.of()),
                "selectVertices: newIndices[2] is 3, expected 0..2 (newToOld.length 3)");
    }

    @Test
    void newIndicesNotInTriples() {
        rejects(() -> Meshes.selectVertices(quad("q").build(), new int[] {0, 1, 2}, new int[] {0, 1}, List.of()),
                "selectVertices: newIndices length 2 is not a multiple of 3 (triangle list)");
    }

    @Test
    void newDrawsThatDoNotCoverTheirVertices() {
        rejects(() -> Meshes.selectVertices(quad("q").build(), new int[] {0, 1, 2}, new int[] {0, 1, 2},
                List.of(new Submesh(0, 3, 0, List.of(Draw.of(0, 3, 0))))),
                "mesh 'q': submesh 0 draw 0 triangle 0 vertex 2 weights palette entry 1 (bone 'b') with 1.0 in slot 0,"
                        + " expected only the draw's palette entries [0]");
    }

    @Test
    void arrayLimitsNameTheStreamAndTheLength() {
        rejects(() -> ArrayLimits.requireLength("selectVertices", "tangents", 600_000_000L, 4, "4*vertexCount"),
                "selectVertices: tangents need 4*vertexCount = 2400000000 entries for 600000000 elements, expected at"
                        + " most 2147483639 (the largest array)");
        assertThat(ArrayLimits.requireLength("w", "x", 10, 4, "4*n")).isEqualTo(40);
    }

    // --- concat ---

    @Test
    void concatenationOffsetsIndicesSubmeshesMaterialsAndUnitesPalettes() {
        Mesh a = quad("a").addMaterial(Material.builder("A").build()).build();
        Mesh b = Mesh.builder("b").positions(new float[] {0, 0, 1, 1, 0, 1, 0, 1, 1}).addUvs(new float[6])
                .indices(new int[] {0, 1, 2}).addMaterial(Material.builder("B0").build())
                .addMaterial(Material.builder("B1").build()).addSubmesh(0, 0, 0).addSubmesh(0, 3, 1)
                .skin(Skin.of(new String[] {"d", "b"}, identities(2),
                        BoneWeights.of(2, new int[] {0, 1, 1, 0, 0, 1}, new float[] {0.5f, 0.5f, 1, 0, 0.25f, 0.75f})))
                .build();
        ConcatResult r = Meshes.concat(List.of(a, b), ConcatOptions.DEFAULTS.withName("ab"));
        Mesh c = r.mesh();
        assertThat(c.name()).isEqualTo("ab");
        assertThat(c.indices()).containsExactly(0, 1, 2, 0, 2, 3, 5, 6, 7);
        assertThat(c.submeshes()).containsExactly(new Submesh(0, 6, 0), new Submesh(6, 0, 1), new Submesh(6, 3, 2));
        assertThat(c.materials()).extracting(Material::name).containsExactly("A", "B0", "B1");
        assertThat(c.skin().boneNames()).containsExactly("a", "b", "c", "d");
        assertThat(c.skin().weights().influencesPerVertex()).isEqualTo(2);
        assertThat(c.skin().weights().joints()).containsExactly(0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 3, 1, 1, 0, 1, 3);
        assertThat(r.paletteEntry(1, 0)).isEqualTo(3);
        assertThat(r.paletteEntry(1, 1)).isEqualTo(1);
        assertThat(r.firstVertex(1)).isEqualTo(5);
        assertThat(r.firstIndex(1)).isEqualTo(6);
        assertThat(r.firstSubmesh(1)).isEqualTo(1);
        assertThat(r.firstMaterial(1)).isEqualTo(1);
        assertThat(r.warnings()).isEmpty();
        assertThat(Meshes.concat(List.of(a, b)).mesh().name()).as("the first mesh's name by default").isEqualTo("a");
        assertThatThrownBy(() -> r.paletteEntry(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.paletteEntry(1, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(r.toString()).isEqualTo("ConcatResult[" + c + ", 2 meshes, 0 warnings]");
    }

    @Test
    void concatenationFillsWhatAMeshLacksAndSaysSo() {
        Mesh full = quad("full").normals(new float[15]).colors(new float[20]).addUvs(new float[10])
                .addAttribute("KEY", 2, new float[10])
                .addMorphTarget(MorphTarget.of("Smile", new float[15], null, null))
                .addMorphTarget(MorphTarget.of("Blink", new float[15], null, null))
                .morphWeights(new float[] {0.5f, 0}).build();
        Mesh bare = quad("bare").addMorphTarget(MorphTarget.of("Smile", new float[15], null, null))
                .morphWeights(new float[] {0.25f}).build();
        ConcatResult r = Meshes.concat(List.of(full, bare));
        assertThat(r.warnings()).containsExactly(
                "concat: morph target 'Smile' has default weight 0.25 in mesh 1 'bare' but 0.5 in mesh 0 'full';"
                        + " 0.5 kept",
                "concat: mesh 1 'bare' has no normals; computed from its triangles (area- and angle-weighted);"
                        + " 1 vertex got the fallback normal (0, 0, 1) (no triangle with area)",
                "concat: mesh 1 'bare' has no colors; filled with white (1, 1, 1, 1)",
                "concat: mesh 1 'bare' has 1 UV channel of 2; channel 1 filled with (0, 0)",
                "concat: mesh 1 'bare' has no vertex attribute 'KEY'; filled with zeros",
                "concat: mesh 1 'bare' has no morph target 'Blink'; zero deltas");
        Mesh c = r.mesh();
        assertThat(c.morphWeights()).containsExactly(0.5f, 0f);
        float[] normals = c.normals();
        assertThat(normals[3 * 5 + 2]).as("the quad faces +z").isEqualTo(1f);
        assertThat(normals[3 * 9 + 2]).as("the unused vertex gets the fallback").isEqualTo(VertexNormals.FALLBACK_Z);
        assertThat(c.colors()[4 * 5]).isEqualTo(1f);
        assertThat(r.morphTarget(1, 0)).isZero();
        assertThat(r.morphTarget(0, 1)).isEqualTo(1);
    }

    @Test
    void tangentsAreComputedFromUvsOrFromTheNormalAlone() {
        Mesh withTangents = quad("t").normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1})
                .tangents(new float[20]).build();
        Mesh noUvs = Mesh.builder("n").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"a"}, identities(1), BoneWeights.of(1, new int[3], new float[] {1, 1, 1})))
                .build();
        ConcatResult r = Meshes.concat(List.of(withTangents, quad("q").build(), noUvs));
        assertThat(r.warnings()).containsExactly(
                "concat: mesh 1 'q' has no normals; computed from its triangles (area- and angle-weighted); 1 vertex"
                        + " got the fallback normal (0, 0, 1) (no triangle with area)",
                "concat: mesh 1 'q' has no tangents; computed from its positions, computed normals and UV set 0;"
                        + " 1 vertex got a tangent from the normal alone (no usable UV gradient)",
                "concat: mesh 2 'n' has no normals; computed from its triangles (area- and angle-weighted)",
                "concat: mesh 2 'n' has no tangents; computed from its positions, computed normals alone (it has no UV"
                        + " set)",
                "concat: mesh 2 'n' has 0 UV channels of 1; channel 0 filled with (0, 0)");
        float[] t = r.mesh().tangents();
        // the quad's U runs along +x and V downwards (towards -y): tangent +x, w = +1
        assertThat(new float[] {t[20], t[21], t[22], t[23]}).containsExactly(1, 0, 0, 1);
    }

    @Test
    void emptyList() {
        rejects(() -> Meshes.concat(List.of()), "concat: meshes is empty, expected at least one mesh");
        rejects(() -> Meshes.concatByteSize(List.of()), "concat: meshes is empty, expected at least one mesh");
    }

    @Test
    void skinnedAndRigidMeshesMixed() {
        Mesh rigid = Mesh.builder("hat").positions(new float[9]).build();
        rejects(() -> Meshes.concat(List.of(quad("body").build(), rigid)),
                "concat: mesh 1 'hat' has no skin but mesh 0 'body' has one, expected all meshes skinned or none");
        rejects(() -> Meshes.concat(List.of(rigid, quad("body").build())),
                "concat: mesh 0 'hat' has no skin but mesh 1 'body' has one, expected all meshes skinned or none");
    }

    @Test
    void oneBoneWithTwoInverseBindMatrices() {
        float[] moved = identities(2);
        moved[16 + 13] = 0.5f;
        Mesh other = Mesh.builder("hat").positions(new float[3])
                .skin(Skin.of(new String[] {"c", "b"}, moved, BoneWeights.of(1, new int[1], new float[] {1})))
                .build();
        rejects(() -> Meshes.concat(List.of(quad("body").build(), other)),
                "concat: bone 'b' has different inverse bind matrices in mesh 0 'body' and mesh 1 'hat': element 13"
                        + " (column 3, row 1) is 0.0 and 0.5, expected equal within 1.0E-5 (bindMatrixTolerance,"
                        + " relative beyond 1); reconcile the bind poses before concatenating");
    }

    @Test
    void inverseBindMatricesWithinTheToleranceAreOneAndTheFirstIsKept() {
        float[] close = identities(1);
        close[12] = 100f;
        float[] near = close.clone();
        near[12] = Math.nextUp(100f);
        Mesh a = Mesh.builder("a").positions(new float[3])
                .skin(Skin.of(new String[] {"x"}, close, BoneWeights.of(1, new int[1], new float[] {1}))).build();
        Mesh b = Mesh.builder("b").positions(new float[3])
                .skin(Skin.of(new String[] {"x"}, near, BoneWeights.of(1, new int[1], new float[] {1}))).build();
        float[] kept = new float[16];
        Meshes.concat(List.of(b, a)).mesh().skin().inverseBindMatricesInto(kept, 0);
        assertThat(kept[12]).isEqualTo(Math.nextUp(100f));
        assertThatThrownBy(() -> Meshes.concat(List.of(a, b), ConcatOptions.DEFAULTS.withBindMatrixTolerance(0)))
                .isInstanceOf(ValidationException.class).hasMessageContaining("element 12 (column 3, row 0)");
    }

    @Test
    void oneAttributeWithTwoComponentCounts() {
        Mesh a = Mesh.builder("a").positions(new float[3]).addAttribute("KEY", 2, new float[2]).build();
        Mesh b = Mesh.builder("b").positions(new float[3]).addAttribute("KEY", 3, new float[3]).build();
        rejects(() -> Meshes.concat(List.of(a, b)), "concat: vertex attribute 'KEY' has 2 components in mesh 0 'a' and"
                + " 3 in mesh 1 'b', expected the same component count");
        rejects(() -> Meshes.concatByteSize(List.of(a, b)), "concat: vertex attribute 'KEY' has 2 components in mesh 0"
                + " 'a' and 3 in mesh 1 'b', expected the same component count");
    }

    @Test
    void aUnitedPaletteTooLargeForASkin() {
        List<Mesh> meshes = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            int bones = 33_000;
            String[] names = new String[bones];
            for (int b = 0; b < bones; b++) {
                names[b] = m + "." + b;
            }
            meshes.add(Mesh.builder("m" + m).positions(new float[3])
                    .skin(Skin.of(names, identities(bones), BoneWeights.of(1, new int[1], new float[] {1}))).build());
        }
        rejects(() -> Meshes.concat(meshes), "concat: the united palette needs more than 65536 bones (at mesh 1 'm1'"
                + " palette entry 32536), expected at most 65536");
    }

    @Test
    void moreVerticesInTotalThanAnIntCountsIsRejectedBeforeAllocating() {
        Mesh big = Mesh.builder("big").positions(new float[3 << 20]).build(); // 2^20 vertices
        rejects(() -> Meshes.concat(Collections.nCopies(2048, big)),
                "concat: the 2048 meshes have 2147483648 vertices in total, expected at most 2147483647");
    }

    @Test
    void anOutputArrayPastTheLargestArrayIsRejectedBeforeAllocating() {
        Mesh big = Mesh.builder("big").positions(new float[3 << 20]).colors(new float[4 << 20]).build();
        rejects(() -> Meshes.concat(Collections.nCopies(600, big)), "concat: colors need 4*vertexCount = 2516582400"
                + " entries for 629145600 elements, expected at most 2147483639 (the largest array)");
    }

    @Test
    void optionsRejectABadTolerance() {
        rejects(() -> ConcatOptions.DEFAULTS.withBindMatrixTolerance(Float.NaN),
                "ConcatOptions: bindMatrixTolerance=NaN, expected 0.0..1.0");
        rejects(() -> ConcatOptions.DEFAULTS.withBindMatrixTolerance(-1e-6f),
                "ConcatOptions: bindMatrixTolerance=-1.0E-6, expected 0.0..1.0");
    }

    @Test
    void nullArgumentsAreRejected() {
        assertThatThrownBy(() -> Meshes.concat(java.util.Arrays.asList(quad("a").build(), null)))
                .isInstanceOf(NullPointerException.class).hasMessage("meshes[1]");
        assertThatThrownBy(() -> Meshes.selectVertices(quad("a").build(), null))
                .isInstanceOf(NullPointerException.class).hasMessage("newToOld");
    }
}
