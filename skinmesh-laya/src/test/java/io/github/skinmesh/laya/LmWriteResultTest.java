package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Submesh;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link LmWriteResult}'s encodings: {@link LmWriteResult#writeInto(byte[], int)} into a caller's
 * array gives exactly the bytes of {@link LmWriteResult#bytes()} and touches nothing else; every
 * destination too small fails before anything is written; one buffer serves several files.
 */
class LmWriteResultTest {
    private static final byte FILL = 0x5A;

    /** A static quad: two triangles, one submesh. */
    private static Mesh staticQuad() {
        return Mesh.builder("StaticQuad")
                .positions(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
                .normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1})
                .indices(new int[] {0, 1, 2, 0, 2, 3})
                .addSubmesh(new Submesh(0, 6, 0))
                .build();
    }

    private static byte[] filled(int length) {
        byte[] b = new byte[length];
        Arrays.fill(b, FILL);
        return b;
    }

    @Test
    void writeIntoGivesTheBytesAtTheOffsetAndLeavesTheRestAlone() {
        for (Mesh mesh : new Mesh[] {LayaModelsGoldenTest.triangle(), staticQuad()}) {
            LmWriteResult w = LayaModels.write(mesh);
            byte[] expected = w.bytes();
            assertThat(expected).hasSize(w.size());
            for (int offset : new int[] {0, 1, 7}) {
                byte[] dst = filled(offset + w.size() + 5);
                assertThat(w.writeInto(dst, offset)).isEqualTo(w.size());
                assertThat(Arrays.copyOfRange(dst, offset, offset + w.size())).isEqualTo(expected);
                for (int i = 0; i < offset; i++) {
                    assertThat(dst[i]).isEqualTo(FILL);
                }
                for (int i = offset + w.size(); i < dst.length; i++) {
                    assertThat(dst[i]).isEqualTo(FILL);
                }
            }
        }
    }

    @Test
    void everyDestinationTooSmallFailsBeforeWriting() {
        LmWriteResult w = LayaModels.write(LayaModelsGoldenTest.triangle());
        for (int length = 0; length < w.size(); length++) {
            byte[] dst = filled(length);
            assertThatThrownBy(() -> w.writeInto(dst, 0)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(dst).isEqualTo(filled(length));
        }
        byte[] exact = filled(w.size());
        for (int offset = 1; offset <= w.size(); offset++) {
            int at = offset;
            assertThatThrownBy(() -> w.writeInto(exact, at)).isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> w.writeInto(exact, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(exact).containsOnly(FILL);
        assertThatThrownBy(() -> w.writeInto(null, 0)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void oneBufferServesSeveralFilesAndEncodingTwiceGivesTheSameBytes() throws IOException {
        LmWriteResult big = LayaModels.write(staticQuad());
        LmWriteResult small = LayaModels.write(LayaModelsGoldenTest.triangle());
        byte[] buffer = new byte[Math.max(big.size(), small.size())];
        for (LmWriteResult w : new LmWriteResult[] {big, small, big, small}) {
            int length = w.writeInto(buffer, 0);
            assertThat(Arrays.copyOf(buffer, length)).isEqualTo(w.bytes());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        small.writeTo(out);
        assertThat(out.toByteArray()).isEqualTo(small.bytes());
    }

    @Test
    void bytesIsAFreshArrayEachCall() {
        LmWriteResult w = LayaModels.write(LayaModelsGoldenTest.triangle());
        byte[] first = w.bytes();
        byte[] kept = first.clone();
        Arrays.fill(first, (byte) 0);
        assertThat(w.bytes()).isEqualTo(kept).isNotSameAs(w.bytes());
    }
}
