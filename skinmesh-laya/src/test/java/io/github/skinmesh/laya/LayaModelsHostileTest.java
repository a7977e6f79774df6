package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.testkit.SplitMix64;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Malformed and hostile files: only {@link SkinMeshException}s, naming the field and its offset;
 * memory in proportion to the file; no endless loops.
 */
class LayaModelsHostileTest {
    /** Decoded bytes a read may allocate per byte of file, with a constant for small files. */
    private static final long ALLOCATION_FACTOR = 24;
    private static final long ALLOCATION_SLACK = 4L << 20;
    private static final int FLIPS = 5000;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * Reads, returning the bytes the read allocated in this thread (the check of a failure's message
     * comes after, so that it is not counted); any exception but a SkinMeshException fails.
     */
    private static long readMeasured(byte[] bytes) {
        long id = Thread.currentThread().getId();
        long before = THREADS.getThreadAllocatedBytes(id);
        SkinMeshException failure = null;
        try {
            LayaModels.read(bytes);
        } catch (SkinMeshException e) {
            failure = e;
        }
        long allocated = THREADS.getThreadAllocatedBytes(id) - before;
        if (failure != null) {
            assertThat(failure.getMessage()).as("message of %s", failure).containsPattern("at offset \\d+");
        }
        return allocated;
    }

    @Test
    void everyTruncationOfASkinnedFileFailsCleanly() {
        byte[] file = Fixtures.bytes(Fixtures.DAJIA);
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            for (int length = 0; length < file.length; length++) {
                byte[] cut = Arrays.copyOf(file, length);
                int at = length;
                assertThatThrownBy(() -> LayaModels.read(cut)).as("truncated at %d", at)
                        .isInstanceOf(FormatException.class).hasMessageContaining("at offset");
            }
        });
    }

    @Test
    void seededByteFlipsThrowOnlySkinMeshExceptionsWithinTheBudget() {
        byte[] file = Fixtures.bytes(Fixtures.DAJIA);
        SplitMix64 random = new SplitMix64(0x1A7A);
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> {
            // the first reads of a run also allocate for loading and linking what they use
            readMeasured(file);
            long worst = 0;
            for (int trial = 0; trial < FLIPS; trial++) {
                byte[] bytes = file.clone();
                int flips = 1 + random.nextInt(0, 3);
                // half the trials hit the header and blocks, where the sizes and offsets are
                int span = trial % 2 == 0 ? 220 : bytes.length;
                for (int f = 0; f < flips; f++) {
                    bytes[random.nextInt(0, span - 1)] ^= (byte) (1 + random.nextInt(0, 254));
                }
                long allocated = readMeasured(bytes);
                worst = Math.max(worst, allocated);
                assertThat(allocated).as("trial %d", trial).isLessThanOrEqualTo(ALLOCATION_FACTOR * file.length
                        + ALLOCATION_SLACK);
            }
            assertThat(worst).isPositive();
        });
    }

    /**
     * A skinned file whose one SUBMESH block is listed {@code copies} times in the block table: the
     * table grows by 8 bytes a copy, the absolute offsets after it move along.
     */
    private static byte[] repeatSubmeshBlock(byte[] file, int copies) {
        ByteBuffer in = le(file);
        int data = 2 + in.getShort(0); // DATA.offset, then DATA.size and the block count
        int table = data + 10;
        assertThat(in.getShort(data + 8)).isEqualTo((short) 2);
        int grow = 8 * (copies - 1);
        byte[] out = new byte[file.length + grow];
        System.arraycopy(file, 0, out, 0, table + 16);
        System.arraycopy(file, table + 16, out, table + 16 + grow, file.length - table - 16);
        ByteBuffer o = le(out);
        o.putInt(data, in.getInt(data) + grow).putShort(data + 8, (short) (copies + 1));
        o.putInt(table, in.getInt(table) + grow);
        for (int k = 0; k < copies; k++) {
            o.putInt(table + 8 + 8 * k, in.getInt(table + 8) + grow).putInt(table + 12 + 8 * k, in.getInt(table + 12));
        }
        return out;
    }

    @Test
    void aSubmeshListedOverAndOverFailsInTimeProportionalToTheFile() {
        // 120,000 indices on 4 vertices, their SUBMESH block listed 30,000 times: passing over every
        // submesh's draws would visit 3.6 billion indices for a file of 480 KB
        int quads = 20_000;
        int[] indices = new int[6 * quads];
        for (int q = 0; q < quads; q++) {
            System.arraycopy(new int[] {0, 1, 2, 0, 2, 3}, 0, indices, 6 * q, 6);
        }
        float[] ibm = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        Mesh quad = Mesh.builder("Quad").positions(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}).indices(indices)
                .addSubmesh(new Submesh(0, indices.length, 0, List.of(Draw.of(0, indices.length, 0))))
                .skin(Skin.of(new String[] {"root"}, ibm, BoneWeights.of(1, new int[4], new float[] {1, 1, 1, 1})))
                .build();
        byte[] file = LayaModels.write(quad, LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA)).bytes();
        byte[] hostile = repeatSubmeshBlock(file, 30_000);
        int firstSubmesh = 2 + 14 + 10 + 8 + 8 * 30_000 + 6 + 58 + 2;
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThatThrownBy(() -> LayaModels.read(hostile))
                .isInstanceOf(FormatException.class)
                .hasMessage("block 2 SUBMESH first index at offset " + (firstSubmesh + 4) + ": range 0..120000 overlaps"
                        + " the range 0..120000 of block 1, expected submeshes that share no index"));
    }

    // ---- one case per error path -------------------------------------------------------------

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] tri() {
        return Fixtures.resource("tri.lm");
    }

    @Test
    void unsupportedVersions() {
        byte[] b = tri();
        b[15] = '9';
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("version string at offset 2: 'LAYAMODEL:0509', expected LAYAMODEL:05, LAYAMODEL:0501 or"
                        + " LAYAMODEL:0502");
        byte[] compressed = "\u0019\u0000LAYAMODEL:COMPRESSION_0501".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> LayaModels.read(compressed)).isInstanceOf(FormatException.class)
                .hasMessageContaining("(compressed vertices) is not supported");
    }

    @Test
    void emptyFile() {
        assertThatThrownBy(() -> LayaModels.read(new byte[1])).isInstanceOf(FormatException.class)
                .hasMessage("version length at offset 0: needs 2 bytes, the file ends at 1");
    }

    @Test
    void moreDecodingThanTheFileCanDescribe() {
        // 65,535 empty strings: 2 bytes each in the file, a string and a table entry each once read
        byte[] tri = tri();
        byte[] b = Arrays.copyOf(tri, tri.length + 2 * 65535);
        le(b).putShort(46, (short) 65535);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("string table at offset 140: decoding needs 7339920 bytes, more than the file's"
                        + " 131580 bytes can describe");
    }

    @Test
    void vertexCountPastTheFile() {
        byte[] b = tri();
        le(b).putInt(58, 1_000_000);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessageContaining("vertex data (1000000 vertices x 52 bytes, from MESH vertex data start at 54)")
                .hasMessageContaining("at offset 216: needs 52000000 bytes, the file ends at 510");
    }

    @Test
    void indexPastTheVertices() {
        byte[] b = tri();
        le(b).putShort(374, (short) 3);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("index 1 at offset 374: 3, expected < vertex count 3");
    }

    @Test
    void blockInsideTheHeader() {
        byte[] b = tri();
        le(b).putInt(26, 20);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("block 0 start at offset 26: 20 is inside the header, which ends at 48");
    }

    @Test
    void unknownBlockName() {
        byte[] b = tri();
        le(b).putShort(110, (short) 2); // the SUBMESH block named 'Tri'
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("block 1 name at offset 110: 'Tri', expected MESH or SUBMESH");
    }

    @Test
    void stringIndexOutOfRange() {
        byte[] b = tri();
        le(b).putShort(50, (short) 6);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("MESH mesh name index at offset 50: string index 6, expected < string count 6");
    }

    @Test
    void dictionaryEntryPastTheBones() {
        byte[] b = tri();
        le(b).putShort(508, (short) 2);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("block 1 SUBMESH draw 0 bone dictionary entry 1 at offset 508: bone 2, expected < bone"
                        + " count 2");
    }

    @Test
    void weightedLocalBonePastTheDictionary() {
        byte[] b = tri();
        b[317] = 2; // v1 slot 1 (weight 0.5) names local bone 2 of a 2-entry dictionary
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("BLENDINDICES of vertex 1 slot 1 at offset 317: local bone 2 with weight 0.5, past the 2"
                        + " entries of the bone dictionary of SUBMESH 0 draw 0 (at offset 506)");
    }

    @Test
    void zeroWeightLocalBonePastTheDictionaryIsAWarning() {
        byte[] b = tri();
        b[318] = 7; // v1 slot 2, weight 0
        LmReadResult r = LayaModels.read(b);
        assertThat(r.warnings()).containsExactly("BLENDINDICES: 1 zero-weight slots hold local bones past their"
                + " draw's dictionary; read as bone 0");
        assertThat(r.mesh().skin().weights().joint(1, 2)).isZero();
    }

    @Test
    void negativeWeight() {
        byte[] b = tri();
        le(b).putFloat(300, -0.5f);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("BLENDWEIGHT of vertex 1 slot 0 at offset 300: -0.5, expected a finite weight >= 0");
    }

    @Test
    void nanPosition() {
        byte[] b = tri();
        le(b).putFloat(268, Float.NaN);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("POSITION of vertex 1 component 0 at offset 268: NaN, expected a finite value");
    }

    @Test
    void nonFiniteNormalUvAndBindPose() {
        // the worked example: vertices at 216, 52 bytes each (POSITION, NORMAL, UV, BLENDWEIGHT, BLENDINDICES),
        // indices at 372, inverse bind poses at 378
        byte[] normal = tri();
        le(normal).putFloat(216 + 2 * 52 + 12 + 8, Float.POSITIVE_INFINITY);
        assertThatThrownBy(() -> LayaModels.read(normal)).isInstanceOf(FormatException.class)
                .hasMessage("NORMAL of vertex 2 component 2 at offset 340: Infinity, expected a finite value");
        byte[] uv = tri();
        le(uv).putFloat(216 + 24 + 4, Float.NEGATIVE_INFINITY);
        assertThatThrownBy(() -> LayaModels.read(uv, LmReadOptions.DEFAULTS.withConvention(LmConvention.UNITY)))
                .isInstanceOf(FormatException.class)
                .hasMessage("UV of vertex 0 component 1 at offset 244: -Infinity, expected a finite value");
        byte[] bind = tri();
        le(bind).putFloat(378 + 64 + 4 * 13, Float.NaN);
        assertThatThrownBy(() -> LayaModels.read(bind)).isInstanceOf(FormatException.class)
                .hasMessage("inverse bind pose of bone 1 element 13 at offset 494: NaN, expected a finite value");
    }

    @Test
    void repeatedBoneNames() {
        byte[] b = tri();
        le(b).putShort(100, (short) 4);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("MESH bone 1 name index at offset 100: bone 'Root' repeats bone 0, expected unique bone"
                        + " names");
    }

    @Test
    void drawsThatDoNotTileTheirSubmesh() {
        byte[] b = tri();
        le(b).putInt(124, 3);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("block 1 SUBMESH draw 0 first index at offset 124: range 3..6, expected whole triangles"
                        + " from 0 within the submesh's 0..3 (draws tile their submesh in order)");
    }

    @Test
    void bindPoseLengthNotOneMatrixPerBone() {
        byte[] b = tri();
        le(b).putInt(106, 64);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("MESH inverse bind poses length at offset 106: 64 bytes, expected 64 x bone count 2 = 128");
    }

    @Test
    void unknownDeclarationElement() {
        byte[] b = tri();
        b[162] = 'Q'; // POSITION -> QOSITION
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("MESH vertex declaration index at offset 62: "
                        + "'QOSITION,NORMAL,UV,BLENDWEIGHT,BLENDINDICES' has element 'QOSITION', expected one of");
    }

    @Test
    void vertexBufferCountOtherThanOne() {
        byte[] b = tri();
        le(b).putShort(52, (short) 2);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("MESH vertex buffer count at offset 52: 2, expected 1");
    }

    @Test
    void overlappingSubmeshes() {
        // two static submeshes of one triangle each, the second moved onto the first
        Mesh quad = Mesh.builder("Quad").positions(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
                .indices(new int[] {0, 1, 2, 0, 2, 3}).addMaterial(Material.builder("a").build())
                .addMaterial(Material.builder("b").build()).addSubmesh(0, 3, 0).addSubmesh(3, 3, 1).build();
        byte[] b = LayaModels.write(quad, LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA)).bytes();
        ByteBuffer l = le(b);
        int second = l.getInt(2 + 14 + 10 + 16); // block 2's start
        l.putInt(second + 4, 0).putInt(second + 14, 0); // its first index and its draw's
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("block 2 SUBMESH first index at offset " + (second + 4) + ": range 0..3 overlaps the range"
                        + " 0..3 of block 1, expected submeshes that share no index");
        // empty submeshes share no index, wherever they start
        l.putInt(second + 8, 0).putInt(second + 18, 0);
        assertThat(LayaModels.read(b).mesh().submeshes()).extracting(Submesh::indexCount).containsExactly(3, 0);
    }

    @Test
    void submeshBeforeMesh() {
        byte[] b = tri();
        ByteBuffer l = le(b);
        l.putInt(26, 110).putInt(30, 30).putInt(34, 48).putInt(38, 62);
        assertThatThrownBy(() -> LayaModels.read(b)).isInstanceOf(FormatException.class)
                .hasMessage("block 0 at offset 110: SUBMESH block before the MESH block, expected MESH first");
    }
}
