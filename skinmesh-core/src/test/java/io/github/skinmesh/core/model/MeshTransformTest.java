package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.skinning.MorphOptions;
import io.github.skinmesh.core.skinning.Morphing;
import io.github.skinmesh.core.skinning.Renormalization;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class MeshTransformTest {
    private static float f(SplittableRandom r) {
        return (float) (r.nextDouble() * 2 - 1);
    }

    private static Mesh randomMesh(SplittableRandom r, int n) {
        float[] p = new float[3 * n];
        float[] nn = new float[3 * n];
        float[] t = new float[4 * n];
        float[] dp = new float[3 * n];
        float[] dn = new float[3 * n];
        float[] dt = new float[3 * n];
        int[] idx = new int[3 * n];
        for (int v = 0; v < n; v++) {
            Vector3f a = new Vector3f(f(r), f(r), f(r) + 2).normalize();
            Vector3f b = new Vector3f(f(r), f(r) + 2, f(r)).normalize();
            for (int c = 0; c < 3; c++) {
                p[3 * v + c] = f(r);
                nn[3 * v + c] = a.get(c);
                t[4 * v + c] = b.get(c);
                dp[3 * v + c] = 0.2f * f(r);
                dn[3 * v + c] = 0.1f * f(r);
                dt[3 * v + c] = 0.1f * f(r);
            }
            t[4 * v + 3] = r.nextBoolean() ? 1 : -1;
            idx[3 * v] = v;
            idx[3 * v + 1] = (v + 1) % n;
            idx[3 * v + 2] = (v + 2) % n;
        }
        return Mesh.builder("m").positions(p).normals(nn).tangents(t).indices(idx).addUvs(new float[2 * n])
                .addMorphTarget(MorphTarget.of("smile", dp, dn, dt)).morphWeights(new float[] {0.3f}).build();
    }

    private static Matrix4f randomTransform(SplittableRandom r, boolean mirror) {
        return new Matrix4f().translate(f(r), f(r), f(r)).rotateXYZ(3 * f(r), 3 * f(r), 3 * f(r))
                .scale(mirror ? -1.3f : 1.3f, 0.6f + 0.3f * f(r), 1.1f);
    }

    @Property(tries = 50, seed = "909")
    void positionsAndDirectionsFollowTheMatrixAndMorphingCommutes(@ForAll long seed, @ForAll boolean mirror) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 1 + r.nextInt(20);
        Mesh m = randomMesh(r, n);
        Matrix4f t = randomTransform(r, mirror);
        Mesh moved = m.transformed(t);
        Matrix3f normal = new Matrix4f(t).normal(new Matrix3f());
        float[] p = m.positions();
        float[] nn = m.normals();
        float[] tt = m.tangents();
        for (int v = 0; v < n; v++) {
            Vector3f ep = t.transformPosition(new Vector3f(p[3 * v], p[3 * v + 1], p[3 * v + 2]));
            Vector3f en = new Vector3f(nn[3 * v], nn[3 * v + 1], nn[3 * v + 2]).mul(normal).normalize();
            Vector3f et = t.transformDirection(new Vector3f(tt[4 * v], tt[4 * v + 1], tt[4 * v + 2])).normalize();
            for (int c = 0; c < 3; c++) {
                assertThat(moved.positions()[3 * v + c]).isCloseTo(ep.get(c), offset(1e-5f));
                assertThat(moved.normals()[3 * v + c]).isCloseTo(en.get(c), offset(1e-5f));
                assertThat(moved.tangents()[4 * v + c]).isCloseTo(et.get(c), offset(1e-5f));
            }
            assertThat(moved.tangents()[4 * v + 3]).isEqualTo(mirror ? -tt[4 * v + 3] : tt[4 * v + 3]);
        }
        // a mirror reverses winding, nothing else touches the topology
        int[] idx = m.indices();
        int[] movedIdx = moved.indices();
        for (int i = 0; i < idx.length; i += 3) {
            assertThat(movedIdx[i]).isEqualTo(idx[i]);
            assertThat(movedIdx[i + 1]).isEqualTo(mirror ? idx[i + 2] : idx[i + 1]);
            assertThat(movedIdx[i + 2]).isEqualTo(mirror ? idx[i + 1] : idx[i + 2]);
        }
        assertThat(moved.uvs(0)).containsExactly(m.uvs(0));
        assertThat(moved.morphWeights()).containsExactly(m.morphWeights());
        // morph then transform == transform then morph (directions up to their length)
        float w = 2 * f(r);
        float[] mp = new float[3 * n];
        float[] mn = new float[3 * n];
        float[] mt = new float[4 * n];
        MorphOptions unit = new MorphOptions(0, Renormalization.UNIT_LENGTH);
        Morphing.applyInto(m, new float[] {w}, mp, mn, mt, unit);
        float[] xp = new float[3 * n];
        float[] xn = new float[3 * n];
        float[] xt = new float[4 * n];
        Morphing.applyInto(moved, new float[] {w}, xp, xn, xt, unit);
        for (int v = 0; v < n; v++) {
            Vector3f ep = t.transformPosition(new Vector3f(mp[3 * v], mp[3 * v + 1], mp[3 * v + 2]));
            Vector3f en = new Vector3f(mn[3 * v], mn[3 * v + 1], mn[3 * v + 2]).mul(normal).normalize();
            Vector3f et = t.transformDirection(new Vector3f(mt[4 * v], mt[4 * v + 1], mt[4 * v + 2])).normalize();
            for (int c = 0; c < 3; c++) {
                assertThat(xp[3 * v + c]).isCloseTo(ep.get(c), offset(1e-5f));
                assertThat(xn[3 * v + c]).isCloseTo(en.get(c), offset(1e-4f));
                assertThat(xt[4 * v + c]).isCloseTo(et.get(c), offset(1e-4f));
            }
        }
    }

    @Test
    void identityReturnsTheSameMesh() {
        Mesh m = randomMesh(new SplittableRandom(1), 4);
        assertThat(m.transformed(new Matrix4f())).isSameAs(m);
    }

    @Test
    void singularTransformKeepsDirectionsFinite() {
        Mesh m = randomMesh(new SplittableRandom(2), 5);
        Mesh flat = m.transformed(new Matrix4f().scale(1, 0, 1));
        for (float v : flat.normals()) {
            assertThat(Float.isFinite(v)).isTrue();
        }
        for (int v = 0; v < 5; v++) {
            assertThat(flat.positions()[3 * v + 1]).isZero();
        }
    }

    @Test
    void rejectsNonAffineMatrix() {
        Mesh m = randomMesh(new SplittableRandom(3), 2);
        assertThatThrownBy(() -> m.transformed(new Matrix4f().m03(1)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("mesh 'm': transformed: matrix row 3 is (1.0, 0.0, 0.0, 1.0), expected (0, 0, 0, 1)"
                        + " (an affine matrix)");
    }

    @Test
    void rejectsNonFiniteMatrix() {
        Mesh m = randomMesh(new SplittableRandom(3), 2);
        assertThatThrownBy(() -> m.transformed(new Matrix4f().m30(Float.NaN)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("mesh 'm': transformed: matrix 0: matrix component 12 is NaN, expected a finite value");
    }

    @Test
    void rejectsOverflowingPositions() {
        Mesh m = Mesh.builder("big").positions(new float[] {3e38f, 0, 0}).build();
        assertThatThrownBy(() -> m.transformed(new Matrix4f().scale(10)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("mesh 'big': transformed: vertex 0: position component 0 is Infinity, expected a finite value");
    }
}
