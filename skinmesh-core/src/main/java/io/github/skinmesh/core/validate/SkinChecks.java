package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import org.jspecify.annotations.Nullable;

/**
 * Checks of a skin: palette size and bones, inverse bind matrices, per-vertex weights and
 * palette use. One pass over the palette and one over the weights. Weights are read in any slot
 * order (canonical or as a file stored them): sums, influence counts and palette use look only at
 * the weights, and a slot of weight 0 counts for nothing whatever its joint.
 *
 * <p>Invertibility is judged scale-free: the determinant of the upper 3x3 divided by the product
 * of its column lengths is {@code |sin|}-like, 1 for orthogonal columns and 0 for a singular
 * matrix (Hadamard's inequality bounds it by 1), so uniformly tiny or huge bind scales are not
 * mistaken for singular ones.
 */
final class SkinChecks {
    private SkinChecks() {
    }

    static void run(Skin skin, @Nullable Skeleton skeleton, ValidateOptions options, ProblemCollector out) {
        ModelAccess.Bridge raw = ModelAccess.get();
        String[] names = raw.paletteNames(skin);
        float[] ibm = raw.inverseBindMatrices(skin);
        int paletteSize = names.length;
        if (options.maxPaletteSize() > 0 && paletteSize > options.maxPaletteSize()) {
            out.report(Check.PALETTE_SIZE, Severity.ERROR, "skin", "palette has " + paletteSize
                    + " bones, expected at most " + options.maxPaletteSize() + " (maxPaletteSize)");
        }
        for (int e = 0; e < paletteSize; e++) {
            if (skeleton != null && skeleton.indexOf(names[e]) < 0
                    && out.accept(Check.PALETTE_BONE_MISSING, Severity.ERROR)) {
                out.add(Check.PALETTE_BONE_MISSING, Severity.ERROR, Elements.paletteEntry(e), "bone "
                        + Checks.quote(names[e]) + " is not in skeleton " + Checks.quote(skeleton.name()));
            }
            checkInverseBind(ibm, e, out);
        }
        checkWeights(skin.weights(), paletteSize, names, options, out);
    }

    private static void checkInverseBind(float[] m, int entry, ProblemCollector out) {
        int o = 16 * entry;
        float r0 = m[o + 3];
        float r1 = m[o + 7];
        float r2 = m[o + 11];
        float r3 = m[o + 15];
        float tol = MeshValidator.AFFINE_TOLERANCE;
        if ((Math.abs(r0) > tol || Math.abs(r1) > tol || Math.abs(r2) > tol || Math.abs(r3 - 1f) > tol)
                && out.accept(Check.INVERSE_BIND_NOT_AFFINE, Severity.ERROR)) {
            out.add(Check.INVERSE_BIND_NOT_AFFINE, Severity.ERROR, Elements.paletteEntry(entry),
                    "inverse bind matrix last row is (" + r0 + ", " + r1 + ", " + r2 + ", " + r3
                            + "), expected (0, 0, 0, 1) within " + tol);
        }
        double a = m[o], b = m[o + 1], c = m[o + 2];
        double d = m[o + 4], e = m[o + 5], f = m[o + 6];
        double g = m[o + 8], h = m[o + 9], i = m[o + 10];
        double det = a * (e * i - f * h) + b * (f * g - d * i) + c * (d * h - e * g);
        double lengths = Math.sqrt(a * a + b * b + c * c) * Math.sqrt(d * d + e * e + f * f)
                * Math.sqrt(g * g + h * h + i * i);
        double ratio = lengths > 0 ? Math.abs(det) / lengths : 0;
        if (!(ratio > MeshValidator.SINGULAR_RATIO) && out.accept(Check.INVERSE_BIND_SINGULAR, Severity.ERROR)) {
            out.add(Check.INVERSE_BIND_SINGULAR, Severity.ERROR, Elements.paletteEntry(entry),
                    "inverse bind matrix is not invertible: upper 3x3 determinant " + (float) det + " is "
                            + (float) ratio + " of the product of its column lengths, expected more than "
                            + MeshValidator.SINGULAR_RATIO);
        }
    }

    private static void checkWeights(BoneWeights weights, int paletteSize, String[] names, ValidateOptions options,
            ProblemCollector out) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int[] joints = raw.joints(weights);
        float[] w = raw.weights(weights);
        int k = weights.influencesPerVertex();
        int n = weights.vertexCount();
        Severity sumSeverity = options.strictness() == Strictness.STRICT ? Severity.ERROR : Severity.WARNING;
        double tolerance = options.weightSumTolerance();
        int maxInfluences = options.maxInfluences();
        boolean[] used = new boolean[paletteSize];
        for (int v = 0, base = 0; v < n; v++, base += k) {
            double sum = 0;
            int influences = 0;
            for (int i = base, end = base + k; i < end; i++) {
                float wi = w[i];
                sum += wi;
                if (wi > 0f) {
                    influences++;
                    used[joints[i]] = true;
                }
            }
            if (sum == 0) {
                out.report(Check.ZERO_WEIGHTS, Severity.ERROR, Elements.vertex(v),
                        "all " + k + " weights are 0, expected a positive sum");
            } else if (Math.abs(sum - 1.0) > tolerance && out.accept(Check.WEIGHT_SUM, sumSeverity)) {
                out.add(Check.WEIGHT_SUM, sumSeverity, Elements.vertex(v),
                        "weights sum to " + (float) sum + ", expected 1 within " + options.weightSumTolerance());
            }
            if (maxInfluences > 0 && influences > maxInfluences && out.accept(Check.INFLUENCE_LIMIT, Severity.ERROR)) {
                out.add(Check.INFLUENCE_LIMIT, Severity.ERROR, Elements.vertex(v),
                        influences + " influences, expected at most " + maxInfluences + " (maxInfluences)");
            }
        }
        for (int e = 0; e < paletteSize; e++) {
            if (!used[e] && out.accept(Check.UNUSED_PALETTE_ENTRY, Severity.WARNING)) {
                out.add(Check.UNUSED_PALETTE_ENTRY, Severity.WARNING, Elements.paletteEntry(e),
                        "bone " + Checks.quote(names[e]) + " has no vertex with a non-zero weight");
            }
        }
    }
}
