package io.github.skinmesh.core.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.joml.Matrix4f;

/**
 * Seeded property tests of {@link Meshes}: every stream survives selection and concatenation
 * (checked element by element against the inputs, bit for bit), skinning commutes with both, and
 * the draw check rejects a vertex that weights a bone outside its draw.
 */
class MeshesPropertiesTest {
    // --- selectVertices ---

    @Property(tries = 300, seed = "31337")
    void selectVerticesCarriesEveryStream(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Mesh m = MeshFixtures.random(r, "m", MeshFixtures.Shape.random(r, r.nextBoolean()));
        int[] map = MeshFixtures.randomMap(r, m);
        Mesh s = Meshes.selectVertices(m, map);

        assertThat(s.vertexCount()).isEqualTo(map.length);
        assertThat(s.name()).isEqualTo(m.name());
        assertThat(s.materials()).isEqualTo(m.materials());
        assertThat(s.submeshes()).isEqualTo(m.submeshes());
        assertThat(s.morphWeights()).containsExactly(m.morphWeights());
        assertSameLayout(s, m);
        for (int i = 0; i < map.length; i++) {
            assertSameVertex(s, i, m, map[i]);
        }
        int[] firstNew = new int[m.vertexCount()];
        Arrays.fill(firstNew, -1);
        for (int i = map.length - 1; i >= 0; i--) {
            firstNew[map[i]] = i;
        }
        assertThat(s.indexCount()).isEqualTo(m.indexCount());
        for (int i = 0; i < m.indexCount(); i++) {
            assertThat(s.index(i)).as("index %d: the first new vertex of old %d", i, m.index(i))
                    .isEqualTo(firstNew[m.index(i)]);
        }
        if (m.skin() != null) {
            assertThat(s.skin().boneNames()).containsExactly(m.skin().boneNames());
            if (m.skin().weights().isCanonical()) {
                assertThat(s.skin().weights().isCanonical()).isTrue();
            }
        }
    }

    @Property(tries = 100, seed = "4242")
    void skinningTheSelectionIsSelectingTheSkinning(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        MeshFixtures.Shape shape = MeshFixtures.Shape.random(r, true);
        shape = new MeshFixtures.Shape(true, true, shape.colors(), shape.uvChannels(), shape.attributes(), true,
                shape.lossless(), shape.draws(), shape.morphTargets());
        Mesh m = MeshFixtures.random(r, "m", shape);
        int[] map = MeshFixtures.randomMap(r, m);
        Mesh s = Meshes.selectVertices(m, map);
        Matrix4f[] pose = MeshFixtures.randomPose(r);
        float[][] skinned = skin(m, pose);
        float[][] selected = skin(s, pose);
        for (int i = 0; i < map.length; i++) {
            for (int c = 0; c < 3; c++) {
                assertThat(selected[0][3 * i + c]).as("position %d.%d", i, c).isEqualTo(skinned[0][3 * map[i] + c]);
                assertThat(selected[1][3 * i + c]).as("normal %d.%d", i, c).isEqualTo(skinned[1][3 * map[i] + c]);
            }
            for (int c = 0; c < 4; c++) {
                assertThat(selected[2][4 * i + c]).as("tangent %d.%d", i, c).isEqualTo(skinned[2][4 * map[i] + c]);
            }
        }
    }

    // --- concat ---

    /** The bytes of a mesh's vertex streams and indices, counted from its arrays. */
    private static long arrayBytes(Mesh m) {
        long floats = m.positions().length + m.indices().length;
        floats += m.hasNormals() ? m.normals().length : 0;
        floats += m.hasTangents() ? m.tangents().length : 0;
        floats += m.hasColors() ? m.colors().length : 0;
        for (int c = 0; c < m.uvChannelCount(); c++) {
            floats += m.uvs(c).length;
        }
        for (var a : m.attributes()) {
            floats += a.values().length;
        }
        if (m.skin() != null) {
            floats += m.skin().weights().joints().length + m.skin().weights().weights().length;
        }
        for (var t : m.morphTargets()) {
            floats += (t.hasPositions() ? t.positions().length : 0) + (t.hasNormals() ? t.normals().length : 0)
                    + (t.hasTangents() ? t.tangents().length : 0);
        }
        return 4 * floats;
    }

    @Property(tries = 200, seed = "2718")
    void concatCarriesEveryStreamAndFillsWhatAMeshLacks(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean skinned = r.nextBoolean();
        List<Mesh> meshes = new ArrayList<>();
        for (int i = 1 + r.nextInt(4); i > 0; i--) {
            meshes.add(MeshFixtures.random(r, "p" + meshes.size(), MeshFixtures.Shape.random(r, skinned)));
        }
        ConcatResult result = Meshes.concat(meshes);
        Mesh c = result.mesh();
        assertThat(Meshes.concatByteSize(meshes)).isEqualTo(arrayBytes(c));
        assertThat(c.name()).isEqualTo("p0");
        assertThat(result.meshCount()).isEqualTo(meshes.size());
        int vertices = 0;
        int indices = 0;
        int submeshes = 0;
        int materials = 0;
        for (int i = 0; i < meshes.size(); i++) {
            Mesh m = meshes.get(i);
            assertThat(result.firstVertex(i)).isEqualTo(vertices);
            assertThat(result.firstIndex(i)).isEqualTo(indices);
            assertThat(result.firstSubmesh(i)).isEqualTo(submeshes);
            assertThat(result.firstMaterial(i)).isEqualTo(materials);
            assertConcatenated(result, meshes, i);
            vertices += m.vertexCount();
            indices += m.indexCount();
            submeshes += m.submeshes().size();
            materials += m.materials().size();
        }
        assertThat(c.vertexCount()).isEqualTo(vertices);
        assertThat(c.indexCount()).isEqualTo(indices);
        assertThat(c.submeshes()).hasSize(submeshes);
        assertThat(c.materials()).hasSize(materials);
        assertThat(c.skin() != null).isEqualTo(skinned);
        // the united palette and morph targets are the names in order of first appearance
        if (skinned) {
            List<String> bones = new ArrayList<>();
            for (Mesh m : meshes) {
                for (String b : m.skin().boneNames()) {
                    if (!bones.contains(b)) {
                        bones.add(b);
                    }
                }
            }
            assertThat(c.skin().boneNames()).containsExactlyElementsOf(bones);
        }
        List<String> targets = new ArrayList<>();
        for (Mesh m : meshes) {
            List<String> seen = new ArrayList<>();
            for (MorphTarget t : m.morphTargets()) {
                String key = t.name() + "#" + seen.stream().filter(t.name()::equals).count();
                seen.add(t.name());
                if (!targets.contains(key)) {
                    targets.add(key);
                }
            }
        }
        assertThat(c.morphTargets()).hasSize(targets.size());
        for (int t = 0; t < targets.size(); t++) {
            String key = targets.get(t);
            assertThat(c.morphTargets().get(t).name()).isEqualTo(key.substring(0, key.lastIndexOf('#')));
        }
        assertThat(result.warnings()).allSatisfy(w -> assertThat(w).startsWith("concat: "));
    }

    @Property(tries = 100, seed = "1618")
    void skinningTheConcatenationIsConcatenatingTheSkinnings(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Mesh> meshes = new ArrayList<>();
        for (int i = 2 + r.nextInt(3); i > 0; i--) {
            MeshFixtures.Shape shape = MeshFixtures.Shape.random(r, true);
            shape = new MeshFixtures.Shape(true, true, shape.colors(), shape.uvChannels(), shape.attributes(), true,
                    shape.lossless(), shape.draws(), shape.morphTargets());
            meshes.add(MeshFixtures.random(r, "p" + meshes.size(), shape));
        }
        ConcatResult result = Meshes.concat(meshes);
        Matrix4f[] pose = MeshFixtures.randomPose(r);
        float[][] whole = skin(result.mesh(), pose);
        for (int i = 0; i < meshes.size(); i++) {
            float[][] part = skin(meshes.get(i), pose);
            int v0 = result.firstVertex(i);
            for (int v = 0; v < meshes.get(i).vertexCount(); v++) {
                for (int c = 0; c < 3; c++) {
                    assertThat(whole[0][3 * (v0 + v) + c]).as("mesh %d vertex %d position %d", i, v, c)
                            .isEqualTo(part[0][3 * v + c]);
                    assertThat(whole[1][3 * (v0 + v) + c]).as("mesh %d vertex %d normal %d", i, v, c)
                            .isEqualTo(part[1][3 * v + c]);
                }
                for (int c = 0; c < 4; c++) {
                    assertThat(whole[2][4 * (v0 + v) + c]).as("mesh %d vertex %d tangent %d", i, v, c)
                            .isEqualTo(part[2][4 * v + c]);
                }
            }
        }
    }

    // --- draws ---

    @Property(tries = 200, seed = "777")
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void aVertexWeightingABoneOutsideItsDrawIsRejected(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        MeshFixtures.Shape shape = MeshFixtures.Shape.random(r, true);
        shape = new MeshFixtures.Shape(shape.normals(), shape.tangents(), shape.colors(), shape.uvChannels(),
                shape.attributes(), true, shape.lossless(), true, shape.morphTargets());
        Mesh m = MeshFixtures.random(r, "m", shape);
        // candidates: (draw, vertex of the draw, palette entry the draw does not bind)
        List<int[]> candidates = new ArrayList<>();
        for (int s = 0; s < m.submeshes().size(); s++) {
            List<Draw> draws = m.submeshes().get(s).draws();
            for (int d = 0; d < draws.size(); d++) {
                Draw draw = draws.get(d);
                int[] entries = draw.paletteEntries();
                for (int e = 0; e < m.skin().paletteSize(); e++) {
                    int entry = e;
                    if (Arrays.stream(entries).noneMatch(x -> x == entry)) {
                        candidates.add(new int[] {s, d, m.index(draw.firstIndex() + r.nextInt(draw.indexCount())),
                            e});
                    }
                }
            }
        }
        Statistics.label("a draw lacks a palette entry").collect(!candidates.isEmpty());
        Statistics.label("a draw lacks a palette entry")
                .coverage(checker -> checker.check(true).percentage(p -> p > 50));
        if (candidates.isEmpty()) {
            return; // every draw binds the whole palette
        }
        int[] pick = candidates.get(r.nextInt(candidates.size()));
        int vertex = pick[2];
        int entry = pick[3];
        BoneWeights w = m.skin().weights();
        int k = w.influencesPerVertex();
        int[] joints = w.joints();
        float[] weights = w.weights();
        int slot = 0;
        while (!(weights[k * vertex + slot] > 0)) {
            slot++;
        }
        joints[k * vertex + slot] = entry; // the vertex now weights a bone outside the draw
        // the first draw (in order) that uses the vertex and lacks the entry is the one named
        String expected = null;
        for (int s = 0; s < m.submeshes().size() && expected == null; s++) {
            List<Draw> draws = m.submeshes().get(s).draws();
            for (int d = 0; d < draws.size() && expected == null; d++) {
                Draw draw = draws.get(d);
                if (Arrays.stream(draw.paletteEntries()).anyMatch(x -> x == entry)) {
                    continue;
                }
                for (int i = draw.firstIndex(); i < draw.firstIndex() + draw.indexCount(); i++) {
                    if (m.index(i) == vertex) {
                        expected = "submesh " + s + " draw " + d + " triangle " + i / 3 + " vertex " + vertex
                                + " weights palette entry " + entry + " (bone '" + m.skin().boneName(entry) + "') with "
                                + weights[k * vertex + slot] + " in slot " + slot;
                        break;
                    }
                }
            }
        }
        Skin changed = m.skin().withWeights(BoneWeights.ofSlots(k, joints, weights));
        assertThatThrownBy(() -> m.toBuilder().skin(changed).build()).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("mesh 'm': " + expected)
                .hasMessageContaining("expected only the draw's palette entries");
    }

    // --- helpers ---

    /** Skinned positions, normals and tangents of a mesh in a pose. */
    static float[][] skin(Mesh m, Matrix4f[] pose) {
        float[] palette = MeshFixtures.palette(m.skin(), pose);
        float[] p = new float[3 * m.vertexCount()];
        float[] n = new float[3 * m.vertexCount()];
        float[] t = new float[4 * m.vertexCount()];
        Skinning.skinInto(m, palette, p, n, t, SkinningOptions.DEFAULTS);
        return new float[][] {p, n, t};
    }

    private static void assertSameLayout(Mesh a, Mesh b) {
        assertThat(a.hasNormals()).isEqualTo(b.hasNormals());
        assertThat(a.hasTangents()).isEqualTo(b.hasTangents());
        assertThat(a.hasColors()).isEqualTo(b.hasColors());
        assertThat(a.uvChannelCount()).isEqualTo(b.uvChannelCount());
        assertThat(a.attributes()).extracting(VertexAttribute::name)
                .containsExactlyElementsOf(b.attributes().stream().map(VertexAttribute::name).toList());
        assertThat(a.morphTargets()).extracting(MorphTarget::name)
                .containsExactlyElementsOf(b.morphTargets().stream().map(MorphTarget::name).toList());
    }

    /** Every stream of vertex {@code i} of {@code a} is bit for bit that of vertex {@code j} of {@code b}. */
    private static void assertSameVertex(Mesh a, int i, Mesh b, int j) {
        assertRange(a.positions(), 3 * i, b.positions(), 3 * j, 3, "position", i);
        if (b.hasNormals()) {
            assertRange(a.normals(), 3 * i, b.normals(), 3 * j, 3, "normal", i);
        }
        if (b.hasTangents()) {
            assertRange(a.tangents(), 4 * i, b.tangents(), 4 * j, 4, "tangent", i);
        }
        if (b.hasColors()) {
            assertRange(a.colors(), 4 * i, b.colors(), 4 * j, 4, "color", i);
        }
        for (int c = 0; c < b.uvChannelCount(); c++) {
            assertRange(a.uvs(c), 2 * i, b.uvs(c), 2 * j, 2, "uv " + c, i);
        }
        for (VertexAttribute attribute : b.attributes()) {
            int cc = attribute.componentCount();
            assertRange(a.attribute(attribute.name()).values(), cc * i, attribute.values(), cc * j, cc,
                    attribute.name(), i);
        }
        if (b.skin() != null) {
            BoneWeights wa = a.skin().weights();
            BoneWeights wb = b.skin().weights();
            for (int s = 0; s < wb.influencesPerVertex(); s++) {
                assertThat(wa.joint(i, s)).as("vertex %d joint %d", i, s).isEqualTo(wb.joint(j, s));
                assertThat(Float.floatToRawIntBits(wa.weight(i, s))).as("vertex %d weight %d", i, s)
                        .isEqualTo(Float.floatToRawIntBits(wb.weight(j, s)));
            }
        }
        for (int t = 0; t < b.morphTargets().size(); t++) {
            MorphTarget ta = a.morphTargets().get(t);
            MorphTarget tb = b.morphTargets().get(t);
            assertThat(ta.hasPositions()).isEqualTo(tb.hasPositions());
            assertThat(ta.hasNormals()).isEqualTo(tb.hasNormals());
            assertThat(ta.hasTangents()).isEqualTo(tb.hasTangents());
            if (tb.hasPositions()) {
                assertRange(ta.positions(), 3 * i, tb.positions(), 3 * j, 3, "morph " + t + " position", i);
            }
            if (tb.hasNormals()) {
                assertRange(ta.normals(), 3 * i, tb.normals(), 3 * j, 3, "morph " + t + " normal", i);
            }
            if (tb.hasTangents()) {
                assertRange(ta.tangents(), 3 * i, tb.tangents(), 3 * j, 3, "morph " + t + " tangent", i);
            }
        }
    }

    private static void assertRange(float[] a, int ao, float[] b, int bo, int count, String what, int vertex) {
        for (int c = 0; c < count; c++) {
            assertThat(Float.floatToRawIntBits(a[ao + c])).as("vertex %d %s component %d: %s vs %s", vertex, what, c,
                    a[ao + c], b[bo + c]).isEqualTo(Float.floatToRawIntBits(b[bo + c]));
        }
    }

    private static void assertFilled(float[] a, int offset, int count, float value, String what, int vertex) {
        for (int c = 0; c < count; c++) {
            assertThat(a[offset + c]).as("vertex %d %s component %d filled", vertex, what, c).isEqualTo(value);
        }
    }

    /** Mesh {@code i}'s part of the concatenation is the mesh, or the documented fill where it lacks a stream. */
    private static void assertConcatenated(ConcatResult result, List<Mesh> meshes, int i) {
        Mesh c = result.mesh();
        Mesh m = meshes.get(i);
        String who = Meshes.describe(i, m);
        int v0 = result.firstVertex(i);
        List<String> warnings = result.warnings();
        float[] computedNormals = c.hasNormals() && !m.hasNormals() ? VertexNormals.compute(m) : null;
        float[] computedTangents = null;
        if (c.hasTangents() && !m.hasTangents()) {
            computedTangents = new float[4 * m.vertexCount()];
            VertexTangents.computeInto(m, m.hasNormals() ? m.normals() : VertexNormals.compute(m), computedTangents,
                    0);
        }
        assertThat(warnings.stream().anyMatch(w -> w.startsWith("concat: " + who + " has no normals")))
                .isEqualTo(computedNormals != null);
        assertThat(warnings.stream().anyMatch(w -> w.startsWith("concat: " + who + " has no tangents")))
                .isEqualTo(computedTangents != null);
        assertThat(warnings.stream().anyMatch(w -> w.startsWith("concat: " + who + " has no colors")))
                .isEqualTo(c.hasColors() && !m.hasColors());
        assertThat(warnings.stream().anyMatch(w -> w.startsWith("concat: " + who + " has " + m.uvChannelCount()
                + " UV"))).isEqualTo(m.uvChannelCount() < c.uvChannelCount());
        for (int v = 0; v < m.vertexCount(); v++) {
            int cv = v0 + v;
            assertRange(c.positions(), 3 * cv, m.positions(), 3 * v, 3, "position", cv);
            if (m.hasNormals()) {
                assertRange(c.normals(), 3 * cv, m.normals(), 3 * v, 3, "normal", cv);
            } else if (computedNormals != null) {
                assertRange(c.normals(), 3 * cv, computedNormals, 3 * v, 3, "computed normal", cv);
            }
            if (m.hasTangents()) {
                assertRange(c.tangents(), 4 * cv, m.tangents(), 4 * v, 4, "tangent", cv);
            } else if (computedTangents != null) {
                assertRange(c.tangents(), 4 * cv, computedTangents, 4 * v, 4, "computed tangent", cv);
            }
            if (m.hasColors()) {
                assertRange(c.colors(), 4 * cv, m.colors(), 4 * v, 4, "color", cv);
            } else if (c.hasColors()) {
                assertFilled(c.colors(), 4 * cv, 4, 1f, "color", cv);
            }
            for (int ch = 0; ch < c.uvChannelCount(); ch++) {
                if (ch < m.uvChannelCount()) {
                    assertRange(c.uvs(ch), 2 * cv, m.uvs(ch), 2 * v, 2, "uv " + ch, cv);
                } else {
                    assertFilled(c.uvs(ch), 2 * cv, 2, 0f, "uv " + ch, cv);
                }
            }
            for (VertexAttribute a : c.attributes()) {
                VertexAttribute own = m.attribute(a.name());
                int cc = a.componentCount();
                if (own != null) {
                    assertRange(a.values(), cc * cv, own.values(), cc * v, cc, a.name(), cv);
                } else {
                    assertFilled(a.values(), cc * cv, cc, 0f, a.name(), cv);
                }
            }
            if (m.skin() != null) {
                BoneWeights wc = c.skin().weights();
                BoneWeights wm = m.skin().weights();
                for (int s = 0; s < wc.influencesPerVertex(); s++) {
                    if (s >= wm.influencesPerVertex()) {
                        assertThat(wc.weight(cv, s)).as("padded slot").isZero();
                        assertThat(wc.joint(cv, s)).as("padded slot").isZero();
                        continue;
                    }
                    assertThat(Float.floatToRawIntBits(wc.weight(cv, s)))
                            .isEqualTo(Float.floatToRawIntBits(wm.weight(v, s)));
                    if (wm.isCanonical() && wm.weight(v, s) == 0f) {
                        assertThat(wc.joint(cv, s)).as("a canonical empty slot").isZero();
                    } else {
                        assertThat(c.skin().boneName(wc.joint(cv, s))).as("vertex %d slot %d bone", cv, s)
                                .isEqualTo(m.skin().boneName(wm.joint(v, s)));
                        assertThat(result.paletteEntry(i, wm.joint(v, s))).isEqualTo(wc.joint(cv, s));
                    }
                }
            }
        }
        for (int t = 0; t < m.morphTargets().size(); t++) {
            MorphTarget own = m.morphTargets().get(t);
            MorphTarget united = c.morphTargets().get(result.morphTarget(i, t));
            assertThat(united.name()).isEqualTo(own.name());
            float[][] ownStreams = {own.positions(), own.normals(), own.tangents()};
            float[][] unitedStreams = {united.positions(), united.normals(), united.tangents()};
            for (int k = 0; k < 3; k++) {
                if (ownStreams[k] != null) {
                    assertThat(unitedStreams[k]).isNotNull();
                    assertRange(unitedStreams[k], 3 * v0, ownStreams[k], 0, ownStreams[k].length, "morph " + t, v0);
                } else if (unitedStreams[k] != null) {
                    assertFilled(unitedStreams[k], 3 * v0, 3 * m.vertexCount(), 0f, "morph " + t, v0);
                }
            }
        }
        for (int s = 0; s < m.submeshes().size(); s++) {
            Submesh own = m.submeshes().get(s);
            Submesh moved = c.submeshes().get(result.firstSubmesh(i) + s);
            assertThat(moved.firstIndex()).isEqualTo(own.firstIndex() + result.firstIndex(i));
            assertThat(moved.indexCount()).isEqualTo(own.indexCount());
            assertThat(moved.materialIndex()).isEqualTo(own.materialIndex() + result.firstMaterial(i));
            assertThat(c.materials().get(moved.materialIndex())).isEqualTo(m.materials().get(own.materialIndex()));
            assertThat(moved.draws()).hasSameSizeAs(own.draws());
            for (int d = 0; d < own.draws().size(); d++) {
                Draw od = own.draws().get(d);
                Draw md = moved.draws().get(d);
                assertThat(md.firstIndex()).isEqualTo(od.firstIndex() + result.firstIndex(i));
                assertThat(md.indexCount()).isEqualTo(od.indexCount());
                for (int e = 0; e < od.paletteEntryCount(); e++) {
                    assertThat(c.skin().boneName(md.paletteEntry(e))).isEqualTo(m.skin().boneName(od.paletteEntry(e)));
                }
            }
        }
        for (int x = 0; x < m.indexCount(); x++) {
            assertThat(c.index(result.firstIndex(i) + x)).isEqualTo(m.index(x) + v0);
        }
    }
}
