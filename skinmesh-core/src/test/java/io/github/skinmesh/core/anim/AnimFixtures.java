package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Matrix4f;

/** Seeded random skeletons, channels and poses, and naive double-precision reference samplers. */
final class AnimFixtures {
    private AnimFixtures() {
    }

    static float range(SplittableRandom r, double lo, double hi) {
        return (float) (lo + r.nextDouble() * (hi - lo));
    }

    /** A uniformly distributed unit quaternion (x, y, z, w). */
    static float[] randomQuat(SplittableRandom r) {
        double u1 = r.nextDouble();
        double u2 = r.nextDouble();
        double u3 = r.nextDouble();
        double a = Math.sqrt(1 - u1);
        double b = Math.sqrt(u1);
        return normalized(new double[] {a * Math.sin(2 * Math.PI * u2), a * Math.cos(2 * Math.PI * u2),
            b * Math.sin(2 * Math.PI * u3), b * Math.cos(2 * Math.PI * u3)});
    }

    /** A rotation by at most {@code maxAngle} radians about a random axis. */
    static float[] smallQuat(SplittableRandom r, double maxAngle) {
        double z = r.nextDouble() * 2 - 1;
        double phi = 2 * Math.PI * r.nextDouble();
        double s = Math.sqrt(1 - z * z);
        double angle = (r.nextDouble() * 2 - 1) * maxAngle;
        double h = Math.sin(angle / 2);
        return normalized(new double[] {s * Math.cos(phi) * h, s * Math.sin(phi) * h, z * h, Math.cos(angle / 2)});
    }

    static float[] normalized(double[] q) {
        double len = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        return new float[] {(float) (q[0] / len), (float) (q[1] / len), (float) (q[2] / len), (float) (q[3] / len)};
    }

    /** Bones "b0".."b(n-1)", random parents before children, random rest TRS. */
    static Skeleton randomSkeleton(SplittableRandom r, int n) {
        String[] names = new String[n];
        int[] parents = new int[n];
        float[] t = new float[3 * n];
        float[] q = new float[4 * n];
        float[] s = new float[3 * n];
        for (int i = 0; i < n; i++) {
            names[i] = "b" + i;
            parents[i] = i == 0 || r.nextInt(8) == 0 ? Skeleton.NO_PARENT : r.nextInt(i);
            for (int j = 0; j < 3; j++) {
                t[3 * i + j] = range(r, -1, 1);
                s[3 * i + j] = range(r, 0.8, 1.25);
            }
            System.arraycopy(randomQuat(r), 0, q, 4 * i, 4);
        }
        return Skeleton.of("random", names, parents, t, q, s);
    }

    /** A random pose: unit rotations, translations in [-1, 1], non-uniform scales in [0.8, 1.25]. */
    static Pose randomPose(SplittableRandom r, int n) {
        Pose p = new Pose(n);
        for (int i = 0; i < n; i++) {
            float[] q = randomQuat(r);
            p.setRotation(i, q[0], q[1], q[2], q[3]);
            p.setTranslation(i, range(r, -1, 1), range(r, -1, 1), range(r, -1, 1));
            p.setScale(i, range(r, 0.8, 1.25), range(r, 0.8, 1.25), range(r, 0.8, 1.25));
        }
        return p;
    }

    /** Strictly increasing key times starting at {@code start}, gaps in [0.02, 0.3]. */
    static float[] keyTimes(SplittableRandom r, int keys, float start) {
        float[] times = new float[keys];
        float t = start;
        for (int k = 0; k < keys; k++) {
            times[k] = t;
            t += range(r, 0.02, 0.3);
        }
        return times;
    }

    /**
     * A random channel: rotations as small rotations (up to {@code maxAngle}) of a random base
     * orientation, or random vectors; cubic tangents in [-2, 2].
     */
    static BoneChannel randomChannel(SplittableRandom r, String bone, ChannelPath path, Interpolation interpolation,
            float[] times, double maxAngle) {
        int c = path.components();
        int e = interpolation.elementsPerKey();
        float[] values = new float[times.length * c * e];
        float[] base = randomQuat(r);
        for (int k = 0; k < times.length; k++) {
            for (int el = 0; el < e; el++) {
                int o = (k * e + el) * c;
                boolean value = e == 1 || el == 1;
                if (path == ChannelPath.ROTATION && value) {
                    float[] q = mul(base, smallQuat(r, maxAngle));
                    if (r.nextBoolean()) { // the sign of a key must not matter
                        for (int j = 0; j < 4; j++) {
                            q[j] = -q[j];
                        }
                    }
                    System.arraycopy(q, 0, values, o, 4);
                } else {
                    for (int j = 0; j < c; j++) {
                        values[o + j] = value ? range(r, -1, 1) + (path == ChannelPath.SCALE ? 1.5f : 0) : range(r, -2, 2);
                    }
                }
            }
        }
        return BoneChannel.of(bone, path, interpolation, times, values);
    }

    /** A random clip on {@code skeleton}: about 2/3 of the bone properties driven, mixed interpolations. */
    static AnimationClip randomClip(SplittableRandom r, Skeleton skeleton, double maxAngle, float start,
            boolean withMissingBone) {
        List<BoneChannel> channels = new ArrayList<>();
        float[] shared = AnimFixtures.keyTimes(r, 2 + r.nextInt(12), start);
        for (int b = 0; b < skeleton.boneCount(); b++) {
            for (ChannelPath path : ChannelPath.values()) {
                if (r.nextInt(3) == 0) {
                    continue;
                }
                float[] times = r.nextBoolean() ? shared
                        : AnimFixtures.keyTimes(r, 1 + r.nextInt(12), start + AnimFixtures.range(r, 0, 0.5));
                channels.add(AnimFixtures.randomChannel(r, skeleton.boneName(b), path,
                        Interpolation.values()[r.nextInt(3)], times, maxAngle));
            }
        }
        if (withMissingBone) {
            channels.add(AnimFixtures.randomChannel(r, "ghost", ChannelPath.ROTATION, Interpolation.LINEAR, shared,
                    maxAngle));
        }
        return AnimationClip.of("random", channels);
    }

    /** Hamilton product a * b of (x, y, z, w) quaternions. */
    static float[] mul(float[] a, float[] b) {
        return new float[] {
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    /**
     * Naive glTF sampling of one channel at {@code t} (clamped), in double, straight from the
     * spec: linear key search, slerp by acos/sin or nlerp, Hermite spline.
     */
    static double[] referenceSample(BoneChannel ch, double t, boolean nlerp) {
        float[] times = ch.times();
        float[] v = ch.values();
        int c = ch.path().components();
        Interpolation in = ch.interpolation();
        int e = in.elementsPerKey();
        int n = times.length;
        int valueOffset = in == Interpolation.CUBICSPLINE ? c : 0;
        if (t <= times[0]) {
            return normalizeIfRotation(ch, element(v, 0, e, c, valueOffset));
        }
        if (t >= times[n - 1]) {
            return normalizeIfRotation(ch, element(v, n - 1, e, c, valueOffset));
        }
        int k = 0;
        while (times[k + 1] <= t) {
            k++;
        }
        double dt = (double) times[k + 1] - times[k];
        double a = (t - times[k]) / dt;
        double[] v0 = element(v, k, e, c, valueOffset);
        double[] v1 = element(v, k + 1, e, c, valueOffset);
        switch (in) {
            case STEP:
                return v0;
            case LINEAR:
                if (ch.path() != ChannelPath.ROTATION) {
                    return lerp(v0, v1, a);
                }
                return nlerp ? referenceNlerp(v0, v1, a) : referenceSlerp(v0, v1, a);
            default:
                double[] b0 = element(v, k, e, c, 2 * c);
                double[] a1 = element(v, k + 1, e, c, 0);
                double s2 = a * a;
                double s3 = s2 * a;
                double[] p = new double[c];
                for (int j = 0; j < c; j++) {
                    p[j] = (2 * s3 - 3 * s2 + 1) * v0[j] + (s3 - 2 * s2 + a) * dt * b0[j] + (-2 * s3 + 3 * s2) * v1[j]
                            + (s3 - s2) * dt * a1[j];
                }
                return normalizeIfRotation(ch, p);
        }
    }

    private static double[] normalizeIfRotation(BoneChannel ch, double[] p) {
        return ch.path() == ChannelPath.ROTATION ? normalize(p) : p;
    }

    private static double[] element(float[] v, int key, int elementsPerKey, int c, int offset) {
        double[] out = new double[c];
        for (int j = 0; j < c; j++) {
            out[j] = v[key * elementsPerKey * c + offset + j];
        }
        return out;
    }

    static double[] lerp(double[] a, double[] b, double t) {
        double[] out = new double[a.length];
        for (int j = 0; j < a.length; j++) {
            out[j] = a[j] + t * (b[j] - a[j]);
        }
        return out;
    }

    static double[] normalize(double[] q) {
        double len = 0;
        for (double x : q) {
            len += x * x;
        }
        len = Math.sqrt(len);
        double[] out = new double[q.length];
        for (int j = 0; j < q.length; j++) {
            out[j] = q[j] / len;
        }
        return out;
    }

    static double[] referenceSlerp(double[] q0, double[] q1, double t) {
        double d = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
        double sign = d < 0 ? -1 : 1;
        d = Math.min(1, Math.abs(d));
        double theta = Math.acos(d);
        double u0;
        double u1;
        if (theta < 1e-9) {
            u0 = 1 - t;
            u1 = t;
        } else {
            u0 = Math.sin((1 - t) * theta) / Math.sin(theta);
            u1 = Math.sin(t * theta) / Math.sin(theta);
        }
        double[] out = new double[4];
        for (int j = 0; j < 4; j++) {
            out[j] = u0 * q0[j] + sign * u1 * q1[j];
        }
        return out;
    }

    static double[] referenceNlerp(double[] q0, double[] q1, double t) {
        double d = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
        double sign = d < 0 ? -1 : 1;
        double[] out = new double[4];
        for (int j = 0; j < 4; j++) {
            out[j] = q0[j] + t * (sign * q1[j] - q0[j]);
        }
        return normalize(out);
    }

    /** Model matrices by composing JOML matrices one bone at a time. */
    static float[] jomlModelMatrices(Skeleton skeleton, Pose pose, Matrix4f root) {
        int n = skeleton.boneCount();
        Matrix4f[] model = new Matrix4f[n];
        float[] out = new float[16 * n];
        for (int i = 0; i < n; i++) {
            Matrix4f local = pose.localMatrix(i, new Matrix4f());
            int p = skeleton.parent(i);
            Matrix4f parent = p == Skeleton.NO_PARENT ? root : model[p];
            model[i] = new Matrix4f(parent).mul(local);
            model[i].get(out, 16 * i);
        }
        return out;
    }
}
