package io.github.skinmesh.gltf.internal;

import java.util.Arrays;

/**
 * A growing little-endian byte buffer for the GLB BIN chunk. Every section starts on a 4-byte
 * boundary ({@link #align()}), which satisfies glTF's alignment rules for all component types and
 * vertex strides. Not thread-safe.
 */
public final class BinWriter {
    private byte[] buf = new byte[1 << 12];
    private int size;

    /** @return the number of bytes written */
    public int size() {
        return size;
    }

    /** @return the internal array; its first {@link #size()} bytes are the content */
    public byte[] array() {
        return buf;
    }

    /**
     * Pads with zeros to a multiple of 4.
     *
     * @return the aligned offset, where the next section starts
     */
    public int align() {
        ensure(3);
        while ((size & 3) != 0) {
            buf[size++] = 0;
        }
        return size;
    }

    private void ensure(long more) {
        long need = size + more;
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("GLB buffer would exceed 2 GiB");
        }
        if (need > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * buf.length)));
        }
    }

    /**
     * @param v values
     * @param from first value
     * @param count number of values
     */
    public void floats(float[] v, int from, int count) {
        ensure(4L * count);
        for (int i = from; i < from + count; i++) {
            int bits = Float.floatToRawIntBits(v[i]);
            buf[size] = (byte) bits;
            buf[size + 1] = (byte) (bits >>> 8);
            buf[size + 2] = (byte) (bits >>> 16);
            buf[size + 3] = (byte) (bits >>> 24);
            size += 4;
        }
    }

    /**
     * Writes the low 16 bits of each value.
     *
     * @param v values
     * @param from first value
     * @param count number of values
     */
    public void shorts(int[] v, int from, int count) {
        ensure(2L * count);
        for (int i = from; i < from + count; i++) {
            buf[size] = (byte) v[i];
            buf[size + 1] = (byte) (v[i] >>> 8);
            size += 2;
        }
    }

    /**
     * @param v values
     * @param from first value
     * @param count number of values
     */
    public void ints(int[] v, int from, int count) {
        ensure(4L * count);
        for (int i = from; i < from + count; i++) {
            buf[size] = (byte) v[i];
            buf[size + 1] = (byte) (v[i] >>> 8);
            buf[size + 2] = (byte) (v[i] >>> 16);
            buf[size + 3] = (byte) (v[i] >>> 24);
            size += 4;
        }
    }

    /**
     * Writes the low 8 bits of each value.
     *
     * @param v values
     * @param from first value
     * @param count number of values
     */
    public void bytes(int[] v, int from, int count) {
        ensure(count);
        for (int i = from; i < from + count; i++) {
            buf[size++] = (byte) v[i];
        }
    }

    /**
     * @param b raw bytes
     */
    public void raw(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }
}
