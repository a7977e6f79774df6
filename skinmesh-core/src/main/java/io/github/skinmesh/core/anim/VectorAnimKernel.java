package io.github.skinmesh.core.anim;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/**
 * {@link AnimKernel} with the incubating Vector API: one vector holds one component of one key of
 * {@code lanes()} channels, so a step blends {@code lanes()} channels with the operations the
 * scalar loops apply to one, in the same order, lane by lane (no fused multiply-add): the results
 * are bit for bit those of {@link QuatSampling#slerp} and {@link Vec3Sampling#linear}.
 *
 * <p>Slerp evaluates the series of {@link Slerp} for both weights; its coefficients
 * {@code U_i t^2 - V_i} depend only on the blend factor, which the group's channels share, so they
 * are computed once per call. A step holding a channel whose keys lie more than the series' arc
 * apart ({@code dot < } {@value Slerp#SERIES_MIN_COS}) is done by the scalar formula instead.
 * Results go to a scratch row per component, then to the pose's offsets.
 *
 * <p>Local-to-model keeps a model matrix column in one 128-bit vector: a child's column {@code j}
 * is {@code P0 l0j + P1 l1j + P2 l2j} (plus {@code P3} for the translation column) with the
 * parent's columns {@code P0..P3}, the sums of {@link LocalToModel#scalar} in its order, 12
 * multiplies and 9 adds per bone instead of 36 and 27. The fourth row is then set to
 * {@code (0, 0, 0, 1)} as the scalar pass writes it (a product {@code 0 * x} can be {@code -0}).
 *
 * <p>Loaded reflectively by {@link AnimKernels} only when {@code jdk.incubator.vector} is in the
 * boot layer; no other class refers to it by name.
 */
final class VectorAnimKernel implements AnimKernel {
    /** The channel vectors: the platform's preferred width. */
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    /** One matrix column. */
    private static final VectorSpecies<Float> COLUMN = FloatVector.SPECIES_128;
    /** The fourth row of a column. */
    private static final VectorMask<Float> ROW3 = VectorMask.fromLong(COLUMN, 0b1000);

    /**
     * Public no-argument constructor for the reflective loader.
     *
     * @throws IllegalStateException when the preferred float vector holds fewer than 4 lanes
     */
    public VectorAnimKernel() {
        if (F.length() < 4) {
            throw new IllegalStateException("sampling kernel: preferred float vector of " + F.length()
                    + " lanes, expected at least 4");
        }
    }

    @Override
    public int lanes() {
        return F.length();
    }

    @Override
    public void slerp(SoaGroup g, int k0, int k1, float a, float[][] scratch, float[] dst) {
        int p = g.padded;
        float[][] rows = g.rows;
        int r0 = 4 * k0;
        int r1 = 4 * k1;
        float[] kx0 = rows[r0];
        float[] ky0 = rows[r0 + 1];
        float[] kz0 = rows[r0 + 2];
        float[] kw0 = rows[r0 + 3];
        float[] kx1 = rows[r1];
        float[] ky1 = rows[r1 + 1];
        float[] kz1 = rows[r1 + 2];
        float[] kw1 = rows[r1 + 3];
        float[] ox = scratch[0];
        float[] oy = scratch[1];
        float[] oz = scratch[2];
        float[] ow = scratch[3];
        float ta = 1 - a;
        float tb = a;
        float ta2 = ta * ta;
        float tb2 = tb * tb;
        float a1 = Slerp.U1 * ta2 - Slerp.V1;
        float a2 = Slerp.U2 * ta2 - Slerp.V2;
        float a3 = Slerp.U3 * ta2 - Slerp.V3;
        float a4 = Slerp.U4 * ta2 - Slerp.V4;
        float a5 = Slerp.U5 * ta2 - Slerp.V5;
        float a6 = Slerp.U6 * ta2 - Slerp.V6;
        float a7 = Slerp.U7 * ta2 - Slerp.V7;
        float a8 = Slerp.U8 * ta2 - Slerp.V8;
        float b1 = Slerp.U1 * tb2 - Slerp.V1;
        float b2 = Slerp.U2 * tb2 - Slerp.V2;
        float b3 = Slerp.U3 * tb2 - Slerp.V3;
        float b4 = Slerp.U4 * tb2 - Slerp.V4;
        float b5 = Slerp.U5 * tb2 - Slerp.V5;
        float b6 = Slerp.U6 * tb2 - Slerp.V6;
        float b7 = Slerp.U7 * tb2 - Slerp.V7;
        float b8 = Slerp.U8 * tb2 - Slerp.V8;
        for (int j = 0; j < p; j += F.length()) {
            FloatVector x0 = FloatVector.fromArray(F, kx0, j);
            FloatVector y0 = FloatVector.fromArray(F, ky0, j);
            FloatVector z0 = FloatVector.fromArray(F, kz0, j);
            FloatVector w0 = FloatVector.fromArray(F, kw0, j);
            FloatVector x1 = FloatVector.fromArray(F, kx1, j);
            FloatVector y1 = FloatVector.fromArray(F, ky1, j);
            FloatVector z1 = FloatVector.fromArray(F, kz1, j);
            FloatVector w1 = FloatVector.fromArray(F, kw1, j);
            FloatVector d = x0.mul(x1).add(y0.mul(y1)).add(z0.mul(z1)).add(w0.mul(w1));
            VectorMask<Float> negative = d.compare(VectorOperators.LT, 0f);
            d = d.blend(d.neg(), negative);
            if (d.compare(VectorOperators.GE, Slerp.SERIES_MIN_COS).not().anyTrue()) {
                for (int i = j; i < j + F.length(); i++) {
                    QuatSampling.slerpColumn(rows, r0, r1, i, a, scratch);
                }
                continue;
            }
            FloatVector e = d.sub(1f);
            FloatVector u = e.mul(a8).add(1f);
            u = e.mul(a7).mul(u).add(1f);
            u = e.mul(a6).mul(u).add(1f);
            u = e.mul(a5).mul(u).add(1f);
            u = e.mul(a4).mul(u).add(1f);
            u = e.mul(a3).mul(u).add(1f);
            u = e.mul(a2).mul(u).add(1f);
            u = e.mul(a1).mul(u).add(1f);
            FloatVector u0 = u.mul(ta);
            FloatVector v = e.mul(b8).add(1f);
            v = e.mul(b7).mul(v).add(1f);
            v = e.mul(b6).mul(v).add(1f);
            v = e.mul(b5).mul(v).add(1f);
            v = e.mul(b4).mul(v).add(1f);
            v = e.mul(b3).mul(v).add(1f);
            v = e.mul(b2).mul(v).add(1f);
            v = e.mul(b1).mul(v).add(1f);
            FloatVector u1 = v.mul(tb);
            u1 = u1.blend(u1.neg(), negative);
            u0.mul(x0).add(u1.mul(x1)).intoArray(ox, j);
            u0.mul(y0).add(u1.mul(y1)).intoArray(oy, j);
            u0.mul(z0).add(u1.mul(z1)).intoArray(oz, j);
            u0.mul(w0).add(u1.mul(w1)).intoArray(ow, j);
        }
        int[] off = g.dstOffset;
        for (int j = 0; j < g.count; j++) {
            int o = off[j];
            dst[o] = ox[j];
            dst[o + 1] = oy[j];
            dst[o + 2] = oz[j];
            dst[o + 3] = ow[j];
        }
    }

    @Override
    public void lerp3(SoaGroup g, int k0, int k1, float a, float[][] scratch, float[] dst) {
        int p = g.padded;
        float[][] rows = g.rows;
        for (int c = 0; c < 3; c++) {
            float[] v0s = rows[3 * k0 + c];
            float[] v1s = rows[3 * k1 + c];
            float[] out = scratch[c];
            for (int j = 0; j < p; j += F.length()) {
                FloatVector v0 = FloatVector.fromArray(F, v0s, j);
                FloatVector v1 = FloatVector.fromArray(F, v1s, j);
                v0.add(v1.sub(v0).mul(a)).intoArray(out, j);
            }
        }
        float[] ox = scratch[0];
        float[] oy = scratch[1];
        float[] oz = scratch[2];
        int[] off = g.dstOffset;
        for (int j = 0; j < g.count; j++) {
            int o = off[j];
            dst[o] = ox[j];
            dst[o + 1] = oy[j];
            dst[o + 2] = oz[j];
        }
    }

    @Override
    public void localToModel(int[] parents, float[] t, float[] r, float[] s, int n, @Nullable Matrix4fc root,
            float[] dst, int off) {
        for (int i = 0; i < n; i++) {
            float qx = r[4 * i];
            float qy = r[4 * i + 1];
            float qz = r[4 * i + 2];
            float qw = r[4 * i + 3];
            float sx = s[3 * i];
            float sy = s[3 * i + 1];
            float sz = s[3 * i + 2];
            float x2 = qx + qx;
            float y2 = qy + qy;
            float z2 = qz + qz;
            float xx = qx * x2;
            float yy = qy * y2;
            float zz = qz * z2;
            float xy = qx * y2;
            float xz = qx * z2;
            float yz = qy * z2;
            float wx = qw * x2;
            float wy = qw * y2;
            float wz = qw * z2;
            float l00 = (1 - yy - zz) * sx;
            float l10 = (xy + wz) * sx;
            float l20 = (xz - wy) * sx;
            float l01 = (xy - wz) * sy;
            float l11 = (1 - xx - zz) * sy;
            float l21 = (yz + wx) * sy;
            float l02 = (xz + wy) * sz;
            float l12 = (yz - wx) * sz;
            float l22 = (1 - xx - yy) * sz;
            float l03 = t[3 * i];
            float l13 = t[3 * i + 1];
            float l23 = t[3 * i + 2];
            int o = off + 16 * i;
            int p = parents[i];
            if (p < 0) {
                // roots by the scalar formula: no vector merges between branches (C2 would box them)
                LocalToModel.root(root, dst, o, l00, l10, l20, l01, l11, l21, l02, l12, l22, l03, l13, l23);
                continue;
            }
            int po = off + 16 * p;
            FloatVector p0 = FloatVector.fromArray(COLUMN, dst, po);
            FloatVector p1 = FloatVector.fromArray(COLUMN, dst, po + 4);
            FloatVector p2 = FloatVector.fromArray(COLUMN, dst, po + 8);
            FloatVector p3 = FloatVector.fromArray(COLUMN, dst, po + 12);
            p0.mul(l00).add(p1.mul(l10)).add(p2.mul(l20)).blend(0f, ROW3).intoArray(dst, o);
            p0.mul(l01).add(p1.mul(l11)).add(p2.mul(l21)).blend(0f, ROW3).intoArray(dst, o + 4);
            p0.mul(l02).add(p1.mul(l12)).add(p2.mul(l22)).blend(0f, ROW3).intoArray(dst, o + 8);
            p0.mul(l03).add(p1.mul(l13)).add(p2.mul(l23)).add(p3).blend(1f, ROW3).intoArray(dst, o + 12);
        }
    }
}
