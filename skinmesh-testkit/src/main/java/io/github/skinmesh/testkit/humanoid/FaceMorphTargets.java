package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.MorphTarget;
import java.util.List;

/**
 * Position-only morph targets of the head: {@code mouthOpen} drops the jaw region and
 * {@code browsUp} lifts the brow region. Each moves the front of the face with a smooth falloff
 * ({@code (1 - x^2)^2} across a horizontal band, times how far forward the vertex lies), so the
 * rest of the head keeps zero deltas.
 */
final class FaceMorphTargets {
    static final int COUNT = 2;
    static final int MOUTH_OPEN = 0;
    static final int BROWS_UP = 1;
    static final String[] NAMES = {"mouthOpen", "browsUp"};

    private FaceMorphTargets() {
    }

    static List<MorphTarget> build(Rig rig, double height, float[] positions) {
        double[] c = rig.headCenter;
        double ry = rig.headRadii[1];
        double rz = rig.headRadii[2];
        float[] mouth = band(positions, c, rz, c[1] - 0.68 * ry, 0.3 * ry, -0.012 * height, -0.003 * height);
        float[] brows = band(positions, c, rz, c[1] + 0.22 * ry, 0.2 * ry, 0.006 * height, 0.001 * height);
        return List.of(MorphTarget.of(NAMES[MOUTH_OPEN], mouth, null, null),
                MorphTarget.of(NAMES[BROWS_UP], brows, null, null));
    }

    private static float[] band(float[] positions, double[] center, double depth, double y, double halfHeight,
            double dy, double dz) {
        float[] deltas = new float[positions.length];
        for (int v = 0; v < positions.length / 3; v++) {
            double front = (positions[3 * v + 2] - center[2]) / depth;
            double across = (positions[3 * v + 1] - y) / halfHeight;
            if (front <= 0 || Math.abs(across) >= 1) {
                continue;
            }
            double falloff = 1 - across * across;
            double m = Math.min(1, front) * falloff * falloff;
            deltas[3 * v + 1] = (float) (dy * m);
            deltas[3 * v + 2] = (float) (dz * m);
        }
        return deltas;
    }
}
