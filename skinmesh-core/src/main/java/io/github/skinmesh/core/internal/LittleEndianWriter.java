package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.ValidationException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * A growing in-memory byte buffer that encodes numbers little-endian: the one encoder behind the
 * binary formats skinmesh's modules write (the glTF BIN chunk and the GLB container, and the
 * other binary formats to come). Not API: shared by skinmesh's modules through core.internal.
 *
 * <p>Encodings: 8-, 16- and 32-bit integers are written as their low 8, 16 or 32 bits, so the same
 * call writes signed and unsigned values; floats are written as their IEEE 754 bits
 * ({@link Float#floatToRawIntBits}, NaN payloads kept). Writers that build a whole file in memory
 * before writing a byte (so that a failure leaves no partial output) fill one of these and then
 * hand it to {@link #writeTo(OutputStream)}.
 *
 * <p>Capacity grows by doubling, up to {@link #MAX_SIZE} bytes, the most a Java array holds on
 * common JVMs; a write that would pass it fails before changing anything. Every {@code put}
 * method returns this writer, so calls chain:
 * <pre>{@code
 * byte[] bytes = new LittleEndianWriter(4 * positions.length)
 *         .putFloats(positions, 0, positions.length)
 *         .toByteArray();
 * }</pre>
 *
 * <p>Not thread-safe: one writer per output.
 */
public final class LittleEndianWriter {
    /** Largest size in bytes: the largest array, {@link Checks#MAX_ARRAY_LENGTH}. */
    public static final int MAX_SIZE = Checks.MAX_ARRAY_LENGTH;
    /** Capacity of a writer made with the no-argument constructor. */
    public static final int DEFAULT_CAPACITY = 1 << 12;

    private final int limit;
    private byte[] buf;
    private int size;

    /** Creates an empty writer with {@link #DEFAULT_CAPACITY} bytes of room before it first grows. */
    public LittleEndianWriter() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * Creates an empty writer; allocates {@code initialCapacity} bytes.
     *
     * @param initialCapacity bytes of room before the first growth, 0..{@link #MAX_SIZE}; the exact
     *     size of the output when it is known, so that it is allocated once
     * @throws ValidationException when {@code initialCapacity} is outside 0..{@link #MAX_SIZE}
     */
    public LittleEndianWriter(int initialCapacity) {
        this(initialCapacity, MAX_SIZE);
    }

    /** A writer with a smaller size limit, so that tests reach the limit without gigabytes. */
    LittleEndianWriter(int initialCapacity, int limit) {
        assert limit >= 0 && limit <= MAX_SIZE : "limit " + limit;
        if (initialCapacity < 0 || initialCapacity > limit) {
            throw new ValidationException("LittleEndianWriter: initialCapacity=" + initialCapacity + ", expected 0.."
                    + limit);
        }
        this.limit = limit;
        this.buf = new byte[initialCapacity];
    }

    /** @return the number of bytes written so far, which is also the position of the next byte */
    public int size() {
        return size;
    }

    /**
     * Makes room for {@code more} bytes after the current size.
     *
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    private void ensure(long more) {
        long need = size + more;
        if (need > limit) {
            throw new ValidationException("LittleEndianWriter: size " + size + " + " + more + " bytes = " + need
                    + " exceeds the limit " + limit);
        }
        if (need > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(limit, Math.max(need, 2L * buf.length)));
        }
    }

    /**
     * Pads with zero bytes until the size is a multiple of {@code alignment}.
     *
     * @param alignment 1..256, for example 4 for glTF buffer views
     * @return this writer
     * @throws ValidationException when {@code alignment} is outside 1..256 or the padding would pass
     *     {@link #MAX_SIZE}
     */
    public LittleEndianWriter pad(int alignment) {
        if (alignment < 1 || alignment > 256) {
            throw new ValidationException("LittleEndianWriter.pad: alignment=" + alignment + ", expected 1..256");
        }
        int padding = (alignment - size % alignment) % alignment;
        ensure(padding);
        Arrays.fill(buf, size, size + padding, (byte) 0);
        size += padding;
        return this;
    }

    /**
     * Writes the low 8 bits of a value.
     *
     * @param v the value
     * @return this writer
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putByte(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    /**
     * Writes the low 16 bits of a value, low byte first.
     *
     * @param v the value
     * @return this writer
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putShort(int v) {
        ensure(2);
        set16(size, v);
        size += 2;
        return this;
    }

    /**
     * Writes a 32-bit value, low byte first.
     *
     * @param v the value
     * @return this writer
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putInt(int v) {
        ensure(4);
        set32(size, v);
        size += 4;
        return this;
    }

    /**
     * Writes the IEEE 754 bits of a float, low byte first.
     *
     * @param v the value
     * @return this writer
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putFloat(float v) {
        return putInt(Float.floatToRawIntBits(v));
    }

    /**
     * Writes the low 8 bits of each of {@code src[from..from+count)}.
     *
     * @param src the values
     * @param from first value
     * @param count number of values; {@code count} bytes are written
     * @return this writer
     * @throws IndexOutOfBoundsException when the range is outside {@code src}
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putLowBytes(int[] src, int from, int count) {
        Objects.checkFromIndexSize(from, count, src.length);
        ensure(count);
        for (int i = from; i < from + count; i++) {
            buf[size++] = (byte) src[i];
        }
        return this;
    }

    /**
     * Writes the low 16 bits of each of {@code src[from..from+count)}.
     *
     * @param src the values
     * @param from first value
     * @param count number of values; {@code 2*count} bytes are written
     * @return this writer
     * @throws IndexOutOfBoundsException when the range is outside {@code src}
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putShorts(int[] src, int from, int count) {
        Objects.checkFromIndexSize(from, count, src.length);
        ensure(2L * count);
        for (int i = from; i < from + count; i++) {
            set16(size, src[i]);
            size += 2;
        }
        return this;
    }

    /**
     * Writes {@code src[from..from+count)} as 32-bit values.
     *
     * @param src the values
     * @param from first value
     * @param count number of values; {@code 4*count} bytes are written
     * @return this writer
     * @throws IndexOutOfBoundsException when the range is outside {@code src}
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putInts(int[] src, int from, int count) {
        Objects.checkFromIndexSize(from, count, src.length);
        ensure(4L * count);
        for (int i = from; i < from + count; i++) {
            set32(size, src[i]);
            size += 4;
        }
        return this;
    }

    /**
     * Writes the IEEE 754 bits of {@code src[from..from+count)}.
     *
     * @param src the values
     * @param from first value
     * @param count number of values; {@code 4*count} bytes are written
     * @return this writer
     * @throws IndexOutOfBoundsException when the range is outside {@code src}
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter putFloats(float[] src, int from, int count) {
        Objects.checkFromIndexSize(from, count, src.length);
        ensure(4L * count);
        for (int i = from; i < from + count; i++) {
            set32(size, Float.floatToRawIntBits(src[i]));
            size += 4;
        }
        return this;
    }

    /**
     * Copies bytes as they are.
     *
     * @param src the bytes
     * @param from first byte
     * @param count number of bytes
     * @return this writer
     * @throws IndexOutOfBoundsException when the range is outside {@code src}
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter put(byte[] src, int from, int count) {
        Objects.checkFromIndexSize(from, count, src.length);
        ensure(count);
        System.arraycopy(src, from, buf, size, count);
        size += count;
        return this;
    }

    /**
     * Copies all of {@code src} as it is.
     *
     * @param src the bytes
     * @return this writer
     * @throws ValidationException when the size would pass {@link #MAX_SIZE}
     */
    public LittleEndianWriter put(byte[] src) {
        return put(src, 0, src.length);
    }

    /**
     * Overwrites 4 bytes already written with a 32-bit value, low byte first: fills in a length or
     * an offset once it is known. The size does not change.
     *
     * @param position first byte to overwrite, {@code 0 <= position <= size() - 4}
     * @param v the value
     * @throws IndexOutOfBoundsException when the 4 bytes are not all written yet
     */
    public void setInt(int position, int v) {
        Objects.checkFromIndexSize(position, 4, size);
        set32(position, v);
    }

    /** @return a fresh array holding the {@link #size()} bytes written */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /**
     * Writes the {@link #size()} bytes written so far to a stream, without copying them first.
     *
     * @param out the destination; not flushed or closed
     * @throws IOException when the stream fails
     */
    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, size);
    }

    private void set16(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
    }

    private void set32(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }
}
