package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.assertj.core.data.Offset;
import org.joml.Matrix4f;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What each {@link LmConvention} puts in the file, decoded from the bytes by hand and compared with
 * the format description's tables (section 10 for Unity data, 10.1 for glTF data): every stream,
 * the winding, the inverse bind matrices ({@code M B M} computed as a matrix product) and the
 * stored bounds. A round trip alone would not catch a wrong sign, since the reader applies the
 * same mapping to come back.
 */
class LayaModelsConventionTest {
    /** POSITION, NORMAL, COLOR, UV, UV1, BLENDWEIGHT, BLENDINDICES, TANGENT. */
    private static final int STRIDE = 12 + 12 + 16 + 8 + 8 + 16 + 4 + 16;
    private static final int BONES = 3;

    /** Four vertices with every stream the file holds, two triangles, three bones in one draw. */
    private static Mesh source() {
        float[] ibm = new float[16 * BONES];
        for (int b = 0; b < BONES; b++) {
            new Matrix4f().translation(0.5f + b, -1.25f * b, 2 - b).rotateXYZ(0.3f + b, -0.7f * b, 0.2f)
                    .scale(1 + 0.25f * b, 1, 1 - 0.125f * b).get(ibm, 16 * b);
        }
        BoneWeights weights = BoneWeights.ofSlots(4,
                new int[] {0, 1, 0, 0, 1, 2, 0, 0, 2, 0, 0, 0, 0, 2, 1, 0},
                new float[] {0.75f, 0.25f, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 0.5f, 0.25f, 0.25f, 0});
        return Mesh.builder("Conventions")
                .positions(new float[] {0.5f, -1, 2, -3, 0.25f, 1, 4, 5, -6, -0.75f, 2.5f, 3})
                .normals(new float[] {0.6f, 0, 0.8f, -0.8f, 0.6f, 0, 0, -1, 0, 0.48f, 0.6f, 0.64f})
                .colors(new float[] {0.1f, 0.2f, 0.3f, 1, 0.4f, 0.5f, 0.6f, 0.5f, 0.7f, 0.8f, 0.9f, 0, 1, 0, 0.5f, 1})
                .addUvs(new float[] {0.125f, 0.25f, 0.75f, 0.3f, -0.5f, 1.75f, 0.9f, 0.1f})
                .addUvs(new float[] {0.2f, 0.6f, 0.33f, 0.05f, 0.5f, 0.5f, 1, 0.95f})
                .tangents(new float[] {0.8f, 0, -0.6f, 1, 0, 0, 1, -1, 1, 0, 0, 1, 0, 0.6f, -0.8f, -1})
                .indices(new int[] {0, 1, 2, 0, 2, 3})
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 2, 0, 1))))
                .skin(Skin.of(new String[] {"a", "b", "c"}, ibm, weights))
                .build();
    }

    @ParameterizedTest
    @EnumSource(LmConvention.class)
    void theFileHoldsWhatTheFormatDescriptionSaysForTheConvention(LmConvention convention) {
        Mesh src = source();
        byte[] bytes = LayaModels.write(src, LmWriteOptions.DEFAULTS.withConvention(convention)).bytes();
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int data = le.getInt(16);
        int mesh = le.getInt(26);
        assertThat(le.getInt(mesh + 10)).as("vertex count").isEqualTo(4);
        int vertices = data + le.getInt(mesh + 6);
        int indices = data + le.getInt(mesh + 16);
        int bindPoses = data + le.getInt(mesh + 50 + 2 * BONES);

        boolean unity = convention == LmConvention.UNITY;
        float sx = unity ? -1 : 1;
        float[] p = src.positions();
        float[] n = src.normals();
        float[] c = src.colors();
        float[] t = src.tangents();
        for (int v = 0; v < 4; v++) {
            int at = vertices + v * STRIDE;
            String vertex = convention + " vertex " + v;
            assertThat(floats(le, at, 3)).as("%s POSITION", vertex)
                    .containsExactly(sx * p[3 * v], p[3 * v + 1], p[3 * v + 2]);
            assertThat(floats(le, at + 12, 3)).as("%s NORMAL", vertex)
                    .containsExactly(sx * n[3 * v], n[3 * v + 1], n[3 * v + 2]);
            assertThat(floats(le, at + 24, 4)).as("%s COLOR", vertex)
                    .containsExactly(c[4 * v], c[4 * v + 1], c[4 * v + 2], c[4 * v + 3]);
            for (int set = 0; set < 2; set++) {
                float[] uv = src.uvs(set);
                float fileV = unity ? 1 - uv[2 * v + 1] : uv[2 * v + 1];
                assertThat(floats(le, at + 40 + 8 * set, 2)).as("%s UV set %d", vertex, set)
                        .containsExactly(uv[2 * v], fileV);
            }
            // tangent w: negated from glTF (its bitangent points towards decreasing v), kept from Unity
            float w = convention == LmConvention.GLTF ? -t[4 * v + 3] : t[4 * v + 3];
            assertThat(floats(le, at + 76, 4)).as("%s TANGENT", vertex)
                    .containsExactly(sx * t[4 * v], t[4 * v + 1], t[4 * v + 2], w);
        }
        // winding: glTF's counter-clockwise fronts reversed into the file's clockwise ones
        int[] expectedIndices = convention == LmConvention.GLTF ? new int[] {0, 2, 1, 0, 3, 2}
                : new int[] {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; i++) {
            assertThat(Short.toUnsignedInt(le.getShort(indices + 2 * i))).as("%s index %d", convention, i)
                    .isEqualTo(expectedIndices[i]);
        }
        Matrix4f mirror = new Matrix4f().scaling(-1, 1, 1);
        for (int b = 0; b < BONES; b++) {
            Matrix4f bind = src.skin().inverseBindMatrix(b, new Matrix4f());
            Matrix4f expected = unity ? new Matrix4f(mirror).mul(bind).mul(mirror) : bind;
            float[] stored = floats(le, bindPoses + 64 * b, 16);
            assertThat(stored).as("%s inverse bind pose %d", convention, b)
                    .containsExactly(expected.get(new float[16]), Offset.offset(1e-6f));
        }
        // bounds: those of the positions the file holds
        float[] box = floats(le, mesh + 24, 6);
        float minX = Float.MAX_VALUE;
        float maxX = -Float.MAX_VALUE;
        for (int v = 0; v < 4; v++) {
            minX = Math.min(minX, sx * p[3 * v]);
            maxX = Math.max(maxX, sx * p[3 * v]);
        }
        assertThat(box).as("%s bounds", convention).containsExactly(minX, -1, -6, maxX, 5, 3);
    }

    @ParameterizedTest
    @EnumSource(LmConvention.class)
    void readingInTheConventionGivesTheSourceBack(LmConvention convention) {
        Mesh src = source();
        byte[] bytes = LayaModels.write(src, LmWriteOptions.DEFAULTS.withConvention(convention)).bytes();
        LmReadResult r = LayaModels.read(bytes, LmReadOptions.DEFAULTS.withConvention(convention));
        Mesh m = r.mesh();
        assertThat(m.positions()).containsExactly(src.positions());
        assertThat(m.normals()).containsExactly(src.normals());
        assertThat(m.colors()).containsExactly(src.colors());
        assertThat(m.tangents()).containsExactly(src.tangents());
        for (int set = 0; set < 2; set++) {
            assertThat(m.uvs(set)).containsExactly(src.uvs(set), Offset.offset(1e-7f));
        }
        assertThat(m.indices()).containsExactly(src.indices());
        float[] ibm = new float[16 * BONES];
        assertThat(m.skin().inverseBindMatricesInto(ibm, 0))
                .containsExactly(src.skin().inverseBindMatricesInto(new float[16 * BONES], 0), Offset.offset(1e-6f));
        assertThat(m.skin().weights()).isEqualTo(src.skin().weights());
        assertThat(m.submeshes()).isEqualTo(src.submeshes());
        assertThat(r.storedBounds()).isEqualTo(src.bounds());
    }

    private static float[] floats(ByteBuffer le, int at, int count) {
        float[] out = new float[count];
        for (int i = 0; i < count; i++) {
            out[i] = le.getFloat(at + 4 * i);
        }
        return out;
    }
}
