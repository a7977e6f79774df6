package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.VertexAttribute;
import java.util.List;

/**
 * The properties every bake must have, checked against an independent posing of the clip: the
 * decoded positions are within the reported errors at every sampled time, the key attributes are
 * the poses at the key times, and no segment is worse than its inner keys at the thirds.
 */
final class KeyChecks {
    /** Slack for comparing a float decode in double arithmetic with the library's float decode. */
    static final double NAIVE_SLACK = 1e-5;

    private KeyChecks() {
    }

    /** The exact poses, posed by a poser of its own. */
    static final class Exact {
        final CharacterPoser poser;
        final PosedVertices out;
        final int vertexCount;

        Exact(Skeleton skeleton, List<Part> parts, AnimationClip clip, boolean normals) {
            poser = CharacterPoser.bind(skeleton, parts, clip, PoserOptions.BAKE.withStreams(
                    normals ? PoserOptions.Streams.POSITIONS_NORMALS : PoserOptions.Streams.POSITIONS));
            out = poser.newOutput();
            vertexCount = (int) poser.vertexCount();
        }

        float[] positions(float t) {
            poser.poseInto(t, out);
            return out.positionsInto(new float[3 * vertexCount], 0);
        }

        float[] normals(float t) {
            poser.poseInto(t, out);
            float[] n = new float[3 * vertexCount];
            int o = 0;
            for (int p = 0; p < out.partCount(); p++) {
                float[] src = out.normals(p);
                System.arraycopy(src, 0, n, o, src.length);
                o += src.length;
            }
            return n;
        }
    }

    /** The frame times of the documented sampling rule, computed here without the library. */
    static float[] frameTimes(float duration, float fps) {
        int n = 1;
        while ((n - 1) < duration * (double) fps - 1e-3) {
            n++;
        }
        float[] t = new float[n];
        for (int f = 0; f < n; f++) {
            t[f] = f == n - 1 ? duration : (float) Math.min(f / (double) fps, duration);
        }
        return t;
    }

    /** Largest distance between two position arrays. */
    static double maxDistance(float[] a, float[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i += 3) {
            double dx = (double) a[i] - b[i];
            double dy = (double) a[i + 1] - b[i + 1];
            double dz = (double) a[i + 2] - b[i + 2];
            max = Math.max(max, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return max;
    }

    /** The Lagrange weights in double arithmetic, from the textbook formula. */
    static double[] lagrange(double[] k, double t) {
        double[] w = new double[4];
        for (int i = 0; i < 4; i++) {
            double num = 1;
            double den = 1;
            for (int j = 0; j < 4; j++) {
                if (j != i) {
                    num *= t - k[j];
                    den *= k[i] - k[j];
                }
            }
            w[i] = num / den;
        }
        return w;
    }

    /** The shaders' float decode of whole key arrays at a time, written out here. */
    static float[] floatDecode(float[] keyTimes, float t, float[][] keys) {
        float[] w = KeyframeDecoder.weightsInto(keyTimes, 0, t, new float[4], 0);
        float[] out = new float[keys[0].length];
        for (int i = 0; i < out.length; i++) {
            out[i] = w[0] * keys[0][i] + w[1] * keys[1][i] + w[2] * keys[2][i] + w[3] * keys[3][i];
        }
        return out;
    }

    /**
     * Checks every property of a bake against an independent posing.
     *
     * @return the smallest ratio of a segment's error to its thirds' error (every ratio is at most 1)
     */
    static double checkBake(KeyframeResult r, Skeleton skeleton, List<Part> parts, AnimationClip clip) {
        Exact exact = new Exact(skeleton, parts, clip, r.hasNormals());
        KeyframeDecoder decoder = r.decoder();
        float[] times = frameTimes(clip.duration(), r.fps());
        assertThat(r.frameCount()).isEqualTo(times.length);
        assertThat(r.vertexCount()).isEqualTo(exact.vertexCount);
        List<KeySegment> table = r.segments();
        assertThat(table).isNotEmpty();
        assertThat(table.get(0).firstFrame()).isZero();
        assertThat(table.get(0).start()).isZero();
        assertThat(table.get(table.size() - 1).lastFrame()).isEqualTo(times.length - 1);
        assertThat(table.get(table.size() - 1).end()).isEqualTo(clip.duration());
        double bestRatio = 1;
        float[][] exactFrames = new float[times.length][];
        for (int f = 0; f < times.length; f++) {
            exactFrames[f] = exact.positions(times[f]);
        }
        for (KeySegment s : table) {
            assertThat(s.lastFrame() - s.firstFrame()).as("segment %s", s).isGreaterThanOrEqualTo(
                    Keyframes.MIN_SEGMENT_INTERVALS);
            assertThat(s.start()).isEqualTo(times[s.firstFrame()]);
            assertThat(s.end()).isEqualTo(times[s.lastFrame()]);
            if (s.index() > 0) {
                assertThat(s.firstFrame()).isEqualTo(table.get(s.index() - 1).lastFrame());
            }
            float[] keyTimes = s.keyTimesInto(new float[4], 0);
            float[][] keys = new float[4][];
            for (int k = 0; k < 4; k++) {
                VertexAttribute a = r.meshes().get(s.index()).attribute(Keyframes.positionAttribute(k));
                assertThat(a).isNotNull();
                keys[k] = a.values();
                // the keys are the poses at the key times, bit for bit
                assertThat(keys[k]).as("segment %d key %d", s.index(), k).isEqualTo(exact.positions(keyTimes[k]));
                if (r.hasNormals()) {
                    assertThat(r.meshes().get(s.index()).attribute(Keyframes.normalAttribute(k)).values())
                            .isEqualTo(exact.normals(keyTimes[k]));
                }
            }
            assertThat(r.meshes().get(s.index()).positions()).isEqualTo(keys[0]);
            double segMax = 0;
            double thirdsMax = 0;
            float third1 = s.start() + (s.end() - s.start()) * 1 / 3;
            float third2 = s.start() + (s.end() - s.start()) * 2 / 3;
            float[] thirdsTimes = {s.start(), third1, third2, s.end()};
            float[][] thirdsKeys = {exactFrames[s.firstFrame()], exact.positions(third1), exact.positions(third2),
                exactFrames[s.lastFrame()]};
            for (int f = s.firstFrame(); f <= s.lastFrame(); f++) {
                float t = times[f];
                float[] decoded = floatDecode(keyTimes, t, keys);
                // the decoder decodes as written out here
                for (int v = 0; v < exact.vertexCount; v += Math.max(1, exact.vertexCount / 50)) {
                    float[] one = decoder.positionInto(s.index(), v, t, new float[3], 0);
                    assertThat(one).containsExactly(decoded[3 * v], decoded[3 * v + 1], decoded[3 * v + 2]);
                }
                // the documented formula in double arithmetic agrees
                double[] w = lagrange(new double[] {keyTimes[0], keyTimes[1], keyTimes[2], keyTimes[3]}, t);
                double scale = 0;
                for (int i = 0; i < decoded.length; i++) {
                    double naive = w[0] * keys[0][i] + w[1] * keys[1][i] + w[2] * keys[2][i] + w[3] * keys[3][i];
                    scale = Math.max(scale, Math.abs(naive));
                    assertThat(Math.abs(naive - decoded[i])).isLessThanOrEqualTo(NAIVE_SLACK * Math.max(1, scale));
                }
                double d = maxDistance(decoded, exactFrames[f]);
                segMax = Math.max(segMax, d);
                thirdsMax = Math.max(thirdsMax, maxDistance(floatDecode(thirdsTimes, t, thirdsKeys), exactFrames[f]));
            }
            // within the reported error at every sampled time, and the report is that error
            assertThat(segMax).as("segment %d", s.index()).isLessThanOrEqualTo(s.maxError());
            assertThat(s.maxError()).isCloseTo(segMax, org.assertj.core.api.Assertions.within(1e-12));
            // never worse than the thirds on the same segment
            assertThat(s.thirdsMaxError()).isCloseTo(thirdsMax, org.assertj.core.api.Assertions.within(1e-12));
            assertThat(s.maxError()).as("segment %d against the thirds", s.index()).isLessThanOrEqualTo(thirdsMax);
            assertThat(s.rmsError()).isLessThanOrEqualTo(s.maxError());
            if (thirdsMax > 0) {
                bestRatio = Math.min(bestRatio, s.maxError() / thirdsMax);
            }
        }
        // the decoder plays every frame within the overall error
        double overall = 0;
        for (int f = 0; f < times.length; f++) {
            float[] decoded = decoder.positionsInto(times[f], new float[3 * exact.vertexCount], 0);
            overall = Math.max(overall, maxDistance(decoded, exactFrames[f]));
            if (r.hasNormals()) {
                float[] n = decoder.normalsInto(times[f], new float[3 * exact.vertexCount], 0);
                float[] e = exact.normals(times[f]);
                for (int i = 0; i < n.length; i += 3) {
                    double len = Math.sqrt(e[i] * (double) e[i] + e[i + 1] * (double) e[i + 1] + e[i + 2] * (double) e[i + 2]);
                    if (len > 0) {
                        // atan2(|n x e|, n . e): acos of the dot product loses the small angles float normals have
                        double cx = n[i + 1] * (double) e[i + 2] - n[i + 2] * (double) e[i + 1];
                        double cy = n[i + 2] * (double) e[i] - n[i] * (double) e[i + 2];
                        double cz = n[i] * (double) e[i + 1] - n[i + 1] * (double) e[i];
                        double dot = n[i] * (double) e[i] + n[i + 1] * (double) e[i + 1] + n[i + 2] * (double) e[i + 2];
                        double degrees = Math.toDegrees(Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), dot));
                        assertThat(degrees).isLessThanOrEqualTo(r.normalMaxErrorDegrees());
                    }
                }
            }
        }
        assertThat(overall).isLessThanOrEqualTo(r.maxError());
        assertThat(r.maxError()).isCloseTo(overall, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(r.rmsError()).isLessThanOrEqualTo(r.maxError());
        return bestRatio;
    }
}
