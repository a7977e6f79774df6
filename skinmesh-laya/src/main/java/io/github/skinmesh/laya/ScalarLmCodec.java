package io.github.skinmesh.laya;

import org.jspecify.annotations.Nullable;

/**
 * The portable {@link LmCodec}: one little-endian 4-byte store per value, vertex by vertex, every
 * element at its offset within the vertex.
 */
final class ScalarLmCodec implements LmCodec {
    static final ScalarLmCodec INSTANCE = new ScalarLmCodec();

    private ScalarLmCodec() {
    }

    @Override
    public void encode(LmColumns c, byte[] out, int base) {
        encodeRange(c, out, base, 0, c.n);
    }

    /** Writes vertices {@code from .. to} (exclusive), vertex {@code v} at {@code base + v * c.stride}. */
    static void encodeRange(LmColumns c, byte[] out, int base, int from, int to) {
        float xs = c.xSign;
        float ws = c.wSign;
        boolean flipV = c.flipV;
        float[] pos = c.positions;
        float[] nor = c.normals;
        float[] col = c.colors;
        float[] uv0 = c.uv0;
        float[] uv1 = c.uv1;
        float[] wts = c.weights;
        int[] local = c.localSlots;
        float[] tan = c.tangents;
        float[] nb = c.normalBytes;
        int stride = c.stride;
        for (int v = from, at = base + from * stride; v < to; v++, at += stride) {
            int s = 3 * v;
            int p = at + c.positionAt;
            LmBytes.putF32(out, p, pos[s] * xs);
            LmBytes.putF32(out, p + 4, pos[s + 1]);
            LmBytes.putF32(out, p + 8, pos[s + 2]);
            if (nor != null) {
                p = at + c.normalAt;
                LmBytes.putF32(out, p, nor[s] * xs);
                LmBytes.putF32(out, p + 4, nor[s + 1]);
                LmBytes.putF32(out, p + 8, nor[s + 2]);
            }
            s = 4 * v;
            if (col != null) {
                p = at + c.colorAt;
                LmBytes.putF32(out, p, col[s]);
                LmBytes.putF32(out, p + 4, col[s + 1]);
                LmBytes.putF32(out, p + 8, col[s + 2]);
                LmBytes.putF32(out, p + 12, col[s + 3]);
            }
            if (uv0 != null) {
                p = at + c.uv0At;
                LmBytes.putF32(out, p, uv0[2 * v]);
                LmBytes.putF32(out, p + 4, flipV ? 1f - uv0[2 * v + 1] : uv0[2 * v + 1]);
            }
            if (uv1 != null) {
                p = at + c.uv1At;
                LmBytes.putF32(out, p, uv1[2 * v]);
                LmBytes.putF32(out, p + 4, flipV ? 1f - uv1[2 * v + 1] : uv1[2 * v + 1]);
            }
            if (wts != null && local != null) {
                p = at + c.weightAt;
                LmBytes.putF32(out, p, wts[s]);
                LmBytes.putF32(out, p + 4, wts[s + 1]);
                LmBytes.putF32(out, p + 8, wts[s + 2]);
                LmBytes.putF32(out, p + 12, wts[s + 3]);
                LmBytes.putI32(out, at + c.localAt, local[v]);
            }
            if (tan != null) {
                p = at + c.tangentAt;
                LmBytes.putF32(out, p, tan[s] * xs);
                LmBytes.putF32(out, p + 4, tan[s + 1]);
                LmBytes.putF32(out, p + 8, tan[s + 2]);
                LmBytes.putF32(out, p + 12, tan[s + 3] * ws);
            }
            if (nb != null) {
                p = at + c.normalByteAt;
                out[p] = (byte) (int) nb[s];
                out[p + 1] = (byte) (int) nb[s + 1];
                out[p + 2] = (byte) (int) nb[s + 2];
                out[p + 3] = (byte) (int) nb[s + 3];
            }
        }
    }

    /** The exponent bits of a float; all set for infinities and NaNs. */
    static final int EXPONENT = 0x7F80_0000;

    /** A negative value exactly when the float of these bits is infinite or NaN (all exponent bits set). */
    static int notFinite(int bits) {
        return (bits & EXPONENT) + 0x0080_0000;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Straight-line code, vertex by vertex: the floats are checked together (an accumulated
     * exponent test, looked at once at the end), the weights and local bones one vertex at a time.
     * Measured on the 50,625-vertex testkit character (JDK 17): about 150 instructions a vertex
     * (17 loads, checks and stores of floats, 4 weights, 4 local bones through the dictionary).
     */
    @Override
    public boolean decode(LmColumns c, byte[] in, int base, int[] owner, int[][] dictOf, int bones,
            int @Nullable [] joints, float[] bounds) {
        float[] minMax = bounds.clone();
        int flags = decodeRange(c, in, base, 0, c.n, owner, dictOf, bones, joints, minMax);
        if (flags < 0) {
            return false;
        }
        System.arraycopy(minMax, 0, bounds, 0, 6);
        return true;
    }

    /**
     * Decodes vertices {@code from .. to} (exclusive) as {@link #decode} does, folding their
     * positions into {@code minMax}; returns a negative value when a float is not finite or a
     * weight or local bone is off ({@code minMax} then holds anything).
     */
    static int decodeRange(LmColumns c, byte[] bytes, int base, int from, int to, int[] own, int[][] dictOf,
            int bones, int @Nullable [] jts, float[] minMax) {
        float xs = c.xSign;
        float ws = c.wSign;
        boolean flipV = c.flipV;
        float x0 = minMax[0], y0 = minMax[1], z0 = minMax[2], x1 = minMax[3], y1 = minMax[4], z1 = minMax[5];
        float[] pos = c.positions;
        float[] nor = c.normals;
        float[] col = c.colors;
        float[] t0 = c.uv0;
        float[] t1 = c.uv1;
        float[] tan = c.tangents;
        float[] nbs = c.normalBytes;
        float[] wts = c.weights;
        int posOff = c.positionAt;
        int norOff = c.normalAt;
        int colOff = c.colorAt;
        int uv0Off = c.uv0At;
        int uv1Off = c.uv1At;
        int tanOff = c.tangentAt;
        int nbOff = c.normalByteAt;
        int weightOff = c.weightAt;
        int jointOff = c.localAt;
        int stride = c.stride;
        int flags = 0; // sign bit set once some float had all exponent bits set
        for (int v = from, at = base + from * stride; v < to; v++, at += stride) {
            int p3 = 3 * v;
            int p4 = 4 * v;
            int p2 = 2 * v;
            int q = at + posOff;
            int bx = LmBytes.i32(bytes, q);
            int by = LmBytes.i32(bytes, q + 4);
            int bz = LmBytes.i32(bytes, q + 8);
            flags |= notFinite(bx) | notFinite(by) | notFinite(bz);
            float x = Float.intBitsToFloat(bx) * xs;
            float y = Float.intBitsToFloat(by);
            float z = Float.intBitsToFloat(bz);
            pos[p3] = x;
            pos[p3 + 1] = y;
            pos[p3 + 2] = z;
            // as Math.min/max over every vertex (equal values included, for the sign of
            // zero), but through branches that are almost never taken: the intrinsics'
            // conditional moves chain each vertex to the previous one
            if (x <= x0) {
                x0 = Math.min(x0, x);
            }
            if (x >= x1) {
                x1 = Math.max(x1, x);
            }
            if (y <= y0) {
                y0 = Math.min(y0, y);
            }
            if (y >= y1) {
                y1 = Math.max(y1, y);
            }
            if (z <= z0) {
                z0 = Math.min(z0, z);
            }
            if (z >= z1) {
                z1 = Math.max(z1, z);
            }
            if (nor != null) {
                q = at + norOff;
                int a = LmBytes.i32(bytes, q);
                int e = LmBytes.i32(bytes, q + 4);
                int d = LmBytes.i32(bytes, q + 8);
                flags |= notFinite(a) | notFinite(e) | notFinite(d);
                nor[p3] = Float.intBitsToFloat(a) * xs;
                nor[p3 + 1] = Float.intBitsToFloat(e);
                nor[p3 + 2] = Float.intBitsToFloat(d);
            }
            if (col != null) {
                q = at + colOff;
                for (int k = 0; k < 4; k++) {
                    int a = LmBytes.i32(bytes, q + 4 * k);
                    flags |= notFinite(a);
                    col[p4 + k] = Float.intBitsToFloat(a);
                }
            }
            if (t0 != null) {
                q = at + uv0Off;
                int a = LmBytes.i32(bytes, q);
                int e = LmBytes.i32(bytes, q + 4);
                flags |= notFinite(a) | notFinite(e);
                t0[p2] = Float.intBitsToFloat(a);
                t0[p2 + 1] = flipV ? 1f - Float.intBitsToFloat(e) : Float.intBitsToFloat(e);
            }
            if (t1 != null) {
                q = at + uv1Off;
                int a = LmBytes.i32(bytes, q);
                int e = LmBytes.i32(bytes, q + 4);
                flags |= notFinite(a) | notFinite(e);
                t1[p2] = Float.intBitsToFloat(a);
                t1[p2 + 1] = flipV ? 1f - Float.intBitsToFloat(e) : Float.intBitsToFloat(e);
            }
            if (tan != null) {
                q = at + tanOff;
                int a = LmBytes.i32(bytes, q);
                int e = LmBytes.i32(bytes, q + 4);
                int d = LmBytes.i32(bytes, q + 8);
                int f = LmBytes.i32(bytes, q + 12);
                flags |= notFinite(a) | notFinite(e) | notFinite(d) | notFinite(f);
                tan[p4] = Float.intBitsToFloat(a) * xs;
                tan[p4 + 1] = Float.intBitsToFloat(e);
                tan[p4 + 2] = Float.intBitsToFloat(d);
                tan[p4 + 3] = Float.intBitsToFloat(f) * ws;
            }
            if (nbs != null) {
                q = at + nbOff;
                nbs[p4] = bytes[q] & 0xFF;
                nbs[p4 + 1] = bytes[q + 1] & 0xFF;
                nbs[p4 + 2] = bytes[q + 2] & 0xFF;
                nbs[p4 + 3] = bytes[q + 3] & 0xFF;
            }
            if (wts != null && jts != null) {
                q = at + weightOff;
                float w0 = LmBytes.f32(bytes, q);
                float w1 = LmBytes.f32(bytes, q + 4);
                float w2 = LmBytes.f32(bytes, q + 8);
                float w3 = LmBytes.f32(bytes, q + 12);
                if (!(w0 >= 0 & w0 < Float.POSITIVE_INFINITY & w1 >= 0 & w1 < Float.POSITIVE_INFINITY
                        & w2 >= 0 & w2 < Float.POSITIVE_INFINITY & w3 >= 0 & w3 < Float.POSITIVE_INFINITY)) {
                    return -1;
                }
                wts[p4] = w0;
                wts[p4 + 1] = w1;
                wts[p4 + 2] = w2;
                wts[p4 + 3] = w3;
                if (!localBones(bytes, at + jointOff, own[v], dictOf, bones, jts, p4)) {
                    return -1;
                }
            }
        }
        minMax[0] = x0;
        minMax[1] = y0;
        minMax[2] = z0;
        minMax[3] = x1;
        minMax[4] = y1;
        minMax[5] = z1;
        return flags;
    }

    /**
     * The 4 local bones at {@code q} into {@code jts} from {@code p4}: through the dictionary of
     * draw {@code draw}, or as palette indices when {@code draw < 0} (no draw uses the vertex).
     * Returns {@code false} when one is past the dictionary or past {@code bones}.
     */
    static boolean localBones(byte[] bytes, int q, int draw, int[][] dictOf, int bones, int[] jts, int p4) {
        int slots = LmBytes.i32(bytes, q);
        int l0 = slots & 0xFF;
        int l1 = slots >>> 8 & 0xFF;
        int l2 = slots >>> 16 & 0xFF;
        int l3 = slots >>> 24;
        if (draw < 0) {
            if ((l0 >= bones) | (l1 >= bones) | (l2 >= bones) | (l3 >= bones)) {
                return false;
            }
            jts[p4] = l0;
            jts[p4 + 1] = l1;
            jts[p4 + 2] = l2;
            jts[p4 + 3] = l3;
            return true;
        }
        int[] dict = dictOf[draw];
        int entries = dict.length;
        if ((l0 >= entries) | (l1 >= entries) | (l2 >= entries) | (l3 >= entries)) {
            return false;
        }
        jts[p4] = dict[l0];
        jts[p4 + 1] = dict[l1];
        jts[p4 + 2] = dict[l2];
        jts[p4 + 3] = dict[l3];
        return true;
    }
}
