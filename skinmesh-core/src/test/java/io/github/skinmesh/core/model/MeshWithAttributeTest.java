package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link Mesh#withAttribute}: the attribute set, appended or replacing one of its name; every other
 * stream and datum kept as the very same data (not copied, not rebuilt); a mesh equal to the one the
 * builder makes; and an attribute that does not fit rejected with a message naming it and its value.
 */
class MeshWithAttributeTest {
    /**
     * A mesh with every kind of datum: all streams, two UV channels, two attributes, a skin with
     * draws, a morph target with a default weight, two submeshes and materials.
     */
    static Mesh rich(Random r, int quads) {
        int n = 4 * quads;
        float[] positions = new float[3 * n];
        float[] normals = new float[3 * n];
        float[] tangents = new float[4 * n];
        float[] colors = new float[4 * n];
        float[] uv0 = new float[2 * n];
        float[] uv1 = new float[2 * n];
        float[] key = new float[n];
        float[] pair = new float[2 * n];
        int[] joints = new int[2 * n];
        float[] weights = new float[2 * n];
        for (int v = 0; v < n; v++) {
            for (int c = 0; c < 3; c++) {
                positions[3 * v + c] = r.nextFloat() * 4 - 2;
            }
            normals[3 * v + 2] = 1;
            tangents[4 * v] = 1;
            tangents[4 * v + 3] = r.nextBoolean() ? 1 : -1;
            for (int c = 0; c < 4; c++) {
                colors[4 * v + c] = r.nextFloat();
            }
            uv0[2 * v] = r.nextFloat();
            uv1[2 * v + 1] = r.nextFloat();
            key[v] = r.nextInt(100);
            pair[2 * v] = -v;
            // the first quad (the draw's) weights bones 0 and 1, the others bones 2 and 1; heavier slot first
            boolean second = v >= 4;
            float w = 0.5f + r.nextInt(2) * 0.25f;
            joints[2 * v] = second ? 2 : 0;
            weights[2 * v] = w;
            joints[2 * v + 1] = 1;
            weights[2 * v + 1] = 1 - w;
        }
        int[] indices = new int[6 * quads];
        for (int q = 0; q < quads; q++) {
            int[] quad = {4 * q, 4 * q + 1, 4 * q + 2, 4 * q, 4 * q + 2, 4 * q + 3};
            System.arraycopy(quad, 0, indices, 6 * q, 6);
        }
        float[] ibm = new float[48];
        for (int b = 0; b < 3; b++) {
            ibm[16 * b] = ibm[16 * b + 5] = ibm[16 * b + 10] = ibm[16 * b + 15] = 1;
        }
        Skin skin = Skin.of(new String[] {"root", "spine", "head"}, ibm, BoneWeights.of(2, joints, weights));
        float[] delta = new float[3 * n];
        delta[0] = 0.5f;
        return Mesh.builder("Body").positions(positions).normals(normals).tangents(tangents).colors(colors)
                .addUvs(uv0).addUvs(uv1).addAttribute("KEY", 1, key).addAttribute("PAIR", 2, pair)
                .indices(indices).addMaterial(Material.builder("skin").build())
                .addMaterial(Material.builder("cloth").build())
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 0, 1))))
                .addSubmesh(6, 6 * quads - 6, 1).skin(skin)
                .addMorphTarget(MorphTarget.of("Smile", delta, null, null)).morphWeights(new float[] {0.25f}).build();
    }

    /** The same data, array for array (the very same arrays) and object for object. */
    static void assertSameData(Mesh got, Mesh m) {
        assertThat(got.rawPositions()).isSameAs(m.rawPositions());
        assertThat(got.rawNormals()).isSameAs(m.rawNormals());
        assertThat(got.rawTangents()).isSameAs(m.rawTangents());
        assertThat(got.rawColors()).isSameAs(m.rawColors());
        assertThat(got.uvChannelCount()).isEqualTo(m.uvChannelCount());
        for (int c = 0; c < m.uvChannelCount(); c++) {
            assertThat(got.rawUvs(c)).isSameAs(m.rawUvs(c));
        }
        assertThat(got.rawIndices()).isSameAs(m.rawIndices());
        assertThat(got.submeshes()).isSameAs(m.submeshes());
        assertThat(got.materials()).isSameAs(m.materials());
        assertThat(got.skin()).isSameAs(m.skin());
        assertThat(got.morphTargets()).isSameAs(m.morphTargets());
        assertThat(got.morphWeights()).containsExactly(m.morphWeights());
        assertThat(got.bounds()).isSameAs(m.bounds());
        assertThat(got.name()).isEqualTo(m.name());
        assertThat(got.vertexCount()).isEqualTo(m.vertexCount());
    }

    @Test
    void aNewNameIsAppendedAndEverythingElseIsKept() {
        Mesh m = rich(new Random(1), 3);
        float[] texels = new float[2 * m.vertexCount()];
        for (int v = 0; v < m.vertexCount(); v++) {
            texels[2 * v] = v % 5;
            texels[2 * v + 1] = v / 5;
        }
        VertexAttribute t = VertexAttribute.of("VAT_TEXEL", 2, texels);
        Mesh got = m.withAttribute(t);
        assertThat(got.attributes()).extracting(VertexAttribute::name).containsExactly("KEY", "PAIR", "VAT_TEXEL");
        assertThat(got.attribute("VAT_TEXEL")).isSameAs(t);
        assertThat(got.attribute("KEY")).isSameAs(m.attribute("KEY"));
        assertSameData(got, m);
        // the mesh the builder makes, validating everything again
        Mesh built = m.toBuilder().addAttribute(t).build();
        assertThat(got).isEqualTo(built).hasSameHashCodeAs(built).hasToString(built.toString());
        assertThat(got.bounds()).isEqualTo(built.bounds());
        // this mesh is unchanged
        assertThat(m.attributes()).extracting(VertexAttribute::name).containsExactly("KEY", "PAIR");
        assertThatThrownBy(() -> got.attributes().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aNameAlreadyPresentIsReplacedAndMovesToTheEnd() {
        Mesh m = rich(new Random(2), 2);
        VertexAttribute key = VertexAttribute.of("KEY", 3, new float[3 * m.vertexCount()]);
        Mesh got = m.withAttribute(key);
        assertThat(got.attributes()).extracting(VertexAttribute::name).containsExactly("PAIR", "KEY");
        assertThat(got.attribute("KEY")).isSameAs(key);
        assertThat(got.attribute("KEY").componentCount()).isEqualTo(3);
        assertSameData(got, m);
        Mesh built = m.toBuilder().clearAttributes().addAttribute(m.attribute("PAIR")).addAttribute(key).build();
        assertThat(got).isEqualTo(built);
        // replacing the last one keeps the order; setting it again is a fixed point
        Mesh again = got.withAttribute(key);
        assertThat(again).isEqualTo(got).isNotSameAs(got);
        assertThat(again.attributes()).containsExactly(got.attributes().get(0), key);
    }

    @Test
    void aMeshWithoutAttributesGetsItsFirst() {
        Mesh m = Mesh.builder("T").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .build();
        Mesh got = m.withAttribute(VertexAttribute.of("W", 1, new float[] {1, 2, 3}));
        assertThat(got.attributes()).extracting(VertexAttribute::name).containsExactly("W");
        assertThat(got.toString()).contains("attributes ['W']");
        assertSameData(got, m);
    }

    @Test
    void anAttributeForAnotherVertexCountIsRejectedNamingItAndBothCounts() {
        Mesh m = rich(new Random(3), 2);
        VertexAttribute shorter = VertexAttribute.of("VAT_TEXEL", 2, new float[2 * (m.vertexCount() - 1)]);
        assertThatThrownBy(() -> m.withAttribute(shorter)).isInstanceOf(ValidationException.class)
                .hasMessage("mesh 'Body': vertex attribute 'VAT_TEXEL' covers 7 vertices, expected vertexCount 8");
        VertexAttribute longer = VertexAttribute.of("KEY", 1, new float[m.vertexCount() + 1]);
        assertThatThrownBy(() -> m.withAttribute(longer)).isInstanceOf(ValidationException.class)
                .hasMessage("mesh 'Body': vertex attribute 'KEY' covers 9 vertices, expected vertexCount 8");
        assertThatThrownBy(() -> m.withAttribute(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("attribute");
    }

    @Test
    void theNewAttributesValuesAndNameAreValidatedWhereItIsMade() {
        // the attribute is checked once, when it is made: its values and its name, each with the element named
        assertThatThrownBy(() -> rich(new Random(4), 1).withAttribute(
                VertexAttribute.of("VAT_TEXEL", 2, new float[] {0, 0, 1, 0, 2, Float.NaN, 3, 0})))
                .isInstanceOf(ValidationException.class)
                .hasMessage("vertex attribute 'VAT_TEXEL': vertex 2: value component 1 is NaN, expected a finite value");
        assertThatThrownBy(() -> rich(new Random(4), 1).withAttribute(
                VertexAttribute.of("VAT_TEXEL", 1, new float[] {0, Float.NEGATIVE_INFINITY, 1, 2})))
                .isInstanceOf(ValidationException.class)
                .hasMessage("vertex attribute 'VAT_TEXEL': vertex 1: value component 0 is -Infinity, expected a finite"
                        + " value");
        assertThatThrownBy(() -> rich(new Random(4), 1).withAttribute(VertexAttribute.of("VAT TEXEL", 1, new float[4])))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("vertex attribute 'VAT TEXEL': name character 3 (U+0020) is whitespace");
    }

    @Property(tries = 60)
    void withAttributeEqualsTheBuildersMeshAndKeepsEveryOtherDatum(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 30) int quads, @ForAll @IntRange(min = 1, max = 4) int components,
            @ForAll boolean replace) {
        Random r = new Random(seed);
        Mesh m = rich(r, quads);
        String name = replace ? (r.nextBoolean() ? "KEY" : "PAIR") : "NEW_" + r.nextInt(1000);
        float[] values = new float[components * m.vertexCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = r.nextFloat() * 1000 - 500;
        }
        VertexAttribute a = VertexAttribute.of(name, components, values);
        Mesh got = m.withAttribute(a);
        Mesh.Builder b = m.toBuilder().clearAttributes();
        for (VertexAttribute kept : m.attributes()) {
            if (!kept.name().equals(name)) {
                b.addAttribute(kept);
            }
        }
        Mesh built = b.addAttribute(a).build();
        assertThat(got).isEqualTo(built).hasSameHashCodeAs(built);
        assertThat(got.attributes()).containsExactlyElementsOf(built.attributes());
        assertSameData(got, m);
        assertThat(got.attributes()).hasSize(replace ? 2 : 3).last().isSameAs(a);
    }
}
