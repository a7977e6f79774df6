package io.github.skinmesh.core.combine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** {@link RestScale#ratio}: the uniform scale between two rest frames, and nothing else. */
class RestScaleTest {
    /** A random frame {@code U}, and {@code O = U D} with {@code D} a translation, a rotation and a scale. */
    private static Matrix4d[] frames(SplittableRandom r, double sx, double sy, double sz) {
        Matrix4d u = trs(r.nextDouble(-5, 5), r.nextDouble(-5, 5), r.nextDouble(-5, 5),
                rotation(r), r.nextDouble(0.1, 10), r.nextDouble(0.1, 10), r.nextDouble(0.1, 10));
        Matrix4d d = trs(r.nextDouble(-5, 5), r.nextDouble(-5, 5), r.nextDouble(-5, 5),
                rotation(r), sx, sy, sz);
        return new Matrix4d[] {u, new Matrix4d(u).mul(d)};
    }

    private static Matrix4d trs(double tx, double ty, double tz, Quaterniond q, double sx, double sy, double sz) {
        return new Matrix4d().translationRotateScale(new Vector3d(tx, ty, tz), q, new Vector3d(sx, sy, sz));
    }

    private static Quaterniond rotation(SplittableRandom r) {
        return new Quaterniond(r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-1, 1), r.nextDouble(-1, 1))
                .normalize();
    }

    @Property(tries = 300, seed = "314")
    void aUniformScaleWithAnyRotationAndTranslationIsItsRatio(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double s = Math.pow(10, r.nextDouble(-3, 3));
        // a frame with a non-uniform scale of its own: the ratio compares the two frames, not each to the identity
        Matrix4d u = new Matrix4d().scaling(1, 2, 3);
        Matrix4d d = trs(r.nextDouble(-5, 5), 0, 0, rotation(r), s, s, s);
        assertThat(RestScale.ratio(u, new Matrix4d(u).mul(d))).isCloseTo(s, org.assertj.core.data.Offset.offset(1e-9 * s));
        Matrix4d[] f = frames(r, s, s, s);
        assertThat(RestScale.ratio(f[0], f[1])).isCloseTo(s, org.assertj.core.data.Offset.offset(1e-9 * s));
    }

    @Property(tries = 200, seed = "271")
    void anotherRotationOrTranslationAloneIsNoScale(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Matrix4d[] f = frames(r, 1, 1, 1);
        assertThat(RestScale.ratio(f[0], f[1])).isEqualTo(1);
        // a rounding-sized scale is none either
        Matrix4d[] g = frames(r, 1 + 5e-5, 1 + 5e-5, 1 + 5e-5);
        assertThat(RestScale.ratio(g[0], g[1])).isEqualTo(1);
    }

    @Property(tries = 200, seed = "161")
    void aMirrorOrANonUniformScaleIsNotARatio(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double s = Math.pow(10, r.nextDouble(-2, 2));
        Matrix4d[] mirror = frames(r, -s, s, s);
        assertThat(RestScale.ratio(mirror[0], mirror[1])).isNaN();
        Matrix4d[] stretched = frames(r, s, s * 1.01, s);
        assertThat(RestScale.ratio(stretched[0], stretched[1])).isNaN();
    }

    @Test
    void scaleRowsMultipliesTheLinearPartAndTheTranslationButNotTheLastRow() {
        float[] m = new float[20];
        for (int i = 0; i < 16; i++) {
            m[4 + i] = i + 1;
        }
        RestScale.scaleRows(m, 4, 0.5);
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                float before = 4 * c + r + 1;
                assertThat(m[4 + 4 * c + r]).isEqualTo(r < 3 ? before * 0.5f : before);
            }
        }
        assertThat(m[0]).isZero();
    }

    @Test
    void groupsNameTheFirstThreeBonesOfEachFactorInOrder() {
        Map<Float, List<String>> groups = new LinkedHashMap<>();
        groups.put(0.01f, List.of("hips", "spine", "head", "tip"));
        groups.put(100f, List.of("armature"));
        assertThat(RestScale.groups("by", groups)).isEqualTo("by 0.01 on 4 bones ('hips', 'spine', 'head', ...),"
                + " by 100.0 on 1 bone ('armature')");
        assertThat(RestScale.groups("by", Map.of())).isEmpty();
    }
}
