package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class LittleEndianWriterTest {
    @Test
    void encodesEachWidthLowByteFirst() {
        byte[] b = new LittleEndianWriter(0)
                .putByte(0x1FF)
                .putShort(0xABCD1234)
                .putInt(0x01020304)
                .putFloat(1f)
                .putFloat(Float.intBitsToFloat(0x7FC00001))
                .toByteArray();
        assertThat(b).containsExactly(
                0xFF,
                0x34, 0x12,
                0x04, 0x03, 0x02, 0x01,
                0x00, 0x00, 0x80, 0x3F,
                0x01, 0x00, 0xC0, 0x7F);
    }

    @Test
    void arraysWriteTheirRangeOnly() {
        int[] ints = {-1, 0x11223344, 0x55667788, 7};
        float[] floats = {9f, -2.5f, 0.1f};
        byte[] raw = {1, 2, 3, 4, 5};
        byte[] b = new LittleEndianWriter(3)
                .putLowBytes(ints, 1, 2)
                .putShorts(ints, 0, 2)
                .putInts(ints, 2, 1)
                .putFloats(floats, 1, 2)
                .put(raw, 3, 2)
                .put(new byte[] {9})
                .toByteArray();
        ByteBuffer expected = ByteBuffer.allocate(b.length).order(ByteOrder.LITTLE_ENDIAN);
        expected.put((byte) 0x44).put((byte) 0x88);
        expected.putShort((short) -1).putShort((short) 0x3344);
        expected.putInt(0x55667788);
        expected.putFloat(-2.5f).putFloat(0.1f);
        expected.put((byte) 4).put((byte) 5).put((byte) 9);
        assertThat(b).hasSize(2 + 4 + 4 + 8 + 3).containsExactly(expected.array());
    }

    /** Floats match the JDK's little-endian encoding for every bit pattern drawn, NaN payloads included. */
    @Property(tries = 200, seed = "5")
    void floatsMatchTheJdkEncoding(@ForAll int bits0, @ForAll int bits1, @ForAll @IntRange(min = 0, max = 40) int n) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = Float.intBitsToFloat(i % 2 == 0 ? bits0 + i : bits1 - i);
        }
        ByteBuffer jdk = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            jdk.putInt(Float.floatToRawIntBits(v));
        }
        assertThat(new LittleEndianWriter(0).putFloats(values, 0, n).toByteArray()).isEqualTo(jdk.array());
    }

    @Test
    void padAddsZerosToTheNextMultiple() {
        LittleEndianWriter w = new LittleEndianWriter().putByte(7).pad(4);
        assertThat(w.size()).isEqualTo(4);
        assertThat(w.pad(4).size()).isEqualTo(4);
        w.putShort(-1).pad(8).pad(1);
        assertThat(w.toByteArray()).containsExactly(7, 0, 0, 0, 0xFF, 0xFF, 0, 0);
        assertThatThrownBy(() -> w.pad(0)).isInstanceOf(ValidationException.class)
                .hasMessage("LittleEndianWriter.pad: alignment=0, expected 1..256");
        assertThatThrownBy(() -> w.pad(257)).isInstanceOf(ValidationException.class)
                .hasMessage("LittleEndianWriter.pad: alignment=257, expected 1..256");
    }

    @Test
    void setIntPatchesWrittenBytesOnly() {
        LittleEndianWriter w = new LittleEndianWriter().putInt(0).putInt(0);
        w.setInt(2, 0xA1B2C3D4);
        assertThat(w.size()).isEqualTo(8);
        assertThat(w.toByteArray()).containsExactly(0, 0, 0xD4, 0xC3, 0xB2, 0xA1, 0, 0);
        assertThatThrownBy(() -> w.setInt(5, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> w.setInt(-1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void rangesOutsideTheSourceAreRefusedBeforeWriting() {
        LittleEndianWriter w = new LittleEndianWriter().putByte(1);
        assertThatThrownBy(() -> w.putFloats(new float[2], 1, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> w.putInts(new int[2], -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> w.putShorts(new int[2], 0, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> w.putLowBytes(new int[2], 2, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> w.put(new byte[2], 1, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(w.toByteArray()).containsExactly(1);
    }

    @Test
    void growsPastItsCapacityAndStopsAtItsLimit() {
        LittleEndianWriter w = new LittleEndianWriter(1, 10);
        w.putInt(1).putInt(2);
        assertThat(w.size()).isEqualTo(8);
        assertThatThrownBy(() -> w.putInt(3)).isInstanceOf(ValidationException.class)
                .hasMessage("LittleEndianWriter: size 8 + 4 bytes = 12 exceeds the limit 10");
        assertThatThrownBy(() -> w.putFloats(new float[1], 0, 1)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> w.pad(16)).isInstanceOf(ValidationException.class)
                .hasMessage("LittleEndianWriter: size 8 + 8 bytes = 16 exceeds the limit 10");
        assertThat(w.size()).as("a refused write changes nothing").isEqualTo(8);
        w.putShort(5);
        assertThat(w.toByteArray()).containsExactly(1, 0, 0, 0, 2, 0, 0, 0, 5, 0);
    }

    @Test
    void constructorRejectsBadCapacities() {
        assertThatThrownBy(() -> new LittleEndianWriter(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("LittleEndianWriter: initialCapacity=-1, expected 0.." + LittleEndianWriter.MAX_SIZE);
        assertThatThrownBy(() -> new LittleEndianWriter(Integer.MAX_VALUE)).isInstanceOf(ValidationException.class)
                .hasMessage("LittleEndianWriter: initialCapacity=" + Integer.MAX_VALUE + ", expected 0.."
                        + LittleEndianWriter.MAX_SIZE);
    }

    @Test
    void writeToStreamsWhatWasWrittenAndToByteArrayIsACopy() throws IOException {
        LittleEndianWriter w = new LittleEndianWriter(64).putInt(0x04030201);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.writeTo(out);
        assertThat(out.toByteArray()).containsExactly(1, 2, 3, 4);
        byte[] copy = w.toByteArray();
        copy[0] = 9;
        assertThat(w.toByteArray()).containsExactly(1, 2, 3, 4);
    }
}
