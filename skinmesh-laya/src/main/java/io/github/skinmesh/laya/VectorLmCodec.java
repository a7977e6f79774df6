package io.github.skinmesh.laya;

import java.nio.ByteOrder;
import java.util.Arrays;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.jspecify.annotations.Nullable;

/**
 * The {@link LmCodec} on 128-bit vectors of the incubating {@code jdk.incubator.vector} module;
 * loaded only through {@link LmCodecs}, so that no other class links against that module.
 *
 * <p>Each element of a vertex is one 16-byte store of four floats loaded at once from its column
 * (the bytes of a {@link FloatVector} reinterpreted as a {@link ByteVector}, which is the
 * little-endian file order on a little-endian machine): a position or normal takes the next
 * column value as a fourth lane, a UV the next vertex's pair, and the store reaches past the
 * element into the next element or vertex, which is written after it and replaces those bytes.
 * The elements are stored in increasing offset order, and the last vertex goes through
 * {@link ScalarLmCodec}, so every byte ends up as the scalar codec writes it and nothing past the
 * buffer is touched. Positions, normals and tangents are multiplied by a sign vector whose
 * other lanes are 1, exact for the finite values a mesh holds; {@code 1 - v} is the same
 * subtraction as the scalar codec's, lane by lane.
 *
 * <p>Its public constructor is for {@link LmCodecs}' reflective load; it fails (and the scalar
 * codec is used) on a big-endian machine or when a sample encoded both ways differs.
 */
final class VectorLmCodec implements LmCodec {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_128;
    private static final VectorSpecies<Byte> B = ByteVector.SPECIES_128;

    /**
     * Checks that this JVM and machine can run the codec and that it writes what the scalar codec
     * writes on a sample of every element.
     *
     * @throws IllegalStateException when the machine is big-endian, vectors of 128 bits do not
     *     hold 4 floats, or the sample differs
     */
    public VectorLmCodec() {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN || F.length() != 4) {
            throw new IllegalStateException("128-bit float vectors in little-endian order are needed");
        }
        for (LmConvention convention : LmConvention.values()) {
            int n = 3;
            float[] f = new float[4 * n];
            for (int i = 0; i < f.length; i++) {
                f[i] = 0.25f * i - 1;
            }
            int[] local = {0x04030201, 0x08070605, 0x0C0B0A09};
            float[] nb = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
            float[] weights = new float[4 * n];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = 0.125f * i;
            }
            LmColumns c = new LmColumns(n, convention, f, f, f, f, f, weights, local, f, nb);
            byte[] scalar = new byte[c.stride * n + 8];
            byte[] vector = new byte[scalar.length];
            ScalarLmCodec.INSTANCE.encode(c, scalar, 4);
            encode(c, vector, 4);
            if (!Arrays.equals(scalar, vector)) {
                throw new IllegalStateException("the vector codec's sample differs from the scalar codec's");
            }
            float[][] read = new float[2][];
            for (int k = 0; k < 2; k++) {
                float[] cols = new float[4 * n * 8 + 6];
                int[] joints = new int[4 * n];
                float[] bounds = {1, 1, 1, -1, -1, -1};
                LmColumns r = new LmColumns(n, c.stride, convention, new float[3 * n], c.positionAt, new float[3 * n],
                        c.normalAt, new float[4 * n], c.colorAt, new float[2 * n], c.uv0At, new float[2 * n], c.uv1At,
                        new float[4 * n], c.weightAt, c.localAt, new float[4 * n], c.tangentAt, new float[4 * n],
                        c.normalByteAt);
                LmCodec codec = k == 0 ? ScalarLmCodec.INSTANCE : this;
                int[] dictionary = new int[13];
                Arrays.setAll(dictionary, i -> 100 + i);
                if (!codec.decode(r, scalar, 4, new int[n], new int[][] {dictionary}, 200, joints, bounds)) {
                    throw new IllegalStateException("the sample was declined");
                }
                int at = 0;
                for (float[] col : new float[][] {r.positions, r.normals, r.colors, r.uv0, r.uv1, r.weights,
                        r.tangents, r.normalBytes, bounds}) {
                    System.arraycopy(col, 0, cols, at, col.length);
                    at += col.length;
                }
                for (int j : joints) {
                    cols[at++] = j;
                }
                read[k] = cols;
            }
            if (!Arrays.equals(read[0], read[1])) {
                throw new IllegalStateException("the vector codec reads the sample differently from the scalar codec");
            }
        }
    }

    @Override
    public void encode(LmColumns c, byte[] out, int base) {
        int last = c.n - 1;
        if (last <= 0) {
            ScalarLmCodec.encodeRange(c, out, base, 0, c.n);
            return;
        }
        FloatVector xyzSign = FloatVector.fromArray(F, new float[] {c.xSign, 1, 1, 1}, 0);
        FloatVector tangentSign = FloatVector.fromArray(F, new float[] {c.xSign, 1, 1, c.wSign}, 0);
        FloatVector one = FloatVector.broadcast(F, 1f);
        VectorMask<Float> vLanes = VectorMask.fromArray(F, new boolean[] {false, c.flipV, false, c.flipV}, 0);
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
        int posAt = c.positionAt;
        int norAt = c.normalAt;
        int colAt = c.colorAt;
        int uv0At = c.uv0At;
        int uv1At = c.uv1At;
        int weightAt = c.weightAt;
        int localAt = c.localAt;
        int tanAt = c.tangentAt;
        int nbAt = c.normalByteAt;
        for (int v = 0, at = base; v < last; v++, at += stride) {
            FloatVector.fromArray(F, pos, 3 * v).mul(xyzSign).reinterpretAsBytes().intoArray(out, at + posAt);
            if (nor != null) {
                FloatVector.fromArray(F, nor, 3 * v).mul(xyzSign).reinterpretAsBytes().intoArray(out, at + norAt);
            }
            if (col != null) {
                FloatVector.fromArray(F, col, 4 * v).reinterpretAsBytes().intoArray(out, at + colAt);
            }
            if (uv0 != null) {
                FloatVector uv = FloatVector.fromArray(F, uv0, 2 * v);
                uv.blend(one.sub(uv), vLanes).reinterpretAsBytes().intoArray(out, at + uv0At);
            }
            if (uv1 != null) {
                FloatVector uv = FloatVector.fromArray(F, uv1, 2 * v);
                uv.blend(one.sub(uv), vLanes).reinterpretAsBytes().intoArray(out, at + uv1At);
            }
            if (wts != null && local != null) {
                FloatVector.fromArray(F, wts, 4 * v).reinterpretAsBytes().intoArray(out, at + weightAt);
                LmBytes.putI32(out, at + localAt, local[v]);
            }
            if (tan != null) {
                FloatVector.fromArray(F, tan, 4 * v).mul(tangentSign).reinterpretAsBytes().intoArray(out, at + tanAt);
            }
            if (nb != null) {
                int p = at + nbAt;
                int s = 4 * v;
                out[p] = (byte) (int) nb[s];
                out[p + 1] = (byte) (int) nb[s + 1];
                out[p + 2] = (byte) (int) nb[s + 2];
                out[p + 3] = (byte) (int) nb[s + 3];
            }
        }
        ScalarLmCodec.encodeRange(c, out, base, last, c.n);
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each float element is one 16-byte load from the file (its bytes reinterpreted as four
     * floats, the lanes past the element belonging to the next element or vertex) and one store
     * of four floats into its column, whose lanes past the element are replaced by the next
     * vertex's store; the exponent test looks only at the element's own lanes. The bounds are
     * folded in scalar code from the position just stored, as the scalar codec folds them: on
     * JDK 17 without AVX2 the vector minimum, maximum and compare-and-blend are not compiled to
     * SIMD instructions and ran 7x slower than that. Local bones and NORMAL_BYTE values are read
     * as the scalar codec reads them; the last vertex goes through the scalar codec.
     *
     * <p>Tried and dropped on JDK 17 (the testkit character, JMH reads per CPU-second of the
     * thread, runs interleaved with this code's): the weights tested on their bits with integer
     * lanes accumulated across the loop instead of the per-vertex mask test, where C2 kept three
     * vectors per vertex on the heap (10.3 MB allocated per read instead of 5.4, 384-413 reads per
     * CPU-second against 491-554); the final mask test replaced by a store of the lanes and a
     * scalar test, 508-814 against 776-975. Profilers charge much of this loop's time to that
     * final {@code anyTrue}, which runs once per call.
     */
    @Override
    public boolean decode(LmColumns c, byte[] in, int base, int[] owner, int[][] dictOf, int bones,
            int @Nullable [] joints, float[] bounds) {
        int last = c.n - 1;
        if (last <= 0) {
            return ScalarLmCodec.INSTANCE.decode(c, in, base, owner, dictOf, bones, joints, bounds);
        }
        FloatVector xyzSign = FloatVector.fromArray(F, new float[] {c.xSign, 1, 1, 1}, 0);
        FloatVector tangentSign = FloatVector.fromArray(F, new float[] {c.xSign, 1, 1, c.wSign}, 0);
        FloatVector one = FloatVector.broadcast(F, 1f);
        FloatVector zero = FloatVector.zero(F);
        FloatVector infinity = FloatVector.broadcast(F, Float.POSITIVE_INFINITY);
        VectorMask<Float> vLanes = VectorMask.fromArray(F, new boolean[] {false, c.flipV, false, c.flipV}, 0);
        int e = ScalarLmCodec.EXPONENT;
        IntVector exponent3 = IntVector.fromArray(IntVector.SPECIES_128, new int[] {e, e, e, 0}, 0);
        IntVector exponent2 = IntVector.fromArray(IntVector.SPECIES_128, new int[] {e, e, 0, 0}, 0);
        IntVector exponent4 = IntVector.broadcast(IntVector.SPECIES_128, e);
        // lanes with all exponent bits set make the lane of this sum negative
        IntVector notFinite = IntVector.zero(IntVector.SPECIES_128);
        IntVector carry = IntVector.broadcast(IntVector.SPECIES_128, 0x0080_0000);
        float x0 = bounds[0], y0 = bounds[1], z0 = bounds[2], x1 = bounds[3], y1 = bounds[4], z1 = bounds[5];
        float[] pos = c.positions;
        float[] nor = c.normals;
        float[] col = c.colors;
        float[] uv0 = c.uv0;
        float[] uv1 = c.uv1;
        float[] wts = c.weights;
        float[] tan = c.tangents;
        float[] nb = c.normalBytes;
        int stride = c.stride;
        int posAt = c.positionAt;
        int norAt = c.normalAt;
        int colAt = c.colorAt;
        int uv0At = c.uv0At;
        int uv1At = c.uv1At;
        int weightAt = c.weightAt;
        int localAt = c.localAt;
        int tanAt = c.tangentAt;
        int nbAt = c.normalByteAt;
        for (int v = 0, at = base; v < last; v++, at += stride) {
            FloatVector p = ByteVector.fromArray(B, in, at + posAt).reinterpretAsFloats();
            notFinite = notFinite.or(p.reinterpretAsInts().and(exponent3).add(carry));
            p.mul(xyzSign).intoArray(pos, 3 * v);
            // the bounds as the scalar codec folds them, from the values just stored
            float x = pos[3 * v];
            float y = pos[3 * v + 1];
            float z = pos[3 * v + 2];
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
                FloatVector f = ByteVector.fromArray(B, in, at + norAt).reinterpretAsFloats();
                notFinite = notFinite.or(f.reinterpretAsInts().and(exponent3).add(carry));
                f.mul(xyzSign).intoArray(nor, 3 * v);
            }
            if (col != null) {
                FloatVector f = ByteVector.fromArray(B, in, at + colAt).reinterpretAsFloats();
                notFinite = notFinite.or(f.reinterpretAsInts().and(exponent4).add(carry));
                f.intoArray(col, 4 * v);
            }
            if (uv0 != null) {
                FloatVector f = ByteVector.fromArray(B, in, at + uv0At).reinterpretAsFloats();
                notFinite = notFinite.or(f.reinterpretAsInts().and(exponent2).add(carry));
                f.blend(one.sub(f), vLanes).intoArray(uv0, 2 * v);
            }
            if (uv1 != null) {
                FloatVector f = ByteVector.fromArray(B, in, at + uv1At).reinterpretAsFloats();
                notFinite = notFinite.or(f.reinterpretAsInts().and(exponent2).add(carry));
                f.blend(one.sub(f), vLanes).intoArray(uv1, 2 * v);
            }
            if (tan != null) {
                FloatVector f = ByteVector.fromArray(B, in, at + tanAt).reinterpretAsFloats();
                notFinite = notFinite.or(f.reinterpretAsInts().and(exponent4).add(carry));
                f.mul(tangentSign).intoArray(tan, 4 * v);
            }
            if (nb != null) {
                int q = at + nbAt;
                int s = 4 * v;
                nb[s] = in[q] & 0xFF;
                nb[s + 1] = in[q + 1] & 0xFF;
                nb[s + 2] = in[q + 2] & 0xFF;
                nb[s + 3] = in[q + 3] & 0xFF;
            }
            if (wts != null && joints != null) {
                FloatVector w = ByteVector.fromArray(B, in, at + weightAt).reinterpretAsFloats();
                if (!w.compare(VectorOperators.GE, zero).and(w.compare(VectorOperators.LT, infinity)).allTrue()) {
                    return false;
                }
                w.intoArray(wts, 4 * v);
                if (!ScalarLmCodec.localBones(in, at + localAt, owner[v], dictOf, bones, joints, 4 * v)) {
                    return false;
                }
            }
        }
        if (notFinite.compare(VectorOperators.LT, 0).anyTrue()) {
            return false;
        }
        float[] minMax = {x0, y0, z0, x1, y1, z1};
        if (ScalarLmCodec.decodeRange(c, in, base, last, c.n, owner, dictOf, bones, joints, minMax) < 0) {
            return false;
        }
        System.arraycopy(minMax, 0, bounds, 0, 6);
        return true;
    }
}
