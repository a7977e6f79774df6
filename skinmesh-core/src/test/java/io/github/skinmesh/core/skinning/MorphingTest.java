package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class MorphingTest {
    /** Against the double reference, relative to the sum of the magnitudes of the terms. */
    private static final double REFERENCE_TOLERANCE = 1e-6;

    private static float[] random(SplittableRandom r, int n, double range) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) r.nextDouble(-range, range);
        }
        return a;
    }

    @Property(tries = 100, seed = "2718")
    void blendMatchesTheDoubleReferenceAndWritesOnlyTheRange(@ForAll long seed,
            @ForAll @IntRange(min = 3, max = 4) int components, @ForAll @IntRange(min = 0, max = 6) int targets,
            @ForAll @IntRange(min = 0, max = 20) int first, @ForAll @IntRange(min = 0, max = 20) int count,
            @ForAll boolean inPlace) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = first + count + r.nextInt(3);
        float[] base = random(r, components * n, 5);
        float[][] deltas = new float[targets][];
        float[] weights = new float[targets];
        for (int t = 0; t < targets; t++) {
            deltas[t] = r.nextInt(4) == 0 ? null : random(r, 3 * n, 1);
            weights[t] = r.nextInt(4) == 0 ? 0 : (float) r.nextDouble(-1.5, 1.5);
        }
        float[] original = base.clone();
        float[] dst;
        if (inPlace) {
            dst = base;
        } else {
            dst = new float[components * n];
            Arrays.fill(dst, Float.NaN);
        }
        Morphing.blendInto(base, components, deltas, weights, dst, first, count, MorphOptions.DEFAULTS);
        for (int v = 0; v < n; v++) {
            for (int c = 0; c < components; c++) {
                int i = components * v + c;
                boolean inside = v >= first && v < first + count;
                if (!inside) {
                    assertThat(Float.floatToRawIntBits(dst[i]))
                            .isEqualTo(Float.floatToRawIntBits(inPlace ? original[i] : Float.NaN));
                    continue;
                }
                double expected = original[i];
                double magnitude = Math.abs(original[i]);
                if (c < 3) {
                    for (int t = 0; t < targets; t++) {
                        if (deltas[t] != null) {
                            expected += (double) weights[t] * deltas[t][3 * v + c];
                            magnitude += Math.abs((double) weights[t] * deltas[t][3 * v + c]);
                        }
                    }
                }
                assertThat(Math.abs(dst[i] - expected)).isLessThanOrEqualTo(REFERENCE_TOLERANCE * magnitude);
            }
        }
    }

    @Test
    void smallWeightsAreSkippedWhenAsked() {
        float[] base = {1, 2, 3};
        float[][] deltas = {{1, 1, 1}, {10, 10, 10}};
        float[] dst = new float[3];
        Morphing.blendInto(base, 3, deltas, new float[] {0.01f, 0.5f}, dst, 0, 1,
                MorphOptions.DEFAULTS.withMinWeight(0.05f));
        assertThat(dst).containsExactly(6, 7, 8);
    }

    @Test
    void meshTargetsMorphPositionsNormalsAndTangents() {
        Mesh mesh = Mesh.builder("Face").positions(new float[] {0, 0, 0, 1, 0, 0}).normals(new float[] {0, 0, 1, 0, 0, 1})
                .tangents(new float[] {1, 0, 0, -1, 1, 0, 0, 1})
                .addMorphTarget(MorphTarget.of("smile", new float[] {0, 1, 0, 0, 2, 0}, new float[] {0, 1, 0, 0, 0, 0},
                        null))
                .addMorphTarget(MorphTarget.of("blink", null, null, new float[] {0, 1, 0, 0, 0, 0}))
                .build();
        float[] p = new float[6], n = new float[6], t = new float[8];
        Morphing.applyInto(mesh, new float[] {0.5f, 1f}, p, n, t, MorphOptions.DEFAULTS);
        assertThat(p).containsExactly(0, 0.5f, 0, 1, 1, 0);
        assertThat(n).containsExactly(0, 0.5f, 1, 0, 0, 1);
        assertThat(t).containsExactly(1, 1, 0, -1, 1, 0, 0, 1);
        Morphing.applyInto(mesh, new float[] {0.5f, 1f}, p, n, t,
                MorphOptions.DEFAULTS.withDirections(Renormalization.UNIT_LENGTH));
        float s = (float) (1 / Math.sqrt(1.25));
        assertThat(n).containsExactly(new float[] {0, 0.5f * s, s, 0, 0, 1}, Offset.offset(1e-6f));
        float h = (float) Math.sqrt(0.5);
        assertThat(t).containsExactly(new float[] {h, h, 0, -1, 1, 0, 0, 1}, Offset.offset(1e-6f));
    }

    @Test
    void rejectsComponentCountsOtherThanThreeOrFour() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[5], 5, new float[0][], new float[0], new float[5], 0, 1,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: componentsPerVertex=5, expected 3..4");
    }

    @Test
    void rejectsAWeightCountThatDiffersFromTheTargetCount() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[3], 3, new float[2][], new float[1], new float[3], 0, 1,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: weights length 1, expected deltas.length = 2");
    }

    @Test
    void rejectsANonFiniteWeight() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[3], 3, new float[1][], new float[] {Float.NaN},
                new float[3], 0, 1, MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: weight 0 is NaN, expected a finite value");
    }

    @Test
    void rejectsAShortDelta() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[8], 4, new float[][] {new float[5]}, new float[] {1},
                new float[8], 0, 2, MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: deltas of target 0 length 5, needs at least 3*(firstVertex+vertexCount) = 6");
    }

    @Test
    void rejectsAShortDestination() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[8], 4, new float[0][], new float[0], new float[7], 0, 2,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: dst length 7, needs at least 4*(firstVertex+vertexCount) = 8");
    }

    @Test
    void rejectsADestinationThatIsADelta() {
        float[] delta = new float[3];
        assertThatThrownBy(() -> Morphing.blendInto(new float[3], 3, new float[][] {delta}, new float[] {1}, delta,
                0, 1, MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: dst is the same array as deltas of target 0, expected distinct arrays "
                        + "(dst may alias only the base)");
    }

    @Test
    void rejectsANegativeFirstVertex() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[3], 3, new float[0][], new float[0], new float[3], -2, 1,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: firstVertex=-2, expected >= 0");
    }

    @Test
    void rejectsANegativeVertexCount() {
        assertThatThrownBy(() -> Morphing.blendInto(new float[3], 3, new float[0][], new float[0], new float[3], 0, -1,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("blendInto: vertexCount=-1, expected >= 0");
    }

    @Test
    void rejectsNormalsOfAMeshWithoutNormals() {
        Mesh mesh = Mesh.builder("Face").positions(new float[3]).build();
        assertThatThrownBy(() -> Morphing.applyInto(mesh, new float[0], new float[3], new float[3], null,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("applyInto: mesh 'Face' has no normals, but a destination for morphed normals was given");
    }

    @Test
    void rejectsTangentsOfAMeshWithoutTangents() {
        Mesh mesh = Mesh.builder("Face").positions(new float[3]).normals(new float[] {0, 0, 1}).build();
        assertThatThrownBy(() -> Morphing.applyInto(mesh, new float[0], new float[3], new float[3], new float[4],
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("applyInto: mesh 'Face' has no tangents, but a destination for morphed tangents was given");
    }

    @Test
    void rejectsAWeightPerTargetMismatch() {
        Mesh mesh = Mesh.builder("Face").positions(new float[3])
                .addMorphTarget(MorphTarget.of("a", new float[3], null, null)).build();
        assertThatThrownBy(() -> Morphing.applyInto(mesh, new float[2], new float[3], null, null,
                MorphOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("applyInto: weights length 2, expected morphTargetCount = 1");
    }

    @Test
    void rejectsANegativeMinWeight() {
        assertThatThrownBy(() -> MorphOptions.DEFAULTS.withMinWeight(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("MorphOptions: minWeight=-1.0, expected a finite value >= 0");
    }
}
