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
import org.junit.jupiter.api.Test;

/**
 * Golden bytes: the format's worked example (one triangle, two bones, one draw; the expected file
 * is {@code tri.lm} beside this class, checked field by field against the format description), and
 * the same content given in the glTF and Unity conventions.
 */
class LayaModelsGoldenTest {
    private static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    private static final float[] TIP = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1};

    /** The worked example in the file's space. */
    static Mesh triangle() {
        return triangle("Tri");
    }

    /** The worked example under another mesh name. */
    static Mesh triangle(String name) {
        float[] ibm = new float[32];
        System.arraycopy(IDENTITY, 0, ibm, 0, 16);
        System.arraycopy(TIP, 0, ibm, 16, 16);
        BoneWeights w = BoneWeights.ofSlots(4, new int[] {0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0},
                new float[] {1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0});
        return Mesh.builder(name)
                .positions(new float[] {0, 0, 0, 0, 1, 0, 1, 0, 0})
                .normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1})
                .addUvs(new float[] {0, 1, 0, 0, 1, 1})
                .indices(new int[] {0, 1, 2})
                .addSubmesh(new Submesh(0, 3, 0, List.of(Draw.of(0, 3, 0, 1))))
                .skin(Skin.of(new String[] {"Root", "Tip"}, ibm, w))
                .build();
    }

    @Test
    void theWorkedExampleByteForByte() {
        byte[] expected = Fixtures.resource("tri.lm");
        LmWriteOptions laya = LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA);
        LmWriteResult first = LayaModels.write(triangle(), laya);
        assertThat(first.bytes()).isEqualTo(expected);
        assertThat(LayaModels.write(triangle(), laya).bytes()).isEqualTo(expected);
        assertThat(first.size()).isEqualTo(510);
        assertThat(first.drawCount()).isEqualTo(1);
        assertThat(first.partitioned()).isFalse();
        assertThat(first.warnings()).isEmpty();
    }

    @Test
    void theWorkedExampleReadsBack() {
        LmReadResult r = LayaModels.read(Fixtures.resource("tri.lm"));
        assertThat(r.mesh()).isEqualTo(triangle());
        // header: 2 + 14 (version) + 4 + 4 + 2 + 2 x 8 (block table) + 4 + 2 = 48 bytes; MESH 58 + 2 x 2 bones
        assertThat(r.blocks()).containsExactly(new LmBlock("MESH", 48, 62), new LmBlock("SUBMESH", 110, 30));
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void versions05And0502ReadAndAreWrittenBackAs0501() {
        byte[] tri = Fixtures.resource("tri.lm");
        // 0502: the same layout under another version string
        byte[] v0502 = tri.clone();
        v0502[15] = '2';
        LmReadResult r0502 = LayaModels.read(v0502);
        assertThat(r0502.version()).isEqualTo("LAYAMODEL:0502");
        assertThat(r0502.mesh()).isEqualTo(triangle());
        assertThat(LayaModels.write(r0502.mesh(), r0502.rewriteOptions()).bytes()).isEqualTo(tri);
        // 05: a version string 2 bytes shorter and no bounds (24 bytes) in the MESH block; the
        // absolute offsets after them move, the DATA-relative ones stay
        ByteBuffer in = ByteBuffer.wrap(tri).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer out = ByteBuffer.allocate(tri.length - 26).order(ByteOrder.LITTLE_ENDIAN);
        out.putShort((short) 12).put(tri, 2, 12);
        out.putInt(in.getInt(16) - 26).putInt(in.getInt(20) - 26).putShort(in.getShort(24));
        out.putInt(in.getInt(26) - 2).putInt(in.getInt(30) - 24); // MESH: start, length
        out.putInt(in.getInt(34) - 26).putInt(in.getInt(38)); // SUBMESH
        out.put(tri, 42, 72 - 42); // string table fields, MESH block up to the bounds
        out.put(tri, 96, tri.length - 96); // the rest of the MESH block and everything after it
        LmReadResult r05 = LayaModels.read(out.array());
        assertThat(r05.version()).isEqualTo("LAYAMODEL:05");
        assertThat(r05.storedBounds()).isNull();
        assertThat(r05.blocks()).containsExactly(new LmBlock("MESH", 46, 38), new LmBlock("SUBMESH", 84, 30));
        assertThat(r05.mesh()).isEqualTo(triangle());
        assertThat(r05.warnings()).isEmpty();
        // written as 0501 with the bounds of the positions, which are the ones tri.lm stores
        assertThat(LayaModels.write(r05.mesh(), r05.rewriteOptions()).bytes()).isEqualTo(tri);
    }

    @Test
    void theSameTriangleInGltfConventionGivesTheSameFile() {
        // glTF data: counter-clockwise winding (the file's order reversed); no tangents to negate
        Mesh t = triangle();
        Mesh gltf = t.toBuilder().indices(new int[] {0, 2, 1}).build();
        assertThat(LayaModels.write(gltf, LmWriteOptions.DEFAULTS).bytes()).isEqualTo(Fixtures.resource("tri.lm"));
    }

    @Test
    void theSameTriangleInUnityConventionGivesTheSameFile() {
        // Unity data: x mirrored, v flipped (bottom-left origin), bind poses conjugated by the mirror
        float[] ibm = new float[32];
        System.arraycopy(IDENTITY, 0, ibm, 0, 16);
        System.arraycopy(TIP, 0, ibm, 16, 16);
        Mesh t = triangle();
        Mesh unity = t.toBuilder()
                .positions(new float[] {-0f, 0, 0, -0f, 1, 0, -1, 0, 0})
                .normals(new float[] {-0f, 0, 1, -0f, 0, 1, -0f, 0, 1})
                .clearUvs().addUvs(new float[] {0, 0, 0, 1, 1, 0})
                .skin(Skin.of(new String[] {"Root", "Tip"}, ibm, t.skin().weights()))
                .build();
        LmWriteResult w = LayaModels.write(unity, LmWriteOptions.DEFAULTS.withConvention(LmConvention.UNITY));
        // the mirror of 0 is -0, of -0 is +0: compare what the loader sees, the floats' values
        LmReadResult back = LayaModels.read(w.bytes());
        LmReadResult expected = LayaModels.read(Fixtures.resource("tri.lm"));
        assertThat(back.mesh().positions()).usingComparatorWithPrecision(0f).containsExactly(expected.mesh().positions());
        assertThat(back.mesh().uvs(0)).containsExactly(expected.mesh().uvs(0));
        assertThat(back.mesh().indices()).containsExactly(expected.mesh().indices());
        assertThat(back.storedBounds()).isEqualTo(expected.storedBounds());
    }
}
