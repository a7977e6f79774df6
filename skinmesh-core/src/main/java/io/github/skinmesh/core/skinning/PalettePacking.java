package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Packs skin matrices into the compact GPU palette layout: the affine 3x4 part of each
 * column-major 4x4 matrix as three rows of four values,
 * {@code row r = (m[r], m[4+r], m[8+r], m[12+r])} (so {@code mRC = m[4*C + R]}), 12 values per
 * bone: 48 bytes as floats, 24 bytes as halves. A shader reconstructs {@code p' = (dot(row0, p),
 * dot(row1, p), dot(row2, p))} with {@code p = (x, y, z, 1)}. Row 3 of the source matrices is
 * dropped (skin matrices are affine); unpacking restores it as {@code (0, 0, 0, 1)}.
 *
 * <p>Byte buffers are written little-endian whatever their {@link ByteBuffer#order()} (which is
 * left unchanged), starting at their position, which advances past the written bytes. Every
 * offset and length is checked before anything is written. Stateless and thread-safe; nothing
 * is allocated. Outputs never alias inputs (they have different types, except for the unpacking
 * methods, whose {@code float[]} source and destination must be different arrays).
 */
public final class PalettePacking {
    /** Floats (or halves) per packed bone. */
    public static final int VALUES_PER_BONE = 12;
    /** Bytes per bone packed as floats. */
    public static final int FLOAT_BYTES_PER_BONE = 48;
    /** Bytes per bone packed as halves. */
    public static final int HALF_BYTES_PER_BONE = 24;

    private PalettePacking() {
    }

    /**
     * Packs matrices {@code firstMatrix .. firstMatrix+matrixCount-1} as float rows.
     *
     * @param matrices column-major 4x4 matrices, {@code >= 16*(firstMatrix+matrixCount)} floats
     * @param firstMatrix first matrix packed, {@code >= 0}
     * @param matrixCount number of matrices, {@code >= 0}
     * @param dst receives {@code 12*matrixCount} floats from {@code dstOffset}
     * @param dstOffset first float written, {@code >= 0}
     * @return {@code dstOffset + 12*matrixCount}, the offset after the last float written
     * @throws ValidationException when an index or count is negative or an array is too short
     */
    public static int packFloat3x4Into(float[] matrices, int firstMatrix, int matrixCount, float[] dst,
            int dstOffset) {
        String where = "packFloat3x4Into";
        checkSource(where, matrices.length, firstMatrix, matrixCount);
        Arguments.requireNonNegative(where, "dstOffset", dstOffset);
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 12L * matrixCount, "dstOffset+12*matrixCount");
        int o = dstOffset;
        for (int i = 0; i < matrixCount; i++) {
            int m = 16 * (firstMatrix + i);
            for (int r = 0; r < 3; r++) {
                dst[o] = matrices[m + r];
                dst[o + 1] = matrices[m + 4 + r];
                dst[o + 2] = matrices[m + 8 + r];
                dst[o + 3] = matrices[m + 12 + r];
                o += 4;
            }
        }
        return o;
    }

    /**
     * Packs matrices as little-endian float rows into a buffer, at its position.
     *
     * @param matrices column-major 4x4 matrices, {@code >= 16*(firstMatrix+matrixCount)} floats
     * @param firstMatrix first matrix packed, {@code >= 0}
     * @param matrixCount number of matrices, {@code >= 0}
     * @param dst writable buffer with {@code >= 48*matrixCount} bytes remaining; its position
     *     advances by that much
     * @throws ValidationException when an index or count is negative, the matrices are too short,
     *     the buffer is read-only or has too few bytes remaining
     */
    public static void packFloat3x4Into(float[] matrices, int firstMatrix, int matrixCount, ByteBuffer dst) {
        String where = "packFloat3x4Into";
        checkSource(where, matrices.length, firstMatrix, matrixCount);
        checkBuffer(where, dst, (long) FLOAT_BYTES_PER_BONE * matrixCount, "48*matrixCount");
        boolean swap = dst.order() != ByteOrder.LITTLE_ENDIAN;
        int o = dst.position();
        for (int i = 0; i < matrixCount; i++) {
            int m = 16 * (firstMatrix + i);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    int bits = Float.floatToRawIntBits(matrices[m + 4 * c + r]);
                    dst.putInt(o, swap ? Integer.reverseBytes(bits) : bits);
                    o += 4;
                }
            }
        }
        dst.position(o);
    }

    /**
     * Packs matrices as half-float rows.
     *
     * @param matrices column-major 4x4 matrices, {@code >= 16*(firstMatrix+matrixCount)} floats
     * @param firstMatrix first matrix packed, {@code >= 0}
     * @param matrixCount number of matrices, {@code >= 0}
     * @param dst receives {@code 12*matrixCount} halves (raw bits) from {@code dstOffset}
     * @param dstOffset first half written, {@code >= 0}
     * @param options overflow behaviour
     * @return {@code dstOffset + 12*matrixCount}
     * @throws ValidationException when an index or count is negative or an array is too short
     */
    public static int packHalf3x4Into(float[] matrices, int firstMatrix, int matrixCount, short[] dst, int dstOffset,
            PackingOptions options) {
        String where = "packHalf3x4Into";
        Objects.requireNonNull(options, "options");
        checkSource(where, matrices.length, firstMatrix, matrixCount);
        Arguments.requireNonNegative(where, "dstOffset", dstOffset);
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 12L * matrixCount, "dstOffset+12*matrixCount");
        boolean saturate = options.halfOverflow() == HalfOverflow.SATURATE;
        int o = dstOffset;
        for (int i = 0; i < matrixCount; i++) {
            int m = 16 * (firstMatrix + i);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    dst[o++] = half(matrices[m + 4 * c + r], saturate);
                }
            }
        }
        return o;
    }

    /**
     * Packs matrices as little-endian half-float rows into a buffer, at its position.
     *
     * @param matrices column-major 4x4 matrices, {@code >= 16*(firstMatrix+matrixCount)} floats
     * @param firstMatrix first matrix packed, {@code >= 0}
     * @param matrixCount number of matrices, {@code >= 0}
     * @param dst writable buffer with {@code >= 24*matrixCount} bytes remaining; its position
     *     advances by that much
     * @param options overflow behaviour
     * @throws ValidationException when an index or count is negative, the matrices are too short,
     *     the buffer is read-only or has too few bytes remaining
     */
    public static void packHalf3x4Into(float[] matrices, int firstMatrix, int matrixCount, ByteBuffer dst,
            PackingOptions options) {
        String where = "packHalf3x4Into";
        Objects.requireNonNull(options, "options");
        checkSource(where, matrices.length, firstMatrix, matrixCount);
        checkBuffer(where, dst, (long) HALF_BYTES_PER_BONE * matrixCount, "24*matrixCount");
        boolean swap = dst.order() != ByteOrder.LITTLE_ENDIAN;
        boolean saturate = options.halfOverflow() == HalfOverflow.SATURATE;
        int o = dst.position();
        for (int i = 0; i < matrixCount; i++) {
            int m = 16 * (firstMatrix + i);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    short h = half(matrices[m + 4 * c + r], saturate);
                    dst.putShort(o, swap ? Short.reverseBytes(h) : h);
                    o += 2;
                }
            }
        }
        dst.position(o);
    }

    /**
     * Expands float rows back to column-major 4x4 matrices with row 3 = {@code (0, 0, 0, 1)}.
     *
     * @param rows packed rows, {@code >= rowsOffset + 12*matrixCount} floats
     * @param rowsOffset first float read, {@code >= 0}
     * @param matrixCount number of matrices, {@code >= 0}
     * @param dstMatrices receives matrices {@code firstMatrix ..}, {@code >= 16*(firstMatrix+matrixCount)}
     *     floats; not the same array as {@code rows}
     * @param firstMatrix first matrix written, {@code >= 0}
     * @return {@code firstMatrix + matrixCount}
     * @throws ValidationException when an index or count is negative, an array is too short or
     *     {@code dstMatrices} is {@code rows}
     */
    public static int unpackFloat3x4Into(float[] rows, int rowsOffset, int matrixCount, float[] dstMatrices,
            int firstMatrix) {
        String where = "unpackFloat3x4Into";
        Arguments.requireNonNegative(where, "rowsOffset", rowsOffset);
        Arguments.requireNonNegative(where, "matrixCount", matrixCount);
        Checks.requireAtLeast(where, "rows", rows.length, rowsOffset + 12L * matrixCount, "rowsOffset+12*matrixCount");
        checkDestination(where, dstMatrices.length, firstMatrix, matrixCount);
        if (rows == dstMatrices) {
            throw new ValidationException(where + ": dstMatrices is the same array as rows, expected distinct arrays");
        }
        for (int i = 0; i < matrixCount; i++) {
            int s = rowsOffset + 12 * i;
            int m = 16 * (firstMatrix + i);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    dstMatrices[m + 4 * c + r] = rows[s + 4 * r + c];
                }
            }
            setLastRow(dstMatrices, m);
        }
        return firstMatrix + matrixCount;
    }

    /**
     * Expands half-float rows back to column-major 4x4 float matrices with row 3 =
     * {@code (0, 0, 0, 1)}.
     *
     * @param rows packed halves (raw bits), {@code >= rowsOffset + 12*matrixCount}
     * @param rowsOffset first half read, {@code >= 0}
     * @param matrixCount number of matrices, {@code >= 0}
     * @param dstMatrices receives matrices, {@code >= 16*(firstMatrix+matrixCount)} floats
     * @param firstMatrix first matrix written, {@code >= 0}
     * @return {@code firstMatrix + matrixCount}
     * @throws ValidationException when an index or count is negative or an array is too short
     */
    public static int unpackHalf3x4Into(short[] rows, int rowsOffset, int matrixCount, float[] dstMatrices,
            int firstMatrix) {
        String where = "unpackHalf3x4Into";
        Arguments.requireNonNegative(where, "rowsOffset", rowsOffset);
        Arguments.requireNonNegative(where, "matrixCount", matrixCount);
        Checks.requireAtLeast(where, "rows", rows.length, rowsOffset + 12L * matrixCount, "rowsOffset+12*matrixCount");
        checkDestination(where, dstMatrices.length, firstMatrix, matrixCount);
        for (int i = 0; i < matrixCount; i++) {
            int s = rowsOffset + 12 * i;
            int m = 16 * (firstMatrix + i);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    dstMatrices[m + 4 * c + r] = HalfFloats.toFloat(rows[s + 4 * r + c]);
                }
            }
            setLastRow(dstMatrices, m);
        }
        return firstMatrix + matrixCount;
    }

    private static short half(float v, boolean saturate) {
        return saturate ? HalfFloats.toHalfSaturated(v) : HalfFloats.toHalf(v);
    }

    private static void setLastRow(float[] m, int o) {
        m[o + 3] = 0;
        m[o + 7] = 0;
        m[o + 11] = 0;
        m[o + 15] = 1;
    }

    private static void checkSource(String where, int length, int firstMatrix, int matrixCount) {
        Arguments.requireNonNegative(where, "firstMatrix", firstMatrix);
        Arguments.requireNonNegative(where, "matrixCount", matrixCount);
        Checks.requireAtLeast(where, "matrices", length, 16L * ((long) firstMatrix + matrixCount),
                "16*(firstMatrix+matrixCount)");
    }

    private static void checkDestination(String where, int length, int firstMatrix, int matrixCount) {
        Arguments.requireNonNegative(where, "firstMatrix", firstMatrix);
        Checks.requireAtLeast(where, "dstMatrices", length, 16L * ((long) firstMatrix + matrixCount),
                "16*(firstMatrix+matrixCount)");
    }

    private static void checkBuffer(String where, ByteBuffer dst, long bytes, String formula) {
        if (dst.isReadOnly()) {
            throw new ValidationException(where + ": dst buffer is read-only, expected a writable buffer");
        }
        if (dst.remaining() < bytes) {
            throw new ValidationException(where + ": dst remaining " + dst.remaining() + " bytes, needs at least "
                    + formula + " = " + bytes);
        }
    }
}
